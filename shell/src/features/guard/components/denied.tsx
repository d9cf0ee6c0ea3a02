import { requiredPermissionLabels } from '@backoffice/auth';
import { findRoute } from '@backoffice/routes';
import { Alert, useLocation, useNavigate } from '@backoffice/ui/host';

/** What the guard leaves in the router's state when a permission sends someone away. */
export interface DeniedState {
  deniedFrom: string;
}

export function deniedState(from: string): DeniedState {
  return { deniedFrom: from };
}

export function deniedFrom(state: unknown): string | null {
  const from = (state as Partial<DeniedState> | null)?.deniedFrom;
  return typeof from === 'string' ? from : null;
}

export const DENIED_TITLE = 'Você não tem acesso a esta página.';

/** Why: "Para abrir “Pagamentos” é preciso permissão para acessar pagamentos e recebimentos." */
export function deniedExplanation(from: string): string {
  const page = findRoute(from)?.title ?? from;
  const labels = requiredPermissionLabels(from);
  if (labels.length === 0) return `Seu perfil não permite abrir “${page}”.`;
  return `Para abrir “${page}” é preciso permissão para ${labels.join(' e ')}. Se precisar dela, fale com um administrador.`;
}

/** Above the page a denied visitor was sent to: which page was refused, and why. Closing it forgets it. */
export function DeniedNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const from = deniedFrom(location.state);
  if (!from) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      title={DENIED_TITLE}
      role="alert"
      withCloseButton
      closeButtonLabel="Fechar aviso"
      onClose={() => navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null })}
      mb="md"
    >
      {deniedExplanation(from)}
    </Alert>
  );
}
