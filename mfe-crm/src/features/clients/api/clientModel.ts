/**
 * The clients feature's model: labels of kinds, situations and fields, and the list's query
 * and count wording. The form's values and their mapping to the API are in components/clientFormModel.ts.
 */
import type { ClientKind, ClientPage, ClientQuery, ClientStatus } from '@backoffice/api-client/endpoints';
import { addressFieldLabel, formatInteger } from '@backoffice/ui';

export const KIND_LABELS: Record<ClientKind, string> = { person: 'Pessoa física', company: 'Pessoa jurídica' };
export const STATUS_LABELS: Record<ClientStatus, string> = { active: 'Ativo', inactive: 'Inativo', archived: 'Arquivado' };
export type ClientSort = 'name' | '-name' | 'created_at' | '-created_at';
export const SORT_OPTIONS: Array<{ value: ClientSort; label: string }> = [
  { value: 'name', label: 'Nome (A–Z)' },
  { value: '-name', label: 'Nome (Z–A)' },
  { value: '-created_at', label: 'Mais recentes' },
  { value: 'created_at', label: 'Mais antigos' },
];
export const PAGE_SIZE = 20;

/** List filters live in the URL so a filtered list can be shared and survives reloads. */
export function queryFromSearch(params: URLSearchParams): ClientQuery & { sort: ClientSort; page: number } {
  const status = params.get('status');
  const kind = params.get('kind');
  const sort = params.get('sort');
  const page = Number(params.get('page') ?? '1');
  return {
    q: params.get('q') ?? undefined,
    status: status === 'active' || status === 'inactive' || status === 'archived' ? status : undefined,
    kind: kind === 'person' || kind === 'company' ? kind : undefined,
    sort: SORT_OPTIONS.some((o) => o.value === sort) ? (sort as ClientSort) : 'name',
    page: Number.isInteger(page) && page > 0 ? page : 1,
    page_size: PAGE_SIZE,
  };
}

export function totalPages(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * How far the server counts (crates/crm `PAGES_COUNTED_AHEAD`): the last page tells the exact total; any other
 * page counts the matches up to ten pages past its own first row (`offset + 10 × page_size`, so 200 from page 1
 * at 20 per page, 240 from page 3). Past that it answers `total` = that bound with `total_capped`, which means
 * "more than `total`" (the list asks for the count: `with_total` is left at its default, true).
 */
export const PAGES_COUNTED_AHEAD = 10;

type CountedPage = Pick<ClientPage, 'total' | 'total_capped' | 'page' | 'page_size'>;

/** "1 cliente", "1.234 clientes", or "mais de 200 clientes" when the server stopped counting. */
export function countLabel({ total, total_capped }: CountedPage): string {
  const noun = total === 1 ? 'cliente' : 'clientes';
  return `${total_capped ? 'mais de ' : ''}${formatInteger(total)} ${noun}`;
}

/** "Página 2 de 6", or "Página 1 de mais de 10" when the total is a bound (as far as the server counted). */
export function pageLabel({ total, total_capped, page, page_size }: CountedPage): string {
  if (!total_capped) return `Página ${formatInteger(page)} de ${formatInteger(totalPages(total, page_size))}`;
  return `Página ${formatInteger(page)} de mais de ${formatInteger(Math.max(page, Math.floor(total / page_size)))}`;
}

/**
 * The label a person sees for a field the server names (`document`, `emails[0]`, `address.cep`…): the form's
 * own label, never the API name (the form's messages, the history's changed fields). Null for a name the form
 * does not know.
 */
export function fieldLabel(field: string, kind: ClientKind): string | null {
  if (/^tags\[\d+\]$/.test(field)) return 'Etiquetas';
  const item = /^(emails|phones)\[(\d+)\]$/.exec(field);
  if (item) return `${item[1] === 'emails' ? 'E-mail' : 'Telefone'} ${Number(item[2]) + 1}`;
  const address = addressFieldLabel(field);
  if (address) return address;
  const labels: Record<string, string> = {
    kind: 'Tipo',
    document: kind === 'person' ? 'CPF' : 'CNPJ',
    name: kind === 'person' ? 'Nome' : 'Razão social',
    trade_name: 'Nome fantasia',
    emails: 'E-mails',
    phones: 'Telefones',
    address: 'Endereço',
    status: 'Situação',
    notes: 'Observações',
    owner_id: 'Responsável',
    unit_id: 'Unidade',
    tags: 'Etiquetas',
    do_not_contact: 'Não contatar',
    birth_date: 'Data de nascimento',
    consent: 'Consentimento',
  };
  return labels[field] ?? null;
}
