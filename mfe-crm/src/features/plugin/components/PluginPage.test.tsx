import { fakeApi } from '@backoffice/api-client/testing';
import { findRoute } from '@backoffice/routes';
import { BackofficeProvider } from '@backoffice/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import PluginPage from './PluginPage';

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => api?.restore());

// Rendering Mantine in jsdom takes seconds when the machine is busy.
describe('<PluginPage> outside an allowed host', { timeout: 30_000 }, () => {
  it('says "Origem não autorizada", posts nothing and asks the server for nothing else', async () => {
    api = fakeApi({ 'GET /api/v1/crm/plugin/config': () => ({ allowed_origins: ['https://chat.exemplo.com.br'] }) });
    const posted = vi.spyOn(window, 'postMessage');
    const route = findRoute('/crm/plugin');
    if (!route) throw new Error('rota /crm/plugin ausente');
    render(
      <BackofficeProvider env="test">
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter initialEntries={['/crm/plugin']}>
            <PluginPage route={route} />
          </MemoryRouter>
        </QueryClientProvider>
      </BackofficeProvider>,
    );
    expect(await screen.findByText('Origem não autorizada', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByLabelText('E-mail')).toBeNull();
    expect(posted).not.toHaveBeenCalled();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/v1/crm/plugin/config']);
  });
});
