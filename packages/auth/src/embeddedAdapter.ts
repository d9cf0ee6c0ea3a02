import { authChangePassword, authConfirmReset, authRefresh, authSendResetCode, authSignIn, authSignOut, type TokenResponse } from '@backoffice/api-client/endpoints';
import type { AuthAdapter, SignedIn } from './adapter';

const SESSION_KEY = 'auth.session';

interface StoredSession {
  uid: string;
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
}

function readSession(): StoredSession | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    return raw ? (JSON.parse(raw) as StoredSession) : null;
  } catch {
    return null;
  }
}

function saveSession(tokens: TokenResponse): StoredSession {
  const session: StoredSession = {
    uid: tokens.user.uid,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    expiresAt: Date.now() + tokens.expires_in * 1000,
  };
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  return session;
}

// Refresh a little early so a request does not leave with a token that expires in flight.
const EXPIRY_MARGIN_MS = 30_000;

// Two requests that both see an expired token share one refresh (the refresh token rotates).
let refreshing: Promise<boolean> | null = null;

async function refreshOnce(): Promise<boolean> {
  const session = readSession();
  if (!session) return false;
  try {
    saveSession(await authRefresh(session.refreshToken));
    return true;
  } catch {
    return false;
  }
}

export function createEmbeddedAdapter(): AuthAdapter {
  const refresh = (): Promise<boolean> => {
    refreshing ??= refreshOnce().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  return {
    kind: 'embedded',
    async restore(): Promise<SignedIn | null> {
      const session = readSession();
      return session ? { uid: session.uid } : null;
    },
    async signIn(email, password) {
      return { uid: saveSession(await authSignIn(email, password)).uid };
    },
    async signOut() {
      // The server ends the session named in the bearer token, so call it while the token is still stored.
      if (readSession()) await authSignOut().catch(() => undefined);
      localStorage.removeItem(SESSION_KEY);
    },
    async getAccessToken() {
      const session = readSession();
      if (!session) return null;
      if (session.expiresAt - EXPIRY_MARGIN_MS > Date.now()) return session.accessToken;
      return (await refresh()) ? (readSession()?.accessToken ?? null) : null;
    },
    refresh,
    sendResetCode: (email) => authSendResetCode(email),
    confirmReset: (email, code, newPassword) => authConfirmReset(email, code, newPassword),
    changePassword: (current, next) => authChangePassword(current, next),
  };
}
