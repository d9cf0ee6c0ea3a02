/// <reference lib="webworker" />
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { notificationFromPush, type PushPayload } from './notificationDefaults';
import { APP_SHELL_CACHE, ENTRIES_CACHE, REMOTE_CHUNKS_CACHE, isAppShellFallback, runtimeCacheOf } from './runtimeCaches';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// Only hashed chunks are precached (the build's `include`); everything that names the current version is
// network-first below so a new deployment is picked up as soon as the network answers.
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const NETWORK_FIRST_TIMEOUT_S = 4;

// The app shell: network-first, so it opens offline after the first visit. Every address serves the same
// index.html, so an address never visited online falls back to the newest cached one (a page kept with
// KEEP_FOR_OFFLINE, or any other): the router then opens the page asked for.
registerRoute(
  new NavigationRoute(
    new NetworkFirst({ cacheName: APP_SHELL_CACHE, networkTimeoutSeconds: NETWORK_FIRST_TIMEOUT_S, plugins: [{ handlerDidError: newestAppShell }] }),
    { denylist: [/^\/api\//, /^\/fcm-subscriptions\//, /^\/dispatch\//, /^\/healthz/, /^\/readyz/] },
  ),
);

// Files whose name stays the same across versions: remote entries, MF manifests, the runtime config.
registerRoute(
  ({ url }) => runtimeCacheOf(url, self.location.origin) === ENTRIES_CACHE,
  new NetworkFirst({ cacheName: ENTRIES_CACHE, networkTimeoutSeconds: NETWORK_FIRST_TIMEOUT_S }),
);

// The remotes' hashed chunks (JS and CSS) are built separately (not in this manifest): cache them on first use.
registerRoute(
  ({ url }) => runtimeCacheOf(url, self.location.origin) === REMOTE_CHUNKS_CACHE,
  new CacheFirst({ cacheName: REMOTE_CHUNKS_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 })] }),
);

/** The newest cached page (all are the same index.html), for an address never opened online. */
async function newestAppShell(): Promise<Response | undefined> {
  const cache = await caches.open(APP_SHELL_CACHE);
  const keys = (await cache.keys()).filter((request) => isAppShellFallback(new URL(request.url)));
  const newest = keys[keys.length - 1];
  return newest ? cache.match(newest) : undefined;
}

/**
 * KEEP_FOR_OFFLINE (a count downloaded for offline counting, mfe-stock's `offlinePage.ts`): store the page's
 * address and the files it loaded that the run-time routes cache (a page opened before this worker controlled
 * it went to the network directly, so nothing of it was cached). Answers `{ ok }` on the message's port.
 */
async function keepForOffline(page: string, files: string[]): Promise<boolean> {
  const origin = self.location.origin;
  const pageUrl = new URL(page);
  if (pageUrl.origin !== origin) return false;
  const shell = await fetch(pageUrl.href, { credentials: 'same-origin', headers: { Accept: 'text/html' } });
  if (!shell.ok) return false;
  await (await caches.open(APP_SHELL_CACHE)).put(pageUrl.href, shell);
  for (const file of files) {
    const url = new URL(file, origin);
    const cacheName = runtimeCacheOf(url, origin);
    if (!cacheName) continue;
    const cache = await caches.open(cacheName);
    // Hashed chunks never change: one already kept stays; entries are refreshed.
    if (cacheName === REMOTE_CHUNKS_CACHE && (await cache.match(url.href))) continue;
    const response = await fetch(url.href, { credentials: 'same-origin' });
    if (!response.ok) return false;
    await cache.put(url.href, response);
  }
  return true;
}

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; page?: string; files?: string[] } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === 'KEEP_FOR_OFFLINE' && typeof data.page === 'string') {
    const port = event.ports[0];
    event.waitUntil(
      keepForOffline(data.page, Array.isArray(data.files) ? data.files : [])
        .catch(() => false)
        .then((ok) => port?.postMessage({ ok })),
    );
  }
});

self.addEventListener('push', (event) => {
  let payload: PushPayload = {};
  try {
    payload = (event.data?.json() ?? {}) as PushPayload;
  } catch {
    payload = {};
  }
  const { title, options } = notificationFromPush(payload);
  event.waitUntil(self.registration.showNotification(title, options));
});

// Clicking a notification opens its data.url in a new tab.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url;
  if (url) event.waitUntil(self.clients.openWindow(url));
});
