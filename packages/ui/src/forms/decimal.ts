/**
 * Amounts with two decimal places as integers (money in centavos, percentages in hundredths: 2,00% = 200),
 * typed and shown the Brazilian way ("1.234,56"). Integer arithmetic on the digits only: never a float.
 */

/** Longest integer part accepted (R$ 9.999.999.999.999,99 stays well inside Number.MAX_SAFE_INTEGER). */
const MAX_INTEGER_DIGITS = 13;

/**
 * "1.234,56" → 123456; "1234" → 123400; "0,5" → 50; "" → null. The comma is the decimal separator and dots
 * group thousands; without a comma, a single dot followed by one or two digits is taken as the decimal point
 * ("12.50" pasted from elsewhere → 1250). Digits past the second decimal are dropped. Other characters (a
 * pasted "R$ ", spaces, "%") are ignored. A leading "-" makes it negative only when `allowNegative`.
 */
export function parseHundredths(text: string, { allowNegative = false } = {}): number | null {
  const negative = allowNegative && /^\s*(R\$\s*)?-/.test(text);
  const kept = text.replace(/[^\d.,]/g, '');
  let integer: string;
  let decimals: string;
  const comma = kept.indexOf(',');
  if (comma >= 0) {
    integer = kept.slice(0, comma).replace(/\./g, '');
    decimals = kept.slice(comma + 1).replace(/[.,]/g, '');
  } else {
    const dots = kept.split('.');
    const last = dots[dots.length - 1] ?? '';
    if (dots.length === 2 && last.length >= 1 && last.length <= 2) {
      integer = dots[0] ?? '';
      decimals = last;
    } else {
      integer = kept.replace(/\./g, '');
      decimals = '';
    }
  }
  if (integer === '' && decimals === '') return null;
  integer = integer.replace(/^0+(?=\d)/, '').slice(0, MAX_INTEGER_DIGITS) || '0';
  const cents = (decimals + '00').slice(0, 2);
  const value = Number(integer) * 100 + Number(cents);
  return negative && value !== 0 ? -value : value;
}

/** 123456 → "1.234,56"; -5 → "-0,05". */
export function formatHundredths(value: number): string {
  const sign = value < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(value))).padStart(3, '0');
  const integer = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${integer},${digits.slice(-2)}`;
}

/**
 * What the input shows while typing: only digits, dots, one comma and at most two decimals (and a leading
 * "-" when allowed), so the text never says more than the value holds.
 */
export function sanitizeDecimalText(text: string, { allowNegative = false } = {}): string {
  const negative = allowNegative && /^\s*-/.test(text) ? '-' : '';
  const kept = text.replace(/[^\d.,]/g, '');
  const comma = kept.indexOf(',');
  if (comma < 0) return negative + kept;
  return `${negative}${kept.slice(0, comma)},${kept.slice(comma + 1).replace(/[.,]/g, '').slice(0, 2)}`;
}
