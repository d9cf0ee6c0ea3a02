/** The service worker's run-time caches and which same-origin files go to each (shell/sw/sw.ts). */

export const APP_SHELL_CACHE = 'app-shell';
export const ENTRIES_CACHE = 'entries';
export const REMOTE_CHUNKS_CACHE = 'remote-chunks';

/**
 * Where a file is cached at run time: `entries` (network-first; the same name across versions: remote entries,
 * MF manifests, the runtime config, the manifest and icons), `remote-chunks` (cache-first; the remotes' hashed
 * JS and CSS), or null (another origin, the shell's hashed chunks — precached —, the API, anything else).
 */
export function runtimeCacheOf(url: URL, origin: string): typeof ENTRIES_CACHE | typeof REMOTE_CHUNKS_CACHE | null {
  if (url.origin !== origin) return null;
  const path = url.pathname;
  if (
    /\/remoteEntry\.js$/.test(path) ||
    /\/mf-manifest\.json$/.test(path) ||
    path === '/runtime-config.json' ||
    path === '/manifest.webmanifest' ||
    path === '/favicon.ico' ||
    path.startsWith('/icons/')
  ) {
    return ENTRIES_CACHE;
  }
  if (/^\/remotes\/[^/]+\/.+\.[0-9a-f]{8}\.(js|css)$/.test(path)) return REMOTE_CHUNKS_CACHE;
  return null;
}

/** A cached page that may stand in for an address never opened online: not the embedded CRM plugin's. */
export function isAppShellFallback(url: URL): boolean {
  return !url.pathname.startsWith('/crm/plugin');
}
