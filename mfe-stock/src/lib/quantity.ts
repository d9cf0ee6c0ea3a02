/**
 * Stock quantities are integer thousandths of the material's base unit (1,5 ml = 1500) and unit costs integer
 * millionths of a real; typed and shown the Brazilian way. Integer arithmetic on the digits only: never a float.
 */

/** "1.234,5" → 1234500; "0,001" → 1; "-2" → -2000 (when `allowNegative`); "" or junk → null. */
export function parseThousandths(text: string, { allowNegative = false } = {}): number | null {
  const trimmed = text.trim();
  const match = /^(-)?(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,3}))?$/.exec(trimmed);
  if (!match) return null;
  const [, minus, integer = '', decimals = ''] = match;
  if (minus && !allowNegative) return null;
  const digits = integer.replace(/\./g, '');
  if (digits.length > 12) return null;
  const value = Number(digits) * 1000 + Number((decimals + '000').slice(0, 3));
  return minus && value !== 0 ? -value : value;
}

/** 1234500 → "1.234,5"; 1 → "0,001"; -2000 → "-2". */
export function formatThousandths(value: number): string {
  const sign = value < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(value))).padStart(4, '0');
  const integer = digits.slice(0, -3).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const decimals = digits.slice(-3).replace(/0+$/, '');
  return decimals ? `${sign}${integer},${decimals}` : `${sign}${integer}`;
}

/** "1.500 UN"-style quantity with its unit. */
export function formatQuantity(milli: number, uom: string | undefined): string {
  return uom ? `${formatThousandths(milli)} ${uom}` : formatThousandths(milli);
}

/** Millionths of a real → "R$ 2,20" (rounded half-up to the centavo for display; the server keeps every digit). */
export function formatUnitCost(micro: number): string {
  const cents = Math.round(micro / 10_000);
  const sign = cents < 0 ? '-' : '';
  const digits = String(Math.abs(cents)).padStart(3, '0');
  const integer = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}R$ ${integer},${digits.slice(-2)}`;
}
