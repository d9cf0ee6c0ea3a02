import { configureApiBase } from '@backoffice/api-client';
import { createAdapter, loadRuntimeConfig, REMOTE_NAMES } from '@backoffice/auth';
import { createRoot } from 'react-dom/client';
import { App, pageActivity } from './app/App';
import { listenForInstallPrompt } from './pwa/installPrompt';
import { whenPageIdle } from '@backoffice/ui/idle';
import { schedulePreload } from './pwa/preload';
import { loadedFiles, prefetchFiles, readRouteFiles } from './pwa/routeFiles';
import { registerServiceWorker } from './pwa/registerServiceWorker';
import { startVersionWatch } from './pwa/versionWatch';
import { getContainer } from './remotes/remoteLoader';

let fetched: Set<string> | undefined;
/** What the page has loaded when preloading starts, then what preloading adds. */
const fetchedFiles = () => (fetched ??= loadedFiles());

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
  schedulePreload(
    [
      // The shell's pages and frame: their files, fetched, not run (routeFiles.ts). The remotes': their entry and
      // page map (loading a chunk registers its modules; nothing runs until a page is opened).
      ...Object.values(readRouteFiles()).map((files) => () => prefetchFiles(files, fetchedFiles())),
      ...REMOTE_NAMES.map((remote) => () => getContainer(remote, config.remotes[remote]).then((c) => c.get('./pages'))),
    ],
    pageActivity,
  );
}

start().catch((error: unknown) => {
  // A startup error is the app error: show the general error page without React.
  console.error('Falha ao iniciar a aplicação.', error);
  const root = document.getElementById('root');
  if (root) root.innerHTML = '<main style="max-width:40rem;margin:8vh auto;padding:1.5rem"><h1>500</h1><p>Internal Server Error</p></main>';
});
