import { type Client, type ClientInput, type ClientPatch } from '@backoffice/api-client/endpoints';
import { createClientBodyAddressCepMax, createClientBodyAddressCityMax, createClientBodyAddressComplementMax, createClientBodyAddressDistrictMax, createClientBodyAddressNumberMax, createClientBodyAddressStateMax, createClientBodyAddressStreetMax, createClientBodyDocumentMax, createClientBodyEmailsMax, createClientBodyNameMax, createClientBodyNotesMax, createClientBodyPhonesMax, createClientBodyTradeNameMax } from '@backoffice/api-client/schemas';
import { unmaskDigits, unmaskDocument } from '@backoffice/ui';
import { z } from 'zod';

const ADDRESS_KEYS = ['cep', 'street', 'number', 'complement', 'district', 'city', 'state'] as const;
/** Once any part of the address is filled in, these are required (as on the server). */
const ADDRESS_REQUIRED = ['cep', 'street', 'city', 'state'] as const;

type AddressValues = Record<(typeof ADDRESS_KEYS)[number], string>;

/** Whether the form holds an address (then CEP, logradouro, cidade and UF are required, as on the server). */
export function hasAddress(address: Partial<AddressValues> | undefined): boolean {
  return ADDRESS_KEYS.some((key) => (address?.[key] ?? '').trim() !== '');
}

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
  address: { cep: '', street: '', number: '', complement: '', district: '', city: '', state: '' },
  status: 'active',
  notes: '',
};

export function formFromClient(client: Client): ClientFormValues {
  const address = client.address;
  return {
    kind: client.kind,
    document: unmaskDocument(client.document),
    name: client.name,
    trade_name: client.trade_name ?? '',
    emails: client.emails.length ? [...client.emails] : [''],
    phones: client.phones.length ? client.phones.map(unmaskDigits) : [''],
    address: {
      cep: address ? unmaskDigits(address.cep) : '',
      street: address?.street ?? '',
      number: address?.number ?? '',
      complement: address?.complement ?? '',
      district: address?.district ?? '',
      city: address?.city ?? '',
      state: address?.state ?? '',
    },
    status: client.status === 'inactive' ? 'inactive' : 'active',
    notes: client.notes ?? '',
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
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== '')) as ClientInput;
}

export function patchFromForm(form: ClientFormValues): ClientPatch {
  const address = form.address;
  return {
    kind: form.kind,
    document: unmaskDocument(form.document),
    name: trimmed(form.name),
    trade_name: form.kind === 'company' ? trimmed(form.trade_name) : '',
    emails: form.emails.map(trimmed).filter(Boolean),
    phones: form.phones.map(unmaskDigits).filter(Boolean),
    ...(hasAddress(address)
      ? {
          address: {
            cep: unmaskDigits(address.cep),
            street: trimmed(address.street),
            number: trimmed(address.number),
            complement: trimmed(address.complement),
            district: trimmed(address.district),
            city: trimmed(address.city),
            state: trimmed(address.state).toUpperCase(),
          },
        }
      : {}),
    status: form.status,
    notes: trimmed(form.notes),
  };
}
