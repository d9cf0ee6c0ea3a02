import { getGetSalesDashboardQueryKey, getSalesDashboard, type SalesDashboard } from '@backoffice/api-client/endpoints';
import type { PageProps } from '@backoffice/routes';
import { Alert, Group, LineChartFigure, NativeSelect, Paper, SimpleGrid, Spinner, Stack, StackedBarChart, Table, Text, TextInput, Title, formatCentavos, formatInteger, todayInSaoPaulo, RingProgress } from '@backoffice/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { monthLabel } from '../../../lib/months';
import { dashboardParams, dayRows, funnelRows, gaugeValue, groupRows, percentLabel, viewTitle } from '../api/dashboardModel';

/**
 * `/dashboard`, "Painel de vendas": the month by role. A salesperson sees their own share against their target
 * (the gauge), their conversion and activities; a manager their teams with the members' ranking; finance and
 * administrators the company, by unit and team. Everyone: the cumulative sold against the target line, the
 * sold by team and the open funnel. Commissions are not here yet (that context does not exist).
 */
export default function DashboardPage({ route }: PageProps) {
  const [month, setMonth] = useState(todayInSaoPaulo().slice(0, 7));
  const [unit, setUnit] = useState('');
  const [team, setTeam] = useState('');
  const params = dashboardParams(month, unit, team);
  const dashboard = useQuery({
    queryKey: getGetSalesDashboardQueryKey(params),
    queryFn: ({ signal }) => getSalesDashboard(params, { signal }),
    placeholderData: keepPreviousData,
  });
  const d = dashboard.data;
  return (
    <Stack gap="md">
      <Title order={1}>{route.title}</Title>
      <Paper component="form" role="search" withBorder p="md" radius="md" onSubmit={(e: FormEvent) => e.preventDefault()}>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <TextInput label="Mês" type="month" value={month} onChange={(e) => e.currentTarget.value && setMonth(e.currentTarget.value)} />
          {d?.view === 'empresa' && (
            <NativeSelect
              label="Unidade"
              data={[{ value: '', label: 'Todas as unidades' }, ...d.units.map((u) => ({ value: u.id, label: u.name }))]}
              value={unit}
              onChange={(e) => setUnit(e.currentTarget.value)}
            />
          )}
          {d && d.view !== 'proprio' && (
            <NativeSelect
              label="Time"
              data={[{ value: '', label: 'Todos os times' }, ...d.teams.map((t) => ({ value: t.id, label: t.name }))]}
              value={team}
              onChange={(e) => setTeam(e.currentTarget.value)}
            />
          )}
        </SimpleGrid>
      </Paper>
      {dashboard.isError ? (
        <Alert color="red" role="alert" title="Não foi possível carregar o painel">
          {dashboard.error.message}
        </Alert>
      ) : !d ? (
        <Spinner />
      ) : (
        <Board d={d} />
      )}
    </Stack>
  );
}

function Board({ d }: { d: SalesDashboard }) {
  return (
    <>
      <Title order={2} size="h4">
        {viewTitle(d.view)}: {monthLabel(d.month)}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <Gauge d={d} />
        <Paper withBorder p="md" radius="md" style={{ gridColumn: 'span 2' }}>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
            <Kpi label="Vendas no mês" value={formatInteger(d.sold_count)} hint={d.target_count > 0 ? `meta ${formatInteger(d.target_count)}` : undefined} />
            <Kpi label="Ticket médio" value={d.average_ticket == null ? '—' : formatCentavos(d.average_ticket)} />
            <Kpi label="Conversão" value={percentLabel(d.conversion_bp)} hint={`${formatInteger(d.won)} ganhas, ${formatInteger(d.lost)} perdidas`} />
            <Kpi label="Atividades para hoje" value={formatInteger(d.activities_due_today)} />
            <Kpi label="Atividades atrasadas" value={formatInteger(d.activities_overdue)} />
          </SimpleGrid>
        </Paper>
      </SimpleGrid>
      <Paper withBorder p="md" radius="md">
        <ChartTitle>Vendido acumulado × meta</ChartTitle>
        <LineChartFigure
          label="Vendido acumulado × meta"
          rows={dayRows(d)}
          category="day"
          series={[
            { key: 'sold', label: 'Vendido acumulado', color: 'blue' },
            { key: 'target', label: 'Meta proporcional', color: 'gray', dashed: true },
          ]}
          valueFormat="money"
        />
      </Paper>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md">
          <ChartTitle>Vendido por time</ChartTitle>
          {d.by_team.length === 0 ? (
            <Text>Nenhuma venda de time no mês.</Text>
          ) : (
            <StackedBarChart
              label="Vendido por time"
              rows={groupRows(d.by_team)}
              category="name"
              series={[{ key: 'sold', label: 'Vendido', color: 'blue' }]}
              valueFormat="money"
              orientation="horizontal"
            />
          )}
        </Paper>
        <Paper withBorder p="md" radius="md">
          <ChartTitle>Funil de oportunidades abertas</ChartTitle>
          <StackedBarChart
            label="Funil de oportunidades abertas"
            rows={funnelRows(d)}
            category="stage"
            series={[{ key: 'count', label: 'Oportunidades', color: 'teal' }]}
            orientation="horizontal"
          />
        </Paper>
      </SimpleGrid>
      {d.view === 'empresa' && <Groups label="Por unidade" rows={d.by_unit} />}
      {d.view !== 'proprio' && <Groups label="Por time" rows={d.by_team} />}
      {d.view !== 'proprio' && <Ranking rows={d.ranking} />}
    </>
  );
}

