import { isChunkLoadError, tryClaimReload } from './reloadGuard';

/** The build id baked into this bundle; builds/latest.json carries the id of the newest deployment. */
declare const __BUILD_ID__: string;
export const BUILD_ID: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'dev';

const VERSION_CHECK_MS = 60_000;
let newVersionDetected = false;

export function hasNewVersion(): boolean {
  return newVersionDetected;
}

export async function checkLatestBuild(fetchImpl: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetchImpl(`/builds/latest.json?${Date.now()}`, { cache: 'no-store' });
    if (!response.ok) return newVersionDetected;
    const latest = (await response.json()) as { id?: string };
    if (latest.id && latest.id !== BUILD_ID) newVersionDetected = true;
  } catch {
    // Offline or the file is missing: nothing to learn this time.
  }
  return newVersionDetected;
}

/** Reload for a chunk failure only after a new version was seen, and only as the guard allows. */
export function reloadOnChunkError(error: unknown): boolean {
  if (!newVersionDetected || !isChunkLoadError(error)) return false;
  if (!tryClaimReload(window.location.pathname, Date.now(), sessionStorage)) return false;
  window.location.reload();
  return true;
}

export function startVersionWatch(): void {
  void checkLatestBuild();
  setInterval(() => void checkLatestBuild(), VERSION_CHECK_MS);
  window.addEventListener('preload-error', (event) => {
    void checkLatestBuild().then(() => reloadOnChunkError((event as CustomEvent<unknown>).detail));
  });
}
