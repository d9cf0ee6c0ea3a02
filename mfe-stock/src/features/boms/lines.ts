/**
 * Pure helpers of the BOM page: waste in hundredths of a percent, each line's share of the version's material cost,
 * and the São Paulo midnight a "publicar em" date means.
 */

/** 1000 → "10 %"; 250 → "2,5 %". */
export function formatWaste(bp: number): string {
  const integer = Math.trunc(bp / 100);
  const decimals = String(bp % 100).padStart(2, '0').replace(/0+$/, '');
  return decimals ? `${integer},${decimals} %` : `${integer} %`;
}

/** A line's share of the total, in tenths of a percent as text ("37,5 %"); "—" when the total is zero. */
export function formatShare(part: number, total: number): string {
  if (total <= 0) return '—';
  const tenths = Math.round((part * 1000) / total);
  const integer = Math.trunc(tenths / 10);
  const decimal = tenths % 10;
  return decimal ? `${integer},${decimal} %` : `${integer} %`;
}

/** "2026-12-20" → the instant that day starts in São Paulo (UTC−3, no daylight saving since 2019). */
export function saoPauloMidnight(isoDate: string): string {
  return `${isoDate}T03:00:00Z`;
}
