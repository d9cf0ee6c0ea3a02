import * as apiClient from '@backoffice/api-client/endpoints';
import type { User } from '@backoffice/api-client/endpoints';
import { DEFAULT_RUNTIME_CONFIG, useSession, type AuthAdapter } from '@backoffice/auth';
import { BackofficeProvider } from '@backoffice/ui';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { RouteGuard } from '../features/guard/components/RouteGuard';
import { SessionRoot } from './App';

const admin: User = {
  uid: 'u1',
  email: 'ana@exemplo.com.br',
  name: 'Ana',
  role: 'ADMIN',
  role_id: { can_see_conciliation: false, can_see_dispatch: false, can_approval_dispatch: false },
  access_hub: false,
  is_password_updated: true,
  active: true,
  created_at: '',
  updated_at: '',
};

function signedInAdapter(): AuthAdapter {
  return {
    kind: 'embedded',
    restore: vi.fn().mockResolvedValue({ uid: 'u1' }),
    signIn: vi.fn().mockResolvedValue({ uid: 'u1' }),
    signOut: vi.fn().mockResolvedValue(undefined),
    getAccessToken: vi.fn().mockResolvedValue('t'),
    refresh: vi.fn().mockResolvedValue(true),
    sendResetCode: vi.fn(),
    confirmReset: vi.fn(),
    changePassword: vi.fn(),
  };
}

/** Every location the app passes through, and the session's sign-out. */
const visited: string[] = [];
let signOut: (() => Promise<void>) | null = null;
function Page() {
  const { pathname, search } = useLocation();
  const session = useSession();
  signOut = session.signOut;
  visited.push(`${pathname}${search}`);
  return <p data-testid="where">{`${session.status} ${pathname}${search}`}</p>;
}

beforeEach(() => {
  localStorage.clear();
  visited.length = 0;
  signOut = null;
});

describe('sign-out', () => {
  it.each(['/clientes?q=ana&sort=-name', '/perfil', '/inicio'])('from %s goes to plain / (no redirect back to the page)', async (start) => {
    vi.spyOn(apiClient, 'getUserByUid').mockResolvedValue([admin]);
    render(
      <BackofficeProvider env="test">
        <MemoryRouter initialEntries={[start]}>
          <SessionRoot config={DEFAULT_RUNTIME_CONFIG} adapter={signedInAdapter()}>
            <RouteGuard>
              <Page />
            </RouteGuard>
          </SessionRoot>
        </MemoryRouter>
      </BackofficeProvider>,
    );
    await screen.findByText(`signed-in ${start}`);
    await act(async () => {
      await signOut?.();
    });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('signed-out /'));
    // Not even for a moment on `/?redirect=…`.
    expect(visited.filter((path) => path.includes('redirect'))).toEqual([]);
    expect(localStorage.getItem('user')).toBeNull();
  });
});
