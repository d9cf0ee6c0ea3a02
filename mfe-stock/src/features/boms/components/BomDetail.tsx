import { ApiError } from '@backoffice/api-client';
import {
  createStockBom,
  createStockBomVersion,
  importStockBomDraft,
  publishStockBomVersion,
  simulateStockBomCost,
  updateStockBomDraft,
  useDiffStockBomVersions,
  useGetStockBom,
  type StockBom,
  type StockBomLine,
  type StockBomVersion,
} from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import { Alert, Badge, Button, Checkbox, FileButton, Group, HistoryPanel, Modal, NativeSelect, Paper, SegmentedControl, Select, SimpleGrid, Stack, Table, Text, TextInput, Title, formatCentavos, formatDate, formatDateTime, formatHundredths, notify, parseBrazilianDate, parseHundredths } from '@backoffice/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { formatQuantity, formatThousandths, formatUnitCost, parseThousandths } from '../../../lib/quantity';
import { useLocations, useMaterials } from '../../../lib/stockQueries';
import { formatShare, formatWaste, saoPauloMidnight } from '../lines';

const STATUS_LABELS: Record<string, string> = { RASCUNHO: 'Rascunho', PUBLICADA: 'Publicada', SUBSTITUIDA: 'Substituída' };
const STATUS_COLORS: Record<string, string> = { RASCUNHO: 'gray', PUBLICADA: 'green', SUBSTITUIDA: 'dark' };
const CHANGE_LABELS: Record<string, string> = { INCLUIDO: 'Incluído', REMOVIDO: 'Removido', ALTERADO: 'Alterado', IGUAL: 'Igual' };
const CHANGE_COLORS: Record<string, string> = { INCLUIDO: 'green', REMOVIDO: 'red', ALTERADO: 'orange', IGUAL: 'gray' };

const message = (e: unknown, fallback: string) => (e instanceof Error && e.message ? e.message : fallback);

function useRefresh() {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/v1/stock/') }), [queryClient]);
}

function versionLabel(v: StockBomVersion): string {
  const state = v.status === 'PUBLICADA' ? (v.in_force ? 'vigente' : v.scheduled ? `a partir de ${v.effective_from ? formatDate(v.effective_from) : '—'}` : 'publicada') : STATUS_LABELS[v.status]?.toLowerCase();
  return `Versão ${v.number} — ${state}`;
}

