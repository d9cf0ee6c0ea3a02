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
  return {
    kind: form.kind,
    document: unmaskDocument(form.document),
    name: trimmed(form.name),
    trade_name: form.kind === 'company' ? trimmed(form.trade_name) : '',
    emails: form.emails.map(trimmed).filter(Boolean),
    phones: form.phones.map(unmaskDigits).filter(Boolean),
    ...(hasAddress(form)
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

/** The states' abbreviations the server accepts, with their names (the UF select). */
export const UFS: ReadonlyArray<{ value: string; label: string }> = [
  ['AC', 'Acre'],
  ['AL', 'Alagoas'],
  ['AP', 'Amapá'],
  ['AM', 'Amazonas'],
  ['BA', 'Bahia'],
  ['CE', 'Ceará'],
  ['DF', 'Distrito Federal'],
  ['ES', 'Espírito Santo'],
  ['GO', 'Goiás'],
  ['MA', 'Maranhão'],
  ['MT', 'Mato Grosso'],
  ['MS', 'Mato Grosso do Sul'],
  ['MG', 'Minas Gerais'],
  ['PA', 'Pará'],
  ['PB', 'Paraíba'],
  ['PR', 'Paraná'],
  ['PE', 'Pernambuco'],
  ['PI', 'Piauí'],
  ['RJ', 'Rio de Janeiro'],
  ['RN', 'Rio Grande do Norte'],
  ['RS', 'Rio Grande do Sul'],
  ['RO', 'Rondônia'],
  ['RR', 'Roraima'],
  ['SC', 'Santa Catarina'],
  ['SP', 'São Paulo'],
  ['SE', 'Sergipe'],
  ['TO', 'Tocantins'],
].map(([value, name]) => ({ value: value ?? '', label: `${value} — ${name}` }));

/** Whether the form holds an address (then CEP, logradouro, cidade and UF are required, as on the server). */
export function hasAddress(form: ClientFormValues): boolean {
  return ADDRESS_KEYS.some((key) => form[key].trim() !== '');
}

const ADDRESS_LABELS: Record<string, string> = {
  cep: 'CEP',
  street: 'Logradouro',
  number: 'Número',
  complement: 'Complemento',
  district: 'Bairro',
  city: 'Cidade',
  state: 'UF',
};

/**
 * The label a person sees for a field the server names (`document`, `emails[0]`, `address.cep`…): the form's
 * own label, never the API name. Null for a name the form does not know.
 */
export function fieldLabel(field: string, kind: ClientKind): string | null {
  const item = /^(emails|phones)\[(\d+)\]$/.exec(field);
  if (item) return `${item[1] === 'emails' ? 'E-mail' : 'Telefone'} ${Number(item[2]) + 1}`;
  const address = /^address\.(\w+)$/.exec(field);
  if (address) return ADDRESS_LABELS[address[1] ?? ''] ?? 'Endereço';
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
  };
  return labels[field] ?? null;
}

export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * The message above the form when the server refuses fields: which fields to fix, by their labels (each field
 * shows its own message), plus the messages of fields the form cannot point at (a list item it no longer shows,
 * the address as a whole). Never an API name.
 */
export function fieldErrorSummary(problems: FieldProblem[], kind: ClientKind, shown: (field: string) => boolean): string {
  const labels: string[] = [];
  const elsewhere: string[] = [];
  for (const { field, message } of problems) {
    const label = fieldLabel(field, kind);
    if (shown(field) && label) labels.push(label);
    else elsewhere.push(label ? `${label}: ${message}` : message);
  }
  const parts: string[] = [];
  if (labels.length === 1) parts.push(`Corrija o campo ${labels[0]}.`);
  if (labels.length > 1) parts.push(`Corrija os campos ${labels.slice(0, -1).join(', ')} e ${labels[labels.length - 1]}.`);
  return [...parts, ...elsewhere].join(' ');
}

/** The fields the form shows for these values (where a server message can be put next to its input). */
export function shownFields(form: ClientFormValues): Set<string> {
  const fields = ['kind', 'document', 'name', 'status', 'notes', ...ADDRESS_KEYS.map((key) => `address.${key}`)];
  if (form.kind === 'company') fields.push('trade_name');
  form.emails.forEach((_, i) => fields.push(`emails[${i}]`));
  form.phones.forEach((_, i) => fields.push(`phones[${i}]`));
  return new Set(fields);
}
