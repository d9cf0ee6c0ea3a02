/**
 * Offline counting (§5(b)): the device's id, the entries it made (kept until the server acknowledges them), the
 * refused ones ("Não sincronizadas", with their reason), sync in batches of ≤ 500 with the device's clock, and the
 * sheets downloaded into IndexedDB so a typed SKU, GTIN or lot finds its line with no network.
 */

export type EntryMode = 'SET' | 'ADD';

export interface PendingEntry {
  entry_id: string;
  line_id?: number;
  material_id?: string;
  lot_code?: string;
  qty_milli: number;
  mode: EntryMode;
  /** The device's clock (ISO). */
  counted_at: string;
}

export interface RefusedEntry extends PendingEntry {
  reason: string;
}

export interface SyncBody {
  device_id: string;
  device_clock: string;
  entries: PendingEntry[];
}

export interface SyncAnswer {
  acknowledged: string[];
  refused: { entry_id: string; reason: string }[];
  /** The state of each line the batch touched (CONFLITO when two counters disagree). */
  lines?: { line_id: number; status: string }[];
}

/** A line as downloaded for offline counting (no expected quantities when the count is blind). */
export interface OfflineLine {
  count_id: string;
  line_id: number;
  sheet_no: number;
  sku: string;
  name: string;
  base_uom: string;
  gtin?: string;
  lot_code?: string;
  expiry_date?: string;
}

export const MAX_BATCH = 500;
const DEVICE_KEY = 'backoffice.estoque.dispositivo';
const pendingKey = (countId: string) => `backoffice.estoque.inventario.${countId}.pendentes`;
const refusedKey = (countId: string) => `backoffice.estoque.inventario.${countId}.nao-sincronizadas`;

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`;
}

/** This browser's device id, made once and kept. */
export function deviceId(storage: Storage = localStorage): string {
  let id = storage.getItem(DEVICE_KEY);
  if (!id) {
    id = newId();
    storage.setItem(DEVICE_KEY, id);
  }
  return id;
}

function read<T>(storage: Storage, key: string): T[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
}

export function pending(countId: string, storage: Storage = localStorage): PendingEntry[] {
  return read<PendingEntry>(storage, pendingKey(countId));
}

export function refused(countId: string, storage: Storage = localStorage): RefusedEntry[] {
  return read<RefusedEntry>(storage, refusedKey(countId));
}

/** Keeps a new entry on the device (with its own UUID and the device's clock) until it is acknowledged. */
export function record(countId: string, entry: Omit<PendingEntry, 'entry_id' | 'counted_at'>, storage: Storage = localStorage, now = new Date()): PendingEntry {
  const made: PendingEntry = { ...entry, entry_id: newId(), counted_at: now.toISOString() };
  storage.setItem(pendingKey(countId), JSON.stringify([...pending(countId, storage), made]));
  return made;
}

/** Splits into batches of at most `size`. */
export function batches<T>(items: T[], size = MAX_BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Sends the pending entries in batches of ≤ 500; acknowledged ones leave the device, refused ones move to "Não
 * sincronizadas" with the reason. A failed request (offline, session expired) stops and keeps everything that was
 * not acknowledged: nothing is lost, the next sync resends it (the server ignores repeats).
 */
export async function flush(
  countId: string,
  send: (body: SyncBody) => Promise<SyncAnswer>,
  storage: Storage = localStorage,
  clock: () => Date = () => new Date(),
): Promise<{ sent: number; refused: number; conflicts: number[]; error?: unknown }> {
  let sent = 0;
  let refusedCount = 0;
  // Lines the server put in conflict (another counter's value differs): the device says so at once.
  const conflicts = new Set<number>();
  for (;;) {
    const queue = pending(countId, storage);
    const batch = queue.slice(0, MAX_BATCH);
    if (batch.length === 0) return { sent, refused: refusedCount, conflicts: [...conflicts] };
    let answer: SyncAnswer;
    try {
      answer = await send({ device_id: deviceId(storage), device_clock: clock().toISOString(), entries: batch });
    } catch (error) {
      return { sent, refused: refusedCount, conflicts: [...conflicts], error };
    }
    for (const line of answer.lines ?? []) {
      if (line.status === 'CONFLITO') conflicts.add(line.line_id);
      else conflicts.delete(line.line_id);
    }
    const acked = new Set(answer.acknowledged);
    const reasons = new Map(answer.refused.map((r) => [r.entry_id, r.reason]));
    const done = new Set([...acked, ...reasons.keys()]);
    const nowRefused = batch.filter((e) => reasons.has(e.entry_id)).map((e) => ({ ...e, reason: reasons.get(e.entry_id) ?? '' }));
    storage.setItem(refusedKey(countId), JSON.stringify([...refused(countId, storage), ...nowRefused]));
    storage.setItem(pendingKey(countId), JSON.stringify(pending(countId, storage).filter((e) => !done.has(e.entry_id))));
    sent += batch.filter((e) => acked.has(e.entry_id)).length;
    refusedCount += nowRefused.length;
    if (done.size === 0) return { sent, refused: refusedCount, conflicts: [...conflicts] };
  }
}

/** "Não sincronizadas" as CSV, for export. */
export function refusedCsv(rows: RefusedEntry[]): string {
  const quote = (v: unknown) => `"${String(v ?? '').replace(/"/g, '""')}"`;
  const head = ['entry_id', 'line_id', 'material_id', 'lot_code', 'qty_milli', 'mode', 'counted_at', 'motivo'];
  return [head.join(';'), ...rows.map((r) => [r.entry_id, r.line_id, r.material_id, r.lot_code, r.qty_milli, r.mode, r.counted_at, r.reason].map(quote).join(';'))].join('\n');
}

