import { ACCESS } from './generated/access';

/**
 * The server's access declarations as the web reads them (`generated/access.ts`, written by
 * `backoffice web-access`): which role or flag holds each permission, which routes need which permission
 * and where a denied user goes. The guard only mirrors them; the server enforces the same permissions.
 */
export type FlagName =
  | 'access_hub'
  | 'role_id.can_see_conciliation'
  | 'role_id.can_see_dispatch'
  | 'role_id.can_approval_dispatch';

export interface PermissionRule {
  label: string;
  roles: readonly string[];
  flag: FlagName | null;
}

export type RouteMatch =
  | { kind: 'exact'; paths: readonly string[] }
  | { kind: 'contains'; text: string }
  | { kind: 'section'; root: string };

export interface RouteRule {
  match: RouteMatch;
  except: RouteMatch | null;
  permission: string;
  /** Who decides: the guard from the user, the server (`GET /api/v1/auth/access`), or the hub gate. */
  check: 'client' | 'server' | 'hub';
  deniedTo: string;
  /** The dispatch area: every check is reported, and a denial shows the "Acesso negado" dialog. */
  audited: boolean;
}

export interface RoleRedirect {
  role: string;
  paths: readonly string[];
  to: string;
}

export interface AccessRules {
  permissions: Readonly<Record<string, PermissionRule>>;
  routeRules: readonly RouteRule[];
  roleRedirects: readonly RoleRedirect[];
}

/**
 * What the rules read from a user: a role and the seed's flags (a user without a role holds nothing), and,
 * once the session has read them (`GET /api/v1/users/{uid}/permissions`), the permissions the server says the
 * user holds: role, flags and the user's own grants and revokes together. With them the menu, the home page
 * and the guard follow an administrator's per-user grants; without them (an older stored user, or the read
 * failed) the role defaults decide.
 */
export interface AccessUser {
  permissions?: readonly string[];
  role?: string | null;
  role_id?: {
    can_see_conciliation?: boolean;
    can_see_dispatch?: boolean;
    can_approval_dispatch?: boolean;
  } | null;
  access_hub: boolean;
}

function flagIsSet(user: AccessUser, flag: FlagName): boolean {
  switch (flag) {
    case 'access_hub':
      return user.access_hub === true;
    case 'role_id.can_see_conciliation':
      return user.role_id?.can_see_conciliation === true;
    case 'role_id.can_see_dispatch':
      return user.role_id?.can_see_dispatch === true;
    case 'role_id.can_approval_dispatch':
      return user.role_id?.can_approval_dispatch === true;
  }
}

/** Whether `user` holds the permission `code`, as the server decides it. */
export function holds(user: AccessUser, code: string, rules: AccessRules = ACCESS): boolean {
  const permission = rules.permissions[code];
  if (!permission || typeof user.role !== 'string') return false;
  if (Array.isArray(user.permissions)) return user.permissions.includes(code);
  return permission.flag ? flagIsSet(user, permission.flag) : permission.roles.includes(user.role);
}

function matches(m: RouteMatch, path: string): boolean {
  switch (m.kind) {
    case 'exact':
      return m.paths.includes(path);
    case 'contains':
      return path.includes(m.text);
    case 'section':
      return path === m.root || path.startsWith(`${m.root}/`);
  }
}

/** The rules that apply to `pathname`, in the server's order (every one must hold). */
export function routeRulesFor(pathname: string, rules: AccessRules = ACCESS): RouteRule[] {
  return rules.routeRules.filter((r) => matches(r.match, pathname) && !(r.except && matches(r.except, pathname)));
}

/** What the permissions a path needs allow, in words ("acessar pagamentos e recebimentos"), in rule order. */
export function requiredPermissionLabels(pathname: string, rules: AccessRules = ACCESS): string[] {
  const labels = routeRulesFor(pathname, rules).map((rule) => rules.permissions[rule.permission]?.label ?? '');
  return [...new Set(labels.filter(Boolean))];
}

/** Where a role is sent from `pathname` whatever its permissions, if anywhere. */
export function roleRedirectFor(pathname: string, role: string | null | undefined, rules: AccessRules = ACCESS): string | null {
  const redirect = rules.roleRedirects.find((r) => r.role === role && r.paths.includes(pathname));
  return redirect ? redirect.to : null;
}
