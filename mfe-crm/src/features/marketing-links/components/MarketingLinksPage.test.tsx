import { setFetchImpl } from '@backoffice/api-client';
import { type LinkPage, type LinkVocabulary, type MarketingLink } from '@backoffice/api-client/endpoints';
import * as auth from '@backoffice/auth';
import { findRoute } from '@backoffice/routes';
import { BackofficeProvider, formatCentavos } from '@backoffice/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import MarketingLinksPage from './MarketingLinksPage';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

const link = (i: number, over: Partial<MarketingLink> = {}): MarketingLink => ({
  id: `l${i}`,
  code: `Abc12${i}x`.slice(0, 7),
  short_path: `/l/Abc12${i}x`.slice(0, 10),
  label: `Link ${i}`,
  destination_url: 'https://wa.me/5511999990000',
  final_url: 'https://wa.me/5511999990000?utm_source=whatsapp&utm_medium=mensagem',
  utm_source: 'whatsapp',
  utm_medium: 'mensagem',
  archived: false,
  expired: false,
  clicks: 12,
  previews: 3,
  unique_visitors: 9,
  leads: 4,
  can_edit: false,
  created_at: '2026-11-20T12:00:00Z',
  updated_at: '2026-11-20T12:00:00Z',
  created_by: 'u',
  ...over,
});

const vocabulary: LinkVocabulary = {
  utm_sources: [{ value: 'whatsapp', label: 'WhatsApp' }],
  utm_mediums: [{ value: 'mensagem', label: 'Mensagem' }],
  campaign_kinds: [{ value: 'black_friday', label: 'Black Friday' }],
  allowed_hosts: ['wa.me'],
};

function serve(page: LinkPage) {
  setFetchImpl((input) => {
    const url = new URL(input);
    const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
    if (url.pathname === '/api/v1/crm/links') return json(page);
    if (url.pathname === '/api/v1/crm/links/vocabulary') return json(vocabulary);
    if (url.pathname === '/api/v1/crm/campaigns') return json([]);
    // Link 1 sold twice (R$ 1.500,00 received); the others sold nothing, so the report leaves them out.
    if (url.pathname === '/api/v1/sales/reports/marketing-links') return json([{ link_id: 'l1', sales: 2, sold: 300_000, received: 150_000 }]);
    return json({ code: 'nao_encontrado', message: 'Não encontrado.' }, 404);
  });
}

function renderAs(permissions: string[]) {
  vi.spyOn(auth, 'usePermission').mockImplementation((code) => permissions.includes(code));
  const route = findRoute('/crm/marketing/links');
  if (!route) throw new Error('rota /crm/marketing/links ausente');
  const router = createMemoryRouter([{ path: '/crm/marketing/links', element: <MarketingLinksPage route={route} /> }], { initialEntries: ['/crm/marketing/links'] });
  render(
    <BackofficeProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </BackofficeProvider>,
  );
}

afterEach(() => setFetchImpl((input, init) => fetch(input, init)));

describe('<MarketingLinksPage>', () => {
  it('shows the counts with the leads, and the sales and revenue received from the sales report', async () => {
    serve({ items: [link(1), link(2)], total: 2, page: 1, page_size: 20 });
    renderAs(['links_ler', 'links_editar', 'links_gerenciar']);
    const row = (await screen.findByText('Link 1')).closest('tr');
    if (!row) throw new Error('sem linha');
    const cells = () => within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells().slice(4, 8)).toEqual(['12', '3', '9', '4']);
    await vi.waitFor(() => expect(cells().slice(8, 10)).toEqual(['2', formatCentavos(150_000)]));
    const other = screen.getByText('Link 2').closest('tr');
    if (!other) throw new Error('sem linha');
    expect(within(other).getAllByRole('cell').map((c) => c.textContent).slice(8, 10)).toEqual(['0', formatCentavos(0)]);
    expect(screen.getByRole('button', { name: 'Novo link' })).toBeTruthy();
  });

  it('a reader is offered no creation, and no edit or archive of a link it cannot change', async () => {
    serve({ items: [link(1)], total: 1, page: 1, page_size: 20 });
    renderAs(['links_ler']);
    await screen.findByText('Link 1');
    expect(screen.queryByRole('button', { name: 'Novo link' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mais ações de Link 1' }));
    expect(await screen.findByText('QR code (PNG)')).toBeTruthy();
    expect(screen.queryByText('Editar')).toBeNull();
    expect(screen.queryByText('Arquivar')).toBeNull();
    expect(screen.queryByText('Duplicar')).toBeNull();
  });
});
