import * as apiClient from '@backoffice/api-client/endpoints';
import type { User } from '@backoffice/api-client/endpoints';
import * as auth from '@backoffice/auth';
import { BackofficeProvider } from '@backoffice/ui';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { DeniedNotice, deniedExplanation, DENIED_TITLE } from './denied';
import { RouteGuard } from './RouteGuard';

const salesperson: User = {
  uid: 'u1',
  email: 'v@x',
  name: 'Vera',
  role: 'SALESPERSON',
  role_id: { can_see_conciliation: false, can_see_dispatch: false, can_approval_dispatch: false },
  access_hub: false,
  is_password_updated: true,
  active: true,
  created_at: '',
  updated_at: '',
};

function Page() {
  const { pathname } = useLocation();
  return (
    <>
      <DeniedNotice />
      <p data-testid="where">{pathname}</p>
    </>
  );
}

function renderAt(path: string, user: User = salesperson) {
  vi.spyOn(auth, 'useSession').mockReturnValue({ status: 'signed-in', user } as unknown as auth.Session);
  render(
    <BackofficeProvider env="test">
      <MemoryRouter initialEntries={[path]}>
        <RouteGuard>
          <Page />
        </RouteGuard>
      </MemoryRouter>
    </BackofficeProvider>,
  );
}

describe('a denied page says why', () => {
  it('explains with the page title and the permission in words', () => {
    expect(deniedExplanation('/pagamentos')).toBe(
      'Para abrir “Pagamentos” é preciso permissão para acessar pagamentos e recebimentos. Se precisar dela, fale com um administrador.',
    );
  });

  it('a rule of the guard: the page the user is sent to shows the notice, which can be closed', async () => {
    renderAt('/pagamentos');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/minhas-vendas'));
    const notice = screen.getByRole('alert');
    expect(notice.textContent).toContain(DENIED_TITLE);
    expect(notice.textContent).toContain('“Pagamentos”');
    fireEvent.click(screen.getByRole('button', { name: 'Fechar aviso' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByTestId('where').textContent).toBe('/minhas-vendas');
  });

  it('a page the server refuses', async () => {
    vi.spyOn(apiClient, 'authAccess').mockResolvedValue({ path: '/remessa', permission: 'remessa_cobranca', allowed: false });
    renderAt('/remessa');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/inicio'));
    expect(screen.getByRole('alert').textContent).toContain('gerar remessas de cobrança');
  });

  it('a role sent to its own start page is not told it was denied', async () => {
    renderAt('/inicio', { ...salesperson, role: 'LEGAL_ASSISTANT' });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/clientes'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
