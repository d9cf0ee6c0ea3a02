import type { StockDispatchSummary, StockHubBalance } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import type { PageProps } from '@backoffice/routes';
import { Alert, Badge, DataTable, Group, Link, NativeSelect, Paper, SimpleGrid, Stack, Text, Title, formatDate, formatDateTime, type DataTableColumn } from '@backoffice/ui';
import { useState } from 'react';
import { HubNav } from '../../../lib/HubNav';
import { DISPATCH_STATUS_COLORS, DISPATCH_STATUS_LABELS, dispatchUrl, useHub } from '../../../lib/dispatches';
import { formatQuantity } from '../../../lib/quantity';

const balanceColumns: DataTableColumn<StockHubBalance>[] = [
  { id: 'sku', header: 'SKU', cell: (b) => b.sku },
  { id: 'name', header: 'Material', cell: (b) => b.material_name },
  { id: 'lot', header: 'Lote', cell: (b) => b.lot_code ?? '—' },
  { id: 'expiry', header: 'Validade', cell: (b) => (b.expiry_date ? formatDate(b.expiry_date) : '—') },
  { id: 'qty', header: 'Saldo', align: 'right', cell: (b) => formatQuantity(b.qty_milli, b.base_uom) },
];

const dispatchColumns: DataTableColumn<StockDispatchSummary>[] = [
  { id: 'number', header: 'Número', cell: (d) => <Link to={dispatchUrl(d.id)}>{d.number}</Link> },
  { id: 'status', header: 'Situação', cell: (d) => <Badge color={DISPATCH_STATUS_COLORS[d.status]} variant="light">{DISPATCH_STATUS_LABELS[d.status]}</Badge> },
  { id: 'requester', header: 'Solicitante', cell: (d) => d.requester_name },
  { id: 'items', header: 'Itens', align: 'right', cell: (d) => d.line_count },
  { id: 'created', header: 'Solicitado em', cell: (d) => formatDateTime(d.created_at) },
];

function Figure({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">{label}</Text>
      <Text size="xl" fw={700} c={color}>{value}</Text>
    </Paper>
  );
}

/** `/hub`: the clinic switcher, the clinic's balances, expiring lots, negative balances, dispatches to receive and the latest requests. */
export default function HubPage({ route }: PageProps) {
  const [clinic, setClinic] = useState<string | undefined>(undefined);
  const hub = useHub(clinic);
  const mayDispatch = usePermission('despachos_ver');
  const data = hub.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{route.title}</Title>
        <HubNav />
      </Group>
      {hub.isError && <Alert color="red" role="alert" title="Não foi possível carregar o hub">{hub.error.message}</Alert>}
      {data && data.clinics.length === 0 && <Alert color="yellow" title="Nenhuma clínica">Você não está atribuído a nenhuma clínica. Peça a um administrador.</Alert>}
      {data && data.clinics.length > 0 && (
        <NativeSelect
          label="Clínica"
          maw={360}
          value={data.location_id ?? ''}
          onChange={(e) => setClinic(e.currentTarget.value)}
          data={data.clinics.map((c) => ({ value: c.id, label: c.name }))}
        />
      )}
      {data?.location_id && (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
            <Figure label="Itens em estoque" value={data.balances.filter((b) => b.qty_milli > 0).length} />
            <Figure label="Lotes a vencer" value={data.expiring.length} color={data.expiring.length ? 'orange' : undefined} />
            <Figure label="Saldos negativos" value={data.negative.length} color={data.negative.length ? 'red' : undefined} />
            <Figure label="Despachos a receber" value={data.to_receive.length} color={data.to_receive.length ? 'blue' : undefined} />
          </SimpleGrid>
          {mayDispatch && (
            <Stack gap="xs">
              <Title order={2} size="h3">Despachos a receber</Title>
              <DataTable<StockDispatchSummary> id="hub.to-receive" label="Despachos a receber" columns={dispatchColumns} rows={data.to_receive} getRowId={(d) => d.id} getRowLabel={(d) => d.number} emptyMessage="Nenhum despacho a caminho." />
              <Title order={2} size="h3">Últimas solicitações</Title>
              <DataTable<StockDispatchSummary> id="hub.latest" label="Últimas solicitações" columns={dispatchColumns} rows={data.latest} getRowId={(d) => d.id} getRowLabel={(d) => d.number} emptyMessage="Nenhuma solicitação ainda." />
            </Stack>
          )}
          <Title order={2} size="h3">Lotes a vencer</Title>
          <DataTable<StockHubBalance> id="hub.expiring" label="Lotes a vencer" columns={balanceColumns} rows={data.expiring} getRowId={(b) => `${b.material_id}:${b.lot_id ?? ''}`} getRowLabel={(b) => b.sku} emptyMessage="Nenhum lote vencendo." />
          <Title order={2} size="h3">Saldos negativos</Title>
          <DataTable<StockHubBalance> id="hub.negative" label="Saldos negativos" columns={balanceColumns} rows={data.negative} getRowId={(b) => `${b.material_id}:${b.lot_id ?? ''}`} getRowLabel={(b) => b.sku} emptyMessage="Nenhum saldo negativo." />
          <Title order={2} size="h3">Saldos da clínica</Title>
          <DataTable<StockHubBalance> id="hub.balances" label="Saldos da clínica" columns={balanceColumns} rows={data.balances} getRowId={(b) => `${b.material_id}:${b.lot_id ?? ''}`} getRowLabel={(b) => b.sku} loading={hub.isFetching} emptyMessage="Nenhum saldo nesta clínica." minWidth={700} />
        </>
      )}
    </Stack>
  );
}
