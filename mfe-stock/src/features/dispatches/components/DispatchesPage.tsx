import type { StockDispatch, StockDispatchLine, StockDispatchStatus, StockDispatchSummary } from '@backoffice/api-client/endpoints';
import { usePermission, useSession } from '@backoffice/auth';
import type { PageProps } from '@backoffice/routes';
import {
  Alert,
  Badge,
  Button,
  DataTable,
  DetailLink,
  Drawer,
  Group,
  HistoryPanel,
  Modal,
  NativeSelect,
  Paper,
  Spinner,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
  formatDate,
  formatDateTime,
  notify,
  useDetailParam,
  type DataTableColumn,
} from '@backoffice/ui';
import { useState, type FormEvent } from 'react';
import { HubNav } from '../../../lib/HubNav';
import { DISPATCH_STATUS_COLORS, DISPATCH_STATUS_LABELS, errorMessage, mayCancel, mayEdit, useDispatch, useDispatches, useDispatchMutations, useHub } from '../../../lib/dispatches';
import { formatQuantity, formatThousandths, parseThousandths } from '../../../lib/quantity';
import { useMaterials } from '../../../lib/stockQueries';

const TABS: { value: string; label: string; statuses: StockDispatchStatus[]; mine?: boolean }[] = [
  { value: 'solicitacoes', label: 'Solicitações', statuses: [] },
  { value: 'separacao', label: 'Separação e envio', statuses: ['APROVADO', 'EM_SEPARACAO'] },
  { value: 'receber', label: 'A receber', statuses: ['ENVIADO'] },
  { value: 'divergencias', label: 'Divergências', statuses: ['RECEBIDO_COM_DIVERGENCIA'] },
];

function StatusBadge({ status }: { status: StockDispatchStatus }) {
  return (
    <Badge color={DISPATCH_STATUS_COLORS[status]} variant="light">
      {DISPATCH_STATUS_LABELS[status]}
    </Badge>
  );
}

const columns: DataTableColumn<StockDispatchSummary>[] = [
  { id: 'number', header: 'Número', cell: (d) => <DetailLink param="id" value={d.id}>{d.number}</DetailLink> },
  { id: 'clinic', header: 'Clínica', cell: (d) => d.clinic_name },
  { id: 'status', header: 'Situação', cell: (d) => <StatusBadge status={d.status} /> },
  { id: 'requester', header: 'Solicitante', cell: (d) => d.requester_name },
  { id: 'items', header: 'Itens', align: 'right', cell: (d) => d.line_count },
  { id: 'created', header: 'Solicitado em', cell: (d) => formatDateTime(d.created_at) },
  { id: 'shipped', header: 'Enviado em', cell: (d) => (d.shipped_at ? formatDateTime(d.shipped_at) : '—') },
];

/** `/hub/despachos`: requests of one's clinics, picking and shipping for the central keeper, receipts with shortfalls. */
export default function DispatchesPage({ route }: PageProps) {
  const mayPick = usePermission('despachos_separar');
  const mayResolve = usePermission('despachos_resolver');
  const tabs = TABS.filter((t) => (t.value === 'separacao' ? mayPick : t.value === 'divergencias' ? mayResolve : true));
  const [tab, setTab] = useState(tabs[0]?.value ?? 'solicitacoes');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const current = tabs.find((t) => t.value === tab) ?? tabs[0];
  const list = useDispatches({ status: current?.statuses.length ? current.statuses : undefined, page, page_size: 20 });
  const detail = useDetailParam('id');
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>{route.title}</Title>
        <HubNav />
      </Group>
      <Group justify="flex-end">
        <Button onClick={() => setCreating(true)}>Nova solicitação</Button>
      </Group>
      <Tabs
        value={tab}
        onChange={(v) => {
          setTab(v ?? 'solicitacoes');
          setPage(1);
        }}
      >
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <DataTable<StockDispatchSummary>
        id={`hub.dispatches.${tab}`}
        label="Despachos"
        columns={columns}
        rows={list.data?.items}
        getRowId={(d) => d.id}
        getRowLabel={(d) => d.number}
        loading={list.isFetching}
        error={list.isError ? list.error : null}
        onRetry={() => void list.refetch()}
        emptyMessage="Nenhum despacho encontrado."
        minWidth={900}
      />
      <Group justify="flex-end">
        <Button variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>Anterior</Button>
        <Button variant="default" disabled={!list.data || page * 20 >= list.data.total} onClick={() => setPage(page + 1)}>Próxima</Button>
      </Group>
      <Drawer opened={!!detail.value} onClose={detail.close} position="right" size="xl" title="Despacho">
        {detail.value && <DispatchDetail id={detail.value} />}
      </Drawer>
      <Modal opened={creating} onClose={() => setCreating(false)} title="Nova solicitação" size="lg" centered>
        {creating && <RequestForm onDone={(id) => { setCreating(false); if (id) detail.open(id); }} />}
      </Modal>
    </Stack>
  );
}

