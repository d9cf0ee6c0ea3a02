import type { Client, ClientInput, ClientKind, ClientPage, ClientPatch, ClientQuery, ClientStatus } from '@backoffice/api-client';
import { formatInteger, maskCep, maskDocument, maskPhone, unmaskDigits, unmaskDocument } from '@backoffice/ui';

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

/** The form's state: masked strings as the user sees them. */
export interface ClientFormValues {
  kind: ClientKind;
  document: string;
  name: string;
  trade_name: string;
  emails: string[];
  phones: string[];
  cep: string;
  street: string;
  number: string;
  complement: string;
  district: string;
  city: string;
  state: string;
  status: 'active' | 'inactive';
  notes: string;
}

export const EMPTY_FORM: ClientFormValues = {
  kind: 'person',
  document: '',
  name: '',
  trade_name: '',
  emails: [''],
  phones: [''],
  cep: '',
  street: '',
  number: '',
  complement: '',
  district: '',
  city: '',
  state: '',
  status: 'active',
  notes: '',
};

const ADDRESS_KEYS = ['cep', 'street', 'number', 'complement', 'district', 'city', 'state'] as const;

export function formFromClient(client: Client): ClientFormValues {
  const address = client.address;
  return {
    kind: client.kind,
    document: maskDocument(client.document, client.kind),
    name: client.name,
    trade_name: client.trade_name ?? '',
    emails: client.emails.length ? [...client.emails] : [''],
    phones: client.phones.length ? client.phones.map((p) => maskPhone(p)) : [''],
    cep: address ? maskCep(address.cep) : '',
    street: address?.street ?? '',
    number: address?.number ?? '',
    complement: address?.complement ?? '',
    district: address?.district ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    status: client.status === 'inactive' ? 'inactive' : 'active',
    notes: client.notes ?? '',
  };
}

const trimmed = (value: string) => value.trim();

/**
 * The body the server expects: normalized document and phones, no empty list items. Creating omits blank
 * optional fields; editing sends them as '' so that clearing a field in the form clears it on the server
 * (an absent field in a PATCH means "unchanged").
 */
export function inputFromForm(form: ClientFormValues): ClientInput {
  const patch = patchFromForm(form);
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== '')) as ClientInput;
}

export function patchFromForm(form: ClientFormValues): ClientPatch {
  const hasAddress = ADDRESS_KEYS.some((key) => form[key].trim() !== '');
  return {
    kind: form.kind,
    document: unmaskDocument(form.document),
    name: trimmed(form.name),
    trade_name: form.kind === 'company' ? trimmed(form.trade_name) : '',
    emails: form.emails.map(trimmed).filter(Boolean),
    phones: form.phones.map(unmaskDigits).filter(Boolean),
    ...(hasAddress
      ? {
          address: {
            cep: unmaskDigits(form.cep),
            street: trimmed(form.street),
            number: trimmed(form.number),
            complement: trimmed(form.complement),
            district: trimmed(form.district),
            city: trimmed(form.city),
            state: trimmed(form.state).toUpperCase(),
          },
        }
      : {}),
    status: form.status,
    notes: trimmed(form.notes),
  };
}

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
