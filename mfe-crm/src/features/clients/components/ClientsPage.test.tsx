import { setFetchImpl } from '@backoffice/api-client';
import { type Client, type ClientPage, type HistoryEntry } from '@backoffice/api-client/endpoints';
import * as auth from '@backoffice/auth';
import { findRoute } from '@backoffice/routes';
import { BackofficeProvider } from '@backoffice/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import ClientsPage, { bulkReport } from './ClientsPage';

// Mantine renders slowly on a loaded two-core machine: generous limits, the assertions stay the same.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

const client = (i: number, over: Partial<Client> = {}): Client => ({
  id: `c${i}`,
  kind: 'person',
  document: '12345678909',
  name: `Cliente ${i}`,
  document_formatted: '123.456.789-09',
  emails: [`cliente${i}@exemplo.com.br`],
  phones: [],
  status: 'active',
  created_at: '2026-03-08T02:30:00Z',
  updated_at: '2026-03-08T02:30:00Z',
  created_by: 'u',
  updated_by: 'u',
  tags: [],
  do_not_contact: false,
  ...over,
});

const history: HistoryEntry[] = [
  { id: 'h1', at: '2026-03-08T02:30:00Z', by_uid: 'u', by_name: 'Ana Admin', action: 'Cliente cadastrado', to_state: 'active', changes: [] },
  { id: 'h2', at: '2026-03-09T12:00:00Z', by_uid: 'u', by_name: 'Ana Admin', action: 'Cliente alterado', changes: [{ field: 'name', from: 'Antigo', to: 'Cliente 1' }] },
];

interface Sent {
  method: string;
  url: URL;
}

/** A fake server behind the real mutator: the list answers `page`; archive/restore answer the client; history answers `history`. */
function serve(page: ClientPage, refuse: string[] = []) {
  const sent: Sent[] = [];
  setFetchImpl((input, init) => {
    const url = new URL(input);
    const method = (init.method ?? 'GET').toUpperCase();
    sent.push({ method, url });
    const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
    const action = /\/clients\/([^/]+)\/(archive|restore)$/.exec(url.pathname);
    if (action && method === 'POST') {
      const id = action[1] ?? '';
      if (refuse.includes(id)) return json({ code: 'conflito', message: 'Cliente já arquivado.' }, 409);
      return json(client(Number(id.slice(1)), { status: action[2] === 'archive' ? 'archived' : 'active' }));
    }
    if (url.pathname.endsWith('/history')) return json(history);
    if (url.pathname === '/api/v1/crm/clients') return json(page);
    return json({ code: 'nao_encontrado', message: 'Não encontrado.' }, 404);
  });
  return sent;
}

