import type { ReceivableInstallment } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import type { PageProps } from '@backoffice/routes';
import { Badge, Button, DataTable, DateFilterInput, DetailLink, formatCentavos, formatDate, Group, listTableProps, Modal, MultiSelect, NativeSelect, Paper, SimpleGrid, Spinner, Stack, Text, TextInput, Title, type DataTableColumn } from '@backoffice/ui';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { countLabel, METHOD_LABELS, ORIGIN_LABELS, overdueLabel, STATUS_COLORS, STATUS_LABELS } from '../api/receivableModel';
import { INSTALLMENTS_EXPORT_URL, useInstallments } from '../api/receivablesQueries';
import { useInstallmentListParams } from '../hooks/useInstallmentListParams';
import { InstallmentDrawer } from './InstallmentDrawer';

// The form (and zod) is fetched when it opens.
const IssueBoletosForm = lazy(() => import('../../../lib/boletos/IssueBoletosForm').then((m) => ({ default: m.IssueBoletosForm })));
const NewReceivableForm = lazy(() => import('./NewReceivableForm').then((m) => ({ default: m.NewReceivableForm })));

const PERIODS = [
  { value: '', label: 'Vencimento neste mês' },
  { value: 'datas', label: 'Vencimento entre datas' },
  { value: 'todos', label: 'Todos os vencimentos' },
];
const STATUS_OPTIONS = Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label }));
const options = (labels: Record<string, string>, all: string) => [{ value: '', label: all }, ...Object.entries(labels).map(([value, label]) => ({ value, label }))];
const money = (value: unknown) => formatCentavos(Number(value));

