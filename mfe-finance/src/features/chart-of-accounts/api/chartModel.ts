import type { ChartAccount } from '@backoffice/api-client/endpoints';

export const NATURE_LABELS: Record<string, string> = { RECEITA: 'Receita', DESPESA: 'Despesa', TRANSFERENCIA: 'Transferência' };
export const NATURE_COLORS: Record<string, string> = { RECEITA: 'green', DESPESA: 'red', TRANSFERENCIA: 'gray' };
export const KIND_LABELS: Record<string, string> = { SINTETICA: 'Sintética', ANALITICA: 'Analítica' };

/** The field labels people see, by the API's names (for the server's messages). */
export const ACCOUNT_LABELS = { code: 'Código', name: 'Nome', nature: 'Natureza', kind: 'Tipo', active: 'Situação' };

/**
 * The code a new child of `parent` would take: the parent's code and the next free segment, two digits under
 * the second level (`3.1.02`), as the starter chart writes them. Without a parent, the next free top-level code.
 */
export function nextChildCode(accounts: readonly ChartAccount[], parent: ChartAccount | null): string {
  const siblings = accounts.filter((a) => (a.parent_code ?? null) === (parent?.code ?? null));
  const last = siblings.reduce((max, a) => Math.max(max, Number(a.code.split('.').pop()) || 0), 0);
  const next = last + 1;
  if (!parent) return String(next);
  const width = parent.depth >= 2 ? 2 : 1;
  return `${parent.code}.${String(next).padStart(width, '0')}`;
}

/**
 * The accounts to show: matching `search` (code or name, without accents or case) with their ancestors, so the
 * tree stays readable; inactive ones only when asked.
 */
export function visibleAccounts(accounts: readonly ChartAccount[], search: string, showInactive: boolean): ChartAccount[] {
  const shown = accounts.filter((a) => showInactive || a.active);
  const needle = fold(search.trim());
  if (!needle) return shown;
  const byCode = new Map(shown.map((a) => [a.code, a]));
  const keep = new Set<string>();
  for (const account of shown) {
    if (!fold(`${account.code} ${account.name}`).includes(needle)) continue;
    let code: string | null | undefined = account.code;
    while (code && !keep.has(code)) {
      keep.add(code);
      code = byCode.get(code)?.parent_code;
    }
  }
  return shown.filter((a) => keep.has(a.code));
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}
