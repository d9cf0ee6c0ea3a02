/**
 * Keeping the count page for the installed app with no network (§5(b)): the service worker (shell/sw/sw.ts,
 * message `KEEP_FOR_OFFLINE`) stores this page's address in the app-shell cache and the files this page loaded
 * (the remote's entry and chunks) in its run-time caches, so a reload with no network opens the same page even
 * when it was first opened before the worker controlled it.
 */

export const KEEP_FOR_OFFLINE = 'KEEP_FOR_OFFLINE';

/** The same-origin scripts, styles and entries this page loaded (the worker keeps those its routes cache). */
export function loadedFiles(entries: { name: string }[], origin: string): string[] {
  const files = new Set<string>();
  for (const { name } of entries) {
    let url: URL;
    try {
      url = new URL(name);
    } catch {
      continue;
    }
    if (url.origin !== origin) continue;
    if (/\.(js|css)$/.test(url.pathname) || url.pathname.endsWith('/mf-manifest.json') || url.pathname === '/runtime-config.json') files.add(url.href);
  }
  return [...files];
}

/** Asks the active worker to keep the page; false without a worker (development server) or without an answer. */
export async function keepPageForOffline(timeoutMs = 20_000): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  if (!(await navigator.serviceWorker.getRegistration())) return false;
  // On the first visit the worker may still be installing (precaching): wait for it to be active, within the limit.
  const ready = await Promise.race([navigator.serviceWorker.ready, new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs))]);
  const worker = ready?.active;
  if (!worker) return false;
  const files = loadedFiles(performance.getEntriesByType('resource'), location.origin);
  return new Promise<boolean>((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), timeoutMs);
    channel.port1.onmessage = (event: MessageEvent<{ ok?: boolean }>) => {
      clearTimeout(timer);
      resolve(Boolean(event.data?.ok));
    };
    worker.postMessage({ type: KEEP_FOR_OFFLINE, page: location.href, files }, [channel.port2]);
  });
}
