import type { Client } from '@backoffice/api-client';
import { EMPTY_FORM, formFromClient, inputFromForm, patchFromForm, queryFromSearch, totalPages } from './clientModel';

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
};

describe('client form mapping', () => {
  it('masks on the way in and normalizes on the way out', () => {
    const form = formFromClient(client);
    expect(form.document).toBe('11.222.333/0001-81');
    expect(form.phones).toEqual(['(11) 91234-5678']);
    expect(form.cep).toBe('01310-100');
    const input = inputFromForm(form);
    expect(input.document).toBe('11222333000181');
    expect(input.phones).toEqual(['11912345678']);
    expect(input.address?.cep).toBe('01310100');
    expect(input.trade_name).toBe('ACME');
  });
  it('creating drops empty list items and omits blank optional fields and a blank address', () => {
    const input = inputFromForm({ ...EMPTY_FORM, document: '123.456.789-09', name: ' Ana ', emails: ['', 'ana@x.com'] });
    expect(input).toEqual({ kind: 'person', document: '12345678909', name: 'Ana', emails: ['ana@x.com'], phones: [], status: 'active' });
  });
  it('editing sends cleared text fields as empty strings', () => {
    const patch = patchFromForm({ ...formFromClient(client), trade_name: '', notes: '' });
    expect(patch.trade_name).toBe('');
    expect(patch.notes).toBe('');
  });
});

describe('list query from the URL', () => {
  it('reads filters, sort and page, with safe defaults', () => {
    expect(queryFromSearch(new URLSearchParams('q=ana&status=archived&kind=company&sort=-created_at&page=3'))).toEqual({
      q: 'ana',
      status: 'archived',
      kind: 'company',
      sort: '-created_at',
      page: 3,
      page_size: 20,
    });
    expect(queryFromSearch(new URLSearchParams('status=x&sort=drop&page=-1'))).toMatchObject({ status: undefined, sort: 'name', page: 1 });
  });
  it('counts pages', () => {
    expect(totalPages(0, 20)).toBe(1);
    expect(totalPages(41, 20)).toBe(3);
  });
});