/** The list as a role with `permissions` sees it (everything by default), at `url`. */
function renderAt(url: string, permissions?: string[]) {
  vi.spyOn(auth, 'usePermission').mockImplementation((code) => !permissions || permissions.includes(code));
  const route = findRoute('/clientes');
  if (!route) throw new Error('rota /clientes ausente');
  const router = createMemoryRouter(
    [
      { path: '/clientes', element: <ClientsPage route={route} /> },
      { path: '/cliente', element: <p>Página do cliente</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <BackofficeProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </BackofficeProvider>,
  );
  return router;
}

const pageOf = (items: Client[], over: Partial<ClientPage> = {}): ClientPage => ({ items, total: items.length, total_capped: false, page: 1, page_size: 20, has_more: false, ...over });
const items = Array.from({ length: 20 }, (_, i) => client(i));
const listRequests = (sent: Sent[]) => sent.filter((s) => s.url.pathname === '/api/v1/crm/clients');

afterEach(() => setFetchImpl((input, init) => fetch(input, init)));

describe('<ClientsPage> count', () => {
  it('a capped count (server stopped 10 pages ahead) says "mais de" the bound and no last page', async () => {
    serve(pageOf(items, { total: 200, total_capped: true, has_more: true }));
    renderAt('/clientes');
    expect(await screen.findByText('mais de 200 clientes')).toBeTruthy();
    expect(screen.getByText('Página 1 de mais de 10')).toBeTruthy();
  });

  it('an exact count is said as is, with the number of pages', async () => {
    serve(pageOf(items, { total: 120, has_more: true }));
    renderAt('/clientes');
    expect(await screen.findByText('120 clientes')).toBeTruthy();
    expect(screen.getByText('Página 1 de 6')).toBeTruthy();
    expect(screen.queryByText(/mais de/)).toBeNull();
  });

  it('dates are the São Paulo ones', async () => {
    serve(pageOf([client(1)]));
    renderAt('/clientes');
    expect(await screen.findByText('1 cliente')).toBeTruthy();
    // 02:30Z on 8 March is 23:30 on 7 March in São Paulo.
    expect(screen.getByText('07/03/2026')).toBeTruthy();
  });

  it('no match: the clients message', async () => {
    serve(pageOf([]));
    renderAt('/clientes?q=ninguem');
    expect(await screen.findByText('Nenhum cliente encontrado.')).toBeTruthy();
  });
});

describe('<ClientsPage> state in the URL', () => {
  it('a link reproduces the view: filters, sort, page and page size go to the request and the controls', async () => {
    const sent = serve(pageOf(items, { page: 2, page_size: 50, total: 120 }));
    renderAt('/clientes?q=ana&status=inactive&kind=company&sort=-created_at&page=2&page_size=50');
    await screen.findByText('120 clientes');
    const params = listRequests(sent)[0]?.url.searchParams;
    expect(Object.fromEntries(params ?? [])).toEqual({ q: 'ana', status: 'inactive', kind: 'company', sort: '-created_at', page: '2', page_size: '50' });
    expect((screen.getByLabelText('Buscar') as HTMLInputElement).value).toBe('ana');
    expect((screen.getByLabelText('Situação') as HTMLSelectElement).value).toBe('inactive');
    expect((screen.getByLabelText('Tipo') as HTMLSelectElement).value).toBe('company');
    expect(screen.getByRole('columnheader', { name: /^Cadastrado em/ }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: /Nome/ }).getAttribute('aria-sort')).toBe('none');
  });

  it('without a sort the server order (by name) is shown on its header; a header click pushes the sort', async () => {
    const sent = serve(pageOf(items, { total: 120, has_more: true }));
    const router = renderAt('/clientes?page=3');
    await screen.findByText('120 clientes');
    expect(screen.getByRole('columnheader', { name: /Nome/ }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(screen.getByRole('columnheader', { name: /Nome/ })).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=-name'));
    expect(router.state.historyAction).toBe('PUSH');
    await waitFor(() => expect(listRequests(sent).at(-1)?.url.searchParams.get('sort')).toBe('-name'));
  });
});

describe('<ClientsPage> actions by permission', () => {
  const one = pageOf([client(1)]);
  it('offers "Novo cliente" to those who may create clients', async () => {
    serve(one);
    renderAt('/clientes', ['clientes_ler', 'clientes_editar']);
    expect(await screen.findByRole('button', { name: 'Novo cliente' })).toBeTruthy();
  });
  it('offers no "Novo cliente" nor row selection to a role that only consults', async () => {
    serve(one);
    renderAt('/clientes', ['clientes_ler']);
    expect(await screen.findByText('1 cliente')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Novo cliente' })).toBeNull();
    expect(screen.queryByLabelText('Selecionar todos')).toBeNull();
  });
});

describe('<ClientsPage> bulk archive and restore', () => {
  it('archives the selected clients after confirmation, one call each, and says how many', async () => {
    const sent = serve(pageOf([client(1), client(2), client(3)]));
    renderAt('/clientes');
    fireEvent.click(await screen.findByLabelText('Selecionar linha Cliente 1'));
    fireEvent.click(screen.getByLabelText('Selecionar linha Cliente 3'));
    const bar = screen.getByRole('region', { name: 'Ações em lote' });
    expect(within(bar).getByText('2 selecionados')).toBeTruthy();
    // Nothing selected is archived: nothing to restore.
    expect((within(bar).getByRole('button', { name: 'Reativar' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(bar).getByRole('button', { name: 'Arquivar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Arquivar clientes' });
    expect(within(dialog).getByText('Arquivar 2 clientes?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Arquivar' }));
    expect(await screen.findByText('2 clientes arquivados.')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST').map((s) => s.url.pathname)).toEqual(['/api/v1/crm/clients/c1/archive', '/api/v1/crm/clients/c3/archive']);
    // The list is asked again.
    await waitFor(() => expect(listRequests(sent).length).toBeGreaterThanOrEqual(2));
  });

  it('reports the ones the server refused', () => {
    expect(bulkReport('archive', 1, [{ client: client(2), message: 'Cliente já arquivado.' }])).toBe('1 cliente arquivado; 1 não: Cliente 2 (Cliente já arquivado.).');
    expect(bulkReport('restore', 2, [])).toBe('2 clientes reativados.');
  });
});

describe('<ClientsPage> row drawer', () => {
  it('a row click opens the client summary, the link to its page and its history', async () => {
    const sent = serve(pageOf([client(1, { trade_name: 'Fantasia', phones: ['11912345678'] })]));
    renderAt('/clientes');
    fireEvent.click(await screen.findByText('cliente1@exemplo.com.br'));
    const drawer = await screen.findByRole('dialog', { name: 'Cliente 1' });
    expect(within(drawer).getByText('(11) 91234-5678')).toBeTruthy();
    expect(within(drawer).getByRole('link', { name: 'Abrir cadastro' }).getAttribute('href')).toBe('/cliente?id=c1');
    expect(await within(drawer).findByText('Cliente alterado')).toBeTruthy();
    expect(within(drawer).getByText('Nome:')).toBeTruthy();
    expect(within(drawer).getByText('Antigo → Cliente 1')).toBeTruthy();
    expect(sent.some((s) => s.url.pathname === '/api/v1/crm/clients/c1/history')).toBe(true);
  });
});
