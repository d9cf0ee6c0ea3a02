import type { User } from '@backoffice/api-client/endpoints';
import * as auth from '@backoffice/auth';
import { BackofficeProvider } from '@backoffice/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Layout } from './Layout';

const someone = (role: string): User => ({
  uid: 'u1',
  email: 'ana@exemplo.com.br',
  name: 'Ana Souza',
  role: role as User['role'],
  role_id: { can_see_conciliation: false, can_see_dispatch: false, can_approval_dispatch: false },
  access_hub: false,
  is_password_updated: true,
  active: true,
  created_at: '',
  updated_at: '',
});

function renderFrame(role: string, path = '/clientes') {
  const signOut = vi.fn().mockResolvedValue(undefined);
  vi.spyOn(auth, 'useSession').mockReturnValue({ status: 'signed-in', user: someone(role), signOut } as unknown as auth.Session);
  render(
    <BackofficeProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[path]}>
          <Layout headerActions={<button type="button">Sino</button>} notice={<p>Aviso acima da página</p>}>
            <p>conteúdo</p>
          </Layout>
        </MemoryRouter>
      </QueryClientProvider>
    </BackofficeProvider>,
  );
  return { signOut };
}

const menu = () => screen.getByRole('navigation', { name: 'Menu principal' });
const openGroup = (name: string) => fireEvent.click(within(menu()).getByRole('button', { name }));
// A group opens with Mantine's Collapse (animated): its links appear a moment later.
const menuLink = (name: string) => within(menu()).findByRole('link', { name });

// Rendering Mantine in jsdom takes seconds per test when the machine is busy: well past the default 5 s.
describe('<Layout> (the app frame)', { timeout: 60_000 }, () => {
  it('shows a salesperson only the pages a salesperson can open', async () => {
    renderFrame('SALESPERSON');
    // What the app puts in the frame (the bell, the denied notice) shows where it belongs.
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Sino' })).toBeTruthy();
    expect(within(screen.getByRole('main')).getByText('Aviso acima da página')).toBeTruthy();
    expect(within(menu()).getByRole('link', { name: 'Clientes' }).getAttribute('aria-current')).toBe('page');
    openGroup('Financeiro');
    expect(await menuLink('Cancelamentos')).toBeTruthy();
    expect(within(menu()).queryByRole('link', { name: 'Recebimentos por período' })).toBeNull();
    expect(within(menu()).queryByRole('link', { name: 'Pagamentos' })).toBeNull();
    expect(within(menu()).queryByRole('link', { name: 'Remessa de cobrança' })).toBeNull();
    expect(within(menu()).queryByRole('button', { name: 'Hub' })).toBeNull();
  });

  it('shows a finance manager the payments and the remittances', async () => {
    renderFrame('FINANCIAL_MANAGER');
    openGroup('Financeiro');
    expect(await menuLink('Pagamentos')).toBeTruthy();
    expect(within(menu()).getByRole('link', { name: 'Remessa de cobrança' })).toBeTruthy();
  });

  it('opens the group of the current page and shows area › page breadcrumbs', () => {
    renderFrame('ADMIN', '/cliente');
    expect(within(menu()).getByRole('button', { name: 'Vendas e CRM' }).getAttribute('aria-expanded')).toBe('true');
    expect(within(menu()).getByRole('button', { name: 'Financeiro' }).getAttribute('aria-expanded')).toBe('false');
    const crumbs = screen.getByRole('navigation', { name: 'Trilha de navegação' });
    expect(crumbs.textContent).toBe('Vendas e CRM›Clientes›Cliente');
    expect(within(crumbs).getByRole('link', { name: 'Clientes' }).getAttribute('href')).toBe('/clientes');
  });

  it('has the user menu with "Meu perfil" and "Sair"', async () => {
    const { signOut } = renderFrame('ADMIN');
    fireEvent.click(screen.getByRole('button', { name: 'Menu do usuário: Ana Souza' }));
    expect((await screen.findByRole('menuitem', { name: 'Meu perfil' })).getAttribute('href')).toBe('/perfil');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sair' }));
    await waitFor(() => expect(signOut).toHaveBeenCalled());
  });
});
