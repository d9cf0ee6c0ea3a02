import type { AgingReportParams } from '@backoffice/api-client/endpoints';
import { DateFilterInput, formatCentavos, formatDate, Group, NativeSelect, Paper, SimpleGrid, Stack, Table, Text } from '@backoffice/ui';
import { useMemo } from 'react';
import { AGING_DIMENSION_OPTIONS, agingDrillDown, formatBasisPoints, type ReportParams } from '../api/reportsModel';
import { EXPORT_URLS, useAgingReport } from '../api/reportsQueries';
import { DrillLink, ExportButton, ReportState, Summary } from './ReportParts';

/** Aging: the open saldo by how long until (or since) it falls due, per dimension value; each figure drills down. */
export function AgingTab({ params, set }: { params: ReportParams; set: (name: keyof ReportParams, value: string) => void }) {
  const request = useMemo<AgingReportParams>(
    () => ({ as_of: params.as_of, dimension: params.aging_dimension as AgingReportParams['dimension'] }),
    [params.as_of, params.aging_dimension],
  );
  const report = useAgingReport(request, true);
  const data = report.data;
  const dimensionLabel = AGING_DIMENSION_OPTIONS.find((o) => o.value === params.aging_dimension)?.label ?? '';
  const due = data ? data.buckets.filter((b) => !b.overdue).reduce((sum, b) => sum + b.total_cents, 0) : 0;
  return (
    <Stack gap="md">
      <Paper component="form" role="search" withBorder p="md" radius="md" onSubmit={(e) => e.preventDefault()}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <DateFilterInput label="Posição em" value={params.as_of} onChange={(iso) => set('as_of', iso)} />
          <NativeSelect label="Dimensão" value={params.aging_dimension} data={AGING_DIMENSION_OPTIONS} onChange={(e) => set('aging_dimension', e.currentTarget.value)} />
        </SimpleGrid>
      </Paper>
      {!data ? (
        <ReportState error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <>
          <Summary
            items={[
              { label: 'Total em aberto', value: formatCentavos(data.total_cents) },
              { label: 'A vencer', value: formatCentavos(due) },
              { label: 'Vencido', value: formatCentavos(data.total_cents - due), negative: data.total_cents - due > 0 },
            ]}
          />
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {`Posição em ${formatDate(data.as_of)}: vencidas as parcelas com vencimento até ${formatDate(data.overdue_cutoff)} (dia útil de tolerância). Clique num valor para ver as parcelas.`}
            </Text>
            <ExportButton url={EXPORT_URLS.aging} params={{ ...request }} name="aging" />
          </Group>
          <Table.ScrollContainer minWidth={1200}>
            <Table striped highlightOnHover aria-label="Aging">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{dimensionLabel}</Table.Th>
                  {data.buckets.map((b) => (
                    <Table.Th key={b.key} style={{ textAlign: 'right' }}>
                      {b.label}
                    </Table.Th>
                  ))}
                  <Table.Th style={{ textAlign: 'right' }}>Total</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>Participação</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={data.buckets.length + 3}>Nenhuma parcela em aberto.</Table.Td>
                  </Table.Tr>
                )}
                {data.rows.map((row) => (
                  <Table.Tr key={row.key ?? ''}>
                    <Table.Td>{row.label}</Table.Td>
                    {data.buckets.map((b, i) => (
                      <Table.Td key={b.key} style={{ textAlign: 'right' }}>
                        {row.amounts_cents[i] ? (
                          <DrillLink to={agingDrillDown(b, params.aging_dimension, row.key)} label={`${b.label} de ${row.label}: ${formatCentavos(row.amounts_cents[i])}`} negative={b.overdue}>
                            {formatCentavos(row.amounts_cents[i])}
                          </DrillLink>
                        ) : (
                          <Text size="sm" c="dimmed">
                            {formatCentavos(0)}
                          </Text>
                        )}
                      </Table.Td>
                    ))}
                    <Table.Td style={{ textAlign: 'right' }}>{formatCentavos(row.total_cents)}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>{formatBasisPoints(row.share_bp)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th>Total</Table.Th>
                  {data.buckets.map((b) => (
                    <Table.Th key={b.key} style={{ textAlign: 'right' }}>
                      {formatCentavos(b.total_cents)}
                    </Table.Th>
                  ))}
                  <Table.Th style={{ textAlign: 'right' }}>{formatCentavos(data.total_cents)}</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>{data.total_cents ? formatBasisPoints(10_000) : '—'}</Table.Th>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Participação</Table.Th>
                  {data.buckets.map((b) => (
                    <Table.Th key={b.key} style={{ textAlign: 'right' }}>
                      {formatBasisPoints(b.share_bp)}
                    </Table.Th>
                  ))}
                  <Table.Th colSpan={2} />
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
