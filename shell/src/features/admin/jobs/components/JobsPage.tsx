import { DataTable, formatDateTime, JOB_STATUS_COLORS, jobStatusLabel, listTableProps, progressOf, type DataTableColumn, type Job, Badge, Stack, Text, Title } from '@backoffice/ui';
import { JobActions } from './JobActions';
import { JobDetail } from './JobDetail';
import { JobsChart } from './JobsChart';
import { JobsFilters } from './JobsFilters';
import { QueueTest } from './QueueTest';
import { useJobsList } from '../hooks/useJobsList';

const COLUMNS: ReadonlyArray<DataTableColumn<Job>> = [
  { id: 'kind', header: 'Tipo', cell: (job) => job.kind },
  {
    id: 'status',
    header: 'Situação',
    cell: (job) => (
      <Badge color={JOB_STATUS_COLORS[job.status]} variant="light" tt="none">
        {jobStatusLabel(job.status)}
      </Badge>
    ),
  },
  { id: 'attempts', header: 'Tentativas', cell: (job) => `${job.attempts} de ${job.max_attempts}` },
  { id: 'progress', header: 'Progresso', cell: (job) => progressOf(job).counts ?? '—' },
  {
    id: 'last_error',
    header: 'Último erro',
    cell: (job) =>
      job.last_error ? (
        <Text size="sm" c="red" lineClamp={2}>
          {job.last_error}
        </Text>
      ) : (
        '—'
      ),
  },
  { id: 'created_at', header: 'Criada em', cell: (job) => formatDateTime(job.created_at) },
  { id: 'run_at', header: 'Próxima execução', cell: (job) => (job.status === 'queued' || job.status === 'retrying' ? formatDateTime(job.run_at) : '—'), defaultHidden: true },
  { id: 'finished_at', header: 'Terminada em', cell: (job) => (job.finished_at ? formatDateTime(job.finished_at) : '—') },
  { id: 'actions', header: 'Ações', cell: (job) => <JobActions job={job} />, hideable: false },
];

/** /admin/tarefas: the background jobs — states, attempts, progress, errors; retry, cancel, and a queue test. */
export default function JobsPage() {
  const { list, query } = useJobsList();
  const page = query.data;
  // The server does not count jobs: what is known is this page and whether more follow.
  const pageInfo = page ? { page: page.page, page_size: page.page_size, has_more: page.has_more } : undefined;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Tarefas</Title>
        <Text c="dimmed">O que o servidor executa em segundo plano: envios, exportações, avisos.</Text>
      </div>
      <QueueTest />
      <JobsChart onSelectKind={(kind) => list.setFilter('kind', kind)} />
      <DataTable<Job>
        id="admin.jobs"
        label="Tarefas"
        columns={COLUMNS}
        rows={page?.items}
        getRowId={(job) => job.id}
        getRowLabel={(job) => `${job.kind} ${formatDateTime(job.created_at)}`}
        pageInfo={pageInfo}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        countLabel={() => (page?.items.length === 1 ? '1 tarefa nesta página' : `${page?.items.length ?? 0} tarefas nesta página`)}
        emptyMessage="Nenhuma tarefa com esses filtros."
        toolbar={<JobsFilters list={list} />}
        detail={{ title: (job) => `Tarefa ${job.kind}`, render: (job) => <JobDetail job={job} /> }}
        minWidth={960}
        {...listTableProps(list)}
      />
    </Stack>
  );
}
