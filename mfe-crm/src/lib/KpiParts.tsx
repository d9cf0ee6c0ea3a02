import type { ComparisonFunnel, ComparisonPoint, ComparisonStage, MonthKpis } from '@backoffice/api-client/endpoints';
import { formatInteger, LineChartFigure, Paper, Table, Text, Title } from '@backoffice/ui';
import { cumulativeRows, funnelRows, KPI_COLUMNS, SALES_COLUMNS, SALES_PENDING } from './kpis';

/** The header cells of the KPI columns, the sales ones marked as pending. */
export function KpiHeaders() {
  return (
    <>
      {KPI_COLUMNS.map((c) => (
        <Table.Th key={c.key} scope="col" ta="right">
          {c.label}
        </Table.Th>
      ))}
      {SALES_COLUMNS.map((label) => (
        <Table.Th key={label} scope="col" ta="right" title={SALES_PENDING}>
          {label}
        </Table.Th>
      ))}
    </>
  );
}

/** The KPI cells of one row (a person or a team's totals). */
export function KpiCells({ kpis }: { kpis: MonthKpis | undefined }) {
  return (
    <>
      {KPI_COLUMNS.map((c) => (
        <Table.Td key={c.key} ta="right" data-kpi={c.key}>
          {kpis ? c.value(kpis) : '…'}
        </Table.Td>
      ))}
      {SALES_COLUMNS.map((label) => (
        <Table.Td key={label} ta="right" title={SALES_PENDING}>
          —
        </Table.Td>
      ))}
    </>
  );
}

/** The note under a table with the sales columns. */
export function SalesPendingNote() {
  return (
    <Text size="xs" c="dimmed">
      Vendas, ticket médio e atingimento da meta de vendas: {SALES_PENDING.charAt(0).toLowerCase() + SALES_PENDING.slice(1)}.
    </Text>
  );
}

/** Done activities accumulated day by day against the target (dashed). */
export function CumulativeChart({ series }: { series: readonly ComparisonPoint[] }) {
  return (
    <LineChartFigure
      label="Atividades acumuladas × meta"
      rows={cumulativeRows(series)}
      category="label"
      series={[
        { key: 'done', label: 'Realizadas', color: 'blue.6' },
        { key: 'target', label: 'Meta', color: 'gray.6', dashed: true },
      ]}
    />
  );
}

/** The open opportunities per working stage: count and expected value. */
export function PipelineTable({ stages, funnel, label }: { stages: readonly ComparisonStage[]; funnel: readonly ComparisonFunnel[]; label: string }) {
  const rows = funnelRows(stages, funnel);
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h5" mb="xs">
        {label}
      </Title>
      <Table aria-label={label} verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Etapa</Table.Th>
            <Table.Th scope="col" ta="right">
              Oportunidades
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Valor esperado
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.stage}>
              <Table.Td>{r.stage}</Table.Td>
              <Table.Td ta="right">{formatInteger(r.count)}</Table.Td>
              <Table.Td ta="right">{r.value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
