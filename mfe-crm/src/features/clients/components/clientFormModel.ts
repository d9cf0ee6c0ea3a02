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
  };
}
