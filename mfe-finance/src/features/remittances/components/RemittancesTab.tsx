import { useListBankAccounts, type ListRemittancesParams, type Remittance } from '@backoffice/api-client/endpoints';
import { Anchor, Button, DataTable, formatCentavos, formatDateTime, Group, Link, listTableProps, MultiSelect, NativeSelect, useListParams, type DataTableColumn } from '@backoffice/ui';
import { useMemo } from 'react';
import { useCollectionAgreementOptions } from '../../../lib/boletos/boletoHooks';
import { KIND_LABELS, REMITTANCE_STATUS_LABELS } from '../api/remittanceModel';
import { REMITTANCES_EXPORT_URL, useRemittances } from '../api/remittanceQueries';
import { RemittanceStatusBadge } from './RemittanceDetailView';

const STATUS_OPTIONS = Object.entries(REMITTANCE_STATUS_LABELS).map(([value, label]) => ({ value, label }));
const FILTERS = ['status', 'agreement_id'] as const;
const money = (value: unknown) => formatCentavos(Number(value));

/** The "Remessas" tab: every remessa de cobrança, newest first, filtered by status and convênio in the URL. */
export function RemittancesTab() {
  const list = useListParams<(typeof FILTERS)[number]>({ filters: FILTERS });
  const agreements = useCollectionAgreementOptions();
  const accounts = useListBankAccounts();
  const params = useMemo<ListRemittancesParams>(
    () => ({
      status: list.filters.status ? list.filters.status.split(',') : [],
      agreement_id: list.filters.agreement_id || undefined,
      page: list.page,
      page_size: list.pageSize,
    }),
    [list.filters, list.page, list.pageSize],
  );
  const result = useRemittances(params);
  const agreementName = new Map((agreements.data?.items ?? []).map((a) => [a.id, a.name]));
  const accountName = new Map((accounts.data?.items ?? []).map((a) => [a.id, `${a.nickname} · ${a.bank}`]));
  const columns: ReadonlyArray<DataTableColumn<Remittance>> = [
    {
      id: 'number',
      header: 'Remessa',
      cell: (row) => (
        <Anchor component={Link} to={`/remessa?id=${row.id}`}>
          {row.number}
        </Anchor>
      ),
    },
    { id: 'sequence', header: 'Sequencial', align: 'right', cell: (row) => row.sequence ?? '—' },
    { id: 'kind', header: 'Tipo', cell: (row) => KIND_LABELS[row.kind] ?? row.kind },
    { id: 'account', header: 'Conta', cell: (row) => accountName.get(row.bank_account_id) ?? '—' },
    { id: 'agreement', header: 'Convênio', cell: (row) => agreementName.get(row.agreement_id) ?? '—' },
    { id: 'generated_at', header: 'Gerada', cell: (row) => (row.generated_at ? formatDateTime(row.generated_at) : '—') },
    { id: 'sent_at', header: 'Enviada', cell: (row) => (row.sent_at ? formatDateTime(row.sent_at) : '—') },
    { id: 'item_count', header: 'Itens', align: 'right', cell: (row) => row.item_count.toLocaleString('pt-BR') },
    { id: 'amount', header: 'Valor', align: 'right', cell: (row) => formatCentavos(row.total_cents), formatTotal: money },
    { id: 'status', header: 'Status', cell: (row) => <RemittanceStatusBadge status={row.status} /> },
    { id: 'rejected', header: 'Rejeições', align: 'right', cell: (row) => row.rejected_count },
  ];
  const statuses = list.filters.status ? list.filters.status.split(',') : [];
  const agreementOptions = [{ value: '', label: 'Todos' }, ...(agreements.data?.items ?? []).map((a) => ({ value: a.id, label: a.name }))];
  return (
    <DataTable
      id="finance.remittances"
      label="Remessas"
      columns={columns}
      rows={result.data?.items}
      getRowId={(row) => row.id}
      getRowLabel={(row) => row.number}
      pageInfo={result.data}
      totals={result.data ? { amount: result.data.total_cents } : null}
      loading={result.isFetching}
      error={result.isError ? result.error : null}
      onRetry={() => void result.refetch()}
      countLabel={({ total = 0 }: { total?: number }) => `${total.toLocaleString('pt-BR')} ${total === 1 ? 'remessa' : 'remessas'}`}
      emptyMessage="Nenhuma remessa com esses filtros."
      exportOptions={{ url: REMITTANCES_EXPORT_URL, params: { status: list.filters.status || undefined, agreement_id: list.filters.agreement_id || undefined } }}
      toolbar={
        <Group gap="sm" align="flex-end">
          <MultiSelect label="Status" placeholder={statuses.length ? undefined : 'Todos'} data={STATUS_OPTIONS} value={statuses} onChange={(values) => list.setFilter('status', values.join(','))} clearable w={260} />
          <NativeSelect label="Convênio" value={list.filters.agreement_id} data={agreementOptions} onChange={(e) => list.setFilter('agreement_id', e.currentTarget.value)} />
          <Button component={Link} to="/remessa">
            Nova remessa
          </Button>
        </Group>
      }
      minWidth={1100}
      {...listTableProps(list)}
    />
  );
}
