import type { PayableInstallment } from '@backoffice/api-client/endpoints';
import type { PageProps } from '@backoffice/routes';
import { Badge, DataTable, DateFilterInput, DetailLink, formatCentavos, formatDate, Group, listTableProps, NativeSelect, Paper, SimpleGrid, Stack, Table, Tabs, Text, TextInput, Title, type DataTableColumn } from '@backoffice/ui';
import type { FormEvent } from 'react';
import { INSTALLMENT_STATUS_COLORS, INSTALLMENT_STATUS_LABELS, installmentCountLabel, METHOD_LABELS, TABS } from '../api/payableModel';
import { AGENDA_EXPORT_URL, useAgenda } from '../api/payablesQueries';
import { useAgendaParams } from '../hooks/usePayableListParams';
import { PaymentDrawer } from './PaymentDrawer';

const PERIODS = [
  { value: '', label: 'Vencimento neste mês' },
  { value: 'datas', label: 'Vencimento entre datas' },
  { value: 'todos', label: 'Todos os vencimentos' },
];
const METHODS = [{ value: '', label: 'Todas' }, ...Object.entries(METHOD_LABELS).map(([value, label]) => ({ value, label }))];
const money = (value: unknown) => formatCentavos(Number(value));

export function InstallmentStatusBadge({ installment }: { installment: Pick<PayableInstallment, 'status' | 'due_today_unsent'> }) {
  return (
    <Group gap={4}>
      <Badge color={INSTALLMENT_STATUS_COLORS[installment.status] ?? 'gray'} variant="light" tt="none">
        {INSTALLMENT_STATUS_LABELS[installment.status] ?? installment.status}
      </Badge>
      {installment.due_today_unsent && (
        <Badge color="red" variant="filled" tt="none">
          Vence hoje, fora de remessa
        </Badge>
      )}
    </Group>
  );
}

const COLUMNS: ReadonlyArray<DataTableColumn<PayableInstallment>> = [
  { id: 'due_date', header: 'Vencimento', cell: (row) => formatDate(row.due_date) },
  {
    id: 'label',
    header: 'Conta/parcela',
    cell: (row) => (
      <DetailLink param="parcela" value={row.id}>
        {row.label}
      </DetailLink>
    ),
  },
  { id: 'payee', header: 'Favorecido', cell: (row) => row.payee_name },
  { id: 'document', header: 'Documento', cell: (row) => row.document_number ?? '—' },
  { id: 'description', header: 'Descrição', cell: (row) => row.description, defaultHidden: true },
  { id: 'amount', header: 'Valor', align: 'right', cell: (row) => formatCentavos(row.amount_cents), formatTotal: money },
  { id: 'method', header: 'Forma', cell: (row) => METHOD_LABELS[row.payment_method] ?? row.payment_method },
  { id: 'scheduled', header: 'Programado para', cell: (row) => (row.scheduled_date ? formatDate(row.scheduled_date) : '—') },
  { id: 'remittance', header: 'Remessa', cell: (row) => row.remittance_id ?? '—', defaultHidden: true },
  { id: 'status', header: 'Status', cell: (row) => <InstallmentStatusBadge installment={row} /> },
  { id: 'paid_at', header: 'Pago em', cell: (row) => (row.paid_at ? formatDate(row.paid_at) : '—') },
  { id: 'paid', header: 'Valor pago', align: 'right', cell: (row) => formatCentavos(row.paid_cents), formatTotal: money },
  { id: 'receipt', header: 'Comprovante', cell: (row) => (row.receipt_file_id ? 'Sim' : '—'), defaultHidden: true },
];

/** `/pagamentos`: the installments to pay by tab (A pagar, Programados, Pagos, Rejeitados), with subtotals per day; an installment's panel at `?parcela=`. */
export default function PaymentsPage({ route }: PageProps) {
  const { list, params, exportQuery, tab } = useAgendaParams();
  const result = useAgenda(params);
  const totals = result.data?.totals;
  return (
    <Stack gap="md">
      <Title order={1}>{route.title}</Title>
      <Tabs value={tab} onChange={(value) => list.setFilter('tab', value && value !== 'A_PAGAR' ? value : '')}>
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Paper component="form" role="search" withBorder p="md" radius="md" onSubmit={(e: FormEvent) => e.preventDefault()}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <TextInput label="Buscar" placeholder="Conta, favorecido, documento" value={list.inputs.q} onChange={(e) => list.setFilter('q', e.currentTarget.value)} type="search" />
          <NativeSelect label="Período" value={list.filters.periodo} data={PERIODS} onChange={(e) => list.setFilter('periodo', e.currentTarget.value)} />
          {list.filters.periodo === 'datas' && (
            <>
              <DateFilterInput label="Vencimento de" value={list.filters.due_from} onChange={(iso) => list.setFilter('due_from', iso)} />
              <DateFilterInput label="Vencimento até" value={list.filters.due_to} onChange={(iso) => list.setFilter('due_to', iso)} />
            </>
          )}
          <NativeSelect label="Forma" value={list.filters.payment_method} data={METHODS} onChange={(e) => list.setFilter('payment_method', e.currentTarget.value)} />
        </SimpleGrid>
      </Paper>
      <DataTable
        id="finance.payments"
        label="Parcelas a pagar"
        columns={COLUMNS}
        rows={result.data?.items}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.label}
        pageInfo={result.data}
        totals={totals ? { amount: totals.amount_cents, paid: totals.paid_cents } : null}
        loading={result.isFetching}
        error={result.isError ? result.error : null}
        onRetry={() => void result.refetch()}
        countLabel={installmentCountLabel}
        emptyMessage="Nenhuma parcela com esses filtros."
        exportOptions={{ url: AGENDA_EXPORT_URL, params: exportQuery }}
        minWidth={1100}
        {...listTableProps(list)}
      />
      {totals && totals.by_day.length > 0 && (
        <Paper withBorder p="md" radius="md">
          <Text fw={500} mb="xs">
            Subtotais por dia
          </Text>
          <Table aria-label="Subtotais por dia" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Vencimento</Table.Th>
                <Table.Th>Parcelas</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Valor</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {totals.by_day.map((day) => (
                <Table.Tr key={day.date}>
                  <Table.Td>{formatDate(day.date)}</Table.Td>
                  <Table.Td>{day.count}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{formatCentavos(day.amount_cents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <PaymentDrawer />
    </Stack>
  );
}
