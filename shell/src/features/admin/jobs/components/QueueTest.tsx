import { JobProgress, Alert, Button, Group, Stack, Text } from '@backoffice/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useQueueTest } from '../api/jobsApi';

/**
 * "Testar fila": starts one diagnostic job that works in steps and reports its progress after each, and shows
 * it as every started job is shown (`JobProgress`): the bar moving, then how it ended.
 */
export function QueueTest() {
  const test = useQueueTest();
  const queries = useQueryClient();
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Button variant="light" onClick={() => test.mutate(undefined)} loading={test.isPending}>
          Testar fila
        </Button>
        <Text size="sm" c="dimmed">
          Inicia uma tarefa de diagnóstico em etapas e acompanha o progresso dela.
        </Text>
      </Group>
      {test.error && (
        <Alert color="red" title="Não foi possível testar a fila">
          {test.error.message}
        </Alert>
      )}
      {test.data && (
        <JobProgress
          key={test.data}
          jobId={test.data}
          label="Teste da fila"
          successMessage="A fila está funcionando: a tarefa de diagnóstico foi executada até o fim."
          onFinished={() => void queries.invalidateQueries({ queryKey: ['system', 'jobs', 'list'] })}
        />
      )}
    </Stack>
  );
}
