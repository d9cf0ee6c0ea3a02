import type { StockAbcClassTotal, StockOverview } from '@backoffice/api-client/endpoints';
import { useGetStockOverview } from '@backoffice/api-client/endpoints';
import { descriptionOf, type PageProps } from '@backoffice/routes';
import { Alert, Anchor, Button, Group, Link, NativeSelect, Paper, SimpleGrid, Skeleton, StackedBarChart, Stack, Table, Text, Title, formatCentavos, formatDate, formatInteger, useSearchParams, type ChartSeries } from '@backoffice/ui';
import { formatBasisPoints, formatHundredths } from '../figures';

const ABC_SERIES: ReadonlyArray<ChartSeries<StockAbcClassTotal & { label: string }>> = [{ key: 'value_cents', label: 'Consumo em 12 meses', color: 'blue.6' }];

const MOVEMENTS = '/estoque/movimentacao-estoque';
const MATERIALS = '/estoque/cadastro-materiais';

interface Card {
  label: string;
  value: string;
  detail?: string;
  to: string;
  negative?: boolean;
}

/** A figure and the list behind it. */
function FigureCard({ card }: { card: Card }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed">
        {card.label}
      </Text>
      <Anchor component={Link} to={card.to} fw={600} size="lg" c={card.negative ? 'red.8' : undefined} aria-label={`${card.label}: ${card.value} (ver lista)`} data-figure={card.label}>
        {card.value}
      </Anchor>
      {card.detail && (
        <Text size="xs" c="dimmed">
          {card.detail}
        </Text>
      )}
    </Paper>
  );
}

function query(base: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => !!e[1]));
  const text = search.toString();
  return text ? `${base}?${text}` : base;
}

function cards(o: StockOverview, location: string | undefined): Card[] {
  const at = { location_id: location };
  const lots = (n: number) => (n === 1 ? '1 lote' : `${formatInteger(n)} lotes`);
  const expiring = (days: number) => o.expiring.find((w) => w.days === days) ?? { days, lots: 0, value_cents: 0 };
  const count = o.last_count;
  return [
    { label: 'Valor em estoque', value: formatCentavos(o.stock_value_cents), detail: 'Saldo × custo médio', to: query(MOVEMENTS, at) },
    { label: 'Abaixo do mínimo', value: formatInteger(o.below_minimum), to: query(MATERIALS, { ...at, situation: 'BELOW_MINIMUM' }), negative: o.below_minimum > 0 },
    { label: 'No ponto de pedido', value: formatInteger(o.at_reorder_point), to: query(MATERIALS, { ...at, situation: 'AT_REORDER_POINT' }) },
    { label: 'Rupturas', value: formatInteger(o.stock_outs), detail: 'Itens sem saldo no local', to: query(MATERIALS, { ...at, situation: 'STOCK_OUT' }), negative: o.stock_outs > 0 },
    { label: 'Saldos negativos', value: formatInteger(o.negative_balances), to: query(MATERIALS, { ...at, situation: 'NEGATIVE' }), negative: o.negative_balances > 0 },
    ...[30, 60, 90].map((days) => ({
      label: `Lotes vencendo em ${days} dias`,
      value: formatCentavos(expiring(days).value_cents),
      detail: lots(expiring(days).lots),
      to: query(MATERIALS, { ...at, situation: `EXPIRING_${days}` }),
    })),
    { label: 'Lotes vencidos', value: formatCentavos(o.expired.value_cents), detail: lots(o.expired.lots), to: query(MATERIALS, { ...at, situation: 'EXPIRED' }), negative: o.expired.lots > 0 },
    { label: 'Valor em trânsito', value: formatCentavos(o.in_transit_cents), detail: 'Despachos enviados e não recebidos', to: query(MOVEMENTS, { ...at, kind: 'DISPATCH_OUT' }) },
    {
      label: 'Cobertura',
      value: o.coverage_days === undefined ? 'Sem consumo' : `${formatInteger(o.coverage_days)} dias`,
      detail: 'Valor em estoque ÷ consumo médio diário (90 dias)',
      to: query(MOVEMENTS, { ...at, kind: 'PROCEDURE_CONSUMPTION' }),
    },
    {
      label: 'Giro',
      value: o.turnover_hundredths === undefined ? '—' : `${formatHundredths(o.turnover_hundredths)} vezes`,
      detail: 'Consumo de 12 meses ÷ valor em estoque',
      to: query(MOVEMENTS, { ...at, kind: 'PROCEDURE_CONSUMPTION' }),
    },
    {
      label: 'Último inventário',
      value: count ? (count.accuracy_bp === undefined ? count.number : `${formatBasisPoints(count.accuracy_bp)} de acurácia`) : 'Nenhum',
      detail: count ? `${count.number}${count.finished_at ? ` em ${formatDate(count.finished_at)}` : ''}` : 'Nenhum inventário lançado',
      to: count ? `/estoque/inventario?id=${encodeURIComponent(count.id)}` : '/estoque/inventario',
    },
  ];
}

