import type { Client } from '@backoffice/api-client/endpoints';
import { fakeApi, respond } from '@backoffice/api-client/testing';
import * as auth from '@backoffice/auth';
import { findRoute } from '@backoffice/routes';
import { BackofficeProvider } from '@backoffice/ui';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import ClientPage from './ClientPage';

/** Answers go through the fake server and TanStack Query: on a busy machine that takes more than the default 1 s. */
const SLOW = { timeout: 10_000 };

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
  tags: [],
  do_not_contact: false,
};

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => {
  api?.restore();
  // Toasts live in Mantine's global store: one test's "Cliente arquivado." must not show in the next.
  notifications.clean();
});

/** The page against a fake server (the generated hooks and the real mutator): the client, plus `routes`. */
function renderAt(path: string, permissions: string[], routes: Parameters<typeof fakeApi>[0] = {}) {
  vi.spyOn(auth, 'usePermission').mockImplementation((code) => permissions.includes(code));
  api = fakeApi({ 'GET /api/v1/crm/clients/c1': () => acme, ...routes });
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

// Rendering Mantine in jsdom takes seconds per test when the machine is busy: well past the default 5 s.
describe('<ClientPage> actions by permission', { timeout: 30_000 }, () => {
  it('a role that only consults sees the client and no action', async () => {
    renderAt('/cliente?id=c1', ['clientes_ler']);
    expect(await screen.findByRole('heading', { name: 'Ana Cliente' }, SLOW)).toBeTruthy();
    for (const name of ['Editar', 'Arquivar', 'Restaurar']) expect(screen.queryByRole('button', { name })).toBeNull();
  });
  it('a role that edits but does not archive sees "Editar" only', async () => {
    renderAt('/cliente?id=c1', ['clientes_ler', 'clientes_editar']);
    expect(await screen.findByRole('button', { name: 'Editar' }, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Arquivar' })).toBeNull();
  });
  it('the creation page tells a role that only consults, and shows no form', async () => {
    renderAt('/cliente', ['clientes_ler']);
    expect(await screen.findByText('Você não pode cadastrar clientes.', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cadastrar' })).toBeNull();
  });
});

describe('<ClientPage> archiving asks first', { timeout: 30_000 }, () => {
  it('archives only after the confirmation', async () => {
    renderAt('/cliente?id=c1', ALL, { 'POST /api/v1/crm/clients/c1/archive': () => ({ ...acme, status: 'archived' }) });
    const archived = () => api?.callsTo('POST /api/v1/crm/clients/c1/archive') ?? [];
    fireEvent.click(await screen.findByRole('button', { name: 'Arquivar' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Arquivar cliente' }, SLOW);
    expect(archived()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
    expect(archived()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Arquivar' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Arquivar cliente' }, SLOW)).getByRole('button', { name: 'Arquivar' }));
    await waitFor(() => expect(archived()).toHaveLength(1), SLOW);
    expect(await screen.findByRole('button', { name: 'Restaurar' }, SLOW)).toBeTruthy();
  });
});

describe('<ClientPage> server field errors', { timeout: 30_000 }, () => {
  const refusal = (fields: Array<{ field: string; message: string }>) =>
    respond(422, { code: 'campos_invalidos', message: 'Alguns campos estão inválidos; corrija-os e tente novamente.', fields });

  const fillRequired = () => {
    fireEvent.change(screen.getByLabelText(/^CPF/), { target: { value: '11111111111' } });
    fireEvent.change(screen.getByLabelText(/^Nome/), { target: { value: 'Ana' } });
  };

  it('names the fields by their labels above the form and puts each message on its field', async () => {
    renderAt('/cliente', ALL, {
      'POST /api/v1/crm/clients': () =>
        refusal([
          { field: 'document', message: 'CPF inválido: todos os dígitos são iguais' },
          { field: 'emails[0]', message: 'E-mail inválido.' },
        ]),
    });
    await screen.findByRole('button', { name: 'Cadastrar' }, SLOW);
    fillRequired();
    fireEvent.change(screen.getByLabelText('E-mail 1'), { target: { value: 'não-é-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar' }));
    const summary = await screen.findByText('Corrija os campos CPF e E-mail 1.', {}, SLOW);
    expect(summary.textContent).not.toMatch(/document|emails/);
    expect(screen.getByText('CPF inválido: todos os dígitos são iguais')).toBeTruthy();
    expect(screen.getByLabelText(/^CPF/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('E-mail 1').getAttribute('aria-invalid')).toBe('true');
    // What was sent: the API's shape, normalized.
    expect(api?.callsTo('POST /api/v1/crm/clients')[0]?.body).toEqual({ kind: 'person', document: '11111111111', name: 'Ana', emails: ['não-é-email'], phones: [], status: 'active' });
  });

  it("a field a person's form does not show keeps its label with its message; an address part goes on its input", async () => {
    renderAt('/cliente', ALL, {
      'POST /api/v1/crm/clients': () =>
        refusal([
          { field: 'trade_name', message: 'Muito longo.' },
          { field: 'emails[3]', message: 'E-mail inválido.' },
          { field: 'address.state', message: 'UF inválida.' },
          { field: 'algo_novo', message: 'Valor inválido.' },
        ]),
    });
    await screen.findByRole('button', { name: 'Cadastrar' }, SLOW);
    fillRequired();
    fireEvent.change(screen.getByLabelText(/^Cidade/), { target: { value: 'Recife' } });
    fireEvent.change(screen.getByLabelText(/^CEP/), { target: { value: '50000000' } });
    fireEvent.change(screen.getByLabelText(/^Logradouro/), { target: { value: 'Rua A' } });
    // UF left blank: the form asks for it first.
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe('Corrija o campo UF.');
    expect(api?.callsTo('POST /api/v1/crm/clients')).toHaveLength(0);
    // With a UF the server is asked, and refuses.
    fireEvent.click(screen.getByRole('combobox', { name: /^UF/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'PE — Pernambuco' }, SLOW));
    fireEvent.click(screen.getByRole('button', { name: 'Cadastrar' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Corrija o campo UF. Nome fantasia: Muito longo. E-mail 4: E-mail inválido. Valor inválido.'), SLOW);
    expect(screen.getByText('UF inválida.')).toBeTruthy();
  });

  it('editing sends the changes and shows the saved client', async () => {
    renderAt('/cliente?id=c1', ALL, { 'PATCH /api/v1/crm/clients/c1': ({ body }) => ({ ...acme, ...(body as object) }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Editar' }, SLOW));
    fireEvent.change(screen.getByLabelText(/^Nome/), { target: { value: 'Ana Editada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('heading', { name: 'Ana Editada' }, SLOW)).toBeTruthy();
    expect(api?.callsTo('PATCH /api/v1/crm/clients/c1')[0]?.body).toMatchObject({ name: 'Ana Editada', document: '12345678909', trade_name: '' });
  });
});
