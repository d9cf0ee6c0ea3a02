/** Whose sales the page shows: the caller's own ("Minhas") or every sale they reach ("Equipe" / "Todas"). */
export type Whose = 'minhas' | 'equipe';

/** The roles that see sales beyond their own: a manager their teams', finance and administrators all of them. */
const SEES_OTHERS = new Set(['SALES_MANAGER', 'FINANCIAL_ASSISTANT', 'FINANCIAL_MANAGER', 'ADMIN', 'SUPER_ADMIN']);

/** The toggle's choices for a role (a salesperson has none: only their own), with the label of the wider one. */
export function whoseOptions(role: string | null | undefined): Array<{ value: Whose; label: string }> {
  if (!role || !SEES_OTHERS.has(role)) return [];
  return [
    { value: 'minhas', label: 'Minhas' },
    { value: 'equipe', label: role === 'SALES_MANAGER' ? 'Equipe' : 'Todas' },
  ];
}

/** Where the page starts: the sales roles on their own sales, the others on everything they reach. */
export function defaultWhose(role: string | null | undefined): Whose {
  return role === 'SALESPERSON' || role === 'SALES_MANAGER' ? 'minhas' : 'equipe';
}

/** Attainment in whole percent (floor), `null` without a target. */
export function attainment(done: number, target: number): number | null {
  if (target <= 0) return null;
  return Math.floor((done * 100) / target);
}

/** The progress bar's value: the attainment capped at 100 (the text says how far above). */
export function barValue(done: number, target: number): number {
  return Math.min(100, attainment(done, target) ?? 0);
}

/** "62% da meta", "Sem meta definida para o mês". */
export function attainmentText(done: number, target: number): string {
  const pct = attainment(done, target);
  return pct === null ? 'Sem meta definida para o mês' : `${pct}% da meta`;
}