interface DraftLine {
  material_id: string;
  label: string;
  uom: string;
  qty: string;
}

/** The request form: a new request, or a draft being edited (prefilled; its clinic stays). */
function RequestForm({ onDone, dispatch }: { onDone: (id?: string) => void; dispatch?: StockDispatch }) {
  const hub = useHub(undefined);
  const [clinic, setClinic] = useState(dispatch?.clinic_location_id ?? '');
  const [q, setQ] = useState('');
  const [materialId, setMaterialId] = useState('');
  const [qty, setQty] = useState('');
  const [lines, setLines] = useState<DraftLine[]>(() =>
    (dispatch?.lines ?? []).map((l) => ({
      material_id: l.material_id,
      label: `${l.sku} — ${l.material_name}`,
      uom: l.base_uom,
      qty: formatThousandths(l.requested_qty_milli),
    })),
  );
  const [notes, setNotes] = useState(dispatch?.notes ?? '');
  const [error, setError] = useState<string | null>(null);
  const materials = useMaterials({ q: q || undefined, active: true, page_size: 50 });
  const { create, update, submit: submitDraft } = useDispatchMutations();
  const pending = create.isPending || update.isPending || submitDraft.isPending;
  const clinics = hub.data?.clinics ?? [];
  const chosenClinic = clinic || clinics[0]?.id || '';
  const add = () => {
    const m = materials.data?.items.find((x) => x.id === materialId);
    const value = parseThousandths(qty);
    if (!m || !value || value <= 0) {
      setError('Escolha o material e informe a quantidade.');
      return;
    }
    setError(null);
    setLines([...lines.filter((l) => l.material_id !== m.id), { material_id: m.id, label: `${m.sku} — ${m.name}`, uom: m.base_uom, qty }]);
    setQty('');
  };
  const save = async (draft: boolean) => {
    if (!chosenClinic || lines.length === 0) {
      setError('Escolha a clínica e inclua ao menos um item.');
      return;
    }
    const requested = lines.map((l) => ({ material_id: l.material_id, qty_milli: parseThousandths(l.qty) ?? 0 }));
    try {
      if (dispatch) {
        const edited = await update.mutateAsync({
          id: dispatch.id,
          data: { version: dispatch.version, notes: notes.trim() || undefined, lines: requested },
        });
        if (!draft) await submitDraft.mutateAsync({ id: dispatch.id });
        notify(draft ? `Rascunho ${edited.number} salvo.` : `Solicitação ${edited.number} enviada.`, 'success');
        onDone(edited.id);
        return;
      }
      const d = await create.mutateAsync({
        data: {
          clinic_location_id: chosenClinic,
          notes: notes.trim() || undefined,
          lines: requested,
          draft: draft || undefined,
        },
      });
      notify(draft ? `Rascunho ${d.number} salvo.` : `Solicitação ${d.number} enviada.`, 'success');
      onDone(d.id);
    } catch (e) {
      setError(errorMessage(e, 'Não foi possível enviar a solicitação.'));
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(false);
  };
  return (
    <Stack component="form" gap="sm" onSubmit={submit}>
      <NativeSelect
        label="Clínica"
        value={chosenClinic}
        disabled={!!dispatch}
        onChange={(e) => setClinic(e.currentTarget.value)}
        data={dispatch && !clinics.some((c) => c.id === dispatch.clinic_location_id) ? [{ value: dispatch.clinic_location_id, label: dispatch.clinic_name }] : clinics.map((c) => ({ value: c.id, label: c.name }))}
      />
      <Group align="flex-end" grow>
        <TextInput label="Buscar material" placeholder="SKU ou nome" value={q} onChange={(e) => setQ(e.currentTarget.value)} />
        <NativeSelect
          label="Material"
          value={materialId}
          onChange={(e) => setMaterialId(e.currentTarget.value)}
          data={[{ value: '', label: 'Escolha…' }, ...(materials.data?.items ?? []).map((m) => ({ value: m.id, label: `${m.sku} — ${m.name} (${m.base_uom})` }))]}
        />
      </Group>
      <Group align="flex-end">
        <TextInput label="Quantidade" placeholder="10" value={qty} onChange={(e) => setQty(e.currentTarget.value)} />
        <Button variant="light" onClick={add}>Adicionar item</Button>
      </Group>
      {lines.length > 0 && (
        <Table aria-label="Itens da solicitação">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Material</Table.Th>
              <Table.Th ta="right">Quantidade</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l) => (
              <Table.Tr key={l.material_id}>
                <Table.Td>{l.label}</Table.Td>
                <Table.Td ta="right">{l.qty} {l.uom}</Table.Td>
                <Table.Td>
                  <Button size="compact-sm" variant="subtle" color="red" onClick={() => setLines(lines.filter((x) => x !== l))}>Remover</Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Textarea label="Observações" value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
      {error && <Alert color="red" role="alert">{error}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => void save(true)} loading={pending}>{dispatch ? 'Salvar alterações' : 'Salvar rascunho'}</Button>
        <Button type="submit" loading={pending}>Enviar solicitação</Button>
      </Group>
    </Stack>
  );
}

function lots(line: StockDispatchLine, which: 'picks' | 'suggested'): string {
  const list = line[which];
  if (list.length === 0) return '—';
  return list
    .map((l) => `${l.lot_code ?? 'sem lote'}${l.expiry_date ? ` (val. ${formatDate(l.expiry_date)})` : ''}: ${formatQuantity(l.qty_milli, line.base_uom)}${l.expiring_soon ? ' ⚠ vence em menos de 30 dias' : ''}`)
    .join('; ');
}

function qty(value: number | undefined, uom: string): string {
  return value === undefined ? '—' : formatQuantity(value, uom);
}

export function DispatchDetail({ id }: { id: string }) {
  const query = useDispatch(id);
  const mayPick = usePermission('despachos_separar');
  const mayResolve = usePermission('despachos_resolver');
  const uid = useSession().user?.uid;
  if (query.isError) return <Alert color="red" role="alert" title="Não foi possível abrir o despacho">{query.error.message}</Alert>;
  const d = query.data;
  if (!d) return <Spinner />;
  const picking = d.status === 'APROVADO' || d.status === 'EM_SEPARACAO';
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">{d.number}</Title>
        <StatusBadge status={d.status} />
      </Group>
      <Paper withBorder p="sm" radius="md">
        <Text size="sm">Clínica: {d.clinic_name}</Text>
        <Text size="sm">Solicitante: {d.requester_name} em {formatDateTime(d.created_at)}</Text>
        {d.approver_name && <Text size="sm">Decisão: {d.approver_name}{d.decided_at ? ` em ${formatDateTime(d.decided_at)}` : ''}</Text>}
        {d.rejection_reason && <Text size="sm">Motivo da rejeição: {d.rejection_reason}</Text>}
        {d.cancel_reason && <Text size="sm">Motivo do cancelamento: {d.cancel_reason}{d.cancelled_at ? ` (${formatDateTime(d.cancelled_at)})` : ''}</Text>}
        {d.carrier && <Text size="sm">Transporte: {d.carrier}</Text>}
        {d.notes && <Text size="sm">Observações: {d.notes}</Text>}
      </Paper>
      <Table aria-label="Itens do despacho" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Material</Table.Th>
            <Table.Th ta="right">Solicitado</Table.Th>
            <Table.Th ta="right">Aprovado</Table.Th>
            <Table.Th ta="right">Enviado</Table.Th>
            <Table.Th ta="right">Recebido</Table.Th>
            <Table.Th ta="right">Em trânsito</Table.Th>
            <Table.Th>{picking ? 'Lista de separação (FEFO)' : 'Lotes'}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {d.lines.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td>
                {l.sku} — {l.material_name}
                {l.short_pick_reason ? <Text size="xs" c="orange">Separação parcial: {l.short_pick_reason}</Text> : null}
                {l.discrepancy_reason ? <Text size="xs" c="orange">Divergência: {l.discrepancy_reason}</Text> : null}
              </Table.Td>
              <Table.Td ta="right">{qty(l.requested_qty_milli, l.base_uom)}</Table.Td>
              <Table.Td ta="right">{qty(l.approved_qty_milli, l.base_uom)}</Table.Td>
              <Table.Td ta="right">{qty(l.shipped_qty_milli, l.base_uom)}</Table.Td>
              <Table.Td ta="right">{qty(l.received_qty_milli, l.base_uom)}</Table.Td>
              <Table.Td ta="right">{qty(l.in_transit_milli, l.base_uom)}</Table.Td>
              <Table.Td>{picking && l.picks.length === 0 ? lots(l, 'suggested') : lots(l, 'picks')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {mayEdit(d, uid) && <SubmitDraft dispatch={d} />}
      {mayPick && d.status === 'EM_SEPARACAO' && <PickForm key={d.version} dispatch={d} />}
      {mayPick && picking && <ShipActions dispatch={d} />}
      {mayCancel(d, uid, mayResolve) && <CancelForm dispatch={d} />}
      {d.status === 'ENVIADO' && <ReceiveForm dispatch={d} />}
      {mayResolve && d.status === 'RECEBIDO_COM_DIVERGENCIA' && <ResolveForm dispatch={d} />}
      <Title order={3} size="h4">Histórico</Title>
      <HistoryPanel entries={d.history} stateLabels={DISPATCH_STATUS_LABELS} />
    </Stack>
  );
}

/** A draft: edited in the request form (prefilled) or submitted as it is. */
function SubmitDraft({ dispatch }: { dispatch: StockDispatch }) {
  const { submit } = useDispatchMutations();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    try {
      await submit.mutateAsync({ id: dispatch.id });
      setError(null);
      notify(`Solicitação ${dispatch.number} enviada para aprovação.`, 'success');
    } catch (e) {
      setError(errorMessage(e, 'Não foi possível enviar a solicitação.'));
    }
  };
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Text size="sm">Rascunho: ninguém foi avisado ainda.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setEditing(true)}>Editar</Button>
          <Button onClick={() => void send()} loading={submit.isPending}>Enviar solicitação</Button>
        </Group>
        {error && <Alert color="red" role="alert">{error}</Alert>}
      </Stack>
      <Modal opened={editing} onClose={() => setEditing(false)} title={`Editar rascunho ${dispatch.number}`} size="lg" centered>
        {editing && <RequestForm key={dispatch.version} dispatch={dispatch} onDone={() => setEditing(false)} />}
      </Modal>
    </Paper>
  );
}

function CancelForm({ dispatch }: { dispatch: StockDispatch }) {
  const { cancel } = useDispatchMutations();
  const [open, setOpen] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await cancel.mutateAsync({ id: dispatch.id, data: { motivo } });
      setError(null);
      setOpen(false);
      notify(`Despacho ${dispatch.number} cancelado.`, 'success');
    } catch (e) {
      setError(errorMessage(e, 'Não foi possível cancelar o despacho.'));
    }
  };
  if (!open) {
    return (
      <Group justify="flex-end">
        <Button variant="default" color="red" onClick={() => setOpen(true)}>Cancelar despacho</Button>
      </Group>
    );
  }
  return (
    <Paper component="form" withBorder p="sm" radius="md" onSubmit={submit}>
      <Stack gap="xs">
        <Title order={3} size="h4">Cancelar despacho</Title>
        {dispatch.status === 'EM_SEPARACAO' && <Text size="sm" c="dimmed">Os lotes separados serão liberados; nada foi enviado.</Text>}
        <Textarea label="Motivo do cancelamento" value={motivo} onChange={(e) => setMotivo(e.currentTarget.value)} />
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setOpen(false)}>Voltar</Button>
          <Button type="submit" color="red" loading={cancel.isPending}>Confirmar cancelamento</Button>
        </Group>
      </Stack>
    </Paper>
  );
}

