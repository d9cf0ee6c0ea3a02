import type { RoleFlags } from '@backoffice/api-client';

/**
 * Every navigation rule of the seed as one pure function. It only steers navigation: the server enforces the
 * same permissions on its endpoints.
 */
/** What the rules read from a user; lenient on purpose (a user without a role holds no permission). */
export interface GuardUser {
  role?: string | null;
  role_id?: RoleFlags | null;
  access_hub: boolean;
  is_password_updated: boolean;
}

const hasRole = (user: GuardUser, roles: ReadonlySet<string>) => typeof user.role === 'string' && roles.has(user.role);

export interface GuardInput {
  pathname: string;
  /** The query string including its leading `?`, or ''. */
  search: string;
  user: GuardUser | null;
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string; clearStoredUser?: boolean }
  /** Ask the server (`GET /api/v1/auth/access?path=`) and go to `deniedTo` when it says no. */
  | { kind: 'server-check'; path: string; deniedTo: string }
  /** Hub rules need the freshly loaded user and may show the denial dialog. */
  | { kind: 'hub' };

export const PAYMENT_ROLES: ReadonlySet<string> = new Set([
  'FINANCIAL_ASSISTANT',
  'FINANCIAL_MANAGER',
  'ADMIN',
  'SUPER_ADMIN',
]);

const PUBLIC_PATHS: ReadonlySet<string> = new Set(['/resumo-temporario']);
const SIGN_IN_PATHS: ReadonlySet<string> = new Set(['/', '/entrar']);
const PAYMENT_PATHS: ReadonlySet<string> = new Set(['/pagamentos', '/recebimentos']);
const LEGAL_REDIRECT_PATHS: ReadonlySet<string> = new Set(['/minhas-vendas', '/inicio']);

const allow: GuardDecision = { kind: 'allow' };
const redirect = (to: string): GuardDecision => ({ kind: 'redirect', to });

export function isHubPath(pathname: string): boolean {
  return pathname === '/hub' || pathname.startsWith('/hub/');
}

function signedOutDecision({ pathname, search }: GuardInput): GuardDecision {
  if (pathname === '/reset-senha') return redirect('/');
  if (SIGN_IN_PATHS.has(pathname)) return allow;
  const redirectTarget = encodeURIComponent(`${pathname}${search}`);
  return { kind: 'redirect', to: `/?redirect=${redirectTarget}`, clearStoredUser: true };
}

function signedInDecision({ pathname, search }: GuardInput, user: GuardUser): GuardDecision {
  // Signed in on the sign-in page: /inicio, or back to where the visitor was sent from (internal paths only).
  if (SIGN_IN_PATHS.has(pathname)) return redirect(postSignInTarget(search));
  if (pathname === '/reset-senha') return user.is_password_updated ? redirect('/inicio') : allow;
  if (PAYMENT_PATHS.has(pathname) && !hasRole(user, PAYMENT_ROLES)) return redirect('/minhas-vendas');
  if (pathname.includes('/pagamentos-remessa')) return { kind: 'server-check', path: pathname, deniedTo: '/inicio' };
  if (pathname.includes('/conciliacao') && user.role_id?.can_see_conciliation !== true) return redirect('/inicio');
  if (pathname.includes('/remessa')) return { kind: 'server-check', path: pathname, deniedTo: '/inicio' };
  if (LEGAL_REDIRECT_PATHS.has(pathname) && user.role === 'LEGAL_ASSISTANT') return redirect('/clientes');
  if (isHubPath(pathname)) return { kind: 'hub' };
  return allow;
}

export function decideNavigation(input: GuardInput): GuardDecision {
  if (PUBLIC_PATHS.has(input.pathname)) return allow;
  return input.user ? signedInDecision(input, input.user) : signedOutDecision(input);
}

/**
 * Where to go after sign-in: the `redirect` query when it is an internal path, else `/inicio`. Anything that
 * could leave the origin (`//host`, `https://…`, `/\host`) is ignored.
 */
export function postSignInTarget(search: string): string {
  const target = new URLSearchParams(search).get('redirect');
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/inicio';
  return target;
}
