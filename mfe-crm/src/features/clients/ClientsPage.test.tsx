import * as apiClient from '@backoffice/api-client';
import type { Client, ClientPage } from '@backoffice/api-client';
import * as auth from '@backoffice/auth';
import { findRoute } from '@backoffice/routes';
import { BackofficeProvider } from '@backoffice/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import ClientsPage from './ClientsPage';

const client = (i: number): Client => ({
  id: `c${i}`,
  kind: 'person',
  document: '12345678909',
  name: `Cliente ${i}`,
  document_formatted: '123.456.789-09',
  emails: [],
  phones: [],
  status: 'active',
  created_at: '2026-03-08T02:30:00Z',
  updated_at: '2026-03-08T02:30:00Z',
  created_by: 'u',
  updated_by: 'u',
});

/** The list as a role with `permissions` sees it (everything by default). */
function renderWith(page: ClientPage, permissions?: string[]) {
  vi.spyOn(auth, 'usePermission').mockImplementation((code) => !permissions || permissions.includes(code));
  vi.spyOn(apiClient, 'listClients').mockResolvedValue(page);
  const route = findRoute('/clientes');
  if (!route) throw new Error('rota /clientes ausente');
  render(
    <BackofficeProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/clientes']}>
          <ClientsPage route={route} />
        </MemoryRouter>
      </QueryClientProvider>
    </BackofficeProvider>,
  );
}

const items = Array.from({ length: 20 }, (_, i) => client(i));

describe('<ClientsPage> count', () => {
  it('a capped count (server stopped 10 pages ahead) says "mais de" the bound and no last page', async () => {
    renderWith({ items, total: 200, total_capped: true, page: 1, page_size: 20, has_more: true });
    expect(await screen.findByText('mais de 200 clientes')).toBeTruthy();
    expect(screen.getByText('Página 1 de mais de 10')).toBeTruthy();
  });

  it('an exact count is said as is, with the number of pages', async () => {
    renderWith({ items, total: 120, total_capped: false, page: 1, page_size: 20, has_more: true });
    expect(await screen.findByText('120 clientes')).toBeTruthy();
    expect(screen.getByText('Página 1 de 6')).toBeTruthy();
    expect(screen.queryByText(/mais de/)).toBeNull();
  });

  it('dates are the São Paulo ones', async () => {
    renderWith({ items: [client(1)], total: 1, total_capped: false, page: 1, page_size: 20, has_more: false });
    expect(await screen.findByText('1 cliente')).toBeTruthy();
    // 02:30Z on 8 March is 23:30 on 7 March in São Paulo.
    expect(screen.getByText('07/03/2026')).toBeTruthy();
  });
});

describe('<ClientsPage> actions by permission', () => {
  const one = { items: [client(1)], total: 1, total_capped: false, page: 1, page_size: 20, has_more: false };
  it('offers "Novo cliente" to those who may create clients', async () => {
    renderWith(one, ['clientes_ler', 'clientes_editar']);
    expect(await screen.findByRole('button', { name: 'Novo cliente' })).toBeTruthy();
  });
  it('offers no "Novo cliente" to a role that only consults', async () => {
    renderWith(one, ['clientes_ler']);
    expect(await screen.findByText('1 cliente')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Novo cliente' })).toBeNull();
  });
});
