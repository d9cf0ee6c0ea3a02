import type { Client } from '@backoffice/api-client/endpoints';
import { hasAddress, installPtBrErrors } from '@backoffice/ui';
import { clientFormSchema, EMPTY_FORM, formFromClient, inputFromForm, patchFromForm } from './clientFormModel';

// What useZodForm does before a form validates (classic zod, loaded after the UI library here, set English).
installPtBrErrors();

const client: Client = {
  id: 'c1',
  kind: 'company',
  document: '11222333000181',
  name: 'ACME Ltda',
  trade_name: 'ACME',
  document_formatted: '11.222.333/0001-81',
  emails: ['a@acme.com.br'],
  phones: ['11912345678'],
  address: { cep: '01310100', street: 'Av. Paulista', number: '1000', complement: '', district: 'Bela Vista', city: 'São Paulo', state: 'SP' },
  status: 'active',
  created_at: '2026-01-02T10:00:00Z',
  updated_at: '2026-01-02T10:00:00Z',
  created_by: 'u',
  updated_by: 'u',
  tags: [],
  do_not_contact: false,
};

const issues = (values: unknown) => {
  const result = clientFormSchema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('client form mapping', () => {
  it('takes the client as the API gives it and sends it back the same', () => {
    const form = formFromClient(client);
    expect(form.document).toBe('11222333000181');
    expect(form.phones).toEqual(['11912345678']);
    expect(form.address.cep).toBe('01310100');
    const input = inputFromForm(form);
    expect(input.document).toBe('11222333000181');
    expect(input.phones).toEqual(['11912345678']);
    expect(input.address?.cep).toBe('01310100');
    expect(input.trade_name).toBe('ACME');
  });
  it('creating drops empty list items and omits blank optional fields and a blank address', () => {
    const input = inputFromForm({ ...EMPTY_FORM, document: '12345678909', name: ' Ana ', emails: ['', 'ana@x.com'] });
    expect(input).toEqual({ kind: 'person', document: '12345678909', name: 'Ana', emails: ['ana@x.com'], phones: [], status: 'active' });
  });
  it('editing sends cleared text fields as empty strings', () => {
    const patch = patchFromForm({ ...formFromClient(client), trade_name: '', notes: '' });
    expect(patch.trade_name).toBe('');
    expect(patch.notes).toBe('');
  });
  it('a person has no trade name; the UF goes upper case', () => {
    const patch = patchFromForm({ ...formFromClient(client), kind: 'person', address: { ...formFromClient(client).address, state: 'sp' } });
    expect(patch.trade_name).toBe('');
    expect(patch.address?.state).toBe('SP');
  });
});

describe('what the form checks before sending', () => {
  it('knows when the address is being filled in', () => {
    expect(hasAddress(EMPTY_FORM.address)).toBe(false);
    expect(hasAddress({ ...EMPTY_FORM.address, city: 'Recife' })).toBe(true);
  });
  it('requires the document and the name, in Portuguese', () => {
    expect(issues(EMPTY_FORM)).toEqual({ document: 'Campo obrigatório.', name: 'Campo obrigatório.' });
    expect(issues({ ...EMPTY_FORM, document: '1', name: '   ' })).toEqual({ name: 'Campo obrigatório.' });
  });
  it('once part of the address is filled in, requires CEP, logradouro, cidade and UF', () => {
    expect(issues({ ...EMPTY_FORM, document: '1', name: 'Ana', address: { ...EMPTY_FORM.address, number: '10' } })).toEqual({
      'address.cep': 'Campo obrigatório.',
      'address.street': 'Campo obrigatório.',
      'address.city': 'Campo obrigatório.',
      'address.state': 'Campo obrigatório.',
    });
  });
  it('leaves formats to the server (its messages land on the fields)', () => {
    expect(issues({ ...EMPTY_FORM, document: '11111111111', name: 'Ana', emails: ['não-é-email'] })).toEqual({});
  });
});