interface PickRow {
  lot_id: string;
  qty: string;
}

/** The keeper's pick list: FEFO suggested, any other valid lot chosen by hand, less than approved with a reason. */
function PickForm({ dispatch }: { dispatch: StockDispatch }) {
  const { pick } = useDispatchMutations();
  const lines = dispatch.lines.filter((l) => (l.approved_qty_milli ?? 0) > 0);
  const initial = (l: StockDispatchLine): PickRow[] => {
    const from = l.picks.length > 0 || l.short_pick_reason ? l.picks : l.suggested;
    return from.map((p) => ({ lot_id: p.lot_id ?? '', qty: formatQuantity(p.qty_milli, '').trim() }));
  };
  const [rows, setRows] = useState<Record<string, PickRow[]>>(() => Object.fromEntries(lines.map((l) => [l.id, initial(l)])));
  const [reasons, setReasons] = useState<Record<string, string>>(() => Object.fromEntries(lines.map((l) => [l.id, l.short_pick_reason ?? ''])));
  const [error, setError] = useState<string | null>(null);
  const total = (id: string) => (rows[id] ?? []).reduce((sum, r) => sum + (parseThousandths(r.qty) ?? 0), 0);
  const setRow = (id: string, i: number, row: PickRow) => setRows({ ...rows, [id]: (rows[id] ?? []).map((r, j) => (j === i ? row : r)) });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const picks = [];
    for (const l of lines) {
      const lots = [];
      for (const r of rows[l.id] ?? []) {
        const value = parseThousandths(r.qty);
        if (value === null || value <= 0) {
          setError(`Quantidade inválida em ${l.sku}.`);
          return;
        }
        lots.push({ lot_id: r.lot_id || undefined, qty_milli: value });
      }
      const short = total(l.id) < (l.approved_qty_milli ?? 0);
      picks.push({ line_id: l.id, lots, motivo: short ? reasons[l.id]?.trim() || undefined : undefined });
    }
    try {
      await pick.mutateAsync({ id: dispatch.id, data: { picks } });
      setError(null);
      notify('Separação salva.', 'success');
    } catch (e) {
      setError(errorMessage(e, 'Não foi possível salvar a separação.'));
    }
  };
  return (
    <Paper component="form" withBorder p="sm" radius="md" onSubmit={submit} aria-label="Separação">
      <Stack gap="sm">
        <Title order={3} size="h4">Separação</Title>
        <Text size="sm" c="dimmed">A lista FEFO é a sugestão; troque o lote se precisar. Lotes vencidos só saem como perda.</Text>
        {lines.map((l) => {
          const short = total(l.id) < (l.approved_qty_milli ?? 0);
          const options = [
            { value: '', label: 'Escolha o lote…' },
            ...l.available.map((a) => ({
              value: a.lot_id ?? '',
              label: `${a.lot_code ?? 'sem lote'}${a.expiry_date ? ` (val. ${formatDate(a.expiry_date)})` : ''}: ${formatQuantity(a.qty_milli, l.base_uom)}${a.expired ? ' — vencido, só sai como perda' : a.expiring_soon ? ' ⚠ vence em menos de 30 dias' : ''}`,
              disabled: a.expired,
            })),
          ];
          return (
            <Stack key={l.id} gap={4}>
              <Text size="sm" fw={500}>{l.sku} — {l.material_name}: aprovado {formatQuantity(l.approved_qty_milli ?? 0, l.base_uom)}, separado {formatQuantity(total(l.id), l.base_uom)}</Text>
              {(rows[l.id] ?? []).map((r, i) => (
                <Group key={i} align="flex-end" grow>
                  <NativeSelect label={`Lote — ${l.sku} (${i + 1})`} value={r.lot_id} onChange={(e) => setRow(l.id, i, { ...r, lot_id: e.currentTarget.value })} data={options} />
                  <TextInput label={`Quantidade — ${l.sku} (${i + 1})`} value={r.qty} onChange={(e) => setRow(l.id, i, { ...r, qty: e.currentTarget.value })} />
                  <Button variant="subtle" color="red" onClick={() => setRows({ ...rows, [l.id]: (rows[l.id] ?? []).filter((_, j) => j !== i) })}>Remover lote</Button>
                </Group>
              ))}
              <Group>
                <Button size="compact-sm" variant="light" onClick={() => setRows({ ...rows, [l.id]: [...(rows[l.id] ?? []), { lot_id: '', qty: '' }] })}>Adicionar lote — {l.sku}</Button>
              </Group>
              {short && <Textarea label={`Motivo da separação parcial — ${l.sku}`} value={reasons[l.id] ?? ''} onChange={(e) => setReasons({ ...reasons, [l.id]: e.currentTarget.value })} />}
            </Stack>
          );
        })}
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={pick.isPending}>Salvar separação</Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function ShipActions({ dispatch }: { dispatch: StockDispatch }) {
  const { startPicking, ship } = useDispatchMutations();
  const [carrier, setCarrier] = useState('');
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      setError(null);
      notify(done, 'success');
    } catch (e) {
      setError(errorMessage(e, 'Não foi possível concluir.'));
    }
  };
  const soon = dispatch.lines.some((l) => [...l.picks, ...l.suggested].some((p) => p.expiring_soon));
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        {soon && <Alert color="yellow">Há lotes com menos de 30 dias de validade na separação: confira antes de enviar.</Alert>}
        {dispatch.status === 'APROVADO' ? (
          <Button onClick={() => void run(() => startPicking.mutateAsync({ id: dispatch.id }), 'Separação iniciada.')} loading={startPicking.isPending}>
            Iniciar separação
          </Button>
        ) : (
          <Group align="flex-end">
            <TextInput label="Transportador ou motorista" value={carrier} onChange={(e) => setCarrier(e.currentTarget.value)} />
            <Button onClick={() => void run(() => ship.mutateAsync({ id: dispatch.id, data: { carrier: carrier.trim() || undefined } }), 'Despacho enviado.')} loading={ship.isPending}>
              Enviar
            </Button>
          </Group>
        )}
        {error && <Alert color="red" role="alert">{error}</Alert>}
      </Stack>
    </Paper>
  );
}

