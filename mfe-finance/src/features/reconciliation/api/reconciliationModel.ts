import type { ReconciliationMatch, StatementLine } from '@backoffice/api-client/endpoints';

/** The lines' states as the page names them. */
export const LINE_STATUS_LABELS: Record<string, string> = {
  PENDENTE: 'Pendente',
  CONCILIADO: 'Conciliado',
  IGNORADO: 'Ignorado',
};

export const LINE_FILTERS = [
  { value: 'PENDENTE', label: 'Pendentes' },
  { value: 'CONCILIADO', label: 'Conciliados' },
  { value: 'IGNORADO', label: 'Ignorados' },
  { value: '', label: 'Todos' },
] as const;

/** The score's colour: ≥ 90 would confirm by itself, 60–89 is a suggestion, below is weak. */
export function scoreColor(score: number): string {
  if (score >= 90) return 'teal';
  if (score >= 60) return 'yellow';
  return 'gray';
}

/** What a match links, as the page lists it: the statement lines and the títulos or receipts. */
export function sidesOf(match: ReconciliationMatch) {
  return {
    lines: match.items.filter((i) => i.kind === 'LINHA'),
    targets: match.items.filter((i) => i.kind !== 'LINHA'),
  };
}

/** Suggestions that "Aceitar todas ≥ 90" would take. */
export function acceptableCount(matches: readonly ReconciliationMatch[] | undefined): number {
  return (matches ?? []).filter((m) => m.score >= 90).length;
}

/** A reason has 10 to 500 characters (the server says the same). */
export function reasonError(reason: string): string | null {
  const n = reason.trim().length;
  return n >= 10 && n <= 500 ? null : 'Informe o motivo, com 10 a 500 caracteres.';
}

export function isCredit(line: StatementLine): boolean {
  return line.amount_cents > 0;
}
