import { StandaloneRemote } from '@backoffice/auth/standalone';
import { descriptionOf, routesOf } from '@backoffice/routes';
import { BackofficeProvider } from '@backoffice/ui';
import { createRoot } from 'react-dom/client';
import { pages } from './pages';

const routes = routesOf('stock');
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <BackofficeProvider>
      <StandaloneRemote
        areaName="Estoque"
        routes={routes}
        pages={pages}
        pageProps={(route) => ({ route, description: descriptionOf(route.path) })}
      />
    </BackofficeProvider>,
  );
}
