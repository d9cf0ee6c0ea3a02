import { formatHundredths, parseHundredths, sanitizeDecimalText } from './decimal';

describe('amounts in hundredths, the Brazilian way', () => {
  it('reads "1.234,56" as 123456 and friends', () => {
    expect(parseHundredths('1.234,56')).toBe(123456);
    expect(parseHundredths('1234')).toBe(123400);
    expect(parseHundredths('1.234')).toBe(123400);
    expect(parseHundredths('0,5')).toBe(50);
    expect(parseHundredths(',05')).toBe(5);
    expect(parseHundredths('1.234,')).toBe(123400);
    expect(parseHundredths('R$ 1.234.567,89')).toBe(123456789);
    expect(parseHundredths('12.50')).toBe(1250);
    expect(parseHundredths('1,239')).toBe(123);
    expect(parseHundredths('')).toBeNull();
    expect(parseHundredths('R$ ')).toBeNull();
  });
  it('stays an exact integer where a float would not (0,29 × 100 is 28.999… in floating point)', () => {
    expect(parseHundredths('0,29')).toBe(29);
    expect(parseHundredths('1.005,07')).toBe(100507);
    expect(Number.isInteger(parseHundredths('9.999.999.999.999,99'))).toBe(true);
  });
  it('negative only when allowed', () => {
    expect(parseHundredths('-10,00')).toBe(1000);
    expect(parseHundredths('-10,00', { allowNegative: true })).toBe(-1000);
  });
  it('formats 123456 as "1.234,56"', () => {
    expect(formatHundredths(123456)).toBe('1.234,56');
    expect(formatHundredths(5)).toBe('0,05');
    expect(formatHundredths(0)).toBe('0,00');
    expect(formatHundredths(100000000)).toBe('1.000.000,00');
    expect(formatHundredths(-250)).toBe('-2,50');
  });
  it('keeps only what the value can hold while typing', () => {
    expect(sanitizeDecimalText('R$ 1.234,567')).toBe('1.234,56');
    expect(sanitizeDecimalText('12a,3,4')).toBe('12,34');
    expect(sanitizeDecimalText('-5', { allowNegative: true })).toBe('-5');
    expect(sanitizeDecimalText('-5')).toBe('5');
  });
});
