import { UFS } from '@backoffice/ui';
import { countLabel, fieldLabel, pageLabel, PAGES_COUNTED_AHEAD, queryFromSearch, totalPages } from './clientModel';

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

describe('how far the count goes (as crates/crm counts)', () => {
  // The server's rule: exact on the last page; otherwise counted up to offset + 10 pages, and past that
  // total = that bound with total_capped (there are more than `total`).
  const serverPage = (matches: number, page: number, page_size = 20) => {
    const offset = (page - 1) * page_size;
    const seen = Math.min(Math.max(matches - offset, 0), page_size);
    const has_more = matches > offset + page_size;
    if (!has_more && (seen > 0 || offset === 0)) return { total: offset + seen, total_capped: false, page, page_size };
    const cap = offset + PAGES_COUNTED_AHEAD * page_size;
    return { total: Math.min(matches, cap), total_capped: matches > cap, page, page_size };
  };

  it('an exact total is said as is', () => {
    expect(countLabel(serverPage(1, 1))).toBe('1 cliente');
    expect(countLabel(serverPage(120, 1))).toBe('120 clientes');
    expect(pageLabel(serverPage(120, 1))).toBe('Página 1 de 6');
    expect(countLabel(serverPage(200, 1))).toBe('200 clientes');
    expect(pageLabel(serverPage(200, 1))).toBe('Página 1 de 10');
    // Exactly 10.000 on the last page: exact, no "mais de" (there is no fixed 10.000 cap).
    expect(countLabel(serverPage(10_000, 500))).toBe('10.000 clientes');
    expect(pageLabel(serverPage(10_000, 500))).toBe('Página 500 de 500');
  });

  it('past ten pages ahead the server stops counting: "mais de" the bound it reached', () => {
    expect(countLabel(serverPage(201, 1))).toBe('mais de 200 clientes');
    expect(pageLabel(serverPage(201, 1))).toBe('Página 1 de mais de 10');
    expect(countLabel(serverPage(1_000_000, 3))).toBe('mais de 240 clientes');
    expect(pageLabel(serverPage(1_000_000, 3))).toBe('Página 3 de mais de 12');
    expect(countLabel(serverPage(1_000_000, 500))).toBe('mais de 10.180 clientes');
    expect(pageLabel(serverPage(1_000_000, 500))).toBe('Página 500 de mais de 509');
  });

  it('within ten pages ahead the count is exact even on a middle page', () => {
    expect(countLabel(serverPage(150, 2))).toBe('150 clientes');
    expect(pageLabel(serverPage(150, 2))).toBe('Página 2 de 8');
  });
});

describe('field errors in the form labels', () => {
  it('names every field the server may name as the form does', () => {
    expect(fieldLabel('document', 'person')).toBe('CPF');
    expect(fieldLabel('document', 'company')).toBe('CNPJ');
    expect(fieldLabel('name', 'company')).toBe('Razão social');
    expect(fieldLabel('emails[0]', 'person')).toBe('E-mail 1');
    expect(fieldLabel('phones[2]', 'person')).toBe('Telefone 3');
    expect(fieldLabel('address.cep', 'person')).toBe('CEP');
    expect(fieldLabel('address.state', 'person')).toBe('UF');
    expect(fieldLabel('address', 'person')).toBe('Endereço');
    expect(fieldLabel('algo_novo', 'person')).toBeNull();
  });
  it('lists the 27 states the server accepts', () => {
    expect(UFS).toHaveLength(27);
    expect(UFS.find((uf) => uf.value === 'SP')?.label).toBe('SP — São Paulo');
  });
});
