import type { ReceiptsCell, ReceiptsPeriod, ReceiptsReportParams } from '@backoffice/api-client/endpoints';
import { DateFilterInput, formatCentavos, formatDate, Group, NativeSelect, Paper, SimpleGrid, StackedBarChart, Stack, Table, Text, Title, type ChartSeries } from '@backoffice/ui';
import { useMemo } from 'react';
import { BASIS_OPTIONS, BUCKET_OPTIONS, CLIENT_TOP, DIMENSION_OPTIONS, formatBasisPoints, formatDays, receiptsDrillDown, type Figure, type ReportParams } from '../api/reportsModel';
import { EXPORT_URLS, useReceiptsReport } from '../api/reportsQueries';
import { DrillLink, ExportButton, ReportState, Summary } from './ReportParts';

const SERIES: ReadonlyArray<ChartSeries<ReceiptsPeriod>> = [
  { key: 'received_cents', label: 'Recebido', color: 'green.7' },
  { key: 'open_cents', label: 'Em aberto', color: 'blue.5' },
  { key: 'overdue_cents', label: 'Vencido', color: 'red.6' },
];

const FIGURES: ReadonlyArray<{ figure: Figure; label: string; field: 'expected_cents' | 'received_cents' | 'open_cents' | 'overdue_cents' }> = [
  { figure: 'expected', label: 'Previsto', field: 'expected_cents' },
  { figure: 'received', label: 'Recebido', field: 'received_cents' },
  { figure: 'open', label: 'Em aberto', field: 'open_cents' },
  { figure: 'overdue', label: 'Vencido', field: 'overdue_cents' },
];

const period = (cell: { start: string; end: string }) => (cell.start === cell.end ? formatDate(cell.start) : `${formatDate(cell.start)} a ${formatDate(cell.end)}`);

/**
 * Recebimentos por período: per period × dimension value, previsto, recebido, em aberto and vencido (today), with
 * stacked bars per period and every figure opening the installments behind it.
 */
export function ReceiptsTab({ params, set }: { params: ReportParams; set: (name: keyof ReportParams, value: string) => void }) {
  const request = useMemo<ReceiptsReportParams>(
    () => ({
      from: params.from,
      to: params.to,
      basis: params.basis as ReceiptsReportParams['basis'],
      bucket: params.bucket as ReceiptsReportParams['bucket'],
      dimension: params.dimension as ReceiptsReportParams['dimension'],
    }),
    [params.from, params.to, params.basis, params.bucket, params.dimension],
  );
  const report = useReceiptsReport(request, true);
  const data = report.data;
  const dimensionLabel = DIMENSION_OPTIONS.find((o) => o.value === params.dimension)?.label ?? '';
  const drill = (cell: ReceiptsCell, figure: Figure) => receiptsDrillDown(cell, params.dimension, figure);
  // Per client the report lists the largest and sums the rest in one row without a key, which no filter of the
  // list can reproduce: its figures are not links.
  const isRest = (cell: ReceiptsCell) => params.dimension === 'CLIENTE' && !cell.key;
  return (
    <Stack gap="md">
      <Paper component="form" role="search" withBorder p="md" radius="md" onSubmit={(e) => e.preventDefault()}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md">
          <DateFilterInput label="De" value={params.from} onChange={(iso) => set('from', iso)} />
          <DateFilterInput label="Até" value={params.to} onChange={(iso) => set('to', iso)} />
          <NativeSelect label="Base" value={params.basis} data={BASIS_OPTIONS} onChange={(e) => set('basis', e.currentTarget.value)} />
          <NativeSelect label="Agrupamento" value={params.bucket} data={BUCKET_OPTIONS} onChange={(e) => set('bucket', e.currentTarget.value)} />
          <NativeSelect label="Dimensão" value={params.dimension} data={DIMENSION_OPTIONS} onChange={(e) => set('dimension', e.currentTarget.value)} />
        </SimpleGrid>
      </Paper>
      {!data ? (
        <ReportState error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <>
          <Summary
            items={[
              { label: 'Previsto', value: formatCentavos(data.totals.expected_cents) },
              { label: 'Recebido', value: formatCentavos(data.totals.received_cents) },
              { label: 'Em aberto', value: formatCentavos(data.totals.open_cents) },
              { label: 'Vencido', value: formatCentavos(data.totals.overdue_cents), negative: data.totals.overdue_cents > 0 },
              { label: '% inadimplência', value: formatBasisPoints(data.totals.default_rate_bp) },
              { label: 'Prazo médio de recebimento', value: formatDays(data.totals.average_days) },
            ]}
          />
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h4" mb="sm">
              Recebido, em aberto e vencido por período
            </Title>
            <StackedBarChart<ReceiptsPeriod> label="Recebido, em aberto e vencido por período" rows={data.periods} category="label" series={SERIES} valueFormat="money" orientation="vertical" />
          </Paper>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {`Em aberto e vencido na posição de ${formatDate(data.as_of)}. Clique num valor para ver as parcelas.`}
              {params.dimension === 'CLIENTE' && ` Por cliente, os ${CLIENT_TOP} de maior valor previsto no período; os demais somados numa linha (a exportação traz todos).`}
            </Text>
            <ExportButton url={EXPORT_URLS.recebimentos} params={{ ...request }} name="recebimentos-por-periodo" />
          </Group>
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover aria-label="Recebimentos por período">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Período</Table.Th>
                  <Table.Th>{dimensionLabel}</Table.Th>
                  {FIGURES.map((f) => (
                    <Table.Th key={f.figure} style={{ textAlign: 'right' }}>
                      {f.label}
                    </Table.Th>
                  ))}
                  <Table.Th style={{ textAlign: 'right' }}>% inadimplência</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>Prazo médio</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.cells.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={8}>Nada a receber nem recebido neste período.</Table.Td>
                  </Table.Tr>
                )}
                {data.cells.map((cell) => (
                  <Table.Tr key={`${cell.start}|${cell.key ?? ''}`}>
                    <Table.Td>{period(cell)}</Table.Td>
                    <Table.Td>{cell.label}</Table.Td>
                    {FIGURES.map((f) => (
                      <Table.Td key={f.figure} style={{ textAlign: 'right' }}>
                        {isRest(cell) ? (
                          formatCentavos(cell[f.field])
                        ) : (
                          <DrillLink to={drill(cell, f.figure)} label={`${f.label} de ${cell.label} em ${period(cell)}: ${formatCentavos(cell[f.field])}`}>
                            {formatCentavos(cell[f.field])}
                          </DrillLink>
                        )}
                      </Table.Td>
                    ))}
                    <Table.Td style={{ textAlign: 'right' }}>{formatBasisPoints(cell.default_rate_bp)}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>{formatDays(cell.average_days)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={2}>Total</Table.Th>
                  {FIGURES.map((f) => (
                    <Table.Th key={f.figure} style={{ textAlign: 'right' }}>
                      {formatCentavos(data.totals[f.field])}
                    </Table.Th>
                  ))}
                  <Table.Th style={{ textAlign: 'right' }}>{formatBasisPoints(data.totals.default_rate_bp)}</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>{formatDays(data.totals.average_days)}</Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