// --- IndexedDB: the downloaded sheets ---------------------------------------------------------------------

const DB_NAME = 'backoffice-inventario';
const STORE = 'linhas';
/** Version 2: the count's header too, so the page opens with no network (§5(b) "count state"). */
const COUNTS = 'inventarios';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 2);
    req.onupgradeneeded = (event) => {
      if (event.oldVersion < 1) {
        const store = req.result.createObjectStore(STORE, { keyPath: ['count_id', 'line_id'] });
        store.createIndex('count', 'count_id');
      }
      if (event.oldVersion < 2) req.result.createObjectStore(COUNTS, { keyPath: 'id' });
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB indisponível'));
  });
}

/** Stores (replacing) the count's lines on the device. */
export async function saveLines(countId: string, lines: OfflineLine[]): Promise<void> {
  const db = await openDb();
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction(STORE, 'readwrite');
    const store = tx.objectStore(STORE);
    for (const line of lines) store.put({ ...line, count_id: countId });
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB'));
  });
  db.close();
}

/** The count's downloaded lines (empty when none were downloaded). */
export async function loadLines(countId: string): Promise<OfflineLine[]> {
  if (typeof indexedDB === 'undefined') return [];
  const db = await openDb();
  const rows = await new Promise<OfflineLine[]>((resolve, reject) => {
    const req = db.transaction(STORE, 'readonly').objectStore(STORE).index('count').getAll(countId);
    req.onsuccess = () => resolve(req.result as OfflineLine[]);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB'));
  });
  db.close();
  return rows;
}

/** Stores the count as downloaded (its header: number, location, state, round), replacing an older copy. */
export async function saveCount<T extends { id: string }>(count: T): Promise<void> {
  const db = await openDb();
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction(COUNTS, 'readwrite');
    tx.objectStore(COUNTS).put({ ...count, downloaded_at: new Date().toISOString() });
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB'));
  });
  db.close();
}

/** The count as downloaded on this device, or null. */
export async function loadCount<T>(id: string): Promise<(T & { downloaded_at: string }) | null> {
  if (typeof indexedDB === 'undefined') return null;
  const db = await openDb();
  const row = await new Promise<unknown>((resolve, reject) => {
    const req = db.transaction(COUNTS, 'readonly').objectStore(COUNTS).get(id);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB'));
  });
  db.close();
  return (row as (T & { downloaded_at: string }) | undefined) ?? null;
}

/** The lines a typed code names: the SKU or GTIN exactly, or a lot code (case-insensitive). */
export function matchLines(lines: OfflineLine[], code: string): OfflineLine[] {
  const c = code.trim().toUpperCase();
  if (!c) return [];
  return lines.filter((l) => l.sku.toUpperCase() === c || l.gtin === c || (l.lot_code ?? '').toUpperCase() === c);
}
