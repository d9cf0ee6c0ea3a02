import { configureApiBase } from '@backoffice/api-client';
import { createAdapter, loadRuntimeConfig, REMOTE_NAMES } from '@backoffice/auth';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadFrame, shellPageLoaders } from './app/AppRoutes';
import { listenForInstallPrompt } from './pwa/installPrompt';
import { schedulePreload } from './pwa/preload';
import { registerServiceWorker } from './pwa/registerServiceWorker';
import { startVersionWatch } from './pwa/versionWatch';
import { getContainer } from './remotes/remoteLoader';

async function start() {
  const config = await loadRuntimeConfig('/runtime-config.json', window.__runtimeConfigResponse);
  configureApiBase(config.apiBase);
  const adapter = createAdapter(config);
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('Elemento #root ausente.');
  createRoot(rootElement).render(<App config={config} adapter={adapter} />);

  listenForInstallPrompt();
  // Once the page is up and the browser idle (Workbox advises after the load event): the worker and its
  // precaching must not compete with the first page.
  whenPageIdle(() => void registerServiceWorker());
  startVersionWatch();
  schedulePreload([
    loadFrame,
    ...Object.values(shellPageLoaders),
    ...REMOTE_NAMES.map((remote) => () => getContainer(remote, config.remotes[remote]).then((c) => c.get('./pages'))),
  ]);
}

function whenPageIdle(callback: () => void): void {
  const idle = () => (typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(callback, { timeout: 5000 }) : window.setTimeout(callback, 1000));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

start().catch((error: unknown) => {
  // A startup error is the app error: show the general error page without React.
  console.error('Falha ao iniciar a aplicação.', error);
  const root = document.getElementById('root');
  if (root) root.innerHTML = '<main style="max-width:40rem;margin:8vh auto;padding:1.5rem"><h1>500</h1><p>Internal Server Error</p></main>';
});
