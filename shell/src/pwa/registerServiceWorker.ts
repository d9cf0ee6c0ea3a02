import { setPwaState } from './pwaState';

export const SW_URL = '/sw.js';
export const SW_UPDATE_CHECK_MS = 20_000;

/**
 * Every 20 s, when online and no worker is installing, fetch /sw.js bypassing caches; on 200 ask the
 * registration to update. (A plain `registration.update()` while offline would log a noisy failure.)
 */
export async function checkForWorkerUpdate(
  registration: Pick<ServiceWorkerRegistration, 'installing' | 'update'>,
  fetchImpl: typeof fetch = fetch,
  online: boolean = navigator.onLine,
): Promise<boolean> {
  if (registration.installing || !online) return false;
  try {
    const response = await fetchImpl(SW_URL, { cache: 'no-store', headers: { cache: 'no-store', 'cache-control': 'no-cache' } });
    if (response.status !== 200) return false;
    await registration.update();
    return true;
  } catch {
    return false;
  }
}

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  // workbox-window is fetched here, not with the first page: registering waits for nothing the user sees.
  const { Workbox } = await import(/* webpackChunkName: "sw-register" */ 'workbox-window');
  const wb = new Workbox(SW_URL, { scope: '/' });
  wb.addEventListener('installed', (event) => {
    if (!event.isUpdate) setPwaState({ offlineReady: true });
  });
  wb.addEventListener('waiting', () => setPwaState({ needRefresh: true }));
  // A new worker took control (an update here, or one activated from another tab): reload onto it.
  wb.addEventListener('controlling', (event) => {
    if (event.isUpdate || event.isExternal) window.location.reload();
  });
  wb.addEventListener('activated', (event) => {
    if (event.isExternal) window.location.reload();
  });
  try {
    const registration = await wb.register();
    if (!registration) return;
    setInterval(() => void checkForWorkerUpdate(registration), SW_UPDATE_CHECK_MS);
  } catch (error) {
    console.error('Falha ao registrar o service worker.', error);
    setPwaState({ registrationFailed: true });
  }
}

/** "Atualizar" in the need-refresh banner: let the waiting worker take over (the page then reloads). */
export function applyUpdate(): void {
  void navigator.serviceWorker.getRegistration().then((registration) => {
    registration?.waiting?.postMessage({ type: 'SKIP_WAITING' });
  });
}
