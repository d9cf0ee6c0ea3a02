import { createStockCount, useListStockCounts, type StockCount } from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import type { PageProps } from '@backoffice/routes';
import { Badge, Button, Checkbox, DataTable, Group, Modal, MultiSelect, NativeSelect, Progress, Stack, Text, Textarea, Title, formatDateTime, notify, useNavigate, useSearchParams, type DataTableColumn } from '@backoffice/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useCategories, useLocations, useMaterials } from '../../../lib/stockQueries';
import { COUNT_STATUS_LABELS, STATUS_COLORS } from '../labels';
import { CountDetail } from './CountDetail';

/** `/estoque/inventario`: the counts (número, local, escopo, cega, situação, progresso), "Novo inventário", and a count's detail (`?id=`). */
export default function CountsPage({ route }: PageProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = params.get('id');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const mayManage = usePermission('estoque_inventario_gerir');
  const counts = useListStockCounts({ page, page_size: 20 }, { query: { enabled: !id } });
  if (id) {
    return (
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1}>{route.title}</Title>
          <Button variant="default" onClick={() => navigate(route.path)}>Voltar para a lista</Button>
        </Group>
        <CountDetail id={id} />
      </Stack>
    );
  }
  const columns: DataTableColumn<StockCount>[] = [
    { id: 'number', header: 'Número', cell: (c) => <Button variant="subtle" size="compact-sm" onClick={() => navigate(`${route.path}?id=${c.id}`)}>{c.number}</Button> },
    { id: 'location', header: 'Local', cell: (c) => c.location_name },
    { id: 'blind', header: 'Cega', cell: (c) => (c.blind ? 'Sim' : 'Não') },
    { id: 'status', header: 'Situação', cell: (c) => <Badge color={STATUS_COLORS[c.status]}>{COUNT_STATUS_LABELS[c.status]}</Badge> },
    {
      id: 'progress',
      header: 'Progresso',
      cell: (c) =>
        c.line_count > 0 ? (
          <Stack gap={2}>
            <Progress value={(100 * c.counted_lines) / c.line_count} size="sm" aria-label={`Progresso de ${c.number}`} />
            <Text size="xs">{c.counted_lines.toLocaleString('pt-BR')} de {c.line_count.toLocaleString('pt-BR')} linhas</Text>
          </Stack>
        ) : (
          '—'
        ),
    },
    { id: 'created_at', header: 'Criado em', cell: (c) => formatDateTime(c.created_at) },
  ];
  const total = counts.data?.total ?? 0;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{route.title}</Title>
        {mayManage && <Button onClick={() => setCreating(true)}>Novo inventário</Button>}
      </Group>
      <DataTable<StockCount>
        id="stock.counts"
        label="Inventários"
        columns={columns}
        rows={counts.data?.items}
        getRowId={(c) => c.id}
        getRowLabel={(c) => c.number}
        loading={counts.isFetching}
        error={counts.isError ? counts.error : null}
        onRetry={() => void counts.refetch()}
        emptyMessage="Nenhum inventário."
        minWidth={800}
      />
      <Group justify="flex-end">
        <Button variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>Anterior</Button>
        <Button variant="default" disabled={page * 20 >= total} onClick={() => setPage(page + 1)}>Próxima</Button>
      </Group>
      <Modal opened={creating} onClose={() => setCreating(false)} title="Novo inventário" size="lg" centered>
        {creating && <NewCountForm onDone={(created) => { setCreating(false); navigate(`${route.path}?id=${created.id}`); }} />}
      </Modal>
    </Stack>
  );
}

function NewCountForm({ onDone }: { onDone: (c: StockCount) => void }) {
  const queryClient = useQueryClient();
  const locations = useLocations();
  const categories = useCategories();
  const [q, setQ] = useState('');
  const materials = useMaterials({ q: q || undefined, page_size: 50 });
  const [locationId, setLocationId] = useState('');
  const [blind, setBlind] = useState(true);
  const [categoryIds, setCategoryIds] = useState<string[]>([]);
  const [materialIds, setMaterialIds] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!locationId) {
      setError('Escolha o local.');
      return;
    }
    setSaving(true);
    try {
      const created = await createStockCount({ location_id: locationId, blind, category_ids: categoryIds, material_ids: materialIds, ...(note.trim() ? { note } : {}) });
      await queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/v1/stock/counts') });
      notify(`Inventário ${created.number} criado.`, 'success');
      onDone(created);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Não foi possível criar o inventário.');
    } finally {
      setSaving(false);
    }
  };
  const physical = (locations.data ?? []).filter((l) => (l.kind === 'CENTRAL' || l.kind === 'CLINIC') && l.active);
  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Novo inventário" noValidate>
      <Stack gap="sm">
        <NativeSelect label="Local" required value={locationId} error={error} onChange={(e) => { setLocationId(e.currentTarget.value); setError(null); }}
          data={[{ value: '', label: 'Escolha o local' }, ...physical.map((l) => ({ value: l.id, label: l.name }))]} />
        <MultiSelect label="Categorias" description="Vazio, sem materiais: o local inteiro" data={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))} value={categoryIds} onChange={setCategoryIds} searchable clearable />
        <MultiSelect label="Materiais" data={(materials.data?.items ?? []).map((m) => ({ value: m.id, label: `${m.sku} — ${m.name}` }))} value={materialIds} onChange={setMaterialIds} searchable clearable onSearchChange={setQ} nothingFoundMessage="Nenhum material" />
        <Checkbox label="Contagem cega (quem conta não vê as quantidades esperadas)" checked={blind} onChange={(e) => setBlind(e.currentTarget.checked)} />
        <Textarea label="Observação" value={note} onChange={(e) => setNote(e.currentTarget.value)} autosize minRows={2} />
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>Criar inventário</Button>
        </Group>
      </Stack>
    </form>
  );
}
