import { useListChartAccounts, useListCostCenters, type Payable } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import type { PageProps } from '@backoffice/routes';
import { Badge, Button, Checkbox, DataTable, DetailLink, formatCentavos, formatDate, Group, listTableProps, Modal, MultiSelect, Paper, SimpleGrid, Spinner, Stack, Text, TextInput, Title, type DataTableColumn } from '@backoffice/ui';
import { lazy, Suspense, useMemo, useState, type FormEvent } from 'react';
import { competenceLabel, countLabel, DOCUMENT_KIND_LABELS, ORIGIN_LABELS, PAYABLE_STATUS_COLORS, PAYABLE_STATUS_LABELS } from '../api/payableModel';
import { PAYABLES_EXPORT_URL, usePayables } from '../api/payablesQueries';
import { usePayableListParams } from '../hooks/usePayableListParams';
import { PayableDrawer } from './PayableDrawer';

const NewPayableForm = lazy(() => import('./NewPayableForm').then((m) => ({ default: m.NewPayableForm })));

const STATUS_OPTIONS = Object.entries(PAYABLE_STATUS_LABELS).map(([value, label]) => ({ value, label }));
const money = (value: unknown) => formatCentavos(Number(value));

export function PayableStatusBadge({ payable }: { payable: Pick<Payable, 'status' | 'returned' | 'approval_requested' | 'block_reason'> }) {
  return (
    <Group gap={4}>
      <Badge color={PAYABLE_STATUS_COLORS[payable.status] ?? 'gray'} variant="light" tt="none">
        {PAYABLE_STATUS_LABELS[payable.status] ?? payable.status}
      </Badge>
      {payable.approval_requested && (
        <Badge color="orange" variant="outline" tt="none">
          Aguardando aprovação
        </Badge>
      )}
      {payable.returned && (
        <Badge color="red" variant="outline" tt="none">
          Devolvida
        </Badge>
      )}
      {payable.block_reason && (
        <Badge color="red" variant="filled" tt="none">
          Bloqueada
        </Badge>
      )}
    </Group>
  );
}

const document = (p: Payable) => [DOCUMENT_KIND_LABELS[p.document_kind] ?? p.document_kind, p.document_number, p.document_series ? `série ${p.document_series}` : null].filter(Boolean).join(' ');

function columns(accountName: (id: string) => string, centerNames: (p: Payable) => string): ReadonlyArray<DataTableColumn<Payable>> {
  return [
    {
      id: 'number',
      header: 'Número',
      cell: (row) => (
        <DetailLink param="id" value={row.id}>
          {row.number}
        </DetailLink>
      ),
    },
    {
      id: 'payee',
      header: 'Favorecido',
      cell: (row) => (
        <div>
          <Text size="sm">{row.payee_name}</Text>
          <Text size="xs" c="dimmed">
            {row.payee_document_formatted}
          </Text>
        </div>
      ),
    },
    { id: 'document', header: 'Documento fiscal', cell: document },
    { id: 'description', header: 'Descrição', cell: (row) => row.description },
    { id: 'chart_account', header: 'Plano de contas', cell: (row) => accountName(row.chart_account_id) },
    { id: 'cost_center', header: 'Centro de custo', cell: (row) => centerNames(row) || '—' },
    { id: 'competence', header: 'Competência', cell: (row) => competenceLabel(row.competence) },
    { id: 'next_due', header: 'Próximo vencimento', cell: (row) => (row.next_due_date ? formatDate(row.next_due_date) : '—') },
    { id: 'total', header: 'Total', align: 'right', cell: (row) => formatCentavos(row.total_cents), formatTotal: money },
    { id: 'paid', header: 'Pago', align: 'right', cell: (row) => formatCentavos(row.paid_cents), formatTotal: money },
    { id: 'status', header: 'Status', cell: (row) => <PayableStatusBadge payable={row} /> },
    { id: 'origin', header: 'Origem', cell: (row) => ORIGIN_LABELS[row.origin] ?? row.origin, defaultHidden: true },
    { id: 'attachments', header: 'Anexos', align: 'right', cell: (row) => row.attachment_count ?? 0 },
  ];
}

/** `/contas-a-pagar`: the payables (documents), filtered in the URL, with the totals of the whole filter; a payable's panel at `?id=`. */
export default function PayablesPage({ route }: PageProps) {
  const { list, params, exportQuery } = usePayableListParams();
  const result = usePayables(params);
  const mayCreate = usePermission('pagar_editar');
  const [creating, setCreating] = useState(false);
  const statuses = list.filters.status ? list.filters.status.split(',') : [];
  const totals = result.data?.totals;
  const chart = useListChartAccounts();
  const centers = useListCostCenters();
  const tableColumns = useMemo(() => {
    const accounts = new Map((chart.data?.items ?? []).map((a) => [a.id, `${a.code} ${a.name}`]));
    const codes = new Map((centers.data?.items ?? []).map((c) => [c.id, c.code]));
    return columns(
      (id) => accounts.get(id) ?? '—',
      (p) => p.rateio.map((r) => codes.get(r.cost_center_id) ?? '').filter(Boolean).join(', '),
    );
  }, [chart.data, centers.data]);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{route.title}</Title>
        {mayCreate && <Button onClick={() => setCreating(true)}>Nova conta a pagar</Button>}
      </Group>
      <Paper component="form" role="search" withBorder p="md" radius="md" onSubmit={(e: FormEvent) => e.preventDefault()}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <TextInput label="Buscar" placeholder="Número, favorecido, documento" value={list.inputs.q} onChange={(e) => list.setFilter('q', e.currentTarget.value)} type="search" />
          <MultiSelect label="Status" placeholder={statuses.length ? undefined : 'Todos'} data={STATUS_OPTIONS} value={statuses} onChange={(values) => list.setFilter('status', values.join(','))} clearable />
          <TextInput label="Competência" placeholder="mm/aaaa" value={list.filters.competence} onChange={(e) => list.setFilter('competence', e.currentTarget.value)} />
          <Stack gap={6} justify="flex-end">
            <Checkbox label="Aguardando minha aprovação" checked={list.filters.awaiting === '1'} onChange={(e) => list.setFilter('awaiting', e.currentTarget.checked ? '1' : '')} />
            <Checkbox label="Bloqueadas" checked={list.filters.blocked === '1'} onChange={(e) => list.setFilter('blocked', e.currentTarget.checked ? '1' : '')} />
          </Stack>
        </SimpleGrid>
      </Paper>
      <DataTable
        id="finance.payables"
        label="Contas a pagar"
        columns={tableColumns}
        rows={result.data?.items}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.number}
        pageInfo={result.data}
        totals={totals ? { total: totals.total_cents, paid: totals.paid_cents } : null}
        loading={result.isFetching}
        error={result.isError ? result.error : null}
        onRetry={() => void result.refetch()}
        countLabel={countLabel}
        emptyMessage="Nenhuma conta a pagar com esses filtros."
        exportOptions={{ url: PAYABLES_EXPORT_URL, params: { ...exportQuery, status: exportQuery.status?.join(',') } }}
        minWidth={1100}
        {...listTableProps(list)}
      />
      <PayableDrawer />
      <Modal opened={creating} onClose={() => setCreating(false)} title="Nova conta a pagar" size="xl" centered>
        <Suspense fallback={<Spinner />}>{creating && <NewPayableForm onDone={() => setCreating(false)} />}</Suspense>
      </Modal>
    </Stack>
  );
}
