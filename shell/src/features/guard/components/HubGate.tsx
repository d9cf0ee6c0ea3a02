import { DENIED_DIALOG_MS, decideHub, reportDispatchCheck, useSession, type HubDecision } from '@backoffice/auth';
import { AlertDialog, Spinner, Text, Navigate, useLocation, useNavigate } from '@backoffice/ui/host';
import { useEffect, useState, type ReactNode } from 'react';
import { deniedState } from './denied';

/**
 * The hub: load the current user first (fresh from the server, then stored locally), require access_hub, and
 * for the dispatch area check its flag. Every dispatch check is reported (pega-xereta), allowed or denied.
 */
export function HubGate({ children }: { children: ReactNode }) {
  const { reloadUser, user } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [decision, setDecision] = useState<HubDecision | null>(null);

  useEffect(() => {
    let cancelled = false;
    reloadUser()
      .catch(() => user)
      .then((fresh) => {
        if (cancelled || !fresh) return;
        const decided = decideHub(pathname, fresh);
        if (decided.kind !== 'no-hub-access' && decided.dispatchArea) {
          void reportDispatchCheck(pathname, decided.kind === 'allow');
        }
        setDecision(decided);
      });
    return () => {
      cancelled = true;
    };
    // The user object changes when reloadUser stores it; deciding once per path is what we want.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  useEffect(() => {
    if (decision?.kind !== 'dispatch-denied') return;
    const timer = setTimeout(() => navigate(decision.redirectTo, { replace: true }), DENIED_DIALOG_MS);
    return () => clearTimeout(timer);
  }, [decision, navigate]);

  if (!decision) return <Spinner label="Verificando acesso ao hub…" />;
  if (decision.kind === 'no-hub-access') return <Navigate to={decision.redirectTo} replace state={deniedState(pathname)} />;
  if (decision.kind === 'dispatch-denied') return <AccessDeniedDialog />;
  return <>{children}</>;
}

export function AccessDeniedDialog() {
  return (
    <AlertDialog title="Acesso negado">
      <Text>Você não tem permissão para acessar esta área.</Text>
      <Text>A falta de permissão será reportada ao comitê de segurança da informação.</Text>
    </AlertDialog>
  );
}
