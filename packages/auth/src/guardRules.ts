import { holds, roleRedirectFor, routeRulesFor, type AccessUser } from './accessRules';

/**
 * Every navigation rule of the seed as one pure function. Which permission a route needs and where a denied
 * user goes come from the server's declarations (`accessRules`); this adds only what is about signing in.
 * It only steers navigation: the server enforces the same permissions on its endpoints.
 */
/** What the rules read from a user; lenient on purpose (a user without a role holds no permission). */
export interface GuardUser extends AccessUser {
  is_password_updated: boolean;
}

export interface GuardInput {
  pathname: string;
  /** The query string including its leading `?`, or ''. */
  search: string;
  user: GuardUser | null;
}

export type GuardDecision =
  | { kind: 'allow' }
  /** `denied`: a permission the user lacks sent them away (the page they land on says so). */
  | { kind: 'redirect'; to: string; clearStoredUser?: boolean; denied?: boolean }
  /** Ask the server (`GET /api/v1/auth/access?path=`) and go to `deniedTo` when it says no. */
  | { kind: 'server-check'; path: string; deniedTo: string }
  /** Hub rules need the freshly loaded user and may show the denial dialog. */
  | { kind: 'hub' };

// `/crm/plugin` signs in inside its frame with a session of its own (never the web app's).
const PUBLIC_PATHS: ReadonlySet<string> = new Set(['/resumo-temporario', '/crm/plugin']);
const SIGN_IN_PATHS: ReadonlySet<string> = new Set(['/', '/entrar']);

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
  for (const rule of routeRulesFor(pathname)) {
    if (rule.check === 'hub') return { kind: 'hub' };
    if (rule.check === 'server') return { kind: 'server-check', path: pathname, deniedTo: rule.deniedTo };
    if (!holds(user, rule.permission)) return { kind: 'redirect', to: rule.deniedTo, denied: true };
  }
  const roleRedirect = roleRedirectFor(pathname, user.role);
  return roleRedirect ? redirect(roleRedirect) : allow;
}

export function decideNavigation(input: GuardInput): GuardDecision {
  if (PUBLIC_PATHS.has(input.pathname)) return allow;
  return input.user ? signedInDecision(input, input.user) : signedOutDecision(input);
}

/**
 * Whether the menu and /inicio offer `pathname` to a signed-in `user`: the guard lets the user in and nothing
 * bounces. Pages the server decides (`/remessa`, `/pagamentos-remessa`) and the hub's (decided on a fresh copy
 * of the user) are judged by the generated declarations — the role defaults and flags of every rule on the
 * path — so the menu, /inicio and the guard agree. (A grant or revoke made for one person on the server is not
 * in those defaults: such a page is still reachable by its address, where the server decides.)
 */
export function mayOpen(pathname: string, user: GuardUser): boolean {
  const decision = decideNavigation({ pathname, search: '', user });
  switch (decision.kind) {
    case 'allow':
      return true;
    case 'redirect':
      return false;
    case 'server-check':
    case 'hub':
      return routeRulesFor(pathname).every((rule) => holds(user, rule.permission)) && roleRedirectFor(pathname, user.role) === null;
  }
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
