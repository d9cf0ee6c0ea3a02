// Months as the CRM's pages name them (`AAAA-MM`), shared by the teams' and the salespeople's pages.

/** `2026-11` → `11/2026`. */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-');
  return `${m}/${year}`;
}

/** The month `delta` months from `month` (`AAAA-MM`). */
export function addMonths(month: string, delta: number): string {
  const [year = 0, m = 1] = month.split('-').map(Number);
  const index = year * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
