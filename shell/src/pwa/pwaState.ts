import { useSyncExternalStore } from 'react';

/** The PWA flags of the seed, observable from React. */
export interface PwaState {
  offlineReady: boolean;
  needRefresh: boolean;
  registrationFailed: boolean;
  installPromptVisible: boolean;
}

let state: PwaState = { offlineReady: false, needRefresh: false, registrationFailed: false, installPromptVisible: false };
const listeners = new Set<() => void>();

export function setPwaState(patch: Partial<PwaState>): void {
  state = { ...state, ...patch };
  listeners.forEach((listener) => listener());
}

export function getPwaState(): PwaState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePwaState(): PwaState {
  return useSyncExternalStore(subscribe, getPwaState);
}
