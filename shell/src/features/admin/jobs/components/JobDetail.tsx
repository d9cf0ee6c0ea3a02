import { formatDateTime, JobProgressView, useJob, type Job, Code, SimpleGrid, Stack, Text } from '@backoffice/ui';
import { JobActions } from './JobActions';

/** A job in the drawer: its state followed live (`useJob`), attempts, times, last error, result. */
export function JobDetail({ job: opened }: { job: Job }) {
  const job = useJob(opened.id).data ?? opened;
  const facts: Array<[string, string]> = [
    ['Tipo', job.kind],
    ['Tentativas', `${job.attempts} de ${job.max_attempts}`],
    ['Criada em', formatDateTime(job.created_at)],
    ['Próxima execução', job.status === 'queued' || job.status === 'retrying' ? formatDateTime(job.run_at) : '—'],
    ['Atualizada em', formatDateTime(job.updated_at)],
    ['Terminada em', job.finished_at ? formatDateTime(job.finished_at) : '—'],
  ];
  return (
    <Stack gap="md">
      <JobProgressView job={job} label={job.kind} />
      <SimpleGrid cols={2} spacing="xs" component="dl" m={0}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} size="sm">
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {job.last_error && (
        <div>
          <Text size="xs" c="dimmed">
            Último erro
          </Text>
          <Text size="sm" c="red">
            {job.last_error}
          </Text>
        </div>
      )}
      {job.result !== undefined && job.result !== null && (
        <div>
          <Text size="xs" c="dimmed">
            Resultado
          </Text>
          <Code block>{JSON.stringify(job.result, null, 2)}</Code>
        </div>
      )}
      <JobActions job={job} />
    </Stack>
  );
}
