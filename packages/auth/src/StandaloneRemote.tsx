import { configureApiBase } from '@backoffice/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState, type ComponentType, type FormEvent } from 'react';
import { BrowserRouter, Link, useLocation } from 'react-router';
import { createEmbeddedAdapter } from './embeddedAdapter';
import { AuthProvider, useSession } from './session';

interface StandaloneRoute {
  path: string;
  title: string;
}

interface StandaloneProps<R extends StandaloneRoute, P> {
  areaName: string;
  routes: R[];
  pages: Record<string, ComponentType<P>>;
  pageProps: (route: R) => P;
}

/**
 * A remote's own development harness: sign in against the server on 3001 and open the remote's pages without
 * the shell. Production always goes through the shell.
 */
export function StandaloneRemote<R extends StandaloneRoute, P extends object>(props: StandaloneProps<R, P>) {
  const adapter = useMemo(() => {
    configureApiBase(null);
    return createEmbeddedAdapter();
  }, []);
  const queryClient = useMemo(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }), []);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AuthProvider adapter={adapter}>
          <Harness {...props} />
        </AuthProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}

function Harness<R extends StandaloneRoute, P extends object>({ areaName, routes, pages, pageProps }: StandaloneProps<R, P>) {
  const { status } = useSession();
  const { pathname } = useLocation();
  if (status === 'loading') return null;
  if (status === 'signed-out') return <DevSignIn />;
  const route = routes.find((r) => r.path === pathname);
  const Page = route ? pages[route.path] : undefined;
  return (
    <main className="bo-container">
      <p className="bo-muted">Modo isolado: {areaName}</p>
      <nav aria-label="Páginas da área" className="bo-row">
        {routes.map((r) => (
          <Link key={r.path} to={r.path}>
            {r.title}
          </Link>
        ))}
      </nav>
      {route && Page ? <Page {...pageProps(route)} /> : <p>Escolha uma página.</p>}
    </main>
  );
}

function DevSignIn() {
  const { signIn } = useSession();
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    signIn(String(data.get('email')), String(data.get('password'))).catch((e: unknown) =>
      setError(e instanceof Error ? e.message : 'Falha ao entrar.'),
    );
  };
  return (
    <form className="bo-container" onSubmit={onSubmit}>
      {error && <p role="alert">{error}</p>}
      <label>
        E-mail <input name="email" type="email" />
      </label>
      <label>
        Senha <input name="password" type="password" />
      </label>
      <button type="submit">Entrar</button>
    </form>
  );
}