/**
 * `/estoque/visao-geral`: per location (or every one in reach), the stock's value and alerts, expiry, transit,
 * coverage, turnover, the ABC curve of consumption and the last count; every figure opens its list.
 */
export default function OverviewPage({ route }: PageProps) {
  const [params, setParams] = useSearchParams();
  const location = params.get('location_id') ?? '';
  const result = useGetStockOverview(location ? { location_id: location } : {});
  const o = result.data;
  const choose = (value: string) => setParams(value ? { location_id: value } : {});
  const abcRows = (o?.abc_classes ?? []).map((c) => ({ ...c, label: `Classe ${c.class} (${formatInteger(c.items)} ${c.items === 1 ? 'item' : 'itens'})` }));
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{route.title}</Title>
      </Group>
      {descriptionOf(route.path) && (
        <Text c="dimmed" size="sm">
          {descriptionOf(route.path)}
        </Text>
      )}
      <Paper component="form" role="search" withBorder p="md" radius="md" onSubmit={(e) => e.preventDefault()}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NativeSelect label="Local" value={location} onChange={(e) => choose(e.currentTarget.value)} data={[{ value: '', label: 'Todos os locais' }, ...(o?.locations ?? []).map((l) => ({ value: l.id, label: l.name }))]} />
        </SimpleGrid>
      </Paper>
      {!o ? (
        result.isError ? (
          <Alert color="red" role="alert" title="Não foi possível carregar a visão geral.">
            <Text size="sm">{result.error instanceof Error ? result.error.message : ''}</Text>
            <Button mt="sm" variant="light" onClick={() => void result.refetch()}>
              Tentar de novo
            </Button>
          </Alert>
        ) : (
          <Skeleton h={320} />
        )
      ) : (
        <>
          <Text size="sm" c="dimmed">{`Posição de ${formatDate(o.as_of)}, calculada a partir dos saldos. Clique num valor para ver a lista.`}</Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            {cards(o, o.location_id).map((card) => (
              <FigureCard key={card.label} card={card} />
            ))}
          </SimpleGrid>
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h4" mb="sm">
              Curva ABC por valor de consumo (12 meses)
            </Title>
            {abcRows.every((r) => r.items === 0) ? (
              <Text size="sm" c="dimmed">
                Sem consumo nos últimos 12 meses.
              </Text>
            ) : (
              <>
                <StackedBarChart label="Curva ABC por valor de consumo (12 meses)" rows={abcRows} category="label" series={ABC_SERIES} valueFormat="money" orientation="horizontal" />
                <Table mt="md" striped>
                  <caption>Maiores consumos</caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Classe</Table.Th>
                      <Table.Th>Material</Table.Th>
                      <Table.Th ta="right">Consumo (12 meses)</Table.Th>
                      <Table.Th ta="right">Acumulado</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {o.abc_items.slice(0, 10).map((i) => (
                      <Table.Tr key={i.material_id}>
                        <Table.Td>{i.class}</Table.Td>
                        <Table.Td>
                          <Anchor component={Link} to={query(MOVEMENTS, { location_id: o.location_id, material_id: i.material_id, kind: 'PROCEDURE_CONSUMPTION' })} size="sm">
                            {`${i.sku} — ${i.name}`}
                          </Anchor>
                        </Table.Td>
                        <Table.Td ta="right">{formatCentavos(i.value_cents)}</Table.Td>
                        <Table.Td ta="right">{formatBasisPoints(i.cumulative_bp)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </>
            )}
          </Paper>
        </>
      )}
    </Stack>
  );
}
