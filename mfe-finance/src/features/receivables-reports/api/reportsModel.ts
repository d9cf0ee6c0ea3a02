/**
 * The reports' model (`/recebimentos-por-periodo`): their parameters as the URL keeps them, the words of each
 * option, and where each figure drills down to — `/recebimentos` with the same filters (the names its
 * list reads: `periodo=datas`, `due_from`, `due_to`, `status`, `client_id`, `payment_method`, `bank_account_id`,
 * `origin`).
 */
import { monthOf } from '@backoffice/ui';

export type Tab = 'recebimentos' | 'aging' | 'fluxo';
export const TABS: ReadonlyArray<{ value: Tab; label: string }> = [
  { value: 'recebimentos', label: 'Recebimentos' },
  { value: 'aging', label: 'Aging' },
  { value: 'fluxo', label: 'Fluxo de caixa previsto' },
];

export const BASIS_OPTIONS = [
  { value: 'VENCIMENTO', label: 'Vencimento' },
  { value: 'PAGAMENTO', label: 'Pagamento' },
  { value: 'CREDITO', label: 'Crédito' },
];
export const BUCKET_OPTIONS = [
  { value: 'DAY', label: 'Por dia' },
  { value: 'WEEK', label: 'Por semana' },
  { value: 'MONTH', label: 'Por mês' },
];
/** Per client, how many clients the receipts report shows one by one (the server's default `top`). */
export const CLIENT_TOP = 20;

export const DIMENSION_OPTIONS = [
  { value: 'CLIENTE', label: 'Cliente' },
  { value: 'FORMA', label: 'Forma' },
  { value: 'CONTA', label: 'Conta bancária' },
  { value: 'PLANO_DE_CONTAS', label: 'Plano de contas' },
  { value: 'ORIGEM', label: 'Origem' },
];
export const AGING_DIMENSION_OPTIONS = DIMENSION_OPTIONS.slice(0, 3);
export const DAYS_OPTIONS = ['7', '30', '90', '180'].map((d) => ({ value: d, label: `${d} dias` }));
export const SCENARIO_OPTIONS = [
  { value: 'CONTRATUAL', label: 'Contratual' },
  { value: 'HISTORICO', label: 'Histórico' },
];

/** Every parameter of the three reports, as the URL keeps it (empty: the default). */
export const PARAM_NAMES = [
  'aba',
  'from',
  'to',
  'basis',
  'bucket',
  'dimension',
  'as_of',
  'aging_dimension',
  'days',
  'cash_bucket',
  'account_id',
  'scenario',
  'include_overdue',
] as const;
export type ParamName = (typeof PARAM_NAMES)[number];
export type ReportParams = Record<ParamName, string>;

const pick = (value: string, allowed: ReadonlyArray<{ value: string }>, fallback: string) =>
  allowed.some((o) => o.value === value) ? value : fallback;

/** The parameters read from the URL, each unknown value replaced by its default (`today` in São Paulo). */
export function readParams(search: URLSearchParams, today: string): ReportParams {
  const get = (name: ParamName) => search.get(name) ?? '';
  const month = monthOf(today);
  return {
    aba: pick(get('aba'), TABS, 'recebimentos'),
    from: get('from') || month.from,
    to: get('to') || month.to,
    basis: pick(get('basis'), BASIS_OPTIONS, 'VENCIMENTO'),
    bucket: pick(get('bucket'), BUCKET_OPTIONS, 'DAY'),
    dimension: pick(get('dimension'), DIMENSION_OPTIONS, 'CLIENTE'),
    as_of: get('as_of') || today,
    aging_dimension: pick(get('aging_dimension'), AGING_DIMENSION_OPTIONS, 'CLIENTE'),
    days: pick(get('days'), DAYS_OPTIONS, '30'),
    cash_bucket: pick(get('cash_bucket'), BUCKET_OPTIONS, 'DAY'),
    account_id: get('account_id'),
    scenario: pick(get('scenario'), SCENARIO_OPTIONS, 'CONTRATUAL'),
    include_overdue: get('include_overdue') === 'sim' ? 'sim' : '',
  };
}

/** The open states of an installment, as the list's `status` filter names them. */
const OPEN = 'ABERTO,BOLETO_EMITIDO,REGISTRADO';

/** Which figure a cell shows, deciding the states it drills down to. */
export type Figure = 'expected' | 'received' | 'open' | 'overdue';

/** The list's filter for a dimension value (none for the plano de contas, which the list cannot filter by). */
export function dimensionFilter(dimension: string, key: string | undefined): Record<string, string> {
  if (!key) return {};
  switch (dimension) {
    case 'CLIENTE':
      return { client_id: key };
    case 'FORMA':
      return { payment_method: key };
    case 'CONTA':
      return { bank_account_id: key };
    case 'ORIGEM':
      return { origin: key };
    default:
      return {};
  }
}

/** `/recebimentos?…` with these filters (empty ones left out). */
export function receivablesUrl(filters: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  const text = query.toString();
  return text ? `/recebimentos?${text}` : '/recebimentos';
}

/** The installments behind a receipts report's figure: due in the period, of the dimension value, in the figure's states. */
export function receiptsDrillDown(cell: { start: string; end: string; key?: string }, dimension: string, figure: Figure): string {
  const status = figure === 'open' ? OPEN : figure === 'overdue' ? 'VENCIDO' : undefined;
  return receivablesUrl({ periodo: 'datas', due_from: cell.start, due_to: cell.end, status, ...dimensionFilter(dimension, cell.key) });
}

/** The installments behind an aging figure: due within the bucket's dates, overdue or open, of the row's value. */
export function agingDrillDown(bucket: { due_from?: string; due_to?: string; overdue: boolean }, dimension: string, key?: string): string {
  return receivablesUrl({
    periodo: 'datas',
    due_from: bucket.due_from,
    due_to: bucket.due_to,
    status: bucket.overdue ? 'VENCIDO' : OPEN,
    ...dimensionFilter(dimension, key),
  });
}

/** The open installments due in a projected period (of the account asked for). */
export function cashFlowDrillDown(period: { start: string; end: string }, accountId: string): string {
  return receivablesUrl({ periodo: 'datas', due_from: period.start, due_to: period.end, status: OPEN, bank_account_id: accountId || undefined });
}

/** `12,34 %` from basis points; a dash when there is none. */
export function formatBasisPoints(bp: number | undefined | null): string {
  if (bp === undefined || bp === null) return '—';
  return `${(bp / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} %`;
}

/** `7,9 dias`; a dash without receipts. */
export function formatDays(days: number | undefined | null): string {
  if (days === undefined || days === null) return '—';
  const text = days.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return `${text} ${days === 1 ? 'dia' : 'dias'}`;
}
