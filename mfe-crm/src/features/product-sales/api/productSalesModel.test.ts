import type { SalesProductRow } from '@backoffice/api-client/endpoints';
import { describe, expect, it } from 'vitest';
import { bpLabel, defaultPeriod, topTen, totals, trendRows } from './productSalesModel';

const row = (sku: string, net: number, extra: Partial<SalesProductRow> = {}): SalesProductRow => ({
  catalog_item_id: `id-${sku}`,
  sku,
  description: sku.toLowerCase(),
  kind: 'procedimento',
  quantity: 1,
  gross: net,
  discounts: 0,
  net,
  received: 0,
  cancelled: 0,
  average_discount_bp: 0,
  ...extra,
});

describe('/vendas-produtos', () => {
  it('opens on the twelve months ending with today’s', () => {
    expect(defaultPeriod('2026-12-07')).toEqual({ from: '2026-01-01', to: '2026-12-07' });
    expect(defaultPeriod('2026-03-31')).toEqual({ from: '2025-04-01', to: '2026-03-31' });
  });

  it('keeps the ten largest by net for the bars and names the months', () => {
    const rows = Array.from({ length: 12 }, (_, i) => row(`SKU${i}`, (i + 1) * 100));
    const top = topTen(rows);
    expect(top).toHaveLength(10);
    expect(top[0]).toEqual({ item: 'SKU11 — sku11', net: 1200 });
    expect(top[9]?.net).toBe(300);
    expect(trendRows({ months: [{ month: '2026-11', net: 5 }] })).toEqual([{ month: '11/2026', net: 5 }]);
  });

  it('sums the columns and averages the discount over the summed gross', () => {
    const sum = totals([row('A', 9_000, { gross: 10_000, discounts: 1_000, received: 500, quantity: 2 }), row('B', 1_000, { cancelled: 300 })]);
    expect(sum).toEqual({ quantity: 3, gross: 11_000, discounts: 1_000, net: 10_000, received: 500, cancelled: 300, average_discount_bp: 909 });
    expect(bpLabel(909)).toBe('9,09%');
    expect(totals([]).average_discount_bp).toBe(0);
  });
});
