import { type JobKindCounts, type JobStatus } from '@backoffice/api-client/endpoints';
import { Alert, Paper, StackedBarChart, Text, Title, type ChartSeries, Skeleton } from '@backoffice/ui';
import { useJobSummary } from '../api/jobsApi';

/** How many days the chart looks back. */
export const SUMMARY_DAYS = 7;

/** The legend speaks of many jobs; each state its own colour (the list's badges share grey). */
const STATES: ReadonlyArray<{ key: JobStatus; label: string; color: string }> = [
  { key: 'dead', label: 'Falharam', color: 'red.6' },
  { key: 'retrying', label: 'Aguardando nova tentativa', color: 'orange.5' },
  { key: 'running', label: 'Em execução', color: 'blue.6' },
  { key: 'queued', label: 'Na fila', color: 'gray.6' },
  { key: 'done', label: 'Concluídas', color: 'green.7' },
  { key: 'cancelled', label: 'Canceladas', color: 'gray.4' },
];
export const JOB_CHART_SERIES: ReadonlyArray<ChartSeries<JobKindCounts>> = STATES;

/**
 * The last week's jobs by kind, stacked by state: which kind is failing shows at a glance. A bar clicked
 * filters the list below by its kind.
 */
export function JobsChart({ onSelectKind }: { onSelectKind: (kind: string) => void }) {
  const query = useJobSummary(SUMMARY_DAYS);
  const label = `Tarefas dos últimos ${SUMMARY_DAYS} dias por tipo e situação`;
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        {label}
      </Title>
      {query.error ? (
        <Alert color="red" title="Não foi possível carregar o resumo das tarefas.">
          {query.error.message}
        </Alert>
      ) : !query.data ? (
        <Skeleton h={160} />
      ) : query.data.kinds.length === 0 ? (
        <Text c="dimmed">Nenhuma tarefa nos últimos {SUMMARY_DAYS} dias.</Text>
      ) : (
        <StackedBarChart<JobKindCounts>
          label={label}
          rows={query.data.kinds}
          category="kind"
          series={JOB_CHART_SERIES}
          onSelect={(row) => onSelectKind(row.kind)}
        />
      )}
    </Paper>
  );
}
