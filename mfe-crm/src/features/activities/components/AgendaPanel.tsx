import { useGetActivityAgenda } from '@backoffice/api-client/endpoints';
import { Alert, Anchor, Badge, Group, Link, Paper, Spinner, Stack, Text, Title } from '@backoffice/ui';
import { KIND_LABELS } from '../api/activityModel';

const time = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: 'America/Sao_Paulo' });
const day = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', timeZone: 'America/Sao_Paulo' });

/** "Agenda de hoje": the caller's activities due today and the overdue ones (the funnel's side panel). */
export function AgendaPanel() {
  const agenda = useGetActivityAgenda({ query: { refetchInterval: 60_000 } });
  return (
    <Paper withBorder radius="md" p="sm" component="aside" aria-label="Agenda de hoje">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h5">
            Agenda de hoje
          </Title>
          {agenda.data && agenda.data.overdue > 0 && (
            <Badge color="red" variant="light">
              {agenda.data.overdue} atrasada{agenda.data.overdue === 1 ? '' : 's'}
            </Badge>
          )}
        </Group>
        {agenda.isPending ? (
          <Spinner />
        ) : agenda.isError ? (
          <Alert color="red" role="alert">
            Não foi possível carregar a agenda.
          </Alert>
        ) : agenda.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nada para hoje.
          </Text>
        ) : (
          agenda.data.items.map((a) => (
            <Stack key={a.id} gap={0} data-overdue={a.overdue}>
              <Group gap={4} wrap="nowrap">
                <Text size="xs" c={a.overdue ? 'red' : 'dimmed'} fw={600}>
                  {a.overdue ? `${day.format(new Date(a.due_at))} ${time.format(new Date(a.due_at))}` : time.format(new Date(a.due_at))}
                </Text>
                <Text size="xs" c="dimmed">
                  {KIND_LABELS[a.kind] ?? a.kind}
                </Text>
              </Group>
              <Text size="sm" lineClamp={2}>
                {a.subject}
              </Text>
              {a.client_name && (
                <Text size="xs" c="dimmed" truncate>
                  {a.client_name}
                </Text>
              )}
            </Stack>
          ))
        )}
        {agenda.data && agenda.data.total > agenda.data.items.length && (
          <Text size="xs" c="dimmed">
            e mais {agenda.data.total - agenda.data.items.length}
          </Text>
        )}
        <Anchor component={Link} to="/crm/atividades" size="sm">
          Abrir atividades
        </Anchor>
      </Stack>
    </Paper>
  );
}
