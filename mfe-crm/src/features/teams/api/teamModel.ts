import type { TargetsDto, Team } from '@backoffice/api-client/endpoints';
import { formatCentavos, formatInteger } from '@backoffice/ui';

/** A member's part in the team, as the screens name it. */
export const ROLE_IN_TEAM_LABELS: Record<string, string> = { vendedor: 'Vendedor', sdr: 'SDR', closer: 'Closer' };

export type TargetKey = keyof TargetsDto;

/** The four monthly targets, in the order the screens show them. */
export const TARGETS: ReadonlyArray<{ key: TargetKey; label: string; money: boolean }> = [
  { key: 'sales_value_cents', label: 'Valor vendido', money: true },
  { key: 'sales_count', label: 'Vendas', money: false },
  { key: 'activities_done', label: 'Atividades realizadas', money: false },
  { key: 'new_clients', label: 'Clientes novos', money: false },
];

export const EMPTY_TARGETS: TargetsDto = { sales_value_cents: 0, sales_count: 0, activities_done: 0, new_clients: 0 };

export function formatTarget(key: TargetKey, value: number): string {
  return key === 'sales_value_cents' ? formatCentavos(value) : formatInteger(value);
}

/**
 * The metrics whose member targets do not sum to the team's, with how far off they are (the server refuses the
 * same; the screen says it before saving).
 */
export function distributionGaps(team: TargetsDto, members: readonly TargetsDto[]): Array<{ key: TargetKey; label: string; difference: number }> {
  return TARGETS.flatMap(({ key, label }) => {
    const sum = members.reduce((total, m) => total + m[key], 0);
    return sum === team[key] ? [] : [{ key, label, difference: team[key] - sum }];
  });
}

/** The members of a team today, by name. */
export function currentMembers(team: Team) {
  return team.members.filter((m) => m.current).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
}
