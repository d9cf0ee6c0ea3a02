/** The CRM laboratory's words and the pure parts of its tabs (no DOM, no React). */

/** The roles a preview may be turned on or off for, as the screens name them (the server's `Role::label`). */
export const ROLE_LABELS: Readonly<Record<string, string>> = {
  SALESPERSON: 'Vendedor',
  SALES_MANAGER: 'Gerente de vendas',
  ADMIN: 'Administrador',
  SUPER_ADMIN: 'Superadministrador',
  FINANCIAL_ASSISTANT: 'Assistente financeiro',
  FINANCIAL_MANAGER: 'Gerente financeiro',
  LEGAL_ASSISTANT: 'Assistente jurídico',
  PURCHASING_ASSISTANT: 'Assistente de compras',
  PURCHASING_MANAGER: 'Gerente de compras',
  STOCK_KEEPER: 'Estoquista',
  STOCK_MANAGER: 'Gerente de estoque',
  CLINIC_STAFF: 'Equipe da clínica',
};

export type SubjectKind = 'papel' | 'time' | 'usuario';

export const KIND_LABELS: Readonly<Record<SubjectKind, string>> = {
  papel: 'Papel',
  time: 'Time',
  usuario: 'Usuário',
};

/** Names the screen knows subjects by (teams and users by id). */
export interface SubjectNames {
  teams: ReadonlyMap<string, string>;
  users: ReadonlyMap<string, string>;
}

/** "Papel: Vendedor", "Time: Centro", "Usuário: Vera" (the id when the name is unknown). */
export function subjectLabel(kind: string, id: string, names: SubjectNames): string {
  const name =
    kind === 'papel' ? ROLE_LABELS[id] : kind === 'time' ? names.teams.get(id) : kind === 'usuario' ? names.users.get(id) : undefined;
  const label = KIND_LABELS[kind as SubjectKind] ?? kind;
  return `${label}: ${name ?? id}`;
}

/** The order grants are shown in: the one that wins first (user, team, role). */
export function byPrecedence<T extends { subject_kind: string }>(grants: readonly T[]): T[] {
  const rank: Record<string, number> = { usuario: 0, time: 1, papel: 2 };
  return [...grants].sort((a, b) => (rank[a.subject_kind] ?? 3) - (rank[b.subject_kind] ?? 3));
}

/** One line of the host emulator's log. */
export interface LogLine {
  direction: 'enviada' | 'recebida';
  at: string;
  type: string;
  payload: string;
}

/** A received `message` event's data as a log line (anything not shaped `{type}` shown as such). */
export function logLineOf(direction: LogLine['direction'], data: unknown, at: Date): LogLine {
  const type =
    data && typeof data === 'object' && typeof (data as { type?: unknown }).type === 'string'
      ? (data as { type: string }).type
      : '(sem tipo)';
  const payload = data && typeof data === 'object' && 'payload' in data ? (data as { payload: unknown }).payload : undefined;
  return { direction, at: at.toISOString(), type, payload: payload === undefined ? '' : JSON.stringify(payload) };
}
