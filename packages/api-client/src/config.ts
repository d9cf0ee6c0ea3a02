import { resolveApiBase } from './apiBase';

/**
 * What the mutator needs from the session, registered by the auth package at start-up. Kept as callbacks
 * so this package does not depend on the auth package (auth depends on this one).
 */
export interface SessionHooks {
  getAccessToken: () => Promise<string | null> | string | null;
  /** Refresh the session once; resolve true when a new token is available. */
  refresh: () => Promise<boolean>;
  signOut: () => Promise<void> | void;
}

interface ClientState {
  configuredApiBase: string | null;
  session: SessionHooks | null;
}

const state: ClientState = { configuredApiBase: null, session: null };

export function configureApiBase(apiBase: string | null | undefined): void {
  state.configuredApiBase = apiBase ?? null;
}

export function registerSessionHooks(hooks: SessionHooks | null): void {
  state.session = hooks;
}

export function getSessionHooks(): SessionHooks | null {
  return state.session;
}

export function currentApiBase(): string {
  return resolveApiBase(window.location, state.configuredApiBase);
}
