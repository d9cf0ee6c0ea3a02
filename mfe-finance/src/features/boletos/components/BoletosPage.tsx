import type { Boleto } from '@backoffice/api-client/endpoints';
import type { PageProps } from '@backoffice/routes';
import { Anchor, Badge, Button, Checkbox, DataTable, DateFilterInput, formatCentavos, formatDate, Group, Link, listTableProps, MultiSelect, NativeSelect, notify, Paper, SimpleGrid, Stack, Text, TextInput, Title, type DataTableColumn } from '@backoffice/ui';
import type { FormEvent } from 'react';
import { useCollectionAgreementOptions } from '../../../lib/boletos/boletoHooks';
import { BOLETO_STATUS_COLORS, BOLETO_STATUS_LABELS, boletoCount, occurrenceText } from '../../../lib/boletos/boletoModel';
import { BoletoStatusBadge } from '../../../lib/boletos/BoletoStatusBadge';
import { BOLETOS_EXPORT_URL, downloadMergedPdf, MAX_PDF, useBoletos } from '../api/boletoQueries';
import { useBoletoListParams } from '../hooks/useBoletoListParams';

const STATUS_OPTIONS = Object.entries(BOLETO_STATUS_LABELS).map(([value, label]) => ({ value, label }));
const money = (value: unknown) => formatCentavos(Number(value));

const COLUMNS: ReadonlyArray<DataTableColumn<Boleto>> = [
  {
    id: 'nosso_numero',
    header: 'Nosso número',
    sortable: true,
    cell: (row) => (
      <Anchor component={Link} to={`/boletos/detalhes?id=${row.id}`} ff="monospace">
        {row.nosso_numero_formatted}
      </Anchor>
    ),
  },
  {
    id: 'client',
    header: 'Cliente',
    sortable: true,
    cell: (row) => (
      <div>
        <Text size="sm">{row.payer_name}</Text>
        <Text size="xs" c="dimmed">
          {row.payer_document_formatted}
        </Text>
      </div>
    ),
  },
  {
    id: 'installment',
    header: 'Título/parcela',
    cell: (row) => (
      <Anchor component={Link} to={`/recebimentos?periodo=todos&parcela=${row.installment_id}`}>
        {row.seu_numero}
      </Anchor>
    ),
  },
  { id: 'issue_date', header: 'Emissão', sortable: true, cell: (row) => formatDate(row.issue_date) },
  { id: 'due_date', header: 'Vencimento', sortable: true, cell: (row) => formatDate(row.due_date) },
  { id: 'amount', header: 'Valor', sortable: true, align: 'right', cell: (row) => formatCentavos(row.amount_cents), formatTotal: money },
  { id: 'status', header: 'Status', cell: (row) => <BoletoStatusBadge status={row.status} /> },
  { id: 'remittance', header: 'Remessa', cell: (row) => row.remittance_id ?? '—' },
  { id: 'occurrence', header: 'Última ocorrência', cell: (row) => occurrenceText(row.last_occurrence_code, row.last_occurrence_text) || '—' },
  { id: 'paid_date', header: 'Pago em', cell: (row) => (row.paid_date ? formatDate(row.paid_date) : '—') },
  { id: 'paid', header: 'Valor pago', align: 'right', cell: (row) => (row.paid_cents != null ? formatCentavos(row.paid_cents) : '—') },
];

/**
 * `/boletos`: the boletos issued, filtered in the URL (convênio, status, dates, "com instrução pendente", busca),
 * with count and amount per status over the whole filter; selected ones download as one PDF.
 */
export default function BoletosPage({ route }: PageProps) {
  const { list, params, exportQuery } = useBoletoListParams();
  const result = useBoletos(params);
  const agreements = useCollectionAgreementOptions();
  const statuses = list.filters.status ? list.filters.status.split(',') : [];
  const totals = result.data?.totals;
  const agreementOptions = [{ value: '', label: 'Todos' }, ...(agreements.data?.items ?? []).map((a) => ({ value: a.id, label: a.name }))];
  const download = async (rows: Boleto[]) => {
    try {
      await downloadMergedPdf(rows.slice(0, MAX_PDF).map((r) => r.id));
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Não foi possível baixar o PDF.', 'error');
    }
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{route.title}</Title>
        <Button component={Link} to="/recebimentos?status=ABERTO&forma=BOLETO">
          Emitir boletos
        </Button>
      </Group>
      <Paper component="form" role="search" withBorder p="md" radius="md" onSubmit={(e: FormEvent) => e.preventDefault()}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <TextInput label="Buscar" placeholder="Nosso número, cliente ou CPF/CNPJ" value={list.inputs.q} onChange={(e) => list.setFilter('q', e.currentTarget.value)} type="search" />
          <MultiSelect label="Status" placeholder={statuses.length ? undefined : 'Todos'} data={STATUS_OPTIONS} value={statuses} onChange={(values) => list.setFilter('status', values.join(','))} clearable />
          <NativeSelect label="Convênio" value={list.filters.agreement_id} data={agreementOptions} onChange={(e) => list.setFilter('agreement_id', e.currentTarget.value)} />
          <Checkbox mt="xl" label="Com instrução pendente" checked={Boolean(list.filters.pendente)} onChange={(e) => list.setFilter('pendente', e.currentTarget.checked ? '1' : '')} />
          <DateFilterInput label="Emissão de" value={list.filters.issue_from} onChange={(iso) => list.setFilter('issue_from', iso)} />
          <DateFilterInput label="Emissão até" value={list.filters.issue_to} onChange={(iso) => list.setFilter('issue_to', iso)} />
          <DateFilterInput label="Vencimento de" value={list.filters.due_from} onChange={(iso) => list.setFilter('due_from', iso)} />
          <DateFilterInput label="Vencimento até" value={list.filters.due_to} onChange={(iso) => list.setFilter('due_to', iso)} />
        </SimpleGrid>
      </Paper>
      {totals && totals.by_status.length > 0 && (
        <Group gap="xs" aria-label="Boletos por status">
          {totals.by_status.map((entry) => (
            <Badge key={entry.status} color={BOLETO_STATUS_COLORS[entry.status] ?? 'gray'} variant="outline" tt="none" size="lg">
              {`${BOLETO_STATUS_LABELS[entry.status] ?? entry.status}: ${entry.count} · ${formatCentavos(entry.amount_cents)}`}
            </Badge>
          ))}
        </Group>
      )}
      <DataTable
        id="finance.boletos"
        label="Boletos"
        columns={COLUMNS}
        rows={result.data?.items}
        getRowId={(row) => row.id}
        getRowLabel={(row) => row.nosso_numero_formatted}
        pageInfo={result.data}
        totals={totals ? { amount: totals.amount_cents } : null}
        loading={result.isFetching}
        error={result.isError ? result.error : null}
        onRetry={() => void result.refetch()}
        countLabel={({ total = 0 }: { total?: number }) => boletoCount(total)}
        emptyMessage="Nenhum boleto com esses filtros."
        exportOptions={{ url: BOLETOS_EXPORT_URL, params: { ...exportQuery, status: exportQuery.status?.join(',') } }}
        bulkActions={(selected) => (
          <Button size="xs" onClick={() => void download(selected)}>
            Baixar PDF
          </Button>
        )}
        minWidth={1200}
        {...listTableProps(list)}
      />
    </Stack>
  );
}
