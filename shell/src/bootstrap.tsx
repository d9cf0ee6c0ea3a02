import { configureApiBase } from '@backoffice/api-client';
import { createAdapter, loadRuntimeConfig, REMOTE_NAMES } from '@backoffice/auth';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { shellPageLoaders } from './app/AppRoutes';
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
  void registerServiceWorker();
  startVersionWatch();
  schedulePreload([
    ...Object.values(shellPageLoaders),
    ...REMOTE_NAMES.map((remote) => () => getContainer(remote, config.remotes[remote]).then((c) => c.get('./pages'))),
  ]);
}

start().catch((error: unknown) => {
  // A startup error is the app error: show the general error page without React.
  console.error('Falha ao iniciar a aplicação.', error);
  const root = document.getElementById('root');
  if (root) root.innerHTML = '<main style="max-width:40rem;margin:8vh auto;padding:1.5rem"><h1>500</h1><p>Internal Server Error</p></main>';
});
