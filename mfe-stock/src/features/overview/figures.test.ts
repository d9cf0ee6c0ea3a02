import { describe, expect, it } from 'vitest';
import { formatBasisPoints, formatHundredths } from './figures';

describe('overview figures', () => {
  it('formats hundredths and basis points without floats', () => {
    expect(formatHundredths(425)).toBe('4,25');
    expect(formatHundredths(36)).toBe('0,36');
    expect(formatHundredths(123456)).toBe('1.234,56');
    expect(formatBasisPoints(9500)).toBe('95,00 %');
    expect(formatBasisPoints(10000)).toBe('100,00 %');
    expect(formatBasisPoints(0)).toBe('0,00 %');
  });
});
