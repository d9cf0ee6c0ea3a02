import { type Client, type ClientInput, type ClientPatch } from '@backoffice/api-client/endpoints';
import { createClientBodyAddressCepMax, createClientBodyAddressCityMax, createClientBodyAddressComplementMax, createClientBodyAddressDistrictMax, createClientBodyAddressNumberMax, createClientBodyAddressStateMax, createClientBodyAddressStreetMax, createClientBodyDocumentMax, createClientBodyEmailsMax, createClientBodyNameMax, createClientBodyNotesMax, createClientBodyPhonesMax, createClientBodyTradeNameMax } from '@backoffice/api-client/schemas';
import { ADDRESS_REQUIRED, addressFormValues, addressFromForm, EMPTY_ADDRESS, hasAddress, unmaskDigits, unmaskDocument } from '@backoffice/ui';
import { z } from 'zod';

/**
 * The client form: the API's shape (so the server's field paths — `document`, `emails[1]`, `address.cep` —
 * are the form's), with what the inputs hold: the document, CEP and phones without punctuation, empty strings
 * for blank text. Checked here: what is required and the lengths the API declares (its generated zod limits);
 * the rest (CPF/CNPJ check digits, e-mail and phone formats, UF) is the server's, whose messages land on the
 * fields.
 */
export const clientFormSchema = z
  .object({
    kind: z.enum(['person', 'company']),
    document: z.string().min(1).max(createClientBodyDocumentMax),
    name: z.string().trim().min(1).max(createClientBodyNameMax),
    trade_name: z.string().max(createClientBodyTradeNameMax),
    emails: z.array(z.string()).max(createClientBodyEmailsMax),
    phones: z.array(z.string()).max(createClientBodyPhonesMax),
    address: z.object({
      cep: z.string().max(createClientBodyAddressCepMax),
      street: z.string().max(createClientBodyAddressStreetMax),
      number: z.string().max(createClientBodyAddressNumberMax),
      complement: z.string().max(createClientBodyAddressComplementMax),
      district: z.string().max(createClientBodyAddressDistrictMax),
      city: z.string().max(createClientBodyAddressCityMax),
      state: z.string().max(createClientBodyAddressStateMax),
    }),
    status: z.enum(['active', 'inactive']),
    notes: z.string().max(createClientBodyNotesMax),
    owner_id: z.string(),
    unit_id: z.string(),
    tags: z.array(z.string()).max(20, 'No máximo 20 etiquetas.'),
    do_not_contact: z.boolean(),
    birth_date: z.string().nullable(),
  })
  .superRefine((values, ctx) => {
    if (!hasAddress(values.address)) return;
    for (const key of ADDRESS_REQUIRED) {
      if (!values.address[key].trim()) ctx.addIssue({ code: 'custom', path: ['address', key], message: 'Campo obrigatório.' });
    }
  });

export type ClientFormValues = z.input<typeof clientFormSchema>;

export const EMPTY_FORM: ClientFormValues = {
  kind: 'person',
  document: '',
  name: '',
  trade_name: '',
  emails: [''],
  phones: [''],
  address: EMPTY_ADDRESS,
  status: 'active',
  notes: '',
  owner_id: '',
  unit_id: '',
  tags: [],
  do_not_contact: false,
  birth_date: null,
};

export function formFromClient(client: Client): ClientFormValues {
  return {
    kind: client.kind,
    document: unmaskDocument(client.document),
    name: client.name,
    trade_name: client.trade_name ?? '',
    emails: client.emails.length ? [...client.emails] : [''],
    phones: client.phones.length ? client.phones.map(unmaskDigits) : [''],
    address: addressFormValues(client.address),
    status: client.status === 'inactive' ? 'inactive' : 'active',
    notes: client.notes ?? '',
    owner_id: client.owner_id ?? '',
    unit_id: client.unit_id ?? '',
    tags: [...client.tags],
    do_not_contact: client.do_not_contact,
    birth_date: client.birth_date ?? null,
  };
}

const trimmed = (value: string) => value.trim();

/**
 * The body the server expects: no empty list items, no address when none was filled in. Creating omits blank
 * optional fields; editing sends them as '' so that clearing a field in the form clears it on the server (an
 * absent field in a PATCH means "unchanged").
 */
export function inputFromForm(form: ClientFormValues): ClientInput {
  const patch = patchFromForm(form);
  const blank = (key: string, value: unknown) => value === '' || value === null || (key === 'tags' && Array.isArray(value) && value.length === 0) || (key === 'do_not_contact' && value === false);
  return Object.fromEntries(Object.entries(patch).filter(([key, value]) => !blank(key, value))) as ClientInput;
}

export function patchFromForm(form: ClientFormValues): ClientPatch {
  const address = addressFromForm(form.address);
  return {
    kind: form.kind,
    document: unmaskDocument(form.document),
    name: trimmed(form.name),
    trade_name: form.kind === 'company' ? trimmed(form.trade_name) : '',
    emails: form.emails.map(trimmed).filter(Boolean),
    phones: form.phones.map(unmaskDigits).filter(Boolean),
    ...(address ? { address } : {}),
    status: form.status,
    notes: trimmed(form.notes),
    owner_id: form.owner_id,
    unit_id: form.unit_id,
    tags: form.tags.map(trimmed).filter(Boolean),
    do_not_contact: form.do_not_contact,
    birth_date: form.kind === 'person' ? form.birth_date : null,
  };
}