function ReceiveForm({ dispatch }: { dispatch: StockDispatch }) {
  const { receive } = useDispatchMutations();
  const shipped = dispatch.lines.filter((l) => (l.shipped_qty_milli ?? 0) > 0);
  const [received, setReceived] = useState<Record<string, string>>({});
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const lines = [];
    for (const l of shipped) {
      const text = received[l.id];
      const value = text === undefined || text.trim() === '' ? (l.shipped_qty_milli ?? 0) : parseThousandths(text);
      if (value === null) {
        setError(`Quantidade recebida inválida em ${l.sku}.`);
        return;
      }
      lines.push({ line_id: l.id, received_qty_milli: value, motivo: reasons[l.id]?.trim() || undefined });
    }
    try {
      await receive.mutateAsync({ id: dispatch.id, data: { lines } });
      setError(null);
      notify('Recebimento confirmado.', 'success');
    } catch (e) {
      setError(errorMessage(e, 'Não foi possível confirmar o recebimento.'));
    }
  };
  return (
    <Paper component="form" withBorder p="sm" radius="md" onSubmit={submit}>
      <Stack gap="xs">
        <Title order={3} size="h4">Confirmar recebimento</Title>
        <Text size="sm" c="dimmed">Informe o que chegou; o que faltar fica em trânsito até ser resolvido.</Text>
        {shipped.map((l) => (
          <Group key={l.id} align="flex-end" grow>
            <TextInput
              label={`Recebido — ${l.sku} (enviado ${formatQuantity(l.shipped_qty_milli ?? 0, l.base_uom)})`}
              placeholder={formatQuantity(l.shipped_qty_milli ?? 0, '')}
              value={received[l.id] ?? ''}
              onChange={(e) => setReceived({ ...received, [l.id]: e.currentTarget.value })}
            />
            <TextInput label={`Motivo da divergência — ${l.sku}`} value={reasons[l.id] ?? ''} onChange={(e) => setReasons({ ...reasons, [l.id]: e.currentTarget.value })} />
          </Group>
        ))}
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <Group justify="flex-end">
          <Button type="submit" loading={receive.isPending}>Confirmar recebimento</Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function ResolveForm({ dispatch }: { dispatch: StockDispatch }) {
  const { resolve } = useDispatchMutations();
  const [destination, setDestination] = useState<'LOSS' | 'CENTRAL' | 'CLINIC'>('LOSS');
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await resolve.mutateAsync({ id: dispatch.id, data: { destination, motivo } });
      setError(null);
      notify('Divergência resolvida.', 'success');
    } catch (e) {
      setError(errorMessage(e, 'Não foi possível resolver a divergência.'));
    }
  };
  return (
    <Paper component="form" withBorder p="sm" radius="md" onSubmit={submit}>
      <Stack gap="xs">
        <Title order={3} size="h4">Resolver divergência</Title>
        <NativeSelect
          label="Destino do que ficou em trânsito"
          value={destination}
          onChange={(e) => setDestination(e.currentTarget.value as 'LOSS' | 'CENTRAL' | 'CLINIC')}
          data={[
            { value: 'LOSS', label: 'Perda' },
            { value: 'CENTRAL', label: 'Devolvido ao depósito central' },
            { value: 'CLINIC', label: 'Entregue à clínica depois' },
          ]}
        />
        <Textarea label="Motivo" value={motivo} onChange={(e) => setMotivo(e.currentTarget.value)} />
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <Group justify="flex-end">
          <Button type="submit" loading={resolve.isPending}>Resolver</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
