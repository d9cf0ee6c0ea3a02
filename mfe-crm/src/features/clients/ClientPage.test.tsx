import * as apiClient from '@backoffice/api-client';
import { ApiError, type Client } from '@backoffice/api-client';
import * as auth from '@backoffice/auth';
import { findRoute } from '@backoffice/routes';
import { BackofficeProvider } from '@backoffice/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import ClientPage from './ClientPage';

const acme: Client = {
  id: 'c1',
  kind: 'person',
  document: '12345678909',
  name: 'Ana Cliente',
  document_formatted: '123.456.789-09',
  emails: [],
  phones: [],
  status: 'active',
  created_at: '2026-03-08T02:30:00Z',
  updated_at: '2026-03-08T02:30:00Z',
  created_by: 'u',
  updated_by: 'u',
};

function renderAt(path: string, permissions: string[]) {
  vi.spyOn(auth, 'usePermission').mockImplementation((code) => permissions.includes(code));
  vi.spyOn(apiClient, 'getClient').mockResolvedValue(acme);
  const route = findRoute('/cliente');
  if (!route) throw new Error('rota /cliente ausente');
  render(
    <BackofficeProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[path]}>
          <ClientPage route={route} />
        </MemoryRouter>
      </QueryClientProvider>
    </BackofficeProvider>,
  );
}

const ALL = ['clientes_ler', 'clientes_editar', 'clientes_arquivar'];

describe('<ClientPage> actions by permission', () => {
  it('a role that only consults sees the client and no action', async () => {
    renderAt('/cliente?id=c1', ['clientes_ler']);
    expect(await screen.findByRole('heading', { name: 'Ana Cliente' })).toBeTruthy();
    for (const name of ['Editar', 'Arquivar', 'Restaurar']) expect(screen.queryByRole('button', { name })).toBeNull();
  });
  it('a role that edits but does not archive sees "Editar" only', async () => {
    renderAt('/cliente?id=c1', ['clientes_ler', 'clientes_editar']);
    expect(await screen.findByRole('button', { name: 'Editar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Arquivar' })).toBeNull();
  });
  it('the creation page tells a role that only consults, and shows no form', async () => {
    renderAt('/cliente', ['clientes_ler']);
    expect(await screen.findByText('Você não pode cadastrar clientes.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cadastrar' })).toBeNull();
  });
});

describe('<ClientPage> archiving asks first', () => {
  it('archives only after the confirmation', async () => {
    const archive = vi.spyOn(apiClient, 'archiveClient').mockResolvedValue({ ...acme, status: 'archived' });
    renderAt('/cliente?id=c1', ALL);
    fireEvent.click(await screen.findByRole('button', { name: 'Arquivar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Arquivar cliente' });
    expect(archive).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(archive).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Arquivar' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Arquivar cliente' })).getByRole('button', { name: 'Arquivar' }));
    await waitFor(() => expect(archive).toHaveBeenCalledWith('c1'));
    expect(await screen.findByRole('button', { name: 'Restaurar' })).toBeTruthy();
  });
});

describe('<ClientPage> server field errors', () => {
  it('names the fields by their labels above the form and puts each message on its field', async () => {
    vi.spyOn(apiClient, 'createClient').mockRejectedValue(
      new ApiError(400, {
        code: 'campos_invalidos',
        message: 'Alguns campos estão inválidos; corrija-os e tente novamente.',
        fields: [
          { field: 'document', message: 'CPF inválido: todos os dígitos são iguais' },
          { field: 'address.state', message: 'UF inválida.' },
        ],
      }),
    );
    renderAt('/cliente', ALL);
    fireEvent.click(await screen.findByRole('button', { name: 'Cadastrar' }));
    expect((await screen.findByText('Corrija os campos CPF e UF.')).textContent).not.toMatch(/document|address/);
    expect(screen.getByText('CPF inválido: todos os dígitos são iguais')).toBeTruthy();
    expect(screen.getByLabelText(/^CPF/).getAttribute('aria-invalid')).toBe('true');
  });
});
