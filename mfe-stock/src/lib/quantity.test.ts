import { describe, expect, it } from 'vitest';
import { formatThousandths, formatUnitCost, parseThousandths } from './quantity';

describe('stock quantities', () => {
  it('reads thousandths the Brazilian way', () => {
    expect(parseThousandths('1.234,5')).toBe(1_234_500);
    expect(parseThousandths('0,001')).toBe(1);
    expect(parseThousandths('10')).toBe(10_000);
    expect(parseThousandths('-2', { allowNegative: true })).toBe(-2_000);
    expect(parseThousandths('-2')).toBeNull();
    expect(parseThousandths('1,2345')).toBeNull();
    expect(parseThousandths('abc')).toBeNull();
    expect(parseThousandths('')).toBeNull();
  });

  it('writes them back', () => {
    expect(formatThousandths(1_234_500)).toBe('1.234,5');
    expect(formatThousandths(1)).toBe('0,001');
    expect(formatThousandths(-2_000)).toBe('-2');
    expect(formatUnitCost(2_200_000)).toBe('R$ 2,20');
    expect(formatUnitCost(1_234_560_000)).toBe('R$ 1.234,56');
  });
});
