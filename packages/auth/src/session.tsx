import { registerSessionHooks } from '@backoffice/api-client';
import { getUserByUid, getUserPermissions, type User } from '@backoffice/api-client/endpoints';
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AccessUser } from './accessRules';
import type { AuthAdapter } from './adapter';
import { createEmbeddedAdapter } from './embeddedAdapter';
import { createFirebaseAdapter } from './firebaseAdapter';
import type { RuntimeConfig } from './runtimeConfig';
import { clearStoredUser, readStoredUser, storeUser } from './userStore';

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

export interface Session {
  status: SessionStatus;
  user: User | null;
  adapter: AuthAdapter;
  signIn: (email: string, password: string) => Promise<User>;
  signOut: () => Promise<void>;
  /** Fetch the current user again by uid and store it (the hub does this before deciding). */
  reloadUser: () => Promise<User | null>;
}

const SessionContext = createContext<Session | null>(null);

export function createAdapter(config: RuntimeConfig): AuthAdapter {
  return config.auth.provider === 'firebase' ? createFirebaseAdapter(config.auth) : createEmbeddedAdapter();
}

/**
 * `GET /api/v1/users/{uid}` returns a list; the first item is the user. The permissions the user holds now
 * (`GET /api/v1/users/{uid}/permissions`: role, flags and per-user grants and revokes) come with it, so the
 * menu and the guard show what an administrator granted to this one user; if that read fails the role
 * defaults decide, and the server still enforces every permission.
 */
export async function fetchUser(uid: string): Promise<User> {
  const [user] = await getUserByUid(uid);
  if (!user) throw new Error('Usuário não encontrado.');
  const permissions = await getUserPermissions(user.uid)
    .then((held) => held.permissions)
    .catch(() => undefined);
  if (!permissions) return user;
  const withPermissions: User & Pick<AccessUser, 'permissions'> = { ...user, permissions };
  return withPermissions;
}

interface AuthProviderProps {
  adapter: AuthAdapter;
  children: ReactNode;
  /** Called after every successful sign-in (the shell registers push here). */
  onSignedIn?: (user: User) => void;
  /** Called after sign-out, before the state changes, so the app can go to `/` first. */
  onSignedOut?: () => void;
  /** localStorage keys that survive the sign-out clear (the install prompt's "dismissed for good" flag). */
  keepOnSignOut?: string[];
}

/** Sign-out clears local storage, as the seed says, except for device-level preferences. */
export function clearLocalStorageExcept(keep: string[]): void {
  const kept = keep.map((key) => [key, localStorage.getItem(key)] as const);
  localStorage.clear();
  for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
}

export function AuthProvider({ adapter, children, onSignedIn, onSignedOut, keepOnSignOut = [] }: AuthProviderProps) {
  const [user, setUser] = useState<User | null>(() => readStoredUser());
  const [status, setStatus] = useState<SessionStatus>('loading');
  const callbacks = useRef({ onSignedIn, onSignedOut, keepOnSignOut });
  callbacks.current = { onSignedIn, onSignedOut, keepOnSignOut };

  const signOut = useCallback(async () => {
    await adapter.signOut().catch((error: unknown) => console.error('Falha ao encerrar a sessão.', error));
    clearLocalStorageExcept(callbacks.current.keepOnSignOut);
    // One transition for the navigation and the signed-out state: the router applies its location change as a
    // transition, so a plain state update would render first, with the old page still current, and the guard
    // would send the signed-out visitor to `/?redirect=<that page>` instead of where `onSignedOut` went.
    startTransition(() => {
      callbacks.current.onSignedOut?.();
      setUser(null);
      setStatus('signed-out');
    });
  }, [adapter]);

  useEffect(() => {
    registerSessionHooks({ getAccessToken: () => adapter.getAccessToken(), refresh: () => adapter.refresh(), signOut });
    return () => registerSessionHooks(null);
  }, [adapter, signOut]);

  const loadUser = useCallback(async (uid: string) => {
    const loaded = await fetchUser(uid);
    storeUser(loaded);
    setUser(loaded);
    setStatus('signed-in');
    return loaded;
  }, []);

  useEffect(() => {
    let cancelled = false;
    adapter
      .restore()
      .then(async (signedIn) => {
        if (cancelled) return;
        if (!signedIn) {
          clearStoredUser();
          setUser(null);
          setStatus('signed-out');
          return;
        }
        const cached = readStoredUser();
        if (cached?.uid === signedIn.uid) {
          setStatus('signed-in');
          void loadUser(signedIn.uid).catch(() => undefined);
        } else {
          await loadUser(signedIn.uid);
        }
      })
      .catch(() => {
        if (!cancelled) void signOut();
      });
    return () => {
      cancelled = true;
    };
  }, [adapter, loadUser, signOut]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const { uid } = await adapter.signIn(email, password);
      const loaded = await loadUser(uid);
      callbacks.current.onSignedIn?.(loaded);
      return loaded;
    },
    [adapter, loadUser],
  );

  const reloadUser = useCallback(async () => {
    const current = readStoredUser();
    const signedIn = current ? { uid: current.uid } : await adapter.restore();
    return signedIn ? loadUser(signedIn.uid) : null;
  }, [adapter, loadUser]);

  const value = useMemo<Session>(
    () => ({ status, user, adapter, signIn, signOut, reloadUser }),
    [status, user, adapter, signIn, signOut, reloadUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession precisa de um AuthProvider acima.');
  return session;
}
