import { describe, expect, it } from 'vitest';
import { formatBasisPoints } from './crmUserQueries';

describe('formatBasisPoints', () => {
  it('shows basis points as a percentage with two decimals', () => {
    expect(formatBasisPoints(500)).toBe('5,00 %');
    expect(formatBasisPoints(1250)).toBe('12,50 %');
  });
});
