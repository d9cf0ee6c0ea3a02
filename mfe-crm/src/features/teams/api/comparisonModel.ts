import type { ComparisonFigures } from '@backoffice/api-client/endpoints';
import { formatInteger, monthOf } from '@backoffice/ui';
import { addMonths } from '../../../lib/months';

export const MIN_TEAMS = 2;
export const MAX_TEAMS = 6;

/** One colour per team, in the order chosen (Mantine colours). */
export const TEAM_COLORS = ['blue.6', 'orange.6', 'teal.6', 'grape.6', 'red.6', 'lime.7'] as const;

export function teamColor(index: number): string {
  return TEAM_COLORS[index % TEAM_COLORS.length] ?? 'blue.6';
}

/** `?ids=a,b` → the distinct ids, in order. */
export function parseIds(value: string | null): string[] {
  const ids = (value ?? '').split(',').map((id) => id.trim()).filter(Boolean);
  return [...new Set(ids)];
}

export function idsAreValid(ids: readonly string[]): boolean {
  return ids.length >= MIN_TEAMS && ids.length <= MAX_TEAMS;
}

export type PeriodPreset = 'mes' | 'mes-anterior' | 'trimestre' | '12-meses' | 'personalizado';

export const PERIOD_PRESETS: ReadonlyArray<{ value: PeriodPreset; label: string }> = [
  { value: 'mes', label: 'Este mês' },
  { value: 'mes-anterior', label: 'Mês anterior' },
  { value: 'trimestre', label: 'Este trimestre' },
  { value: '12-meses', label: 'Últimos 12 meses' },
  { value: 'personalizado', label: 'Personalizado' },
];

/** The dates (`aaaa-mm-dd`) of a preset, relative to `today`. */
export function presetPeriod(preset: Exclude<PeriodPreset, 'personalizado'>, today: string): { from: string; to: string } {
  const month = today.slice(0, 7);
  switch (preset) {
    case 'mes':
      return monthOf(today);
    case 'mes-anterior':
      return monthOf(`${addMonths(month, -1)}-01`);
    case 'trimestre': {
      const m = Number(month.slice(5, 7));
      const first = addMonths(month, -((m - 1) % 3));
      return { from: `${first}-01`, to: monthOf(`${addMonths(first, 2)}-01`).to };
    }
    case '12-meses':
      return { from: `${addMonths(month, -11)}-01`, to: monthOf(today).to };
  }
}

/** "Por integrante": a count divided by the average number of members (thousandths); `null` with no members. */
export function perMember(value: number, averageMembersMilli: number): number | null {
  return averageMembersMilli > 0 ? (value * 1000) / averageMembersMilli : null;
}

/** How a metric reads: a count (divided per member when asked), a ratio in basis points, or tenths. */
export type MetricKind = 'count' | 'bp' | 'tenths';

export interface Metric {
  key: string;
  label: string;
  kind: MetricKind;
  value: (f: ComparisonFigures) => number | null | undefined;
}

/**
 * The metrics of the comparison table and charts, in the order §4 of the brief lists them. The sales metrics
 * (Vendas, Recebido, Ticket médio, Cancelamento) join them with the sales module.
 */
export const METRICS: readonly Metric[] = [
  { key: 'won', label: 'Oportunidades ganhas', kind: 'count', value: (f) => f.won },
  { key: 'lost', label: 'Oportunidades perdidas', kind: 'count', value: (f) => f.lost },
  { key: 'conversion', label: 'Conversão (ganhas ÷ fechadas)', kind: 'bp', value: (f) => f.conversion_bp },
  { key: 'leads', label: 'Leads criados', kind: 'count', value: (f) => f.leads },
  { key: 'lead_conversion', label: 'Lead → ganho em 90 dias', kind: 'bp', value: (f) => f.lead_conversion_bp },
  { key: 'cycle', label: 'Ciclo médio (dias)', kind: 'tenths', value: (f) => f.cycle_days_tenths },
  { key: 'activities', label: 'Atividades realizadas', kind: 'count', value: (f) => f.activities_done },
  { key: 'activities_per_won', label: 'Atividades por ganho', kind: 'tenths', value: (f) => f.activities_per_won_tenths },
  { key: 'attainment', label: 'Atingimento da meta de atividades', kind: 'bp', value: (f) => f.activities_attainment_bp },
  { key: 'enrolled', label: 'Inscrições em cadências', kind: 'count', value: (f) => f.enrolled },
  { key: 'reply_rate', label: 'Taxa de resposta das cadências', kind: 'bp', value: (f) => f.reply_rate_bp },
  { key: 'booked', label: 'Avaliações agendadas (cadências)', kind: 'count', value: (f) => f.booked },
];

/** A metric's number as shown: counts per member when asked; percentages and averages as they are. */
export function metricValue(metric: Metric, figures: ComparisonFigures, averageMembersMilli: number, byMember: boolean): number | null {
  const raw = metric.value(figures);
  if (raw === null || raw === undefined) return null;
  switch (metric.kind) {
    case 'bp':
      return raw / 100;
    case 'tenths':
      return raw / 10;
    case 'count':
      return byMember ? perMember(raw, averageMembersMilli) : raw;
  }
}

const DECIMAL = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

export function formatMetric(metric: Metric, value: number | null, byMember: boolean): string {
  if (value === null) return '—';
  if (metric.kind === 'bp') return `${DECIMAL.format(value)} %`;
  if (metric.kind === 'count' && !byMember) return formatInteger(value);
  return DECIMAL.format(value);
}

/** The change against the previous period, as "+12,5 %" / "−3 %" (or "—" when the previous was zero or absent). */
export function formatChange(current: number | null, previous: number | null): string {
  if (current === null || previous === null || previous === 0) return '—';
  const change = ((current - previous) / Math.abs(previous)) * 100;
  const sign = change > 0 ? '+' : change < 0 ? '−' : '';
  return `${sign}${DECIMAL.format(Math.abs(change))} %`;
}

/** The average members, "1,5". */
export function formatMembers(averageMembersMilli: number): string {
  return DECIMAL.format(averageMembersMilli / 1000);
}