/** A BOM: its versions (lines, material cost, status), draft editing, publishing, the CSV import, the diff and history. */
export function BomDetail({ id, onOpen }: { id: string; onOpen: (id: string) => void }) {
  const result = useGetStockBom(id);
  const refresh = useRefresh();
  const mayWrite = usePermission('estoque_base_calculo_editar');
  const [chosen, setChosen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [importErrors, setImportErrors] = useState<string[]>([]);
  const [overriding, setOverriding] = useState(false);
  const bom = result.data;
  if (result.isError) return <Alert color="red" title="Base de cálculo não encontrada">{message(result.error, 'Não foi possível abrir.')}</Alert>;
  if (!bom) return <Text>Carregando…</Text>;
  const draft = bom.versions.find((v) => v.status === 'RASCUNHO');
  const current = bom.versions.find((v) => v.in_force);
  const version = bom.versions.find((v) => v.number === chosen) ?? draft ?? current ?? bom.versions[0];
  const newVersion = async () => {
    setBusy(true);
    try {
      const updated = await createStockBomVersion(id);
      setChosen(updated.versions[0]?.number ?? null);
      notify('Nova versão criada como rascunho.', 'success');
    } catch (e) {
      notify(message(e, 'Não foi possível criar a versão.'), 'error');
    } finally {
      setBusy(false);
      refresh();
    }
  };
  const importFile = async (file: File | null) => {
    if (!file) return;
    setImportErrors([]);
    try {
      const csv = await file.text();
      const updated = await importStockBomDraft(id, { csv, ...(draft ? { version: draft.version } : {}) });
      setChosen(updated.versions.find((v) => v.status === 'RASCUNHO')?.number ?? null);
      notify('Arquivo importado para o rascunho.', 'success');
    } catch (e) {
      if (e instanceof ApiError && e.fields.length) setImportErrors(e.fields.map((f) => f.message));
      else notify(message(e, 'Não foi possível importar.'), 'error');
    } finally {
      refresh();
    }
  };
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={2}>{bom.procedure_code} — {bom.procedure_name}</Title>
            {bom.clinic_location_id ? <Badge size="lg" color="grape">Exceção: {bom.clinic_name}</Badge> : <Badge size="lg" color="blue">Global</Badge>}
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Text size="sm"><b>Versão vigente:</b> {current ? `${current.number} desde ${current.effective_from ? formatDateTime(current.effective_from) : '—'}` : 'nenhuma publicada'}</Text>
            <Text size="sm"><b>Custo de material (vigente):</b> {current ? formatCentavos(current.cost_cents) : '—'}</Text>
            <Text size="sm"><b>Versões:</b> {bom.versions.length}</Text>
          </SimpleGrid>
          {mayWrite && (
            <Group gap="xs">
              {!draft && <Button loading={busy} onClick={() => void newVersion()}>Nova versão</Button>}
              <FileButton onChange={(f) => void importFile(f)} accept=".csv,text/csv,text/plain">
                {(props) => <Button variant="light" {...props}>Importar CSV</Button>}
              </FileButton>
              {!bom.clinic_location_id && <Button variant="light" color="grape" onClick={() => setOverriding(true)}>Criar exceção para clínica</Button>}
            </Group>
          )}
          {mayWrite && <Text size="xs" c="dimmed">CSV separado por ponto e vírgula: sku;quantidade;unidade;perda_pct;opcional (ex.: AGU-001;2;UN;10;não). Substitui as linhas do rascunho; nada é importado se houver erro.</Text>}
          {importErrors.length > 0 && (
            <Alert color="red" title="Arquivo não importado" withCloseButton onClose={() => setImportErrors([])}>
              <Stack gap={2}>{importErrors.map((m) => <Text size="sm" key={m}>{m}</Text>)}</Stack>
            </Alert>
          )}
        </Stack>
      </Paper>
      {version && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-end">
              <NativeSelect label="Versão" value={String(version.number)} onChange={(e) => setChosen(Number(e.currentTarget.value))} data={bom.versions.map((v) => ({ value: String(v.number), label: versionLabel(v) }))} w={320} />
              <Badge size="lg" color={STATUS_COLORS[version.status]} aria-label="Situação da versão">{STATUS_LABELS[version.status]}{version.in_force ? ' (vigente)' : version.scheduled ? ' (agendada)' : ''}</Badge>
            </Group>
            <VersionView version={version} />
            {version.lines.length > 0 && <CostSimulation key={version.id} bomId={bom.id} version={version} />}
            {version.status === 'RASCUNHO' && mayWrite && <DraftEditor key={`${version.id}:${version.version}`} bom={bom} version={version} onSaved={refresh} />}
            {version.status === 'RASCUNHO' && mayWrite && <PublishPanel bom={bom} version={version} onDone={refresh} />}
          </Stack>
        </Paper>
      )}
      {bom.versions.length > 1 && <DiffPanel bom={bom} />}
      <Paper withBorder p="md" radius="md">
        <Title order={3} mb="sm">Histórico</Title>
        <HistoryPanel entries={bom.history} />
      </Paper>
      <Modal opened={overriding} onClose={() => setOverriding(false)} title="Criar exceção para clínica" centered>
        {overriding && <OverrideForm bom={bom} onDone={(other) => { setOverriding(false); refresh(); onOpen(other); }} />}
      </Modal>
    </Stack>
  );
}

