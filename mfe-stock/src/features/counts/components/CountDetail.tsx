import {
  approveStockCount,
  cancelStockCount,
  closeStockCount,
  listStockCountLines,
  postStockCount,
  recountStockCount,
  startStockCount,
  syncStockCountEntries,
  useGetStockCount,
  useListStockCountLines,
  useListStockCountSheets,
  type StockCount,
  type StockCountLine,
} from '@backoffice/api-client/endpoints';
import { usePermission } from '@backoffice/auth';
import { Alert, Badge, Button, Checkbox, DataTable, Group, Modal, NativeSelect, Paper, Progress, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput, Title, formatDate, formatDateTime, notify, type DataTableColumn } from '@backoffice/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { formatThousandths, parseThousandths } from '../../../lib/quantity';
import { COUNT_STATUS_LABELS, LINE_FLAG_LABELS, LINE_STATUS_LABELS, STATUS_COLORS } from '../labels';
import { READER_LABELS, preloadReader, type ReaderKind } from '../barcode';
import { flush, loadCount, loadLines, matchLines, pending, record, refused, refusedCsv, saveCount, saveLines, type EntryMode, type OfflineLine } from '../offline';
import { keepPageForOffline } from '../offlinePage';
import { BarcodeScanner } from './BarcodeScanner';

type ReasonAction = 'reject' | 'cancel';

function useRefreshCounts() {
  const queryClient = useQueryClient();
  return useCallback(
    () => void queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/v1/stock/counts') }),
    [queryClient],
  );
}

const message = (e: unknown, fallback: string) => (e instanceof Error && e.message ? e.message : fallback);

type StoredCount = StockCount & { downloaded_at: string };

