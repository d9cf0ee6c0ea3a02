import type { HistoryEntry } from '@backoffice/api-client/endpoints';
import { Alert, Button, Group, List, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { formatDateTime } from '../format';

export interface HistoryPanelProps {
  /** The record's history as the API gives it (oldest first); shown newest first. */
  entries: readonly HistoryEntry[] | undefined;
  loading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /** Portuguese labels of the record's fields (`{ name: 'Nome' }`); a field without one is shown as named. */
  fieldLabels?: Record<string, string>;
  /** Portuguese labels of the record's states (`{ active: 'Ativo' }`), for "from → to". */
  stateLabels?: Record<string, string>;
  emptyMessage?: string;
}

const EMPTY_VALUE = '(vazio)';

function shownValue(value: string | undefined): string {
  return value === undefined || value === '' ? EMPTY_VALUE : value;
}

/**
 * The one history panel: who did what and when (São Paulo time), the state before and after, the reason and
 * the fields that changed, from → to. Used in the list drawers and on detail pages.
 */
export function HistoryPanel({ entries, loading = false, error, onRetry, fieldLabels = {}, stateLabels = {}, emptyMessage = 'Nenhum registro no histórico.' }: HistoryPanelProps) {
  if (error) {
    return (
      <Alert color="red" role="alert" title="Não foi possível carregar o histórico">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{error.message}</Text>
          {onRetry && (
            <Button variant="default" size="xs" onClick={onRetry}>
              Tentar novamente
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  if (loading || !entries) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label="Carregando histórico">
        <Skeleton height={14} width="60%" />
        <Skeleton height={12} width="40%" />
        <Skeleton height={14} width="70%" />
      </Stack>
    );
  }
  if (entries.length === 0) return <Text c="dimmed">{emptyMessage}</Text>;

  const state = (value: string) => stateLabels[value] ?? value;
  const newestFirst = [...entries].reverse();
  return (
    <Timeline bulletSize={12} lineWidth={2} active={-1}>
      {newestFirst.map((entry) => (
        <Timeline.Item key={entry.id} title={entry.action} data-history-entry>
          <Text size="sm" c="dimmed">
            {entry.by_name || entry.by_uid} · <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </Text>
          {(entry.from_state || entry.to_state) && (
            <Text size="sm">
              {entry.from_state ? state(entry.from_state) : EMPTY_VALUE} → {entry.to_state ? state(entry.to_state) : EMPTY_VALUE}
            </Text>
          )}
          {entry.reason && <Text size="sm">Motivo: {entry.reason}</Text>}
          {entry.changes.length > 0 && (
            <List size="sm" spacing={2} mt={4} aria-label="Campos alterados">
              {entry.changes.map((change) => (
                <List.Item key={change.field}>
                  <Group gap={4} wrap="wrap">
                    <Text span size="sm" fw={500}>
                      {fieldLabels[change.field] ?? change.field}:
                    </Text>
                    <Text span size="sm">
                      {shownValue(change.from)} → {shownValue(change.to)}
                    </Text>
                  </Group>
                </List.Item>
              ))}
            </List>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
