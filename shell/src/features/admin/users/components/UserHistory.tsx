import { HistoryPanel } from '@backoffice/ui';
import { useUserHistory } from '../api/usersApi';
import { USER_FIELD_LABELS } from './userModel';

const HISTORY_FIELD_LABELS: Record<string, string> = { ...USER_FIELD_LABELS, permission: 'Permissão' };
const HISTORY_STATE_LABELS: Record<string, string> = { ativo: 'Ativo', inativo: 'Inativo' };

/** A user's history (`GET /api/v1/users/{uid}/history`) in the drawer. */
export function UserHistory({ uid }: { uid: string }) {
  const history = useUserHistory(uid);
  return (
    <HistoryPanel
      entries={history.data}
      loading={history.isPending}
      error={history.error}
      onRetry={() => void history.refetch()}
      fieldLabels={HISTORY_FIELD_LABELS}
      stateLabels={HISTORY_STATE_LABELS}
    />
  );
}
