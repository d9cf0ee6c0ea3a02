import { configureApiBase } from '@backoffice/api-client';
import { Alert, Anchor, Button, Container, Group, Paper, PasswordInput, Stack, Text, TextInput, Title, BrowserRouter, Link, useLocation } from '@backoffice/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState, type ComponentType, type FormEvent } from 'react';
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
 * the shell. Production always goes through the shell. The remote's bootstrap puts it inside the UI kit's
 * `BackofficeProvider` (theme, notifications, modals), as the shell does.
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
    <Container component="main" size={1800} py="md">
      <Text c="dimmed" size="sm">
        Modo isolado: {areaName}
      </Text>
      <Group component="nav" aria-label="Páginas da área" gap="sm" my="md">
        {routes.map((r) => (
          <Anchor key={r.path} component={Link} to={r.path} size="sm">
            {r.title}
          </Anchor>
        ))}
      </Group>
      {route && Page ? <Page {...pageProps(route)} /> : <Text>Escolha uma página.</Text>}
    </Container>
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
    <Container size={416} py="xl">
      <Paper component="form" withBorder p="xl" radius="md" onSubmit={onSubmit}>
        <Stack gap="md">
          <Title order={1} size="h3">
            Entrar (modo isolado)
          </Title>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput label="E-mail" name="email" type="email" autoComplete="username" />
          <PasswordInput label="Senha" name="password" autoComplete="current-password" />
          <Button type="submit">Entrar</Button>
        </Stack>
      </Paper>
    </Container>
  );
}
