import { holds, routeRulesFor } from './accessRules';
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

/** The permission each part of the dispatch area needs (the route rules say which paths they are). */
const DISPATCH_PERMISSIONS: Record<DispatchArea, string> = { dispatch: 'despachos_ver', approval: 'despachos_aprovar' };

export function dispatchAreaOf(pathname: string): DispatchArea | null {
  const audited = routeRulesFor(pathname).find((r) => r.audited);
  if (!audited) return null;
  return audited.permission === DISPATCH_PERMISSIONS.approval ? 'approval' : 'dispatch';
}

/** A missing role (no role_id) means no permission, as the seed says. */
export function hasDispatchPermission(user: GuardUser, area: DispatchArea): boolean {
  return holds(user, DISPATCH_PERMISSIONS[area]);
}

/** The hub rules of the path, in order; the first the user does not hold decides. */
export function decideHub(pathname: string, user: GuardUser): HubDecision {
  const dispatchArea = dispatchAreaOf(pathname);
  for (const rule of routeRulesFor(pathname)) {
    if (rule.check !== 'hub' || holds(user, rule.permission)) continue;
    if (rule.audited && dispatchArea) return { kind: 'dispatch-denied', dispatchArea, redirectTo: rule.deniedTo };
    return { kind: 'no-hub-access', redirectTo: rule.deniedTo };
  }
  return { kind: 'allow', dispatchArea };
}

/** The audit text sent with pega-xereta: the route attempted. */
export function dispatchAuditContent(pathname: string): string {
  return `Tentativa de acesso à rota ${pathname}`;
}
