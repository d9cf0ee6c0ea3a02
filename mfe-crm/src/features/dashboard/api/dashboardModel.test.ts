import type { SalesDashboard } from '@backoffice/api-client/endpoints';
import { describe, expect, it } from 'vitest';
import { dashboardParams, dayRows, funnelRows, gaugeValue, groupRows, percentLabel, viewTitle } from './dashboardModel';

describe('/dashboard', () => {
  it('shows ratios in basis points as percents, and a dash when there is nothing to divide by', () => {
    expect(percentLabel(5_500)).toBe('55,0%');
    expect(percentLabel(12_345)).toBe('123,5%');
    expect(percentLabel(null)).toBe('—');
    expect(percentLabel(undefined)).toBe('—');
  });

  it('fills the gauge up to the target and no further', () => {
    expect(gaugeValue(4_000)).toBe(40);
    expect(gaugeValue(15_000)).toBe(100);
    expect(gaugeValue(null)).toBe(0);
  });

  it('sends the unit and the team only when chosen', () => {
    expect(dashboardParams('2026-12', '', '')).toEqual({ month: '2026-12' });
    expect(dashboardParams('2026-12', 'u1', 't1')).toEqual({ month: '2026-12', unit_id: 'u1', team_id: 't1' });
  });

  it('names the days dd/mm/aaaa and keeps the stages in order', () => {
    const dashboard = {
      days: [{ date: '2026-12-01', sold: 0, target: 10 }, { date: '2026-12-02', sold: 5, target: 20 }],
      funnel: [{ stage_id: 'a', name: 'Contato', count: 3, value: 0 }, { stage_id: 'b', name: 'Proposta', count: 1, value: 0 }],
      by_team: [{ id: 't', name: 'Centro', sold: 7, count: 1, target: 9, progress_bp: 7777 }],
    } as Pick<SalesDashboard, 'days' | 'funnel' | 'by_team'>;
    expect(dayRows(dashboard)).toEqual([{ day: '01/12/2026', sold: 0, target: 10 }, { day: '02/12/2026', sold: 5, target: 20 }]);
    expect(funnelRows(dashboard)).toEqual([{ stage: 'Contato', count: 3 }, { stage: 'Proposta', count: 1 }]);
    expect(groupRows(dashboard.by_team)).toEqual([{ name: 'Centro', sold: 7, target: 9 }]);
    expect(viewTitle('equipe')).toBe('Minhas equipes');
  });
});
