import type { GuardUser } from './guardRules';

/** The hub lives at /hub; its dispatch area at /hub/despachos and approvals at /hub/despachos/aprovacoes. */
export const HUB_PATH = '/hub';
export const DISPATCH_PATH = '/hub/despachos';
export const DISPATCH_APPROVAL_PATH = '/hub/despachos/aprovacoes';
export const DENIED_DIALOG_MS = 4000;

export type DispatchArea = 'dispatch' | 'approval';

export type HubDecision =
  | { kind: 'allow'; dispatchArea: DispatchArea | null }
  | { kind: 'no-hub-access'; redirectTo: string }
  | { kind: 'dispatch-denied'; dispatchArea: DispatchArea; redirectTo: string };

export function dispatchAreaOf(pathname: string): DispatchArea | null {
  if (pathname === DISPATCH_APPROVAL_PATH || pathname.startsWith(`${DISPATCH_APPROVAL_PATH}/`)) return 'approval';
  if (pathname === DISPATCH_PATH || pathname.startsWith(`${DISPATCH_PATH}/`)) return 'dispatch';
  return null;
}

/** A missing role (no role_id) means no permission, as the seed says. */
export function hasDispatchPermission(user: GuardUser, area: DispatchArea): boolean {
  const flags = user.role_id;
  if (!flags) return false;
  return area === 'approval' ? flags.can_approval_dispatch === true : flags.can_see_dispatch === true;
}

export function decideHub(pathname: string, user: GuardUser): HubDecision {
  if (!user.access_hub) return { kind: 'no-hub-access', redirectTo: '/inicio' };
  const area = dispatchAreaOf(pathname);
  if (area === null || hasDispatchPermission(user, area)) return { kind: 'allow', dispatchArea: area };
  return { kind: 'dispatch-denied', dispatchArea: area, redirectTo: HUB_PATH };
}

/** The audit text sent with pega-xereta: the route attempted. */
export function dispatchAuditContent(pathname: string): string {
  return `Tentativa de acesso à rota ${pathname}`;
}
