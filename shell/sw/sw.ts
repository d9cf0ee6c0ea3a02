/// <reference lib="webworker" />
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { notificationFromPush, type PushPayload } from './notificationDefaults';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// Only hashed chunks are precached (the build's `include`); everything that names the current version is
// network-first below so a new deployment is picked up as soon as the network answers.
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const NETWORK_FIRST_TIMEOUT_S = 4;

// The app shell: network-first, so it opens offline after the first visit.
registerRoute(
  new NavigationRoute(new NetworkFirst({ cacheName: 'app-shell', networkTimeoutSeconds: NETWORK_FIRST_TIMEOUT_S }), {
    denylist: [/^\/api\//, /^\/fcm-subscriptions\//, /^\/dispatch\//, /^\/healthz/, /^\/readyz/],
  }),
);

// Files whose name stays the same across versions: remote entries, MF manifests, the runtime config.
registerRoute(
  ({ url }) =>
    url.origin === self.location.origin &&
    (/\/remoteEntry\.js$/.test(url.pathname) ||
      /\/mf-manifest\.json$/.test(url.pathname) ||
      url.pathname === '/runtime-config.json' ||
      url.pathname === '/manifest.webmanifest' ||
      url.pathname === '/favicon.ico' ||
      url.pathname.startsWith('/icons/')),
  new NetworkFirst({ cacheName: 'entries', networkTimeoutSeconds: NETWORK_FIRST_TIMEOUT_S }),
);

// The remotes' hashed chunks are built separately (not in this manifest): cache them on first use.
registerRoute(
  ({ url }) => url.origin === self.location.origin && /^\/remotes\/[^/]+\/.+\.[0-9a-f]{8}\.js$/.test(url.pathname),
  new CacheFirst({ cacheName: 'remote-chunks', plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 })] }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
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
