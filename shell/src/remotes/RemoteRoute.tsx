import type { RemoteName } from '@backoffice/auth';
import type { PageProps, RouteEntry } from '@backoffice/routes';
import { descriptionOf } from '@backoffice/routes';
import { AlertIcon, Spinner, Alert, Button, Text } from '@backoffice/ui/host';
import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useRuntimeConfig } from '../app/runtimeConfigContext';
import { reloadOnChunkError } from '../pwa/versionWatch';
import { loadRemoteModule } from './remoteLoader';

interface PagesModule {
  pages: Record<string, ComponentType<PageProps>>;
}

const AREA_LABELS: Record<RemoteName, string> = {
  finance: 'Financeiro',
  crm: 'Vendas e CRM',
  stock: 'Estoque',
  purchasing: 'Compras',
};

type RemotePageComponent = ComponentType<PageProps>;

/**
 * Lazy page components are cached outside React: router navigations run in a transition, and a render that
 * suspends in a transition is thrown away with its memoized values, so a lazy made in useMemo would be
 * recreated on every retry and never resolve. `attempt` is part of the key: "Tentar novamente" needs a new one.
 */
const lazyPages = new Map<string, RemotePageComponent>();

function remotePage(remote: RemoteName, url: string, path: string, attempt: number): RemotePageComponent {
  const key = `${remote}|${url}|${path}|${attempt}`;
  let page = lazyPages.get(key);
  if (!page) {
    page = lazy(async () => {
      const module = await loadRemoteModule<PagesModule>(remote, url, './pages');
      const found = module.pages[path];
      if (!found) throw new Error(`A área não tem a página ${path}.`);
      // The remote's page may itself be lazy, and React.lazy must resolve to a plain component: wrap it.
      const Found = found;
      return { default: (props: PageProps) => <Found {...props} /> };
    });
    lazyPages.set(key, page);
  }
  return page;
}

/** A page owned by a remote, loaded at run time; a failure stays inside this area with a retry. */
export function RemoteRoute({ route }: { route: RouteEntry }) {
  const remote = route.app as RemoteName;
  const config = useRuntimeConfig();
  const [attempt, setAttempt] = useState(0);
  const Page = remotePage(remote, config.remotes[remote], route.path, attempt);
  return (
    <RemoteBoundary key={attempt} area={AREA_LABELS[remote]} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<Spinner />}>
        <Page route={route} description={descriptionOf(route.path)} />
      </Suspense>
    </RemoteBoundary>
  );
}

interface BoundaryProps {
  area: string;
  onRetry: () => void;
  children: ReactNode;
}

class RemoteBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    if (reloadOnChunkError(error)) return;
    console.error(`Falha ao carregar a área ${this.props.area}.`, error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert
        color="red"
        variant="outline"
        radius="md"
        role="alert"
        data-remote-error
        icon={<AlertIcon />}
        title={
          <Text component="h1" fw={700} size="lg" m={0}>
            Área indisponível
          </Text>
        }
      >
        <Text mb="md">Não foi possível carregar a área {this.props.area}. O restante do sistema continua funcionando.</Text>
        <Button onClick={this.props.onRetry}>Tentar novamente</Button>
      </Alert>
    );
  }
}
