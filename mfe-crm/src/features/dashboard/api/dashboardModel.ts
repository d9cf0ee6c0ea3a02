import type { GetSalesDashboardParams, SalesDashboard } from '@backoffice/api-client/endpoints';
import { formatDate } from '@backoffice/ui';

/** Basis points as "55,0%", or "—" when there is nothing to divide by (no target, no closed opportunity). */
export function percentLabel(bp: number | null | undefined): string {
  if (bp == null) return '—';
  return `${(bp / 100).toFixed(1).replace('.', ',')}%`;
}

/** The gauge's fill (0–100): the target beaten still fills it once. */
export function gaugeValue(bp: number | null | undefined): number {
  if (bp == null) return 0;
  return Math.max(0, Math.min(100, bp / 100));
}

/** The query the page sends: the month, and the unit and the team only where the view has those filters. */
export function dashboardParams(month: string, unit: string, team: string): GetSalesDashboardParams {
  return {
    month,
    ...(unit ? { unit_id: unit } : {}),
    ...(team ? { team_id: team } : {}),
  };
}

/** The cumulative chart's points, each day as dd/mm/aaaa. */
export function dayRows(dashboard: Pick<SalesDashboard, 'days'>): Array<{ day: string; sold: number; target: number }> {
  return dashboard.days.map((d) => ({ day: formatDate(d.date), sold: d.sold, target: d.target }));
}

/** The bars by team (or unit): name, sold and target. */
export function groupRows(groups: SalesDashboard['by_team']): Array<{ name: string; sold: number; target: number }> {
  return groups.map((g) => ({ name: g.name, sold: g.sold, target: g.target }));
}

/** The funnel's columns, left to right: the stage and its open opportunities. */
export function funnelRows(dashboard: Pick<SalesDashboard, 'funnel'>): Array<{ stage: string; count: number }> {
  return dashboard.funnel.map((s) => ({ stage: s.name, count: s.count }));
}

/** What the page's heading says the month is about. */
export function viewTitle(view: SalesDashboard['view']): string {
  switch (view) {
    case 'proprio':
      return 'Meu mês';
    case 'equipe':
      return 'Minhas equipes';
    case 'empresa':
      return 'Empresa';
  }
}
