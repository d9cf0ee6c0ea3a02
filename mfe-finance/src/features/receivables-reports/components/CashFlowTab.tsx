import type { CashFlowReportParams } from '@backoffice/api-client/endpoints';
import { Checkbox, formatCentavos, formatDate, Group, NativeSelect, Paper, SimpleGrid, Stack, Table, Text } from '@backoffice/ui';
import { useMemo } from 'react';
import { BUCKET_OPTIONS, cashFlowDrillDown, DAYS_OPTIONS, receivablesUrl, SCENARIO_OPTIONS, type ReportParams } from '../api/reportsModel';
import { EXPORT_URLS, useBankAccounts, useCashFlowReport } from '../api/reportsQueries';
import { DrillLink, ExportButton, ReportState, Summary } from './ReportParts';

const period = (p: { start: string; end: string }) => (p.start === p.end ? formatDate(p.start) : `${formatDate(p.start)} a ${formatDate(p.end)}`);
const red = (cents: number) => (cents < 0 ? 'red.8' : undefined);

/**
 * Fluxo de caixa previsto: from today's system balance, the open installments at their expected credit date
 * (contratual) or as each client has paid (histórico); overdue saldo in its own row unless asked for on the first
 * day; negative balances in red.
 */
export function CashFlowTab({ params, set }: { params: ReportParams; set: (name: keyof ReportParams, value: string) => void }) {
  const request = useMemo<CashFlowReportParams>(
    () => ({
      days: Number(params.days),
      bucket: params.cash_bucket as CashFlowReportParams['bucket'],
      account_id: params.account_id || undefined,
      scenario: params.scenario as CashFlowReportParams['scenario'],
      include_overdue_first_day: params.include_overdue === 'sim',
    }),
    [params.days, params.cash_bucket, params.account_id, params.scenario, params.include_overdue],
  );
  const report = useCashFlowReport(request, true);
  const accounts = useBankAccounts(true);
  const accountOptions = [{ value: '', label: 'Consolidado' }, ...(accounts.data?.items ?? []).filter((a) => a.active || a.id === params.account_id).map((a) => ({ value: a.id, label: a.nickname }))];
  const data = report.data;
  return (
    <Stack gap="md">
      <Paper component="form" role="search" withBorder p="md" radius="md" onSubmit={(e) => e.preventDefault()}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md">
          <NativeSelect label="Horizonte" value={params.days} data={DAYS_OPTIONS} onChange={(e) => set('days', e.currentTarget.value)} />
          <NativeSelect label="Agrupamento" value={params.cash_bucket} data={BUCKET_OPTIONS} onChange={(e) => set('cash_bucket', e.currentTarget.value)} />
          <NativeSelect label="Conta" value={params.account_id} data={accountOptions} onChange={(e) => set('account_id', e.currentTarget.value)} />
          <NativeSelect label="Cenário" value={params.scenario} data={SCENARIO_OPTIONS} onChange={(e) => set('scenario', e.currentTarget.value)} />
          <Checkbox
            mt="xl"
            label="Incluir vencidos no primeiro dia"
            checked={params.include_overdue === 'sim'}
            onChange={(e) => set('include_overdue', e.currentTarget.checked ? 'sim' : '')}
          />
        </SimpleGrid>
      </Paper>
      {!data ? (
        <ReportState error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <>
          <Summary
            items={[
              { label: 'Saldo inicial', value: formatCentavos(data.opening_balance_cents), negative: data.opening_balance_cents < 0 },
              { label: 'Entradas', value: formatCentavos(data.inflow_cents) },
              { label: 'Saídas', value: formatCentavos(data.outflow_cents) },
              { label: 'Saldo final', value: formatCentavos(data.closing_balance_cents), negative: data.closing_balance_cents < 0 },
            ]}
          />
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {`De ${formatDate(data.today)} a ${formatDate(data.to)}. Entradas na data prevista de crédito (vencimento em dia útil); saídas na data programada ou no vencimento das contas a pagar.`}
            </Text>
            <ExportButton url={EXPORT_URLS.fluxo} params={{ ...request }} name="fluxo-de-caixa-previsto" />
          </Group>
          <Table.ScrollContainer minWidth={800}>
            <Table striped highlightOnHover aria-label="Fluxo de caixa previsto">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Período</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>Entradas</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>Saídas</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>Saldo do período</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>Acumulado</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {!data.include_overdue_first_day && data.overdue_cents > 0 && (
                  <Table.Tr>
                    <Table.Td>Vencidos (fora do saldo)</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>
                      <DrillLink to={receivablesUrl({ periodo: 'todos', status: 'VENCIDO', bank_account_id: params.account_id || undefined })} label={`Vencidos: ${formatCentavos(data.overdue_cents)}`} negative>
                        {formatCentavos(data.overdue_cents)}
                      </DrillLink>
                    </Table.Td>
                    <Table.Td colSpan={3} />
                  </Table.Tr>
                )}
                {data.periods.map((p) => (
                  <Table.Tr key={p.start} data-negative={p.balance_cents < 0 ? 'true' : undefined}>
                    <Table.Td>{period(p)}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>
                      {p.inflow_cents ? (
                        <DrillLink to={cashFlowDrillDown(p, params.account_id)} label={`Entradas de ${period(p)}: ${formatCentavos(p.inflow_cents)}`}>
                          {formatCentavos(p.inflow_cents)}
                        </DrillLink>
                      ) : (
                        formatCentavos(0)
                      )}
                    </Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>{formatCentavos(p.outflow_cents)}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>
                      <Text size="sm" c={red(p.net_cents)}>
                        {formatCentavos(p.net_cents)}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>
                      <Text size="sm" fw={500} c={red(p.balance_cents)}>
                        {formatCentavos(p.balance_cents)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th>Total</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>{formatCentavos(data.inflow_cents)}</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>{formatCentavos(data.outflow_cents)}</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>{formatCentavos(data.net_cents)}</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>{formatCentavos(data.closing_balance_cents)}</Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
