/**
 * The users page's rules, as the server checks them (crates/identity: name ≤ 120 characters, a plausible
 * e-mail, the password rules), with the labels people see for every field the server may name.
 */
import { Role, type CreateUserRequest, type RoleFlags, type UpdateUserRequest, type User } from '@backoffice/api-client/endpoints';
import { ROLE_LABELS, roleLabel } from '../../../../lib/roles';
import type { CreateUserValues, EditUserValues } from './userSchemas';

export const NAME_MAX = 120;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const REASON_MIN = 10;
export const REASON_MAX = 500;

export type FlagName = keyof RoleFlags | 'access_hub';

/** The per-user flags, in the order the forms show them. */
export const FLAGS: ReadonlyArray<{ name: FlagName; label: string }> = [
  { name: 'can_see_conciliation', label: 'Vê a conciliação' },
  { name: 'can_see_dispatch', label: 'Vê os despachos' },
  { name: 'can_approval_dispatch', label: 'Aprova despachos' },
  { name: 'access_hub', label: 'Acessa o hub' },
];

/** Every field the server may name on these forms, by the label people see. */
export const USER_FIELD_LABELS: Record<string, string> = {
  name: 'Nome',
  email: 'E-mail',
  role: 'Perfil',
  password: 'Senha inicial',
  new_password: 'Nova senha',
  role_id: 'Permissões especiais',
  'role_id.can_see_conciliation': 'Vê a conciliação',
  'role_id.can_see_dispatch': 'Vê os despachos',
  'role_id.can_approval_dispatch': 'Aprova despachos',
  access_hub: 'Acessa o hub',
  active: 'Situação',
  reason: 'Motivo',
  decision: 'Decisão',
};

const ADMIN_ROLES: ReadonlySet<string> = new Set([Role.ADMIN, Role.SUPER_ADMIN]);

/** The roles an administrator may give: only a superadministrator makes administrators (the server's rule). */
export function assignableRoles(actorRole: string | null | undefined): Array<{ value: Role; label: string }> {
  return (Object.values(Role) as Role[])
    .filter((role) => actorRole === Role.SUPER_ADMIN || !ADMIN_ROLES.has(role))
    .map((role) => ({ value: role, label: ROLE_LABELS[role] ?? role }));
}

/** Whether the signed-in administrator may change this user (administrators only by a superadministrator). */
export function mayManage(actorRole: string | null | undefined, target: Pick<User, 'role'>): boolean {
  return actorRole === Role.SUPER_ADMIN || !(target.role && ADMIN_ROLES.has(target.role));
}

export { roleLabel };

/** The password rules (crates/identity/src/domain/password.rs), every broken one said at once. */
export function passwordProblem(password: string, email: string): string | null {
  const broken: string[] = [];
  if ([...password].length < PASSWORD_MIN) broken.push(`ter pelo menos ${PASSWORD_MIN} caracteres`);
  if ([...password].length > PASSWORD_MAX) broken.push(`ter no máximo ${PASSWORD_MAX} caracteres`);
  if (!/\p{L}/u.test(password)) broken.push('conter pelo menos uma letra');
  if (!/[0-9]/.test(password)) broken.push('conter pelo menos um número');
  if (email && password.toLowerCase() === email.trim().toLowerCase()) broken.push('ser diferente do e-mail');
  if (broken.length === 0) return null;
  const said = broken.length === 1 ? broken[0] : `${broken.slice(0, -1).join(', ')} e ${broken[broken.length - 1]}`;
  return `A senha deve ${said}.`;
}

/** One `@`, something on both sides, a dot inside the domain, no spaces (the server's check). */
export function isPlausibleEmail(email: string): boolean {
  const value = email.trim();
  const at = value.indexOf('@');
  if (at <= 0 || at !== value.lastIndexOf('@')) return false;
  const domain = value.slice(at + 1);
  return domain.includes('.') && !domain.startsWith('.') && !domain.endsWith('.') && !/\s/.test(value) && value.length <= EMAIL_MAX;
}

export const NO_FLAGS = { can_see_conciliation: false, can_see_dispatch: false, can_approval_dispatch: false, access_hub: false };

export function toCreateRequest(values: CreateUserValues): CreateUserRequest {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    role: values.role as Role,
    password: values.password,
    role_id: {
      can_see_conciliation: values.can_see_conciliation,
      can_see_dispatch: values.can_see_dispatch,
      can_approval_dispatch: values.can_approval_dispatch,
    },
    access_hub: values.access_hub,
  };
}

export function editValuesOf(user: User): EditUserValues {
  return { name: user.name, role: (user.role ?? '') as Role, ...user.role_id, access_hub: user.access_hub };
}

export function toUpdateRequest(values: EditUserValues): UpdateUserRequest {
  return {
    name: values.name.trim(),
    role: values.role as Role,
    role_id: {
      can_see_conciliation: values.can_see_conciliation,
      can_see_dispatch: values.can_see_dispatch,
      can_approval_dispatch: values.can_approval_dispatch,
    },
    access_hub: values.access_hub,
  };
}

/** Server field → edit form field (`role_id.can_see_dispatch` → `can_see_dispatch`). */
export const EDIT_FORM_FIELDS = {
  name: 'name',
  role: 'role',
  'role_id.can_see_conciliation': 'can_see_conciliation',
  'role_id.can_see_dispatch': 'can_see_dispatch',
  'role_id.can_approval_dispatch': 'can_approval_dispatch',
  access_hub: 'access_hub',
} as const;

/** Server field → creation form field. */
export const CREATE_FORM_FIELDS = { ...EDIT_FORM_FIELDS, email: 'email', password: 'password' } as const;

/** For `applyServerErrors`: the form field a server path lands on (null: the form does not show it). */
export function serverPathOf(fields: Readonly<Record<string, string>>): (apiPath: string) => string | null {
  return (apiPath) => fields[apiPath] ?? null;
}

/** The flags a user has, by the labels people see ("Vê os despachos, Acessa o hub"). */
export function flagsOf(user: Pick<User, 'role_id' | 'access_hub'>): string[] {
  const values: Record<FlagName, boolean> = { ...user.role_id, access_hub: user.access_hub };
  return FLAGS.filter((flag) => values[flag.name]).map((flag) => flag.label);
}
