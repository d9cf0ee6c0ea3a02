import type { HistoryEntry, PermissionEntry } from '@backoffice/api-client/endpoints';
import { HistoryPanel } from '@backoffice/ui';
import { useMemo } from 'react';
import { usePermissionCatalog, useUserHistory } from '../api/usersApi';
import { capitalize } from './permissionsModel';
import { roleLabel, USER_FIELD_LABELS } from './userModel';

const HISTORY_FIELD_LABELS: Record<string, string> = { ...USER_FIELD_LABELS, permission: 'Permissão' };
const HISTORY_STATE_LABELS: Record<string, string> = { ativo: 'Ativo', inativo: 'Inativo' };

/** A changed value as people say it: a role by its label, a flag as Sim/Não, a permission by what it allows. */
export function historyValue(field: string, value: string | undefined, catalog: readonly PermissionEntry[] = []): string | undefined {
  if (value === undefined || value === '') return value;
  if (field === 'role') return roleLabel(value);
  if (field === 'permission') {
    const entry = catalog.find((p) => p.code === value);
    return entry ? capitalize(entry.label) : value;
  }
  if (value === 'true') return 'Sim';
  if (value === 'false') return 'Não';
  return value;
}

export function readableHistory(entries: readonly HistoryEntry[], catalog?: readonly PermissionEntry[]): HistoryEntry[] {
  return entries.map((entry) => ({
    ...entry,
    changes: entry.changes.map((change) => ({
      ...change,
      from: historyValue(change.field, change.from, catalog),
      to: historyValue(change.field, change.to, catalog),
    })),
  }));
}

/** A user's history (`GET /api/v1/users/{uid}/history`) in the drawer. */
export function UserHistory({ uid }: { uid: string }) {
  const history = useUserHistory(uid);
  const catalog = usePermissionCatalog();
  const entries = useMemo(() => (history.data ? readableHistory(history.data, catalog.data) : undefined), [history.data, catalog.data]);
  return (
    <HistoryPanel
      entries={entries}
      loading={history.isPending}
      error={history.error}
      onRetry={() => void history.refetch()}
      fieldLabels={HISTORY_FIELD_LABELS}
      stateLabels={HISTORY_STATE_LABELS}
    />
  );
}
