import { describe, expect, it } from 'vitest';
import { formatLinha, itfBars } from './itf';

describe('itfBars', () => {
  it('draws 44 digits as 22 pairs of five bars plus start and stop', () => {
    const { bars, width } = itfBars('0'.repeat(44));
    // start: 2 bars, 22 pairs × 5 bars, stop: 2 bars.
    expect(bars).toHaveLength(2 + 22 * 5 + 2);
    // start 4 + each pair (3 wide × 2 + 7 narrow… per 10 elements: 2 wide of 3 + 3 narrow, twice) + stop 5.
    expect(width).toBe(4 + 22 * 18 + 5);
    expect(bars[0]).toEqual({ x: 0, width: 1 });
    expect(bars.at(-1)?.width).toBe(1);
  });

  it('refuses an odd count of digits', () => {
    expect(() => itfBars('123')).toThrow();
  });
});

describe('formatLinha', () => {
  it('groups the 47 digits as printed', () => {
    expect(formatLinha('00190000090123879877777001681882376900000135000')).toBe('00190.00009 01238.798777 77001.681882 3 76900000135000');
  });
});