export function StatusBadge({ installment }: { installment: Pick<ReceivableInstallment, 'status' | 'overdue'> }) {
  const status = installment.overdue ? 'VENCIDO' : installment.status;
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light" tt="none">
      {STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

const COLUMNS: ReadonlyArray<DataTableColumn<ReceivableInstallment>> = [
  { id: 'label', header: 'Título/parcela', cell: (row) => (
      <DetailLink param="parcela" value={row.id}>
        {row.label}
      </DetailLink>
    ),
  },
  {
    id: 'client',
    header: 'Cliente',
    sortable: true,
    cell: (row) => (
      <div>
        <Text size="sm">{row.client_name}</Text>
        <Text size="xs" c="dimmed">
          {row.client_document_formatted}
        </Text>
      </div>
    ),
  },
  { id: 'origin', header: 'Origem', cell: (row) => ORIGIN_LABELS[row.origin] ?? row.origin, defaultHidden: true },
  { id: 'description', header: 'Descrição', cell: (row) => row.description, defaultHidden: true },
  {
    id: 'due_date',
    header: 'Vencimento',
    sortable: true,
    cell: (row) => (
      <div>
        <Text size="sm">{formatDate(row.due_date)}</Text>
        {row.overdue && (
          <Text size="xs" c="red.8">
            {overdueLabel(row.days_overdue)}
          </Text>
        )}
      </div>
    ),
  },
  { id: 'value', header: 'Valor', sortable: true, align: 'right', cell: (row) => formatCentavos(row.value_cents), formatTotal: money },
  { id: 'received', header: 'Recebido', align: 'right', cell: (row) => formatCentavos(row.received_cents), formatTotal: money },
  { id: 'balance', header: 'Saldo', align: 'right', cell: (row) => formatCentavos(row.balance_cents), formatTotal: money },
  { id: 'method', header: 'Forma', cell: (row) => METHOD_LABELS[row.payment_method] ?? row.payment_method },
  { id: 'status', header: 'Situação', cell: (row) => <StatusBadge installment={row} /> },
];

/**
 * `/recebimentos`: one row per installment to receive, filtered in the URL (this month by default), with the
 * totals of the whole filter and the count per state; an installment's panel at `?parcela=`.
 */
export default function ReceivablesPage({ route }: PageProps) {
  const { list, params, exportQuery } = useInstallmentListParams();
  const result = useInstallments(params);
  const mayCreate = usePermission('recebimentos_editar');
  const [creating, setCreating] = useState(false);
  const mayIssue = usePermission('boletos_emitir');
  const [issuing, setIssuing] = useState<{ rows: ReceivableInstallment[]; clear: () => void } | null>(null);
  const statuses = list.filters.status ? list.filters.status.split(',') : [];
  const totals = result.data?.totals;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{route.title}</Title>
        {mayCreate && <Button onClick={() => setCreating(true)}>Novo título</Button>}
      </Group>
      <Paper component="form" role="search" withBorder p="md" radius="md" onSubmit={(e: FormEvent) => e.preventDefault()}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <TextInput label="Buscar" placeholder="Título, cliente ou CPF/CNPJ" value={list.inputs.q} onChange={(e) => list.setFilter('q', e.currentTarget.value)} type="search" />
          <NativeSelect label="Período" value={list.filters.periodo} data={PERIODS} onChange={(e) => list.setFilter('periodo', e.currentTarget.value)} />
          {list.filters.periodo === 'datas' && (
            <>
              <DateFilterInput label="Vencimento de" value={list.filters.due_from} onChange={(iso) => list.setFilter('due_from', iso)} />
              <DateFilterInput label="Vencimento até" value={list.filters.due_to} onChange={(iso) => list.setFilter('due_to', iso)} />
            </>
          )}
          <MultiSelect label="Situação" placeholder={statuses.length ? undefined : 'Todas'} data={STATUS_OPTIONS} value={statuses} onChange={(values) => list.setFilter('status', values.join(','))} clearable />
          <NativeSelect label="Forma" value={list.filters.payment_method} data={options(METHOD_LABELS, 'Todas')} onChange={(e) => list.setFilter('payment_method', e.currentTarget.value)} />
          <NativeSelect label="Origem" value={list.filters.origin} data={options(ORIGIN_LABELS, 'Todas')} onChange={(e) => list.setFilter('origin', e.currentTarget.value)} />
        </SimpleGrid>
      </Paper>
      {totals && totals.by_status.length > 0 && (
        <Group gap="xs" aria-label="Parcelas por situação">
          {totals.by_status.map((entry) => (
            <Badge key={entry.status} color={STATUS_COLORS[entry.status] ?? 'gray'} variant="outline" tt="none" size="lg">
              {`${STATUS_LABELS[entry.status] ?? entry.status}: ${entry.count} · ${formatCentavos(entry.balance_cents)}`}
            </Badge>
          ))}
        </Group>
      )}
      <DataTable
        id="finance.receivables"
        label="Parcelas a receber"
        columns={COLUMNS}
        rows={result.data?.items}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.label}
        pageInfo={result.data}
        totals={totals ? { value: totals.value_cents, received: totals.received_cents, balance: totals.balance_cents } : null}
        loading={result.isFetching}
        error={result.isError ? result.error : null}
        onRetry={() => void result.refetch()}
        countLabel={countLabel}
        emptyMessage="Nenhuma parcela com esses filtros."
        exportOptions={{ url: INSTALLMENTS_EXPORT_URL, params: { ...exportQuery, status: exportQuery.status?.join(',') } }}
        bulkActions={
          mayIssue
            ? (selected, clear) => (
                <Button size="xs" onClick={() => setIssuing({ rows: selected, clear })}>
                  Emitir boletos
                </Button>
              )
            : undefined
        }
        minWidth={1100}
        {...listTableProps(list)}
      />
      <InstallmentDrawer />
      <Modal opened={issuing !== null} onClose={() => setIssuing(null)} title="Emitir boletos" size="lg" centered>
        <Suspense fallback={<Spinner />}>
          {issuing && (
            <IssueBoletosForm
              installments={issuing.rows.map((r) => ({ id: r.id, label: r.label }))}
              onDone={() => {
                issuing.clear();
                setIssuing(null);
              }}
            />
          )}
        </Suspense>
      </Modal>
      <Modal opened={creating} onClose={() => setCreating(false)} title="Novo título a receber" size="xl" centered>
        <Suspense fallback={<Spinner />}>{creating && <NewReceivableForm onDone={() => setCreating(false)} />}</Suspense>
      </Modal>
    </Stack>
  );
}
