import { AuthProvider, type AuthAdapter, type RuntimeConfig } from '@backoffice/auth';
import { BackofficeProvider, BrowserRouter, useNavigate } from '@backoffice/ui/host';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useMemo, type ReactNode } from 'react';
import { INSTALL_DISMISSED_KEY } from '../pwa/installPrompt';
import type { PageActivity } from '../pwa/preload';
import { browserPushDeps, registerPush } from '../push/push';
import { AppErrorBoundary } from './AppErrorBoundary';
import { AppRoutes } from './AppRoutes';
import { RuntimeConfigContext } from './runtimeConfigContext';

export const queryClient = new QueryClient({
  // The mutator already retries idempotent calls once; a second layer of retries would multiply them.
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/** The page's requests, for what waits until they are done (route preloading). */
export const pageActivity: PageActivity = {
  busy: () => queryClient.isFetching() + queryClient.isMutating() > 0,
  subscribe: (listener) => {
    const queries = queryClient.getQueryCache().subscribe(listener);
    const mutations = queryClient.getMutationCache().subscribe(listener);
    return () => {
      queries();
      mutations();
    };
  },
};

const KEEP_ON_SIGN_OUT = [INSTALL_DISMISSED_KEY];

/** The session and what happens around it: push after sign-in; after sign-out, a cleared cache and `/`. */
export function SessionRoot({ config, adapter, children = <AppRoutes /> }: { config: RuntimeConfig; adapter: AuthAdapter; children?: ReactNode }) {
  const navigate = useNavigate();
  const onSignedIn = useCallback(() => void registerPush(config.fcm, browserPushDeps(config)), [config]);
  // Plain `/`, never `/?redirect=<this page>`: the next person to sign in on this browser starts at their own
  // home, not on the previous user's page.
  const onSignedOut = useCallback(() => {
    queryClient.clear();
    navigate('/', { replace: true });
  }, [navigate]);
  return (
    <AuthProvider adapter={adapter} onSignedIn={onSignedIn} onSignedOut={onSignedOut} keepOnSignOut={KEEP_ON_SIGN_OUT}>
      {children}
    </AuthProvider>
  );
}

export function App({ config, adapter }: { config: RuntimeConfig; adapter: AuthAdapter }) {
  const stableConfig = useMemo(() => config, [config]);
  return (
    <BackofficeProvider>
      <AppErrorBoundary>
        <RuntimeConfigContext.Provider value={stableConfig}>
          <QueryClientProvider client={queryClient}>
            <BrowserRouter>
              <SessionRoot config={stableConfig} adapter={adapter} />
            </BrowserRouter>
          </QueryClientProvider>
        </RuntimeConfigContext.Provider>
      </AppErrorBoundary>
    </BackofficeProvider>
  );
}
