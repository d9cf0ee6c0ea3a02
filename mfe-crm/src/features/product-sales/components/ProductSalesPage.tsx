import {
  getGetSalesByProductQueryKey,
  getSalesByProduct,
  useListTeams,
  useListUnits,
  type GetSalesByProductParams,
  type SalesCatalogKind,
  type SalesProductRow,
} from '@backoffice/api-client/endpoints';
import type { PageProps } from '@backoffice/routes';
import {
  Alert,
  ExportMenu,
  Group,
  LineChartFigure,
  NativeSelect,
  Paper,
  SimpleGrid,
  Spinner,
  Stack,
  StackedBarChart,
  Table,
  Text,
  TextInput,
  Title,
  formatCentavos,
  formatInteger,
  todayInSaoPaulo,
} from '@backoffice/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CATALOG_KIND_LABELS } from '../../../lib/salesVocabulary';
import { bpLabel, defaultPeriod, topTen, totals, trendRows } from '../api/productSalesModel';

const EXPORT_URL = '/api/v1/sales/reports/products/export';

const KIND_FILTER = [{ value: '', label: 'Todos os tipos' }, ...Object.entries(CATALOG_KIND_LABELS).map(([value, label]) => ({ value, label }))];

/**
 * `/vendas-produtos`: per catalog item, what the period sold (quantity, gross at list price, discounts, net),
 * what of it was received and what was cancelled, with the ten items that sold most and the net per month.
 * Managers see their teams' sales; finance and administrators all of them.
 */
export default function ProductSalesPage({ route }: PageProps) {
  const today = todayInSaoPaulo();
  const [period, setPeriod] = useState(defaultPeriod(today));
  const [team, setTeam] = useState('');
  const [unit, setUnit] = useState('');
  const [kind, setKind] = useState('');
  const teams = useListTeams({ month: today.slice(0, 7) });
  const units = useListUnits();
  const params: GetSalesByProductParams = {
    ...(period.from ? { from: period.from } : {}),
    ...(period.to ? { to: period.to } : {}),
    ...(team ? { team_id: team } : {}),
    ...(unit ? { unit_id: unit } : {}),
    ...(kind ? { kind: kind as SalesCatalogKind } : {}),
  };
  const report = useQuery({
    queryKey: getGetSalesByProductQueryKey(params),
    queryFn: ({ signal }) => getSalesByProduct(params, { signal }),
    placeholderData: keepPreviousData,
  });
  const teamOptions = [{ value: '', label: 'Todos os times' }, ...(teams.data ?? []).map((t) => ({ value: t.id, label: t.name }))];
  const unitOptions = [{ value: '', label: 'Todas as unidades' }, ...(units.data ?? []).map((u) => ({ value: u.id, label: u.name }))];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{route.title}</Title>
        <ExportMenu options={{ url: EXPORT_URL, params: { ...params } }} name="vendas-por-produto" />
      </Group>
      <Paper component="form" role="search" withBorder p="md" radius="md" onSubmit={(e: FormEvent) => e.preventDefault()}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md">
          <TextInput label="De" type="date" value={period.from} onChange={(e) => setPeriod({ ...period, from: e.currentTarget.value })} />
          <TextInput label="Até" type="date" value={period.to} onChange={(e) => setPeriod({ ...period, to: e.currentTarget.value })} />
          <NativeSelect label="Unidade" data={unitOptions} value={unit} onChange={(e) => setUnit(e.currentTarget.value)} />
          <NativeSelect label="Time" data={teamOptions} value={team} onChange={(e) => setTeam(e.currentTarget.value)} />
          <NativeSelect label="Tipo" data={KIND_FILTER} value={kind} onChange={(e) => setKind(e.currentTarget.value)} />
        </SimpleGrid>
      </Paper>
      {report.isError ? (
        <Alert color="red" role="alert" title="Não foi possível carregar o relatório">
          {report.error.message}
        </Alert>
      ) : !report.data ? (
        <Spinner />
      ) : report.data.rows.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Text>Nenhuma venda no período.</Text>
        </Paper>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <Paper withBorder p="md" radius="md">
              <StackedBarChart
                label="Os 10 itens mais vendidos (líquido)"
                rows={topTen(report.data.rows)}
                category="item"
                series={[{ key: 'net', label: 'Líquido', color: 'blue' }]}
                valueFormat="money"
                orientation="horizontal"
              />
            </Paper>
            <Paper withBorder p="md" radius="md">
              <LineChartFigure
                label="Líquido por mês"
                rows={trendRows(report.data)}
                category="month"
                series={[{ key: 'net', label: 'Líquido', color: 'blue' }]}
                valueFormat="money"
              />
            </Paper>
          </SimpleGrid>
          <ProductTable rows={report.data.rows} />
        </>
      )}
    </Stack>
  );
}

function ProductTable({ rows }: { rows: readonly SalesProductRow[] }) {
  const sum = totals(rows);
  // Amounts stay on one line ("R$ 1.234,56"); the table scrolls sideways on narrow screens.
  const money = (v: number) => (
    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
      {formatCentavos(v)}
    </Table.Td>
  );
  return (
    <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
      <Table aria-label="Vendas por produto" striped miw={1000}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>SKU</Table.Th>
            <Table.Th>Item</Table.Th>
            <Table.Th>Tipo</Table.Th>
            <Table.Th ta="right">Quantidade</Table.Th>
            <Table.Th ta="right">Bruto</Table.Th>
            <Table.Th ta="right">Descontos</Table.Th>
            <Table.Th ta="right">Desconto médio</Table.Th>
            <Table.Th ta="right">Líquido</Table.Th>
            <Table.Th ta="right">Recebido</Table.Th>
            <Table.Th ta="right">Cancelado</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.catalog_item_id}>
              <Table.Td>{r.sku}</Table.Td>
              <Table.Td>{r.description}</Table.Td>
              <Table.Td>{r.kind ? CATALOG_KIND_LABELS[r.kind] : '—'}</Table.Td>
              <Table.Td ta="right">{formatInteger(r.quantity)}</Table.Td>
              {money(r.gross)}
              {money(r.discounts)}
              <Table.Td ta="right">{bpLabel(r.average_discount_bp)}</Table.Td>
              {money(r.net)}
              {money(r.received)}
              {money(r.cancelled)}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700}>
            <Table.Td colSpan={3}>Total</Table.Td>
            <Table.Td ta="right">{formatInteger(sum.quantity)}</Table.Td>
            {money(sum.gross)}
            {money(sum.discounts)}
            <Table.Td ta="right">{bpLabel(sum.average_discount_bp)}</Table.Td>
            {money(sum.net)}
            {money(sum.received)}
            {money(sum.cancelled)}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Paper>
  );
}
