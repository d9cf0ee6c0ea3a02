/**
 * What the permissions panel shows for one user: every permission, whether the user's role (or one of their
 * flags) gives it, whether an administrator made an exception, and whether the user holds it now.
 */
import type { PermissionEntry, PermissionException, User, UserPermissions } from '@backoffice/api-client/endpoints';

export interface PermissionRow {
  code: string;
  label: string;
  /** The user's role (or, for flag permissions, their flag) gives it. */
  byRole: boolean;
  /** An administrator's grant or revoke for this person, overriding the role. */
  exception: PermissionException | null;
  held: boolean;
  /** Administrators may decide it for a person (a fixed permission, like being signed in, may not). */
  editable: boolean;
}

const FLAG_OF_USER: Record<string, (user: User) => boolean> = {
  can_see_conciliation: (user) => user.role_id.can_see_conciliation,
  can_see_dispatch: (user) => user.role_id.can_see_dispatch,
  can_approval_dispatch: (user) => user.role_id.can_approval_dispatch,
  access_hub: (user) => user.access_hub,
};

/** One row per permission, in the catalogue's order. */
export function permissionRows(user: User, catalog: readonly PermissionEntry[], held: UserPermissions): PermissionRow[] {
  const holds = new Set(held.permissions);
  const exceptions = new Map(held.exceptions.map((e) => [e.permission, e]));
  return catalog.map((entry) => {
    const byRole = entry.flag ? (FLAG_OF_USER[entry.flag]?.(user) ?? false) : Boolean(user.role && entry.roles.includes(user.role));
    return {
      code: entry.code,
      label: entry.label,
      byRole,
      exception: exceptions.get(entry.code) ?? null,
      held: holds.has(entry.code),
      editable: entry.editable,
    };
  });
}

/** "Concedida como exceção" / "Revogada como exceção" / "Pelo perfil" / "Não tem". */
export function sourceOf(row: PermissionRow): string {
  if (row.exception) return row.exception.granted ? 'Concedida como exceção' : 'Revogada como exceção';
  return row.byRole ? 'Pelo perfil' : 'Não tem';
}

/** Capitalised permission label for a title: "consultar clientes" → "Consultar clientes". */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
