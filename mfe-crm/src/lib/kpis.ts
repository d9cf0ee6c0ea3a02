import type { ComparisonFunnel, ComparisonPoint, ComparisonStage, MonthKpis } from '@backoffice/api-client/endpoints';
import { formatCentavos, formatInteger } from '@backoffice/ui';

/**
 * The month KPIs of the team and salespeople pages: the team comparison's figures for one team or one person
 * (sales-crm-commissions.md §2). The sales figures (sold value and count, average ticket, sales target
 * attainment) read confirmed sales: they join with the sales module.
 */
export const SALES_PENDING = 'Disponível com o módulo de vendas';

const DECIMAL = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** `6667` basis points → `66,7 %`; absent (nothing to divide) → `—`. */
export function formatBp(bp: number | null | undefined): string {
  return bp === null || bp === undefined ? '—' : `${DECIMAL.format(bp / 100)} %`;
}

/** One KPI column: its header and its figure as shown. */
export interface KpiColumn {
  key: string;
  label: string;
  value: (k: MonthKpis) => string;
}

/** The KPI columns of the members and salespeople tables, in the order the brief lists them. */
export const KPI_COLUMNS: readonly KpiColumn[] = [
  { key: 'activities', label: 'Atividades', value: (k) => formatInteger(k.activities_done) },
  { key: 'target', label: 'Meta de atividades', value: (k) => (k.activities_target > 0 ? formatInteger(k.activities_target) : '—') },
  { key: 'attainment', label: 'Atingimento', value: (k) => formatBp(k.activities_attainment_bp) },
  { key: 'overdue', label: 'Atrasadas', value: (k) => formatInteger(k.overdue_activities) },
  { key: 'won', label: 'Ganhas', value: (k) => formatInteger(k.won) },
  { key: 'lost', label: 'Perdidas', value: (k) => formatInteger(k.lost) },
  { key: 'conversion', label: 'Conversão', value: (k) => formatBp(k.conversion_bp) },
];

/** The sales columns shown as "—" until the sales module lands. */
export const SALES_COLUMNS: readonly string[] = ['Vendas (R$)', 'Vendas (qtd.)', 'Ticket médio'];

/** The cumulative chart's rows: done activities and the target, running totals per day. */
export function cumulativeRows(series: readonly ComparisonPoint[]): Array<{ label: string; done: number; target: number }> {
  return series.map((p) => ({ label: p.label, done: p.cumulative_done, target: p.cumulative_target }));
}

/** The open funnel in the stages' order, stages with nothing included (count 0). */
export function funnelRows(
  stages: readonly ComparisonStage[],
  funnel: readonly ComparisonFunnel[],
): Array<{ stage: string; count: number; value: string; value_cents: number }> {
  return stages.map((s) => {
    const f = funnel.find((x) => x.stage_id === s.id);
    const cents = f?.value_cents ?? 0;
    return { stage: s.name, count: f?.count ?? 0, value_cents: cents, value: formatCentavos(cents) };
  });
}
