import { Alert, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { formatDateTime } from '../format';
import { isFinished, progressOf, type Job } from './jobModel';
import { useJob } from './useJob';

export interface JobProgressProps {
  /** The job to follow (the id a `POST` that started it returned). */
  jobId: string;
  /** What it is, for people ("Teste da fila"); the bar's accessible name. */
  label?: string;
  /** Said when it ends well, instead of the default. */
  successMessage?: ReactNode | ((job: Job) => ReactNode);
  /** Called once when the job ends (done, failed for good or cancelled). */
  onFinished?: (job: Job) => void;
}

/**
 * A started job's progress: a bar with "done de total" and the job's message while it runs (asked again every
 * 500 ms), then how it ended: the success message, or the failure in Portuguese. Any page that starts a job
 * shows it this way.
 */
export function JobProgress({ jobId, label = 'Tarefa', successMessage, onFinished }: JobProgressProps) {
  const { data: job, error } = useJob(jobId);
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (job && isFinished(job.status) && reported.current !== job.id) {
      reported.current = job.id;
      onFinished?.(job);
    }
  }, [job, onFinished]);

  if (error && !job) {
    return (
      <Alert color="red" title="Não foi possível acompanhar a tarefa">
        {error.message}
      </Alert>
    );
  }
  if (!job) {
    return (
      <Text c="dimmed" role="status">
        Iniciando {label.toLowerCase()}…
      </Text>
    );
  }
  return <JobProgressView job={job} label={label} successMessage={successMessage} />;
}

/** The job's state, drawn (no fetching: the jobs page shows it for the jobs it lists). */
export function JobProgressView({ job, label = 'Tarefa', successMessage }: { job: Job; label?: string; successMessage?: JobProgressProps['successMessage'] }) {
  const view = progressOf(job);
  if (job.status === 'done') {
    const said = typeof successMessage === 'function' ? successMessage(job) : successMessage;
    return (
      <Alert color="green" title={`${label}: concluída`} role="status">
        <Stack gap={4}>
          <Text size="sm">{said ?? 'A tarefa terminou com sucesso.'}</Text>
          {view.counts && <Text size="sm">{view.counts}</Text>}
        </Stack>
      </Alert>
    );
  }
  if (job.status === 'dead') {
    return (
      <Alert color="red" title={`${label}: falhou`} role="alert">
        <Stack gap={4}>
          <Text size="sm">
            A tarefa falhou {job.attempts === 1 ? 'na única tentativa' : `nas ${job.attempts} tentativas`} e não será executada de novo.
          </Text>
          {job.last_error && <Text size="sm">Erro: {job.last_error}</Text>}
        </Stack>
      </Alert>
    );
  }
  if (job.status === 'cancelled') {
    return (
      <Alert color="gray" title={`${label}: cancelada`} role="status">
        A tarefa foi cancelada antes de terminar.
      </Alert>
    );
  }
  const caption =
    job.status === 'queued'
      ? 'Na fila, aguardando para começar…'
      : job.status === 'retrying'
        ? `A tentativa ${job.attempts} falhou; nova tentativa em ${formatDateTime(job.run_at)}.`
        : (view.message ?? 'Em execução…');
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            {label}
          </Text>
          {view.counts && (
            <Text size="sm" data-testid="job-progress-counts">
              {view.counts}
            </Text>
          )}
        </Group>
        <Progress
          value={view.percent ?? 100}
          striped={view.percent === null}
          animated={view.percent === null}
          size="lg"
          aria-label={label}
        />
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {caption}
        </Text>
        {job.status === 'retrying' && job.last_error && (
          <Text size="sm" c="red">
            Erro: {job.last_error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
