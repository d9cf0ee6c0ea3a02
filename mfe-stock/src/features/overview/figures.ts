/** The overview's ratios arrive as integers (never floats): hundredths ("4,25") and basis points ("95,00 %"). */

function fixed2(value: number): string {
  const sign = value < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(value))).padStart(3, '0');
  const integer = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${integer},${digits.slice(-2)}`;
}

/** 425 → "4,25"; 36 → "0,36". */
export function formatHundredths(value: number): string {
  return fixed2(value);
}

/** 9500 → "95,00 %"; 10000 → "100,00 %". */
export function formatBasisPoints(value: number): string {
  return `${fixed2(value)} %`;
}