/** The sold value against the month's target, as a ring. */
function Gauge({ d }: { d: SalesDashboard }) {
  return (
    <Paper withBorder p="md" radius="md" aria-label="Meta do mês">
      <Group wrap="nowrap" align="center">
        <RingProgress
          size={140}
          thickness={14}
          roundCaps
          sections={[{ value: gaugeValue(d.progress_bp), color: (d.progress_bp ?? 0) >= 10_000 ? 'teal' : 'blue' }]}
          label={
            <Text ta="center" fw={700} data-testid="meta-percentual">
              {percentLabel(d.progress_bp)}
            </Text>
          }
        />
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            Vendido
          </Text>
          <Text fw={700} size="xl" data-testid="vendido" style={{ whiteSpace: 'nowrap' }}>
            {formatCentavos(d.sold)}
          </Text>
          <Text size="sm">{d.target > 0 ? `meta ${formatCentavos(d.target)}` : 'sem meta no mês'}</Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** A chart's visible title (the figure itself is named for screen readers). */
function ChartTitle({ children }: { children: string }) {
  return (
    <Text fw={600} mb="xs" aria-hidden="true">
      {children}
    </Text>
  );
}

function Kpi({ label, value, hint }: { label: string; value: string; hint?: string | undefined }) {
  return (
    <Stack gap={2} aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
      {hint && <Text size="xs">{hint}</Text>}
    </Stack>
  );
}

const money = (v: number) => (
  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
    {formatCentavos(v)}
  </Table.Td>
);

function Groups({ label, rows }: { label: string; rows: SalesDashboard['by_team'] }) {
  return (
    <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
      <Table aria-label={label} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{label === 'Por unidade' ? 'Unidade' : 'Time'}</Table.Th>
            <Table.Th ta="right">Vendido</Table.Th>
            <Table.Th ta="right">Vendas</Table.Th>
            <Table.Th ta="right">Meta</Table.Th>
            <Table.Th ta="right">% da meta</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id ?? ''}>
              <Table.Td>{r.name}</Table.Td>
              {money(r.sold)}
              <Table.Td ta="right">{formatInteger(r.count)}</Table.Td>
              {money(r.target)}
              <Table.Td ta="right">{percentLabel(r.progress_bp)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

function Ranking({ rows }: { rows: SalesDashboard['ranking'] }) {
  return (
    <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
      <Table aria-label="Ranking da equipe" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Integrante</Table.Th>
            <Table.Th ta="right">Vendido</Table.Th>
            <Table.Th ta="right">Vendas</Table.Th>
            <Table.Th ta="right">Meta</Table.Th>
            <Table.Th ta="right">% da meta</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={6}>Nenhum integrante nos times do mês.</Table.Td>
            </Table.Tr>
          ) : (
            rows.map((r, i) => (
              <Table.Tr key={r.user_id}>
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td>{r.name}</Table.Td>
                {money(r.sold)}
                <Table.Td ta="right">{formatInteger(r.count)}</Table.Td>
                {money(r.target)}
                <Table.Td ta="right">{percentLabel(r.progress_bp)}</Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
