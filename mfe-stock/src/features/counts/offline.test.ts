import { describe, expect, it } from 'vitest';
import { batches, deviceId, flush, matchLines, pending, record, refused, type SyncBody } from './offline';

class MemoryStorage implements Storage {
  private data = new Map<string, string>();
  get length() {
    return this.data.size;
  }
  clear() {
    this.data.clear();
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  key(i: number) {
    return [...this.data.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
}

describe('offline counting', () => {
  it('keeps one device id', () => {
    const s = new MemoryStorage();
    expect(deviceId(s)).toBe(deviceId(s));
  });

  it('splits into batches of at most 500', () => {
    expect(batches(Array.from({ length: 1001 }, (_, i) => i)).map((b) => b.length)).toEqual([500, 500, 1]);
  });

  it('keeps entries until acknowledged, moves refused ones aside, and stops when offline', async () => {
    const s = new MemoryStorage();
    for (let i = 0; i < 501; i += 1) record('c1', { line_id: i + 1, qty_milli: 1000, mode: 'SET' }, s);
    let offline = true;
    const sent: SyncBody[] = [];
    const send = async (body: SyncBody) => {
      if (offline) throw new TypeError('Failed to fetch');
      sent.push(body);
      const [first, ...rest] = body.entries;
      return { acknowledged: rest.map((e) => e.entry_id), refused: first ? [{ entry_id: first.entry_id, reason: 'A contagem foi encerrada' }] : [] };
    };
    const failed = await flush('c1', send, s);
    expect(failed.error).toBeDefined();
    expect(pending('c1', s)).toHaveLength(501);
    offline = false;
    const done = await flush('c1', send, s);
    expect(sent.map((b) => b.entries.length)).toEqual([500, 1]);
    expect(done).toEqual({ sent: 499, refused: 2, conflicts: [] });
    expect(pending('c1', s)).toHaveLength(0);
    expect(refused('c1', s).map((r) => r.reason)).toEqual(['A contagem foi encerrada', 'A contagem foi encerrada']);
  });

  it('reports the lines the server put in conflict, and forgets one a later batch resolved', async () => {
    const s = new MemoryStorage();
    for (let i = 0; i < 501; i += 1) record('c2', { line_id: i < 500 ? 7 : 8, qty_milli: 1000, mode: 'ADD' }, s);
    const states = [
      [{ line_id: 7, status: 'CONFLITO' }, { line_id: 9, status: 'CONFLITO' }],
      [{ line_id: 8, status: 'CONFLITO' }, { line_id: 9, status: 'CONTADO' }],
    ];
    let call = 0;
    const send = async (body: SyncBody) => ({ acknowledged: body.entries.map((e) => e.entry_id), refused: [], lines: states[call++] ?? [] });
    const done = await flush('c2', send, s);
    expect(done.conflicts.sort()).toEqual([7, 8]);
  });

  it('finds lines by SKU, GTIN or lot', () => {
    const lines = [
      { count_id: 'c', line_id: 1, sheet_no: 1, sku: 'LUVA-P', name: 'Luva P', base_uom: 'UN', gtin: '7891234567895', lot_code: 'L1' },
      { count_id: 'c', line_id: 2, sheet_no: 1, sku: 'LUVA-P', name: 'Luva P', base_uom: 'UN', lot_code: 'L2' },
    ];
    expect(matchLines(lines, 'luva-p')).toHaveLength(2);
    expect(matchLines(lines, '7891234567895').map((l) => l.line_id)).toEqual([1]);
    expect(matchLines(lines, 'l2').map((l) => l.line_id)).toEqual([2]);
  });
});