function VersionView({ version }: { version: StockBomVersion }) {
  const total = version.cost_cents + version.optional_cost_cents;
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Text size="sm"><b>Vigência:</b> {version.effective_from ? `a partir de ${formatDateTime(version.effective_from)}` : 'não publicada'}</Text>
        <Text size="sm"><b>Custo de material:</b> {formatCentavos(version.cost_cents)}</Text>
        <Text size="sm"><b>Opcionais (se usados):</b> {formatCentavos(version.optional_cost_cents)}</Text>
      </SimpleGrid>
      {version.note && <Text size="sm"><b>Observação:</b> {version.note}</Text>}
      <Table.ScrollContainer minWidth={820}>
        <Table striped aria-label={`Materiais da versão ${version.number}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Material</Table.Th>
              <Table.Th>Quantidade</Table.Th>
              <Table.Th>Perda técnica</Table.Th>
              <Table.Th>Com perda</Table.Th>
              <Table.Th>Opcional</Table.Th>
              <Table.Th>Custo médio</Table.Th>
              <Table.Th>Custo</Table.Th>
              <Table.Th>Participação</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {version.lines.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={8}><Text size="sm" c="dimmed">Nenhum material nesta versão.</Text></Table.Td>
              </Table.Tr>
            )}
            {version.lines.map((l) => (
              <Table.Tr key={l.material_id}>
                <Table.Td>{l.sku} — {l.material_name}</Table.Td>
                <Table.Td>{formatQuantity(l.qty_milli, l.uom)}{l.uom !== l.base_uom ? ` (${formatQuantity(l.qty_base_milli, l.base_uom)})` : ''}</Table.Td>
                <Table.Td>{formatWaste(l.waste_bp)}</Table.Td>
                <Table.Td>{formatQuantity(l.qty_with_waste_milli, l.base_uom)}</Table.Td>
                <Table.Td>{l.optional ? 'Sim' : 'Não'}</Table.Td>
                <Table.Td>{formatUnitCost(l.avg_cost_micro)}</Table.Td>
                <Table.Td>{formatCentavos(l.cost_cents)}</Table.Td>
                <Table.Td>{formatShare(l.cost_cents, total)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** "Simular custo": how many procedures, which optional materials used; the server computes it at the current
 * average costs (`POST …/versions/{n}/simulation`), the same quantities a consumption would post. */
function CostSimulation({ bomId, version }: { bomId: string; version: StockBomVersion }) {
  const [times, setTimes] = useState('1');
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const optional = version.lines.filter((l) => l.optional);
  const n = /^\d{1,3}$/.test(times.trim()) && Number(times.trim()) >= 1 ? Number(times.trim()) : 0;
  const tickedIds = [...ticked].sort();
  const simulation = useQuery({
    // Under the stock prefix: any stock write (a new average cost) refreshes it.
    queryKey: [`/api/v1/stock/boms/${bomId}/versions/${version.number}/simulation`, n, tickedIds],
    queryFn: ({ signal }) => simulateStockBomCost(bomId, version.number, { quantity: n, optional_material_ids: tickedIds }, { signal }),
    enabled: n > 0,
  });
  const toggle = (id: string, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(id);
    else next.delete(id);
    setTicked(next);
  };
  return (
    <Paper withBorder p="sm" radius="md" aria-label="Simular custo">
      <Group align="flex-end" gap="md">
        <Title order={4}>Simular custo</Title>
        <TextInput label="Procedimentos" value={times} onChange={(e) => setTimes(e.currentTarget.value)} w={120} error={n === 0 && times.trim() !== '' ? 'De 1 a 1.000' : undefined} />
        {optional.map((l) => (
          <Checkbox key={l.material_id} label={`Usar ${l.sku}`} checked={ticked.has(l.material_id)} onChange={(e) => toggle(l.material_id, e.currentTarget.checked)} mb={8} />
        ))}
        <Text size="sm" mb={6} aria-label="Custo simulado" aria-busy={simulation.isFetching}>
          <b>{n > 0 && simulation.data ? formatCentavos(simulation.data.cost_cents) : '—'}</b> (custo médio atual, estimado)
        </Text>
      </Group>
      {simulation.isError && <Alert color="red" role="alert" mt="xs">{message(simulation.error, 'Não foi possível simular o custo.')}</Alert>}
    </Paper>
  );
}

interface EditLine {
  material_id: string;
  label: string;
  qty: string;
  uom: string;
  waste: string;
  optional: boolean;
}

const editLine = (l: StockBomLine): EditLine => ({
  material_id: l.material_id,
  label: `${l.sku} — ${l.material_name}`,
  qty: formatThousandths(l.qty_milli),
  uom: l.uom,
  waste: formatHundredths(l.waste_bp),
  optional: l.optional,
});

function DraftEditor({ bom, version, onSaved }: { bom: StockBom; version: StockBomVersion; onSaved: () => void }) {
  const [lines, setLines] = useState<EditLine[]>(() => version.lines.map(editLine));
  const [q, setQ] = useState('');
  const materials = useMaterials({ q: q || undefined, active: true, page_size: 50 });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = (i: number, patch: Partial<EditLine>) => setLines(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const add = (materialId: string | null) => {
    const m = materials.data?.items.find((x) => x.id === materialId);
    if (!m || lines.some((l) => l.material_id === m.id)) return;
    setLines([...lines, { material_id: m.id, label: `${m.sku} — ${m.name}`, qty: '1', uom: m.base_uom, waste: '0', optional: false }]);
  };
  const save = async () => {
    const local: Record<string, string> = {};
    const body = lines.map((l, i) => {
      const qty = parseThousandths(l.qty);
      const waste = parseHundredths(l.waste || '0');
      if (qty === null || qty <= 0) local[`linhas[${i}].quantidade`] = 'Informe uma quantidade maior que zero.';
      if (waste === null || waste < 0 || waste > 10_000) local[`linhas[${i}].perda`] = 'De 0 a 100%.';
      return { material_id: l.material_id, qty_milli: qty ?? 0, uom: l.uom.trim() || undefined, waste_bp: waste ?? 0, optional: l.optional };
    });
    setErrors(local);
    if (Object.keys(local).length) return;
    setSaving(true);
    try {
      await updateStockBomDraft(bom.id, version.number, { version: version.version, lines: body, ...(version.note ? { note: version.note } : {}) });
      notify('Rascunho salvo.', 'success');
      onSaved();
    } catch (e) {
      if (e instanceof ApiError && e.fields.length) setErrors(e.fieldMessages());
      else notify(message(e, 'Não foi possível salvar.'), 'error');
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="xs" aria-label="Editar rascunho">
      <Title order={3}>Editar rascunho da versão {version.number}</Title>
      {lines.map((l, i) => (
        <Group key={l.material_id} align="flex-end" gap="xs" wrap="nowrap">
          <Text size="sm" w={260} truncate>{l.label}</Text>
          <TextInput label="Quantidade" aria-label={`Quantidade de ${l.label}`} value={l.qty} error={errors[`linhas[${i}].quantidade`]} onChange={(e) => set(i, { qty: e.currentTarget.value })} w={110} />
          <TextInput label="Unidade" aria-label={`Unidade de ${l.label}`} value={l.uom} error={errors[`linhas[${i}].unidade`]} onChange={(e) => set(i, { uom: e.currentTarget.value.toUpperCase() })} w={80} />
          <TextInput label="Perda (%)" aria-label={`Perda de ${l.label}`} value={l.waste} error={errors[`linhas[${i}].perda`]} onChange={(e) => set(i, { waste: e.currentTarget.value })} w={90} />
          <Checkbox label="Opcional" checked={l.optional} onChange={(e) => set(i, { optional: e.currentTarget.checked })} mb={8} />
          <Button variant="subtle" color="red" onClick={() => setLines(lines.filter((_, j) => j !== i))} aria-label={`Remover ${l.label}`}>Remover</Button>
        </Group>
      ))}
      {errors.linhas && <Text c="red" size="sm">{errors.linhas}</Text>}
      <Group align="flex-end">
        <Select label="Incluir material" placeholder="Busque por SKU ou nome" searchable onSearchChange={setQ} value={null} onChange={add}
          data={(materials.data?.items ?? []).map((m) => ({ value: m.id, label: `${m.sku} — ${m.name}` }))} nothingFoundMessage="Nenhum material" w={360} />
        <Button onClick={() => void save()} loading={saving}>Salvar rascunho</Button>
      </Group>
    </Stack>
  );
}

function PublishPanel({ bom, version, onDone }: { bom: StockBom; version: StockBomVersion; onDone: () => void }) {
  const [when, setWhen] = useState('now');
  const [date, setDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const publish = async () => {
    let effective_from: string | undefined;
    if (when === 'date') {
      const iso = parseBrazilianDate(date);
      if (!iso) {
        setError('Informe a data no formato dd/mm/aaaa.');
        return;
      }
      effective_from = saoPauloMidnight(iso);
    }
    setSaving(true);
    setError(null);
    try {
      await publishStockBomVersion(bom.id, version.number, { version: version.version, ...(effective_from ? { effective_from } : {}) });
      notify(effective_from ? `Versão ${version.number} publicada a partir de ${date}.` : `Versão ${version.number} publicada.`, 'success');
      onDone();
    } catch (e) {
      setError(message(e, 'Não foi possível publicar.'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="xs">
      <Title order={3}>Publicar</Title>
      <Group align="flex-end">
        <SegmentedControl value={when} onChange={setWhen} data={[{ value: 'now', label: 'Agora' }, { value: 'date', label: 'Em uma data' }]} aria-label="Quando publicar" />
        {when === 'date' && <TextInput label="Vigência a partir de" placeholder="dd/mm/aaaa" value={date} onChange={(e) => setDate(e.currentTarget.value)} w={160} />}
        <Button color="green" onClick={() => void publish()} loading={saving} disabled={version.lines.length === 0}>Publicar versão {version.number}</Button>
      </Group>
      {version.lines.length === 0 && <Text size="sm" c="dimmed">Inclua ao menos um material e salve o rascunho antes de publicar.</Text>}
      {error && <Text c="red" size="sm" role="alert">{error}</Text>}
    </Stack>
  );
}

function DiffPanel({ bom }: { bom: StockBom }) {
  const numbers = bom.versions.map((v) => v.number).sort((a, b) => a - b);
  const [left, setLeft] = useState(numbers[numbers.length - 2] ?? 1);
  const [right, setRight] = useState(numbers[numbers.length - 1] ?? 1);
  const diff = useDiffStockBomVersions(bom.id, { de: left, para: right }, { query: { enabled: left !== right } });
  const side = (l: StockBomLine | undefined) => (l ? `${formatQuantity(l.qty_milli, l.uom)} · perda ${formatWaste(l.waste_bp)}${l.optional ? ' · opcional' : ''}` : '—');
  const options = numbers.map((n) => ({ value: String(n), label: `Versão ${n}` }));
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3}>Comparar versões</Title>
        <Group>
          <NativeSelect label="De" value={String(left)} onChange={(e) => setLeft(Number(e.currentTarget.value))} data={options} />
          <NativeSelect label="Para" value={String(right)} onChange={(e) => setRight(Number(e.currentTarget.value))} data={options} />
        </Group>
        {left === right ? (
          <Text size="sm" c="dimmed">Escolha duas versões diferentes.</Text>
        ) : (
          <Table.ScrollContainer minWidth={700}>
            <Table aria-label="Comparação de versões">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Material</Table.Th>
                  <Table.Th>Versão {left}</Table.Th>
                  <Table.Th>Versão {right}</Table.Th>
                  <Table.Th>Mudança</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(diff.data?.lines ?? []).map((d) => (
                  <Table.Tr key={d.material_id}>
                    <Table.Td>{d.sku} — {d.material_name}</Table.Td>
                    <Table.Td>{side(d.left)}</Table.Td>
                    <Table.Td>{side(d.right)}</Table.Td>
                    <Table.Td><Badge color={CHANGE_COLORS[d.change]}>{CHANGE_LABELS[d.change]}</Badge></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

function OverrideForm({ bom, onDone }: { bom: StockBom; onDone: (id: string) => void }) {
  const locations = useLocations();
  const [clinic, setClinic] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const clinics = (locations.data ?? []).filter((l) => l.kind === 'CLINIC' && l.active);
  const submit = async () => {
    if (!clinic) {
      setError('Escolha a clínica.');
      return;
    }
    setSaving(true);
    try {
      const created = await createStockBom({ procedure_code: bom.procedure_code, clinic_location_id: clinic });
      notify('Exceção criada com as linhas da versão global vigente (rascunho).', 'success');
      onDone(created.id);
    } catch (e) {
      setError(message(e, 'Não foi possível criar a exceção.'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="sm">
      <Text size="sm">A exceção vale só na clínica escolhida e, publicada, prevalece sobre a base global.</Text>
      <NativeSelect label="Clínica" value={clinic} error={error} onChange={(e) => { setClinic(e.currentTarget.value); setError(null); }}
        data={[{ value: '', label: 'Escolha a clínica' }, ...clinics.map((l) => ({ value: l.id, label: l.name }))]} />
      <Group justify="flex-end">
        <Button onClick={() => void submit()} loading={saving}>Criar exceção</Button>
      </Group>
    </Stack>
  );
}
