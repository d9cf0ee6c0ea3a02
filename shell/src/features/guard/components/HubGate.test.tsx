import * as apiClient from '@backoffice/api-client/endpoints';
import type { User } from '@backoffice/api-client/endpoints';
import * as auth from '@backoffice/auth';
import { BackofficeProvider } from '@backoffice/ui';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { HubGate } from './HubGate';

const hubUser = (flags: Partial<NonNullable<User['role_id']>>, access_hub = true): User => ({
  uid: 'u1',
  email: 'h@x',
  name: 'H',
  role: 'FINANCIAL_ASSISTANT',
  role_id: { can_see_conciliation: false, can_see_dispatch: false, can_approval_dispatch: false, ...flags },
  access_hub,
  is_password_updated: true,
  active: true,
  created_at: '',
  updated_at: '',
});

function renderAt(path: string, user: User) {
  vi.spyOn(auth, 'useSession').mockReturnValue({ user, reloadUser: () => Promise.resolve(user) } as unknown as auth.Session);
  return render(
    <BackofficeProvider env="test">
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/hub" element={<HubGate>hub</HubGate>} />
          <Route path="/hub/despachos" element={<HubGate>despachos</HubGate>} />
          <Route path="/inicio" element={<p>inicio</p>} />
        </Routes>
      </MemoryRouter>
    </BackofficeProvider>,
  );
}

describe('<HubGate>', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('denied dispatch: dialog without buttons for 4 s, reported, then back to /hub', async () => {
    const report = vi.spyOn(apiClient, 'reportDispatchAccess').mockResolvedValue({ id: 'a1' });
    renderAt('/hub/despachos', hubUser({}));
    const dialog = await screen.findByRole('alertdialog', { name: 'Acesso negado' });
    expect(dialog.textContent).toContain('comitê de segurança da informação');
    expect(dialog.querySelectorAll('button')).toHaveLength(0);
    expect(report).toHaveBeenCalledWith(expect.stringContaining('/hub/despachos'), false);
    await act(async () => vi.advanceTimersByTime(3900));
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(200));
    // /hub mounts its own gate, which loads the user again before rendering.
    await act(async () => vi.runOnlyPendingTimersAsync());
    expect(await screen.findByText('hub', {}, { timeout: 3000 })).toBeTruthy();
  });

  it('allowed dispatch is reported too and renders the page', async () => {
    const report = vi.spyOn(apiClient, 'reportDispatchAccess').mockResolvedValue({ id: 'a2' });
    renderAt('/hub/despachos', hubUser({ can_see_dispatch: true }));
    expect(await screen.findByText('despachos')).toBeTruthy();
    expect(report).toHaveBeenCalledWith(expect.any(String), true);
  });

  it('a failed report changes nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(apiClient, 'reportDispatchAccess').mockRejectedValue(new Error('offline'));
    renderAt('/hub/despachos', hubUser({ can_see_dispatch: true }));
    expect(await screen.findByText('despachos')).toBeTruthy();
  });

  it('without access_hub goes to /inicio', async () => {
    renderAt('/hub', hubUser({}, false));
    expect(await screen.findByText('inicio')).toBeTruthy();
  });
});
