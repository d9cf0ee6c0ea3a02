import type { StockCategory, StockLocation, StockMaterial, StockPolicy, StockSituation } from '@backoffice/api-client/endpoints';
import { useGetStockMaterial } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import type { PageProps } from '@backoffice/routes';
import { Alert, Badge, Button, DataTable, Group, Modal, NativeSelect, Paper, SimpleGrid, Spinner, Stack, Table, Tabs, Text, TextInput, Title, notify, useSearchParams, type DataTableColumn } from '@backoffice/ui';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { formatThousandths, formatUnitCost, parseThousandths } from '../../../lib/quantity';
import { LOCATION_KIND_LABELS } from '../../../lib/labels';
import { useCategories, useLocations, useMaterials, usePolicies, useStockMutations } from '../../../lib/stockQueries';

const MaterialForm = lazy(() => import('./MaterialForm').then((m) => ({ default: m.MaterialForm })));
const MaterialDetail = lazy(() => import('./MaterialDetail').then((m) => ({ default: m.MaterialDetail })));

const ACTIVE_FILTER = [
  { value: '', label: 'Ativos e inativos' },
  { value: 'true', label: 'Ativos' },
  { value: 'false', label: 'Inativos' },
];

/** `/estoque/cadastro-materiais`: materials, categories, locations and stock policies. */
export default function MaterialsPage({ route }: PageProps) {
  return (
    <Stack gap="md">
      <Title order={1}>{route.title}</Title>
      <Tabs defaultValue="materials" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="materials">Materiais</Tabs.Tab>
          <Tabs.Tab value="categories">Categorias</Tabs.Tab>
          <Tabs.Tab value="locations">Locais</Tabs.Tab>
          <Tabs.Tab value="policies">Políticas</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="materials" pt="md">
          <MaterialsTab />
        </Tabs.Panel>
        <Tabs.Panel value="categories" pt="md">
          <CategoriesTab />
        </Tabs.Panel>
        <Tabs.Panel value="locations" pt="md">
          <LocationsTab />
        </Tabs.Panel>
        <Tabs.Panel value="policies" pt="md">
          <PoliciesTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** The overview's cards, as a filter (`?situation=…&location_id=…` opens the list filtered). */
const SITUATION_FILTER: ReadonlyArray<{ value: '' | StockSituation; label: string }> = [
  { value: '', label: 'Qualquer situação de estoque' },
  { value: 'BELOW_MINIMUM', label: 'Abaixo do mínimo' },
  { value: 'AT_REORDER_POINT', label: 'No ponto de pedido' },
  { value: 'STOCK_OUT', label: 'Em ruptura' },
  { value: 'NEGATIVE', label: 'Com saldo negativo' },
  { value: 'EXPIRING_30', label: 'Lote vencendo em 30 dias' },
  { value: 'EXPIRING_60', label: 'Lote vencendo em 60 dias' },
  { value: 'EXPIRING_90', label: 'Lote vencendo em 90 dias' },
  { value: 'EXPIRED', label: 'Lote vencido' },
];

function MaterialsTab() {
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState('');
  const [active, setActive] = useState('');
  const [situation, setSituation] = useState(params.get('situation') ?? '');
  const [locationId, setLocationId] = useState(params.get('location_id') ?? '');
  const locations = useLocations();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  // The material's page opens from the list or a link (`?id=…`).
  const openId = params.get('id');
  const opened = useGetStockMaterial(openId ?? '', { query: { enabled: !!openId } });
  const open = (id: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id) next.set('id', id);
      else next.delete('id');
      return next;
    });
  const mayWrite = usePermission('estoque_cadastros_editar');
  const categories = useCategories();
  const categoryName = (id: string | undefined) => categories.data?.find((c) => c.id === id)?.name ?? '—';
  const result = useMaterials({
    q: q || undefined,
    active: active === '' ? undefined : active === 'true',
    situation: (situation || undefined) as StockSituation | undefined,
    location_id: situation && locationId ? locationId : undefined,
    page,
    page_size: 50,
  });
  const columns: ReadonlyArray<DataTableColumn<StockMaterial>> = [
    { id: 'sku', header: 'SKU', cell: (m) => <Button variant="subtle" size="compact-sm" onClick={() => open(m.id)}>{m.sku}</Button> },
    { id: 'name', header: 'Nome', cell: (m) => m.name },
    { id: 'category', header: 'Categoria', cell: (m) => categoryName(m.category_id) },
    { id: 'uom', header: 'Unidade', cell: (m) => m.base_uom },
    { id: 'lots', header: 'Lote/validade', cell: (m) => (m.tracks_expiry ? 'Lote e validade' : m.tracks_lot ? 'Lote' : '—') },
    { id: 'avg_cost', header: 'Custo médio', align: 'right', cell: (m) => formatUnitCost(m.avg_cost_micro) },
    {
      id: 'status',
      header: 'Situação',
      cell: (m) => (
        <Badge color={m.active ? 'green' : 'gray'} variant="light" tt="none">
          {m.active ? 'Ativo' : 'Inativo'}
        </Badge>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Paper component="form" role="search" withBorder p="md" radius="md" onSubmit={(e: FormEvent) => e.preventDefault()}>
        <Group align="end" justify="space-between">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" style={{ flex: 1 }}>
            <TextInput label="Buscar" placeholder="SKU, nome ou GTIN" type="search" value={q} onChange={(e) => { setQ(e.currentTarget.value); setPage(1); }} />
            <NativeSelect label="Situação" data={ACTIVE_FILTER} value={active} onChange={(e) => { setActive(e.currentTarget.value); setPage(1); }} />
            <NativeSelect label="Situação de estoque" data={SITUATION_FILTER} value={situation} onChange={(e) => { setSituation(e.currentTarget.value); setPage(1); }} />
            <NativeSelect label="Local (situação de estoque)" disabled={!situation} value={locationId} onChange={(e) => { setLocationId(e.currentTarget.value); setPage(1); }}
              data={[{ value: '', label: 'Todos os locais' }, ...(locations.data ?? []).filter((l) => l.kind === 'CENTRAL' || l.kind === 'CLINIC').map((l) => ({ value: l.id, label: l.name }))]} />
          </SimpleGrid>
          {mayWrite && <Button onClick={() => setCreating(true)}>Novo material</Button>}
        </Group>
      </Paper>
      <DataTable<StockMaterial>
        id="stock.materials"
        label="Materiais"
        columns={columns}
        rows={result.data?.items}
        getRowId={(m) => m.id}
        getRowLabel={(m) => `${m.sku} ${m.name}`}
        pageInfo={result.data}
        loading={result.isFetching}
        error={result.isError ? result.error : null}
        onRetry={() => void result.refetch()}
        onPageChange={setPage}
        emptyMessage="Nenhum material encontrado."
        minWidth={900}
      />
      <Modal opened={creating} onClose={() => setCreating(false)} title="Novo material" size="lg" centered>
        <Suspense fallback={<Spinner />}>{creating && <MaterialForm material={null} onDone={() => setCreating(false)} />}</Suspense>
      </Modal>
      <Modal opened={!!openId} onClose={() => open(null)} title={opened.data ? `${opened.data.sku} — ${opened.data.name}` : 'Material'} size="xl" centered>
        <Suspense fallback={<Spinner />}>
          {opened.isError ? <Alert color="red" role="alert">Material não encontrado.</Alert> : opened.data ? <MaterialDetail material={opened.data} onDone={() => open(null)} /> : <Spinner />}
        </Suspense>
      </Modal>
    </Stack>
  );
}

function CategoriesTab() {
  const categories = useCategories();
  const mayWrite = usePermission('estoque_cadastros_editar');
  const { createCategory } = useStockMutations();
  const [name, setName] = useState('');
  const [parent, setParent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const all = categories.data ?? [];
  const nameOf = (id: string | undefined) => all.find((c) => c.id === id)?.name ?? '—';
  const add = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await createCategory.mutateAsync({ data: { name, ...(parent ? { parent_id: parent } : {}) } });
      notify(`Categoria ${name} criada.`, 'success');
      setName('');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Não foi possível criar a categoria.');
    }
  };
  return (
    <Stack gap="md">
      {mayWrite && (
        <Paper component="form" withBorder p="md" radius="md" onSubmit={(e: FormEvent) => void add(e)} aria-label="Nova categoria">
          <Group align="end">
            <TextInput label="Nome da categoria" value={name} onChange={(e) => setName(e.currentTarget.value)} required error={error} />
            <NativeSelect label="Categoria principal" value={parent} onChange={(e) => setParent(e.currentTarget.value)}
              data={[{ value: '', label: 'Nenhuma (principal)' }, ...all.filter((c) => !c.parent_id).map((c) => ({ value: c.id, label: c.name }))]} />
            <Button type="submit" loading={createCategory.isPending}>Adicionar</Button>
          </Group>
        </Paper>
      )}
      <SimpleTable<StockCategory> rows={all} label="Categorias" loading={categories.isPending} headers={['Nome', 'Categoria principal']}
        cells={(c) => [c.name, c.parent_id ? nameOf(c.parent_id) : '—']} empty="Nenhuma categoria cadastrada." />
    </Stack>
  );
}

function LocationsTab() {
  const locations = useLocations();
  return (
    <SimpleTable<StockLocation> rows={locations.data ?? []} label="Locais" loading={locations.isPending} headers={['Código', 'Nome', 'Tipo', 'Saldo']}
      cells={(l) => [l.code, l.name, LOCATION_KIND_LABELS[l.kind] ?? l.kind, l.physical ? 'Guarda estoque' : 'Virtual (fecha o razão)']} empty="Nenhum local." />
  );
}

function PoliciesTab() {
  const [sku, setSku] = useState('');
  const materials = useMaterials({ q: sku || undefined, page_size: 20 });
  const [materialId, setMaterialId] = useState('');
  const locations = useLocations();
  const policies = usePolicies(materialId || undefined);
  const mayWrite = usePermission('estoque_cadastros_editar');
  const { setPolicy } = useStockMutations();
  const stocking = (locations.data ?? []).filter((l) => l.kind === 'CENTRAL' || l.kind === 'CLINIC');
  const [form, setForm] = useState({ location_id: '', min: '', rp: '', max: '' });
  const [error, setError] = useState<string | null>(null);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const [min, rp, max] = [form.min, form.rp, form.max].map((t) => parseThousandths(t));
    if (min === null || rp === null || max === null || min === undefined || rp === undefined || max === undefined) {
      setError('Informe mínimo, ponto de pedido e máximo (ex.: 10 ou 2,5).');
      return;
    }
    try {
      await setPolicy.mutateAsync({ data: { material_id: materialId, location_id: form.location_id, min_qty_milli: min, reorder_point_milli: rp, max_qty_milli: max } });
      notify('Política salva.', 'success');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Não foi possível salvar a política.');
    }
  };
  const locationName = (id: string) => locations.data?.find((l) => l.id === id)?.name ?? id;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="Buscar material" placeholder="SKU ou nome" value={sku} onChange={(e) => setSku(e.currentTarget.value)} />
        <NativeSelect label="Material" value={materialId} onChange={(e) => setMaterialId(e.currentTarget.value)}
          data={[{ value: '', label: 'Escolha um material' }, ...(materials.data?.items ?? []).map((m) => ({ value: m.id, label: `${m.sku} — ${m.name}` }))]} />
      </SimpleGrid>
      {materialId && mayWrite && (
        <Paper component="form" withBorder p="md" radius="md" onSubmit={(e: FormEvent) => void save(e)} aria-label="Política por local">
          <SimpleGrid cols={{ base: 1, sm: 5 }} spacing="sm">
            <NativeSelect label="Local" value={form.location_id} onChange={(e) => setForm({ ...form, location_id: e.currentTarget.value })}
              data={[{ value: '', label: 'Escolha' }, ...stocking.map((l) => ({ value: l.id, label: l.name }))]} />
            <TextInput label="Mínimo" value={form.min} onChange={(e) => setForm({ ...form, min: e.currentTarget.value })} inputMode="decimal" />
            <TextInput label="Ponto de pedido" value={form.rp} onChange={(e) => setForm({ ...form, rp: e.currentTarget.value })} inputMode="decimal" />
            <TextInput label="Máximo" value={form.max} onChange={(e) => setForm({ ...form, max: e.currentTarget.value })} inputMode="decimal" />
            <Button type="submit" mt="lg" loading={setPolicy.isPending}>Salvar política</Button>
          </SimpleGrid>
          {error && <Alert color="red" role="alert" mt="sm">{error}</Alert>}
        </Paper>
      )}
      {materialId ? (
        <SimpleTable<StockPolicy> rows={policies.data ?? []} label="Políticas por local" loading={policies.isPending} headers={['Local', 'Mínimo', 'Ponto de pedido', 'Máximo']}
          cells={(p) => [locationName(p.location_id), formatThousandths(p.min_qty_milli), formatThousandths(p.reorder_point_milli), formatThousandths(p.max_qty_milli)]}
          empty="Sem política: o material não é planejado nestes locais." />
      ) : (
        <Text c="dimmed">Escolha um material para ver e definir suas políticas por local.</Text>
      )}
    </Stack>
  );
}

/** A short list drawn whole (categories, locations, a material's policies: tens of rows). */
function SimpleTable<T>({ rows, label, headers, cells, loading, empty }: { rows: readonly T[]; label: string; headers: string[]; cells: (row: T) => string[]; loading: boolean; empty: string }) {
  if (loading) return <Spinner />;
  if (rows.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <Paper withBorder radius="md">
      <Table aria-label={label} striped>
        <Table.Thead>
          <Table.Tr>
            {headers.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            <Table.Tr key={i}>
              {cells(row).map((c, j) => (
                <Table.Td key={j}>{c}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
