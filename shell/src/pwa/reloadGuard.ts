/**
 * After a new version is deployed, old chunk names disappear and lazy loads fail; a reload fixes it. This guard
 * allows that reload at most once per path per 10 s so a genuinely broken chunk cannot cause a reload loop.
 */
export const RELOAD_GUARD_WINDOW_MS = 10_000;
const KEY_PREFIX = 'backoffice:chunk-reload:';

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function tryClaimReload(path: string, now: number, store: KeyValueStore): boolean {
  const key = `${KEY_PREFIX}${path}`;
  const last = Number(store.getItem(key) ?? 'NaN');
  if (Number.isFinite(last) && now - last < RELOAD_GUARD_WINDOW_MS) return false;
  store.setItem(key, String(now));
  return true;
}

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || /Loading (CSS )?chunk .* failed|Não foi possível carregar a área/i.test(error.message);
}
