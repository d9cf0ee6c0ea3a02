import { useGetCrmUserKpis, useListActivities, type Activity, type TargetMonth } from '@backoffice/api-client/endpoints';
import { Alert, Anchor, Button, formatCentavos, formatDateTime, formatInteger, Group, LabeledValue, Link, Paper, SimpleGrid, Spinner, Stack, Table, Text, Title, todayInSaoPaulo } from '@backoffice/ui';
import { useState } from 'react';
import { KIND_LABELS } from '../../../lib/activityVocabulary';
import { KPI_COLUMNS, SALES_COLUMNS, SALES_PENDING, formatBp } from '../../../lib/kpis';
import { PipelineTable, SalesPendingNote } from '../../../lib/KpiParts';
import { addMonths, monthLabel } from '../../../lib/months';

/** A salesperson's month KPIs, open pipeline, overdue and upcoming activities and target history. */
export function UserKpis({ userId }: { userId: string }) {
  const [month, setMonth] = useState(() => todayInSaoPaulo().slice(0, 7));
  const query = useGetCrmUserKpis(userId, { month });
  return (
    <Stack gap="sm">
      <Group gap="xs" aria-label="Mês dos indicadores">
        <Button variant="subtle" size="compact-sm" onClick={() => setMonth(addMonths(month, -1))} aria-label="Mês anterior">
          ‹
        </Button>
        <Title order={2} size="h4">
          Indicadores de {monthLabel(month)}
        </Title>
        <Button variant="subtle" size="compact-sm" onClick={() => setMonth(addMonths(month, 1))} aria-label="Próximo mês">
          ›
        </Button>
      </Group>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <Alert color="red" role="alert" title="Não foi possível carregar os indicadores">
          {query.error.message}
        </Alert>
      ) : (
        <>
          <Paper withBorder p="lg" radius="md" aria-label="Indicadores do mês" component="section">
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
              {KPI_COLUMNS.map((c) => (
                <div key={c.key} data-kpi={c.key}>
                  <LabeledValue label={c.label}>{c.value(query.data.kpis)}</LabeledValue>
                </div>
              ))}
              {SALES_COLUMNS.map((label) => (
                <div key={label} title={SALES_PENDING}>
                  <LabeledValue label={label}>—</LabeledValue>
                </div>
              ))}
            </SimpleGrid>
          </Paper>
          <SalesPendingNote />
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <PipelineTable label="Pipeline por etapa" stages={query.data.stages} funnel={query.data.funnel} />
            <Activities userId={userId} />
          </SimpleGrid>
          <TargetHistory months={query.data.targets} />
        </>
      )}
    </Stack>
  );
}

/** Overdue and upcoming activities (the first few of each), with the way to the activities page. */
function Activities({ userId }: { userId: string }) {
  const overdue = useListActivities({ tab: 'atrasadas', owner_id: userId, page_size: 5 });
  const upcoming = useListActivities({ tab: 'proximas', owner_id: userId, page_size: 5 });
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          Atividades
        </Title>
        <Anchor component={Link} to="/crm/atividades" size="sm">
          Ver atividades
        </Anchor>
      </Group>
      <ActivityList label="Atrasadas" list={overdue} color="red" />
      <ActivityList label="Próximas" list={upcoming} />
    </Paper>
  );
}

interface ListState {
  isPending: boolean;
  isError: boolean;
  data?: { items: Activity[]; total?: number | null } | undefined;
}

function ActivityList({ label, list, color }: { label: string; list: ListState; color?: string }) {
  const items = list.data?.items ?? [];
  return (
    <Stack gap={4} mb="sm" role="group" aria-label={label}>
      <Text size="sm" fw={600} c={color}>
        {label}
      </Text>
      {list.isPending ? (
        <Spinner label="Carregando atividades" />
      ) : list.isError ? (
        <Text size="sm" c="red">
          Não foi possível carregar.
        </Text>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma.
        </Text>
      ) : (
        items.map((a) => (
          <Text key={a.id} size="sm">
            {formatDateTime(a.due_at)} · {KIND_LABELS[a.kind] ?? a.kind} · {a.subject}
            {a.client_name ? ` · ${a.client_name}` : ''}
          </Text>
        ))
      )}
    </Stack>
  );
}

/** The last 12 months: targets and the activities done against them (sales attainment with the sales module). */
function TargetHistory({ months }: { months: readonly TargetMonth[] }) {
  return (
    <Paper withBorder p="md" radius="md" style={{ overflowX: 'auto' }}>
      <Title order={3} size="h5" mb="xs">
        Histórico de metas
      </Title>
      <Table aria-label="Histórico de metas" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Mês</Table.Th>
            <Table.Th scope="col" ta="right">
              Meta de atividades
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Realizadas
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Atingimento
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Meta de vendas (R$)
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Meta de vendas (qtd.)
            </Table.Th>
            <Table.Th scope="col" ta="right" title={SALES_PENDING}>
              Atingimento de vendas
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...months].reverse().map((m) => (
            <Table.Tr key={m.month}>
              <Table.Th scope="row" fw="normal">
                {monthLabel(m.month)}
              </Table.Th>
              <Table.Td ta="right">{m.activities_target > 0 ? formatInteger(m.activities_target) : '—'}</Table.Td>
              <Table.Td ta="right">{formatInteger(m.activities_done)}</Table.Td>
              <Table.Td ta="right">{formatBp(m.activities_attainment_bp)}</Table.Td>
              <Table.Td ta="right">{m.sales_value_cents_target > 0 ? formatCentavos(m.sales_value_cents_target) : '—'}</Table.Td>
              <Table.Td ta="right">{m.sales_count_target > 0 ? formatInteger(m.sales_count_target) : '—'}</Table.Td>
              <Table.Td ta="right" title={SALES_PENDING}>
                —
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