/** The count as downloaded on this device (IndexedDB), for opening the page with no network. */
function useStoredCount(id: string): StoredCount | null {
  const [stored, setStored] = useState<StoredCount | null>(null);
  useEffect(() => {
    let live = true;
    loadCount<StockCount>(id)
      .then((c) => live && setStored(c))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [id]);
  return stored;
}

/** A count: header, the manager's actions, the counting panel, the recount queue and the lines by sheet. */
export function CountDetail({ id }: { id: string }) {
  const result = useGetStockCount(id);
  const stored = useStoredCount(id);
  const refresh = useRefreshCounts();
  const mayManage = usePermission('estoque_inventario_gerir');
  const mayCount = usePermission('estoque_inventario_contar');
  const [busy, setBusy] = useState(false);
  const [posting, setPosting] = useState<number | null>(null);
  const [reasonFor, setReasonFor] = useState<ReasonAction | null>(null);
  const [statusFilter, setStatusFilter] = useState('');
  // No network (the query waits for it, or failed while offline): the copy downloaded for offline counting.
  const unreachable = !result.data && (result.fetchStatus === 'paused' || (result.isError && !navigator.onLine));
  const offline = unreachable && stored !== null;
  const count = result.data ?? (offline ? stored : undefined);
  if (result.isError && !count) return <Alert color="red" title="Inventário não encontrado">{message(result.error, 'Não foi possível abrir o inventário.')}</Alert>;
  if (!count) return <Text>{unreachable ? 'Sem conexão: este inventário não foi baixado neste dispositivo.' : 'Carregando…'}</Text>;
  const run = async (action: () => Promise<StockCount>, done: string) => {
    setBusy(true);
    try {
      await action();
      notify(done, 'success');
    } catch (e) {
      notify(message(e, 'Não foi possível concluir.'), 'error');
    } finally {
      setBusy(false);
      refresh();
    }
  };
  const postAll = async () => {
    setPosting(0);
    try {
      let c = count;
      do {
        c = await postStockCount(id);
        setPosting(c.line_count > 0 ? Math.min(100, (100 * c.post_cursor) / c.line_count) : 100);
      } while (c.status !== 'LANCADO');
      notify(`Ajustes lançados: ${c.posted_lines} movimentação(ões).`, 'success');
    } catch (e) {
      notify(`${message(e, 'O lançamento parou.')} Clique em "Lançar ajustes" para continuar de onde parou.`, 'error');
    } finally {
      setPosting(null);
      refresh();
    }
  };
  const status = count.status;
  const counting = status === 'EM_CONTAGEM' || status === 'EM_RECONTAGEM';
  const before = ['RASCUNHO', 'EM_CONTAGEM', 'EM_RECONTAGEM', 'AGUARDANDO_APROVACAO'].includes(status);
  const progress = count.line_count > 0 ? (100 * count.counted_lines) / count.line_count : 0;
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={2}>Inventário {count.number}</Title>
            <Badge size="lg" color={STATUS_COLORS[status]} aria-label="Situação">{COUNT_STATUS_LABELS[status]}</Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            <Text size="sm"><b>Local:</b> {count.location_name}</Text>
            <Text size="sm"><b>Escopo:</b> {scopeLabel(count)}</Text>
            <Text size="sm"><b>Contagem cega:</b> {count.blind ? 'Sim' : 'Não'}</Text>
            <Text size="sm"><b>Rodada:</b> {count.round > 1 ? `${count.round}ª (recontagem)` : count.round === 1 ? '1ª' : '—'}</Text>
            <Text size="sm"><b>Início (retrato do saldo):</b> {count.started_at ? formatDateTime(count.started_at) : '—'}</Text>
            <Text size="sm"><b>Linhas:</b> {count.line_count.toLocaleString('pt-BR')}</Text>
            {count.approved_at && <Text size="sm"><b>Aprovado em:</b> {formatDateTime(count.approved_at)}</Text>}
            {count.finished_at && <Text size="sm"><b>Lançado em:</b> {formatDateTime(count.finished_at)}</Text>}
          </SimpleGrid>
          {count.line_count > 0 && (
            <Stack gap={2}>
              <Progress value={progress} aria-label="Progresso da contagem" />
              <Text size="xs">{count.counted_lines.toLocaleString('pt-BR')} de {count.line_count.toLocaleString('pt-BR')} linhas contadas</Text>
            </Stack>
          )}
          {offline && stored && (
            <Alert color="gray" title="Sem conexão" role="status">
              Mostrando o inventário e as folhas baixados neste dispositivo em {formatDateTime(stored.downloaded_at)}. Os lançamentos ficam aqui até a rede voltar.
            </Alert>
          )}
          {mayManage && !offline && (
            <Group gap="xs">
              {status === 'RASCUNHO' && <Button loading={busy} onClick={() => void run(() => startStockCount(id), 'Contagem iniciada.')}>Iniciar</Button>}
              {counting && <Button loading={busy} onClick={() => void run(() => closeStockCount(id), 'Contagem encerrada.')}>Encerrar contagem</Button>}
              {status === 'AGUARDANDO_APROVACAO' && <Button color="green" loading={busy} onClick={() => void run(() => approveStockCount(id), 'Inventário aprovado.')}>Aprovar</Button>}
              {status === 'AGUARDANDO_APROVACAO' && <Button variant="light" color="orange" onClick={() => setReasonFor('reject')}>Reprovar</Button>}
              {(status === 'APROVADO' || status === 'LANCANDO') && <Button color="green" loading={posting !== null} onClick={() => void postAll()}>Lançar ajustes</Button>}
              {before && <Button variant="light" color="red" onClick={() => setReasonFor('cancel')}>Cancelar</Button>}
            </Group>
          )}
          {posting !== null && (
            <Stack gap={2}>
              <Progress value={posting} color="green" aria-label="Progresso do lançamento" />
              <Text size="xs">Lançando ajustes em lotes de 1.000 linhas… {Math.round(posting)}%</Text>
            </Stack>
          )}
          {(status === 'AGUARDANDO_APROVACAO') && count.counters?.length ? (
            <Text size="xs" c="dimmed">Quem contou neste inventário não pode aprová-lo.</Text>
          ) : null}
        </Stack>
      </Paper>
      {!offline && (count.conflict_lines > 0 || count.recount_lines > 0) && (
        <Alert color="orange" title="Conflitos e recontagem" role="status">
          <Group justify="space-between">
            <Text size="sm">{count.conflict_lines} linha(s) em conflito e {count.recount_lines} aguardando recontagem (cega, por outra pessoa).</Text>
            <Group gap="xs">
              <Button size="compact-sm" variant="light" onClick={() => setStatusFilter('CONFLITO')}>Ver conflitos</Button>
              <Button size="compact-sm" variant="light" onClick={() => setStatusFilter('RECONTAR')}>Ver fila de recontagem</Button>
            </Group>
          </Group>
        </Alert>
      )}
      {counting && mayCount && <CountingPanel count={count} onSynced={refresh} />}
      {offline ? <DownloadedLines countId={count.id} /> : count.line_count > 0 && <Lines count={count} statusFilter={statusFilter} onStatusFilter={setStatusFilter} />}
      <Modal opened={reasonFor !== null} onClose={() => setReasonFor(null)} title={reasonFor === 'reject' ? 'Reprovar inventário' : 'Cancelar inventário'} centered>
        {reasonFor && (
          <ReasonForm
            action={reasonFor}
            onSubmit={async (reason) => {
              if (reasonFor === 'reject') await recountStockCount(id, { reason });
              else await cancelStockCount(id, { reason });
              notify(reasonFor === 'reject' ? 'Inventário reprovado: linhas com diferença voltam para recontagem.' : 'Inventário cancelado.', 'success');
              setReasonFor(null);
              refresh();
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}

function scopeLabel(c: StockCount): string {
  const cats = c.category_ids?.length ?? 0;
  const mats = c.material_ids?.length ?? 0;
  if (!cats && !mats) return 'Local inteiro';
  return [cats ? `${cats} categoria(s)` : '', mats ? `${mats} material(is)` : ''].filter(Boolean).join(' e ');
}

function ReasonForm({ action, onSubmit }: { action: ReasonAction; onSubmit: (reason: string) => Promise<void> }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 10) {
      setError('Informe o motivo, com 10 a 500 caracteres.');
      return;
    }
    setSaving(true);
    try {
      await onSubmit(reason);
    } catch (e) {
      setError(message(e, 'Não foi possível concluir.'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} aria-label={action === 'reject' ? 'Reprovar inventário' : 'Cancelar inventário'} noValidate>
      <Stack gap="sm">
        <Textarea label="Motivo" required value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={error} autosize minRows={2} />
        <Group justify="flex-end">
          <Button type="submit" color={action === 'cancel' ? 'red' : 'orange'} loading={saving}>{action === 'reject' ? 'Reprovar' : 'Cancelar inventário'}</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Counting by typed SKU, GTIN or lot; entries stay on the device until the server acknowledges them (§5(b)). */
function CountingPanel({ count, onSynced }: { count: StockCount; onSynced: () => void }) {
  const [code, setCode] = useState('');
  const [qty, setQty] = useState('');
  const [mode, setMode] = useState<EntryMode>('SET');
  const [choices, setChoices] = useState<OfflineLine[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [offlineLines, setOfflineLines] = useState<OfflineLine[]>([]);
  const [downloading, setDownloading] = useState(false);
  const [queue, setQueue] = useState(() => pending(count.id).length);
  const [notSynced, setNotSynced] = useState(() => refused(count.id));
  const [syncing, setSyncing] = useState(false);
  const [conflicts, setConflicts] = useState<number[]>([]);
  const [pageKept, setPageKept] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [scanned, setScanned] = useState<{ lines: OfflineLine[]; reader: ReaderKind | null }>({ lines: [], reader: null });
  const qtyInput = useRef<HTMLInputElement>(null);

  const sync = useCallback(async () => {
    if (pending(count.id).length === 0) return;
    setSyncing(true);
    const r = await flush(count.id, (body) => syncStockCountEntries(count.id, body));
    setSyncing(false);
    setQueue(pending(count.id).length);
    setNotSynced(refused(count.id));
    if (r.conflicts.length > 0) setConflicts(r.conflicts);
    if (r.sent > 0 || r.refused > 0) onSynced();
    if (r.error && navigator.onLine) notify(message(r.error, 'Não foi possível sincronizar; os lançamentos continuam no dispositivo.'), 'error');
  }, [count.id, onSynced]);

  useEffect(() => {
    void loadLines(count.id).then(setOfflineLines).catch(() => setOfflineLines([]));
    const online = () => void sync();
    window.addEventListener('online', online);
    void sync();
    return () => window.removeEventListener('online', online);
  }, [count.id, sync]);

  const download = async () => {
    setDownloading(true);
    try {
      const all: OfflineLine[] = [];
      let after: number | undefined;
      for (;;) {
        const page = await listStockCountLines(count.id, { page_size: 500, ...(after !== undefined ? { after } : {}) });
        all.push(...page.items.map((l) => ({ count_id: count.id, line_id: l.line_id, sheet_no: l.sheet_no, sku: l.sku, name: l.name, base_uom: l.base_uom, gtin: l.gtin, lot_code: l.lot_code, expiry_date: l.expiry_date })));
        if (!page.next_after) break;
        after = page.next_after;
      }
      await saveLines(count.id, all);
      await saveCount(count);
      setOfflineLines(all);
      notify(`${all.length.toLocaleString('pt-BR')} linha(s) baixada(s) para contagem offline.`, 'success');
      // The camera's reader and this page's files, kept by the service worker for the installed app.
      await preloadReader();
      setPageKept(await keepPageForOffline());
    } catch (e) {
      notify(message(e, 'Não foi possível baixar as folhas.'), 'error');
    } finally {
      setDownloading(false);
    }
  };

  const enter = async (line: OfflineLine, milli: number) => {
    record(count.id, { line_id: line.line_id, qty_milli: milli, mode });
    setQueue(pending(count.id).length);
    setChoices([]);
    setCode('');
    setQty('');
    notify(`${line.sku}${line.lot_code ? ` (lote ${line.lot_code})` : ''}: ${mode === 'SET' ? '' : '+'}${formatThousandths(milli)} ${line.base_uom} registrado.`, 'success');
    if (navigator.onLine) await sync();
  };

  /** The lines a code names: on the device first, else (online) by the server's search. */
  const findLines = async (typed: string): Promise<OfflineLine[]> => {
    const found = matchLines(offlineLines, typed);
    if (found.length > 0 || !navigator.onLine) return found;
    try {
      const page = await listStockCountLines(count.id, { search: typed.trim(), page_size: 50 });
      return matchLines(page.items.map((l) => ({ count_id: count.id, line_id: l.line_id, sheet_no: l.sheet_no, sku: l.sku, name: l.name, base_uom: l.base_uom, gtin: l.gtin, lot_code: l.lot_code, expiry_date: l.expiry_date })), typed);
    } catch {
      return [];
    }
  };

  /** A code read by the camera selects its line as a typed one does; the quantity is typed next. */
  const onScanned = async (read: string, reader: ReaderKind) => {
    setScanning(false);
    setCode(read);
    setError(null);
    const found = await findLines(read);
    setScanned({ lines: found, reader });
    if (found.length === 0) setError('Nenhuma linha com este código nesta contagem.');
    qtyInput.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const milli = parseThousandths(qty, { allowNegative: mode === 'ADD' });
    if (!code.trim()) return setError('Informe o SKU, o GTIN ou o lote.');
    if (milli === null) return setError('Quantidade inválida, ex.: 12 ou 2,5.');
    const found = await findLines(code);
    setScanned({ lines: [], reader: null });
    if (found.length === 0) return setError(navigator.onLine || offlineLines.length ? 'Nenhuma linha com este código nesta contagem.' : 'Sem conexão: baixe as folhas para contar offline.');
    const [only] = found;
    if (found.length === 1 && only) return enter(only, milli);
    setChoices(found);
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>Lançar contagem</Title>
          <Group gap="xs">
            <Text size="sm" role="status" aria-label="Pendentes de envio">{queue === 0 ? 'Tudo sincronizado' : `${queue} lançamento(s) pendente(s) no dispositivo`}</Text>
            <Button size="compact-sm" variant="light" loading={syncing} disabled={queue === 0} onClick={() => void sync()}>Sincronizar</Button>
            <Button size="compact-sm" variant="default" loading={downloading} onClick={() => void download()}>Baixar folhas para contagem offline</Button>
          </Group>
        </Group>
        {offlineLines.length > 0 && <Text size="xs" c="dimmed">{offlineLines.length.toLocaleString('pt-BR')} linha(s) neste dispositivo: a contagem funciona sem rede.</Text>}
        {pageKept && <Text size="xs" c="dimmed">No app instalado, esta página também abre sem rede.</Text>}
        {conflicts.length > 0 && (
          <Alert color="orange" title="Conflito com outra contagem" role="alert">
            {conflicts.map((lineId) => offlineLines.find((l) => l.line_id === lineId)?.sku ?? `Linha ${lineId}`).join(', ')}: a sua contagem difere da de outra pessoa.
            Nenhuma das duas prevalece: a linha vai para a recontagem cega, por uma terceira pessoa.
          </Alert>
        )}
        <form onSubmit={(e) => void submit(e)} aria-label="Lançar contagem" noValidate>
          <Group align="flex-end" gap="sm">
            <TextInput label="SKU, GTIN ou lote" value={code} onChange={(e) => { setCode(e.currentTarget.value); setScanned({ lines: [], reader: null }); }} autoComplete="off" />
            <Button type="button" variant="default" onClick={() => setScanning(true)}>Ler código de barras</Button>
            <TextInput ref={qtyInput} label="Quantidade" value={qty} onChange={(e) => setQty(e.currentTarget.value)} inputMode="decimal" />
            <SegmentedControl value={mode} onChange={(v) => setMode(v as EntryMode)} data={[{ value: 'SET', label: 'Substituir' }, { value: 'ADD', label: 'Somar' }]} aria-label="Modo" />
            <Button type="submit">Lançar</Button>
          </Group>
          {error && <Text c="red" size="sm" role="alert">{error}</Text>}
          {scanned.lines.length > 0 && (
            <Text size="sm" aria-label="Linha lida">
              Lido pela câmera ({scanned.reader ? READER_LABELS[scanned.reader] : ''}): {scanned.lines.map((l) => `${l.sku} — ${l.name}${l.lot_code ? ` (lote ${l.lot_code})` : ''}`).join('; ')}
            </Text>
          )}
        </form>
        <BarcodeScanner opened={scanning} onClose={() => setScanning(false)} onCode={(read, reader) => void onScanned(read, reader)} />
        {choices.length > 0 && (
          <Group gap="xs">
            <Text size="sm">Escolha o lote:</Text>
            {choices.map((l) => (
              <Button key={l.line_id} size="compact-sm" variant="light" onClick={() => void enter(l, parseThousandths(qty, { allowNegative: mode === 'ADD' }) ?? 0)}>
                {l.lot_code ?? 'Sem lote'}{l.expiry_date ? ` (val. ${formatDate(l.expiry_date)})` : ''}
              </Button>
            ))}
          </Group>
        )}
        {notSynced.length > 0 && (
          <Alert color="red" title="Não sincronizadas">
            <Stack gap={4}>
              {notSynced.slice(0, 20).map((r) => (
                <Text size="sm" key={r.entry_id}>Linha {r.line_id ?? r.material_id}: {formatThousandths(r.qty_milli)} — {r.reason}</Text>
              ))}
              <Button component="a" size="compact-sm" variant="light" download={`nao-sincronizadas-${count.number}.csv`} href={`data:text/csv;charset=utf-8,${encodeURIComponent(refusedCsv(notSynced))}`}>Exportar CSV</Button>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** With no network: the lines downloaded on this device (IndexedDB), filtered here by SKU, name, GTIN or lot. */
function DownloadedLines({ countId }: { countId: string }) {
  const [lines, setLines] = useState<OfflineLine[] | undefined>(undefined);
  const [search, setSearch] = useState('');
  useEffect(() => {
    loadLines(countId)
      .then((all) => setLines(all.sort((a, b) => a.line_id - b.line_id)))
      .catch(() => setLines([]));
  }, [countId]);
  const term = search.trim().toUpperCase();
  const shown = (lines ?? [])
    .filter((l) => !term || [l.sku, l.name, l.gtin ?? '', l.lot_code ?? ''].some((v) => v.toUpperCase().includes(term)))
    .slice(0, 200);
  const columns: DataTableColumn<OfflineLine>[] = [
    { id: 'line', header: 'Nº', cell: (l) => l.line_id },
    { id: 'sheet', header: 'Folha', cell: (l) => l.sheet_no },
    { id: 'sku', header: 'SKU', cell: (l) => l.sku },
    { id: 'name', header: 'Material', cell: (l) => l.name },
    { id: 'gtin', header: 'GTIN', cell: (l) => l.gtin ?? '—' },
    { id: 'lot', header: 'Lote', cell: (l) => l.lot_code ?? '—' },
    { id: 'expiry', header: 'Validade', cell: (l) => (l.expiry_date ? formatDate(l.expiry_date) : '—') },
  ];
  return (
    <Stack gap="sm">
      <Title order={3}>Folhas baixadas neste dispositivo</Title>
      <TextInput label="Buscar linha" placeholder="SKU, nome, GTIN ou lote" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
      <DataTable<OfflineLine>
        id="stock.count.offline-lines"
        label="Linhas baixadas"
        columns={columns}
        rows={lines ? shown : undefined}
        getRowId={(l) => String(l.line_id)}
        getRowLabel={(l) => `${l.sku} ${l.lot_code ?? ''}`}
        loading={lines === undefined}
        emptyMessage="Nenhuma linha baixada."
        minWidth={700}
      />
    </Stack>
  );
}

/** The lines by sheet (keyset pages of 200), by state or search; differences only for who may see them. */
function Lines({ count, statusFilter, onStatusFilter }: { count: StockCount; statusFilter: string; onStatusFilter: (s: string) => void }) {
  const sheets = useListStockCountSheets(count.id);
  const [sheet, setSheet] = useState('');
  const [search, setSearch] = useState('');
  const [withDifference, setWithDifference] = useState(false);
  const [cursors, setCursors] = useState<number[]>([]);
  const sees = count.sees_expected ?? false;
  const after = cursors[cursors.length - 1];
  const lines = useListStockCountLines(count.id, {
    page_size: 200,
    ...(sheet ? { sheet: Number(sheet) } : {}),
    ...(statusFilter ? { status: statusFilter as StockCountLine['status'] } : {}),
    ...(search.trim() ? { search: search.trim() } : {}),
    ...(withDifference ? { with_difference: true } : {}),
    ...(after !== undefined ? { after } : {}),
  });
  const reset = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setCursors([]);
  };
  const columns: DataTableColumn<StockCountLine>[] = [
    { id: 'line', header: 'Nº', cell: (l) => l.line_id },
    { id: 'sku', header: 'SKU', cell: (l) => l.sku },
    { id: 'name', header: 'Material', cell: (l) => (l.unexpected ? `${l.name} (não previsto)` : l.name) },
    { id: 'lot', header: 'Lote', cell: (l) => l.lot_code ?? '—' },
    { id: 'expiry', header: 'Validade', cell: (l) => (l.expiry_date ? formatDate(l.expiry_date) : '—') },
    { id: 'status', header: 'Situação', cell: (l) => <Badge color={STATUS_COLORS[l.status]}>{LINE_STATUS_LABELS[l.status]}</Badge> },
    { id: 'counted', header: 'Contado', align: 'right', cell: (l) => (l.counted_qty_milli !== undefined ? `${formatThousandths(l.counted_qty_milli)} ${l.base_uom}` : '—') },
  ];
  if (sees) {
    columns.push(
      { id: 'expected', header: 'Esperado', align: 'right', cell: (l) => (l.expected_qty_milli !== undefined ? formatThousandths(l.expected_qty_milli) : '—') },
      { id: 'theoretical', header: 'Teórico na contagem', align: 'right', cell: (l) => (l.theoretical_qty_milli !== undefined ? formatThousandths(l.theoretical_qty_milli) : '—') },
      { id: 'difference', header: 'Diferença', align: 'right', cell: (l) => (l.difference !== undefined ? formatThousandths(l.difference) : '—') },
      { id: 'flag', header: 'Alerta', cell: (l) => (l.flag ? LINE_FLAG_LABELS[l.flag] ?? l.flag : '') },
    );
  }
  return (
    <Stack gap="sm">
      <Title order={3}>Folhas e linhas</Title>
      <Group align="flex-end" gap="sm">
        <NativeSelect label="Folha" value={sheet} onChange={(e) => reset(setSheet)(e.currentTarget.value)}
          data={[{ value: '', label: 'Todas as folhas' }, ...(sheets.data ?? []).map((s) => ({ value: String(s.sheet_no), label: `Folha ${s.sheet_no} (${s.lines - s.pending}/${s.lines})` }))]} />
        <NativeSelect label="Situação" value={statusFilter} onChange={(e) => { onStatusFilter(e.currentTarget.value); setCursors([]); }}
          data={[{ value: '', label: 'Todas' }, ...Object.entries(LINE_STATUS_LABELS).filter(([v]) => sees || v !== 'OK').map(([value, label]) => ({ value, label }))]} />
        <TextInput label="Buscar linha" placeholder="SKU, nome, GTIN ou lote" value={search} onChange={(e) => reset(setSearch)(e.currentTarget.value)} />
        {sees && <Checkbox label="Só com diferença" checked={withDifference} onChange={(e) => reset(setWithDifference)(e.currentTarget.checked)} />}
      </Group>
      <DataTable<StockCountLine>
        id="stock.count.lines"
        label="Linhas do inventário"
        columns={columns}
        rows={lines.data?.items}
        getRowId={(l) => String(l.line_id)}
        getRowLabel={(l) => `${l.sku} ${l.lot_code ?? ''}`}
        loading={lines.isFetching}
        error={lines.isError ? lines.error : null}
        onRetry={() => void lines.refetch()}
        emptyMessage="Nenhuma linha."
        minWidth={900}
      />
      <Group justify="flex-end">
        <Button variant="default" disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>Anteriores</Button>
        <Button variant="default" disabled={!lines.data?.next_after} onClick={() => lines.data?.next_after && setCursors([...cursors, lines.data.next_after])}>Próximas</Button>
      </Group>
    </Stack>
  );
}
