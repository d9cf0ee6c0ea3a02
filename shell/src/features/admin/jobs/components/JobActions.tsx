import { canCancel, canRetry, notify, type Job, Button, Group, Text, modals } from '@backoffice/ui';
import { useCancelJob, useRetryJob } from '../api/jobsApi';

/** "Tentar de novo" for a job that failed for good or was cancelled; "Cancelar" (confirmed) for one not started. */
export function JobActions({ job }: { job: Job }) {
  const retry = useRetryJob();
  const cancel = useCancelJob();
  const confirmRetry = () =>
    modals.openConfirmModal({
      title: 'Tentar de novo',
      children: <Text size="sm">Executar a tarefa {job.kind} de novo, desde a primeira tentativa?</Text>,
      labels: { confirm: 'Tentar de novo', cancel: 'Voltar' },
      onConfirm: () =>
        retry.mutate(job.id, {
          onSuccess: () => notify('Tarefa enviada de volta para a fila.', 'success'),
          onError: (error) => notify(error.message, 'error'),
        }),
    });
  const confirmCancel = () =>
    modals.openConfirmModal({
      title: 'Cancelar tarefa',
      children: <Text size="sm">Cancelar a tarefa {job.kind}? Ela não será executada; é possível tentá-la de novo depois.</Text>,
      labels: { confirm: 'Cancelar tarefa', cancel: 'Voltar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(job.id, {
          onSuccess: () => notify('Tarefa cancelada.', 'success'),
          onError: (error) => notify(error.message, 'error'),
        }),
    });
  if (!canRetry(job.status) && !canCancel(job.status)) return null;
  return (
    <Group gap={4} wrap="nowrap">
      {canRetry(job.status) && (
        <Button size="compact-xs" variant="subtle" onClick={confirmRetry} loading={retry.isPending}>
          Tentar de novo
        </Button>
      )}
      {canCancel(job.status) && (
        <Button size="compact-xs" variant="subtle" color="red" onClick={confirmCancel} loading={cancel.isPending}>
          Cancelar
        </Button>
      )}
    </Group>
  );
}
