import { useGetTeamKpis } from '@backoffice/api-client/endpoints';
import { Alert, Anchor, Link, Paper, SimpleGrid, Spinner, Stack, Table, Title } from '@backoffice/ui';
import { CumulativeChart, KpiCells, KpiHeaders, PipelineTable, SalesPendingNote } from '../../../lib/KpiParts';
import { monthLabel } from '../../../lib/months';

/** A team's month KPIs: its members' figures and the team's, the cumulative chart and the open pipeline. */
export function TeamKpis({ teamId, month }: { teamId: string; month: string }) {
  const query = useGetTeamKpis(teamId, { month });
  const title = (
    <Title order={2} size="h4">
      Indicadores de {monthLabel(month)}
    </Title>
  );
  if (query.isPending)
    return (
      <Stack gap="xs">
        {title}
        <Spinner />
      </Stack>
    );
  if (query.isError)
    return (
      <Alert color="red" role="alert" title="Não foi possível carregar os indicadores">
        {query.error.message}
      </Alert>
    );
  const kpis = query.data;
  return (
    <Stack gap="sm">
      {title}
      <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
        <Table aria-label="Indicadores dos integrantes" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Integrante</Table.Th>
              <KpiHeaders />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {kpis.members.map((m) => (
              <Table.Tr key={m.user_id} data-user={m.user_id}>
                <Table.Th scope="row" fw="normal">
                  <Anchor component={Link} to={`/crm/usuarios/detalhes?id=${encodeURIComponent(m.user_id)}`}>
                    {m.name}
                  </Anchor>
                </Table.Th>
                <KpiCells kpis={m.kpis} />
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr fw={600}>
              <Table.Th scope="row">Time</Table.Th>
              <KpiCells kpis={kpis.totals} />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Paper>
      <SalesPendingNote />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md">
          <CumulativeChart series={kpis.series} />
        </Paper>
        <PipelineTable label="Pipeline por etapa" stages={kpis.stages} funnel={kpis.funnel} />
      </SimpleGrid>
    </Stack>
  );
}
