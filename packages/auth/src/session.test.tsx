import * as apiClient from '@backoffice/api-client/endpoints';
import type { User } from '@backoffice/api-client/endpoints';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { AuthAdapter } from './adapter';
import { AuthProvider, useSession, type Session } from './session';
import { USER_STORAGE_KEY } from './userStore';

const user: User = {
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

function fakeAdapter(overrides: Partial<AuthAdapter> = {}): AuthAdapter {
  return {
    kind: 'embedded',
    restore: vi.fn().mockResolvedValue(null),
    signIn: vi.fn().mockResolvedValue({ uid: 'u1' }),
    signOut: vi.fn().mockResolvedValue(undefined),
    getAccessToken: vi.fn().mockResolvedValue('t'),
    refresh: vi.fn().mockResolvedValue(true),
    sendResetCode: vi.fn(),
    confirmReset: vi.fn(),
    changePassword: vi.fn(),
    ...overrides,
  };
}

let session: Session | null = null;
function Probe() {
  session = useSession();
  return <p>{session.status}</p>;
}

beforeEach(() => {
  localStorage.clear();
  session = null;
});

describe('AuthProvider', () => {
  it('without a session, clears the stored user and is signed out', async () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    render(<AuthProvider adapter={fakeAdapter()}><Probe /></AuthProvider>);
    await screen.findByText('signed-out');
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('sign-in fetches the user by uid (first item of the list) and caches it under "user"', async () => {
    const getUser = vi.spyOn(apiClient, 'getUserByUid').mockResolvedValue([user]);
    const onSignedIn = vi.fn();
    render(<AuthProvider adapter={fakeAdapter()} onSignedIn={onSignedIn}><Probe /></AuthProvider>);
    await screen.findByText('signed-out');
    await act(async () => {
      await session?.signIn('ana@exemplo.com.br', 'x');
    });
    expect(getUser).toHaveBeenCalledWith('u1');
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toMatchObject({ uid: 'u1', role: 'ADMIN' });
    expect(onSignedIn).toHaveBeenCalledWith(expect.objectContaining({ uid: 'u1' }));
    await screen.findByText('signed-in');
  });

  it('rethrows the provider error with its own message', async () => {
    const adapter = fakeAdapter({ signIn: vi.fn().mockRejectedValue(new Error('E-mail ou senha inválidos.')) });
    render(<AuthProvider adapter={adapter}><Probe /></AuthProvider>);
    await screen.findByText('signed-out');
    await expect(session?.signIn('a@b.c', 'x')).rejects.toThrow('E-mail ou senha inválidos.');
  });

  it('sign-out closes the provider session, clears local storage (keeping listed keys) and calls back', async () => {
    vi.spyOn(apiClient, 'getUserByUid').mockResolvedValue([user]);
    const adapter = fakeAdapter({ restore: vi.fn().mockResolvedValue({ uid: 'u1' }) });
    const onSignedOut = vi.fn();
    localStorage.setItem('pwa-install-dismissed', 'true');
    localStorage.setItem('outra-coisa', '1');
    render(<AuthProvider adapter={adapter} onSignedOut={onSignedOut} keepOnSignOut={['pwa-install-dismissed']}><Probe /></AuthProvider>);
    await screen.findByText('signed-in');
    await act(async () => {
      await session?.signOut();
    });
    expect(adapter.signOut).toHaveBeenCalled();
    expect(onSignedOut).toHaveBeenCalled();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem('outra-coisa')).toBeNull();
    expect(localStorage.getItem('pwa-install-dismissed')).toBe('true');
    await waitFor(() => expect(screen.getByText('signed-out')).toBeTruthy());
  });
});
