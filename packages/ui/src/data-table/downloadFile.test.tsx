import { ApiError, currentApiBase, registerSessionHooks } from '@backoffice/api-client';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { BackofficeProvider } from '../BackofficeProvider';
import { DataTable } from './DataTable';
import { downloadFile, fileNameFromDisposition, urlWithParams } from './downloadFile';

// Mantine renders slowly on a loaded two-core machine: generous limits, the assertions stay the same.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

const saved: Array<{ name: string; href: string }> = [];

beforeEach(() => {
  saved.length = 0;
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:teste'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
});
afterEach(() => registerSessionHooks(null));

function file(body: string, disposition: string | null, status = 200) {
  const headers = new Headers({ 'Content-Type': 'text/csv' });
  if (disposition) headers.set('Content-Disposition', disposition);
  return new Response(body, { status, headers });
}

describe('downloadFile', () => {
  it('names the file as the server says', () => {
    expect(fileNameFromDisposition('attachment; filename="clientes-2026-03-08.csv"')).toBe('clientes-2026-03-08.csv');
    expect(fileNameFromDisposition("attachment; filename=\"x.csv\"; filename*=UTF-8''rela%C3%A7%C3%A3o.xlsx")).toBe('relação.xlsx');
    expect(fileNameFromDisposition('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(fileNameFromDisposition(null)).toBeNull();
  });

  it('leaves empty filters out of the URL', () => {
    expect(urlWithParams('/api/x', { q: '', status: 'active', kind: undefined, sort: '-name', format: 'csv' })).toBe('/api/x?status=active&sort=-name&format=csv');
  });

  it('sends the bearer token and saves the body under the server name', async () => {
    registerSessionHooks({ getAccessToken: () => 'tok-1', refresh: () => Promise.resolve(true), signOut: vi.fn() });
    const fetchMock = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(file('a;b\n', 'attachment; filename="clientes.csv"')));
    vi.stubGlobal('fetch', fetchMock);
    try {
      await expect(downloadFile('/api/v1/crm/clients/export', { q: 'ana', format: 'csv' })).resolves.toBe('clientes.csv');
      const [url, init] = fetchMock.mock.calls[0] ?? [];
      expect(url).toBe(`${currentApiBase()}/api/v1/crm/clients/export?q=ana&format=csv`);
      expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok-1');
      expect(saved).toEqual([{ name: 'clientes.csv', href: 'blob:teste' }]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a 401 refreshes once and replays with the new token', async () => {
    let token = 'old';
    registerSessionHooks({
      getAccessToken: () => token,
      refresh: () => {
        token = 'new';
        return Promise.resolve(true);
      },
      signOut: vi.fn(),
    });
    const fetchMock = vi.fn((_url: string, init: RequestInit) =>
      Promise.resolve(new Headers(init.headers).get('Authorization') === 'Bearer new' ? file('ok', 'attachment; filename="a.xlsx"') : new Response('{}', { status: 401 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    try {
      await expect(downloadFile('/x', {})).resolves.toBe('a.xlsx');
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("a refusal rejects with the server's message and saves nothing", async () => {
    const body = JSON.stringify({ code: 'forbidden', message: 'Você não tem permissão para exportar clientes.' });
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(body, { status: 403, headers: { 'Content-Type': 'application/json' } }))));
    try {
      const failure = downloadFile('/x', {});
      await expect(failure).rejects.toBeInstanceOf(ApiError);
      await expect(failure).rejects.toThrow('Você não tem permissão para exportar clientes.');
      expect(saved).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('<DataTable> "Exportar"', () => {
  it('downloads the chosen format with the list filters and sort', async () => {
    const fetchMock = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(file('x', 'attachment; filename="clientes.xlsx"')));
    vi.stubGlobal('fetch', fetchMock);
    try {
      render(
        <BackofficeProvider env="test">
          <DataTable
            id="t"
            label="T"
            columns={[{ id: 'a', header: 'A', cell: (r: { id: string }) => r.id }]}
            rows={[{ id: '1' }]}
            getRowId={(r) => r.id}
            exportOptions={{ url: '/api/v1/crm/clients/export', params: { q: 'ana', status: '', sort: '-name' } }}
          />
        </BackofficeProvider>,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Exportar' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'XLSX' }));
      await waitFor(() => expect(saved).toEqual([{ name: 'clientes.xlsx', href: 'blob:teste' }]));
      expect(fetchMock.mock.calls[0]?.[0]).toBe(`${currentApiBase()}/api/v1/crm/clients/export?q=ana&sort=-name&format=xlsx`);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
