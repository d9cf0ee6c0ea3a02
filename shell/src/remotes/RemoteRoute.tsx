import type { RemoteName } from '@backoffice/auth';
import type { PageProps, RouteEntry } from '@backoffice/routes';
import { descriptionOf } from '@backoffice/routes';
import { Button, Spinner } from '@backoffice/ui';
import { Component, lazy, Suspense, useMemo, useState, type ComponentType, type ReactNode } from 'react';
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

/** A page owned by a remote, loaded at run time; a failure stays inside this area with a retry. */
export function RemoteRoute({ route }: { route: RouteEntry }) {
  const remote = route.app as RemoteName;
  const config = useRuntimeConfig();
  const [attempt, setAttempt] = useState(0);
  const Page = useMemo(
    () =>
      lazy(async () => {
        const module = await loadRemoteModule<PagesModule>(remote, config.remotes[remote], './pages');
        const page = module.pages[route.path];
        if (!page) throw new Error(`A área não tem a página ${route.path}.`);
        // The remote's page may itself be lazy, and React.lazy must resolve to a plain component: wrap it.
        const RemotePage = page;
        return { default: (props: PageProps) => <RemotePage {...props} /> };
      }),
    // `attempt` is a dependency on purpose: a new lazy component is what makes "Tentar novamente" refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [remote, config.remotes, route.path, attempt],
  );
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
      <section className="bo-card" role="alert" data-remote-error>
        <h1>Área indisponível</h1>
        <p>Não foi possível carregar a área {this.props.area}. O restante do sistema continua funcionando.</p>
        <Button onClick={this.props.onRetry}>Tentar novamente</Button>
      </section>
    );
  }
}
