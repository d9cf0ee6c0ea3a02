import { authAccess } from '@backoffice/api-client/endpoints';
import { clearStoredUser, decideNavigation, useSession } from '@backoffice/auth';
import { Spinner, Navigate, useLocation } from '@backoffice/ui/host';
import { useEffect, useState, type ReactNode } from 'react';
import { deniedState } from './denied';
import { HubGate } from './HubGate';

/** Applies the navigation rules (packages/auth guardRules) to the current location before a page renders. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  const { pathname, search } = useLocation();
  if (status === 'loading') return <Spinner delayMs={400} />;
  const decision = decideNavigation({ pathname, search, user });
  switch (decision.kind) {
    case 'allow':
      return <>{children}</>;
    case 'redirect':
      if (decision.clearStoredUser) clearStoredUser();
      // A permission the user lacks: the page they land on says so (DeniedNotice), instead of a silent bounce.
      return <Navigate to={decision.to} replace state={decision.denied ? deniedState(pathname) : undefined} />;
    case 'server-check':
      return (
        <ServerCheck key={decision.path} path={decision.path} deniedTo={decision.deniedTo}>
          {children}
        </ServerCheck>
      );
    case 'hub':
      return <HubGate key={pathname}>{children}</HubGate>;
  }
}

/** Remittance pages: the server decides (`GET /api/v1/auth/access?path=`); any failure counts as denied. */
function ServerCheck({ path, deniedTo, children }: { path: string; deniedTo: string; children: ReactNode }) {
  const [outcome, setOutcome] = useState<'pending' | 'allowed' | 'denied'>('pending');
  useEffect(() => {
    let cancelled = false;
    authAccess(path)
      .then((answer) => !cancelled && setOutcome(answer.allowed ? 'allowed' : 'denied'))
      .catch(() => !cancelled && setOutcome('denied'));
    return () => {
      cancelled = true;
    };
  }, [path]);
  if (outcome === 'pending') return <Spinner label="Verificando permissão…" />;
  if (outcome === 'denied') return <Navigate to={deniedTo} replace state={deniedState(path)} />;
  return <>{children}</>;
}
