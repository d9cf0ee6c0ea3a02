import type { StockMovement } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import type { PageProps } from '@backoffice/routes';
import { Alert, Button, DataTable, DateFilterInput, Group, Modal, NativeSelect, Paper, SimpleGrid, Spinner, Stack, Text, Textarea, TextInput, Title, formatDateTime, notify, useSearchParams, type DataTableColumn } from '@backoffice/ui';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { formatThousandths, formatUnitCost } from '../../../lib/quantity';
import { MOVEMENT_KIND_LABELS } from '../../../lib/labels';
import { useLocations, useMaterials, useMovements, useStockMutations } from '../../../lib/stockQueries';
import { ACTION_TITLES, type ManualAction } from './MovementForm';

const MovementForm = lazy(() => import('./MovementForm').then((m) => ({ default: m.MovementForm })));

const KIND_FILTER = [{ value: '', label: 'Todos os tipos' }, ...Object.entries(MOVEMENT_KIND_LABELS).map(([value, label]) => ({ value, label }))];

/** `/estoque/movimentacao-estoque`: the ledger, newest first, with its filters, a running balance and the manual actions. */
export default function MovementsPage({ route }: PageProps) {
  // A link (the overview's cards, a material's lots) may open the list filtered: ?location_id=…&material_id=…&kind=…&lot_id=….
  const [params] = useSearchParams();
  const [materialQ, setMaterialQ] = useState('');
  const [materialId, setMaterialId] = useState(params.get('material_id') ?? '');
  const [locationId, setLocationId] = useState(params.get('location_id') ?? '');
  const [kind, setKind] = useState(params.get('kind') ?? '');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [lot, setLot] = useState(params.get('lot_id') ?? '');
  const [cursors, setCursors] = useState<string[]>([]);
  const [action, setAction] = useState<ManualAction | null>(null);
  const [reversing, setReversing] = useState<StockMovement | null>(null);
  const mayPost = usePermission('estoque_movimentos_lancar');
  const mayAdjust = usePermission('estoque_ajustar');
  const materials = useMaterials({ q: materialQ || undefined, page_size: 50 });
  const locations = useLocations();
  const before = cursors[cursors.length - 1];
  const result = useMovements({
    material_id: materialId || undefined,
    location_id: locationId || undefined,
    kind: (kind || undefined) as StockMovement['kind'] | undefined,
    from: from || undefined,
    to: to || undefined,
    lot_id: lot || undefined,
    before,
    page_size: 50,
  });
  const reset = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setCursors([]);
  };
  const locationName = (id: string) => locations.data?.find((l) => l.id === id)?.name ?? 'Outro local';
  const material = materials.data?.items.find((m) => m.id === materialId);
  const running = !!materialId && !!locationId;
  const columns: DataTableColumn<StockMovement>[] = [
    { id: 'posted_at', header: 'Data', cell: (m) => formatDateTime(m.occurred_at) },
    { id: 'kind', header: 'Tipo', cell: (m) => MOVEMENT_KIND_LABELS[m.kind] ?? m.kind },
    { id: 'material', header: 'Material', cell: (m) => materials.data?.items.find((x) => x.id === m.material_id)?.sku ?? m.material_id.slice(-8) },
    { id: 'lot', header: 'Lote', cell: (m) => m.lot_code ?? '—' },
    { id: 'from', header: 'De', cell: (m) => locationName(m.from_location_id) },
    { id: 'to', header: 'Para', cell: (m) => locationName(m.to_location_id) },
    { id: 'qty', header: 'Quantidade', align: 'right', cell: (m) => (running && m.from_location_id === locationId ? `-${formatThousandths(m.qty_milli)}` : formatThousandths(m.qty_milli)) },
    { id: 'cost', header: 'Custo unitário', align: 'right', cell: (m) => formatUnitCost(m.unit_cost_micro) },
    { id: 'reason', header: 'Motivo', cell: (m) => m.reason ?? '—', defaultHidden: true },
  ];
  if (running) columns.push({ id: 'balance', header: 'Saldo', align: 'right', cell: (m) => formatThousandths(m.balance_after_milli ?? 0) });
  if (mayAdjust) {
    columns.push({
      id: 'actions',
      header: 'Ações',
      hideable: false,
      cell: (m) =>
        m.kind === 'REVERSAL' ? null : m.reversed_by ? (
          <Text size="sm" c="dimmed">Estornada</Text>
        ) : (
          <Button size="compact-sm" variant="light" color="red" onClick={() => setReversing(m)}>Estornar</Button>
        ),
    });
  }
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{route.title}</Title>
        <Group gap="xs">
          {mayPost && <Button onClick={() => setAction('entry')}>Entrada avulsa</Button>}
          {mayPost && <Button variant="light" onClick={() => setAction('loss')}>Perda/Vencimento</Button>}
          {mayAdjust && <Button variant="light" onClick={() => setAction('adjustment')}>Ajuste avulso</Button>}
        </Group>
      </Group>
      <Paper component="form" role="search" withBorder p="md" radius="md" onSubmit={(e: FormEvent) => e.preventDefault()}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <TextInput label="Buscar material" placeholder="SKU ou nome" value={materialQ} onChange={(e) => setMaterialQ(e.currentTarget.value)} />
          <NativeSelect label="Material" value={materialId} onChange={(e) => reset(setMaterialId)(e.currentTarget.value)}
            data={[{ value: '', label: 'Todos os materiais' }, ...(materials.data?.items ?? []).map((m) => ({ value: m.id, label: `${m.sku} — ${m.name}` }))]} />
          <NativeSelect label="Local" value={locationId} onChange={(e) => reset(setLocationId)(e.currentTarget.value)}
            data={[{ value: '', label: 'Todos os locais' }, ...(locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))]} />
          <NativeSelect label="Tipo" value={kind} data={KIND_FILTER} onChange={(e) => reset(setKind)(e.currentTarget.value)} />
          <DateFilterInput label="De" value={from} onChange={reset(setFrom)} />
          <DateFilterInput label="Até" value={to} onChange={reset(setTo)} />
          <TextInput label="Lote (id)" value={lot} onChange={(e) => reset(setLot)(e.currentTarget.value.trim())} />
        </SimpleGrid>
      </Paper>
      {running && result.data?.balance_milli !== undefined && (
        <Alert color="blue" title="Saldo atual" role="status">
          {material ? `${material.sku}: ` : ''}
          {formatThousandths(result.data.balance_milli)} {material?.base_uom ?? ''} em {locationName(locationId)}
        </Alert>
      )}
      <DataTable<StockMovement>
        id="stock.movements"
        label="Movimentações"
        columns={columns}
        rows={result.data?.items}
        getRowId={(m) => m.id}
        getRowLabel={(m) => `${MOVEMENT_KIND_LABELS[m.kind] ?? m.kind} ${formatDateTime(m.occurred_at)}`}
        loading={result.isFetching}
        error={result.isError ? result.error : null}
        onRetry={() => void result.refetch()}
        emptyMessage="Nenhuma movimentação encontrada."
        minWidth={1000}
      />
      <Group justify="flex-end">
        <Button variant="default" disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>Anteriores</Button>
        <Button variant="default" disabled={!result.data?.next_before} onClick={() => result.data?.next_before && setCursors([...cursors, result.data.next_before])}>Mais antigas</Button>
      </Group>
      <Modal opened={action !== null} onClose={() => setAction(null)} title={action ? ACTION_TITLES[action] : ''} size="lg" centered>
        <Suspense fallback={<Spinner />}>
          {action && <MovementForm action={action} materialId={materialId || undefined} locationId={locationId || undefined} onDone={() => setAction(null)} />}
        </Suspense>
      </Modal>
      <Modal opened={reversing !== null} onClose={() => setReversing(null)} title="Estornar movimentação" centered>
        {reversing && <ReverseForm movement={reversing} onDone={() => setReversing(null)} />}
      </Modal>
    </Stack>
  );
}

function ReverseForm({ movement, onDone }: { movement: StockMovement; onDone: () => void }) {
  const { reverse } = useStockMutations();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 10) {
      setError('Informe o motivo (de 10 a 500 caracteres).');
      return;
    }
    try {
      await reverse.mutateAsync({ id: movement.id, data: { reason } });
      notify('Movimentação estornada.', 'success');
      onDone();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Não foi possível estornar.');
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Estornar movimentação" noValidate>
      <Stack gap="sm">
        <Text size="sm">
          {MOVEMENT_KIND_LABELS[movement.kind]} de {formatThousandths(movement.qty_milli)} em {formatDateTime(movement.occurred_at)}. O estorno lança o movimento contrário; a linha original fica no razão.
        </Text>
        <Textarea label="Motivo" required value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={error} autosize minRows={2} />
        <Group justify="flex-end">
          <Button type="submit" color="red" loading={reverse.isPending}>Estornar</Button>
        </Group>
      </Stack>
    </form>
  );
}
