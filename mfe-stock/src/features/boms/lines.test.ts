import { describe, expect, it } from 'vitest';
import { formatShare, formatWaste, saoPauloMidnight } from './lines';

describe('BOM line helpers', () => {
  it('shows waste in percent with a decimal comma', () => {
    expect(formatWaste(1000)).toBe('10 %');
    expect(formatWaste(250)).toBe('2,5 %');
    expect(formatWaste(0)).toBe('0 %');
    expect(formatWaste(10000)).toBe('100 %');
    expect(formatWaste(5)).toBe('0,05 %');
  });

  it('gives each line its share of the cost', () => {
    expect(formatShare(121, 242)).toBe('50 %');
    expect(formatShare(3, 8)).toBe('37,5 %');
    expect(formatShare(1, 0)).toBe('—');
  });

  it('publishes a date at midnight in São Paulo', () => {
    expect(saoPauloMidnight('2026-12-20')).toBe('2026-12-20T03:00:00Z');
  });
});
