import type { SalesByProduct, SalesProductRow } from '@backoffice/api-client/endpoints';

/** The period the page opens on: the twelve calendar months ending with today's (as the API's default). */
export function defaultPeriod(today: string): { from: string; to: string } {
  const [year = 0, month = 1] = today.split('-').map(Number);
  const index = year * 12 + (month - 1) - 11;
  const from = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
  return { from, to: today };
}

/** Basis points as "6,66%". */
export function bpLabel(bp: number): string {
  return `${(bp / 100).toFixed(2).replace('.', ',')}%`;
}

/** The ten items that sold most (net), for the bars: "SKU — description". */
export function topTen(rows: readonly SalesProductRow[]): Array<{ item: string; net: number }> {
  return [...rows]
    .sort((a, b) => b.net - a.net)
    .slice(0, 10)
    .map((r) => ({ item: `${r.sku} — ${r.description}`, net: r.net }));
}

/** The trend's points, `AAAA-MM` shown as `mm/aaaa`. */
export function trendRows(report: Pick<SalesByProduct, 'months'>): Array<{ month: string; net: number }> {
  return report.months.map((m) => {
    const [year, month] = m.month.split('-');
    return { month: `${month}/${year}`, net: m.net };
  });
}

type Summed = Pick<SalesProductRow, 'quantity' | 'gross' | 'discounts' | 'net' | 'received' | 'cancelled'>;

/** The table's footer: every column summed, and the average discount over the summed gross. */
export function totals(rows: readonly SalesProductRow[]): Summed & { average_discount_bp: number } {
  const sum: Summed = { quantity: 0, gross: 0, discounts: 0, net: 0, received: 0, cancelled: 0 };
  for (const r of rows) {
    sum.quantity += r.quantity;
    sum.gross += r.gross;
    sum.discounts += r.discounts;
    sum.net += r.net;
    sum.received += r.received;
    sum.cancelled += r.cancelled;
  }
  return { ...sum, average_discount_bp: sum.gross > 0 ? Math.floor((sum.discounts * 10_000) / sum.gross) : 0 };
}
