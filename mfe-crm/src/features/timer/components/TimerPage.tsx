import type { Activity } from '@backoffice/api-client/endpoints';
import { useSession } from '@backoffice/auth';
import type { PageProps } from '@backoffice/routes';
import { Alert, Anchor, Box, Button, Group, Link, Spinner, Stack, Text, Title, useSearchParams } from '@backoffice/ui';
import { useState } from 'react';
import { formatDuration } from '../api/timerModel';
import { useCurrentTimer } from '../api/timerQueries';
import { usePendingStop } from '../api/usePendingStop';
import { StartPanel } from './StartPanel';
import { TimerPanel } from './TimerPanel';

/**
 * `/timer`: the attendance timer, full screen (no layout) for a phone or a clinic tablet. The running timer is the
 * server's, so a reload or another device shows it; opened from an activity (`?atividade=<id>`) or standalone
 * (a client and a kind). A stop that cannot reach the server is queued on the device and sent when back online.
 */
export default function TimerPage(_props: PageProps) {
  const { user } = useSession();
  const [params] = useSearchParams();
  const activityId = params.get('atividade');
  const current = useCurrentTimer();
  const pending = usePendingStop(user?.uid ?? '');
  const [finished, setFinished] = useState<Activity | null>(null);
  return (
    <Box mih="100dvh" p="md" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group justify="space-between" wrap="nowrap">
        <Title order={1} size="h3">
          Cronômetro de atendimento
        </Title>
        <Anchor component={Link} to="/crm/atividades" size="lg">
          Atividades
        </Anchor>
      </Group>
      <Stack justify="center" gap="lg" w="100%" maw={560} mx="auto" py="lg" style={{ flex: 1 }}>
        {pending.refusal && (
          <Alert color="red" role="alert" title="O encerramento guardado foi recusado" withCloseButton onClose={pending.dismissRefusal}>
            {pending.refusal}
          </Alert>
        )}
        {pending.stop ? (
          <Alert color="yellow" role="status" title="Encerramento pendente de envio">
            <Stack gap="xs">
              <Text>
                {pending.stop.label}: encerrado neste aparelho em {new Date(pending.stop.device_stopped_at).toLocaleString('pt-BR')}. Será enviado assim que a conexão voltar.
              </Text>
              <Button variant="default" onClick={() => void pending.flush()} loading={pending.sending}>
                Tentar enviar agora
              </Button>
            </Stack>
          </Alert>
        ) : finished ? (
          <Finished activity={finished} onAgain={() => setFinished(null)} />
        ) : current.isPending ? (
          <Spinner />
        ) : current.isError ? (
          <Alert color="red" role="alert" title="Não foi possível ler o cronômetro">
            {current.error.message}
          </Alert>
        ) : current.data ? (
          <TimerPanel timer={current.data} readAt={current.dataUpdatedAt} askedFor={activityId} onQueued={pending.queue} onFinished={setFinished} />
        ) : (
          <StartPanel activityId={activityId} />
        )}
      </Stack>
    </Box>
  );
}

/** After a stop: how long it took, and the way back. */
function Finished({ activity, onAgain }: { activity: Activity; onAgain: () => void }) {
  return (
    <Stack gap="md" align="center">
      <Alert color="green" role="status" title="Atendimento encerrado" w="100%">
        {activity.subject}: {formatDuration(activity.duration_s ?? 0)} registrados.
      </Alert>
      <Button component={Link} to="/crm/atividades" size="xl" fullWidth>
        Voltar às atividades
      </Button>
      <Button variant="default" size="lg" fullWidth onClick={onAgain}>
        Novo atendimento
      </Button>
    </Stack>
  );
}
