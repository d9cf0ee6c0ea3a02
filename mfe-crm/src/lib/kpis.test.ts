import { describe, expect, it } from 'vitest';
import { cumulativeRows, formatBp, funnelRows, KPI_COLUMNS } from './kpis';

describe('the month KPIs model', () => {
  it('reads basis points as percentages and absent ratios as a dash', () => {
    expect(formatBp(200)).toBe('2 %');
    expect(formatBp(6667)).toBe('66,7 %');
    expect(formatBp(undefined)).toBe('—');
    expect(formatBp(null)).toBe('—');
  });

  it('shows each KPI column of a person', () => {
    const kpis = { activities_done: 3, activities_target: 150, activities_attainment_bp: 200, overdue_activities: 2, won: 1, lost: 1, conversion_bp: 5000 };
    expect(KPI_COLUMNS.map((c) => c.value(kpis))).toEqual(['3', '150', '2 %', '2', '1', '1', '50 %']);
    const none = { activities_done: 0, activities_target: 0, overdue_activities: 0, won: 0, lost: 0 };
    expect(KPI_COLUMNS.map((c) => c.value(none))).toEqual(['0', '—', '—', '0', '0', '0', '—']);
  });

  it('draws the running totals and lists every stage in order', () => {
    const point = { start: '2026-11-01', label: '01/11', activities_done: 1, won: 0, activities_target: 10, cumulative_done: 1, cumulative_target: 10 };
    expect(cumulativeRows([point])).toEqual([{ label: '01/11', done: 1, target: 10 }]);
    const stages = [
      { id: 'novo', name: 'Novo' },
      { id: 'qualificado', name: 'Qualificado' },
    ];
    const rows = funnelRows(stages, [{ stage_id: 'qualificado', count: 2, value_cents: 700000 }]);
    expect(rows.map((r) => [r.stage, r.count, r.value_cents])).toEqual([
      ['Novo', 0, 0],
      ['Qualificado', 2, 700000],
    ]);
  });
});
