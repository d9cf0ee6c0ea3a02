import { ApiError } from '@backoffice/api-client';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearPending, flushPending, formatDuration, pendingKey, readPending, shownSeconds, writePending, type PendingStop } from './timerModel';

/** A Storage in memory (the tests run in Node too). */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, v),
  };
}

const stop: PendingStop = { outcome: 'atendeu', notes: 'Retornar amanhã', device_stopped_at: '2026-12-01T15:40:00.000Z', label: 'Ligar para a Carla' };

describe('timer display', () => {
  it('shows hh:mm:ss', () => {
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(59.9)).toBe('00:00:59');
    expect(formatDuration(3_723)).toBe('01:02:03');
    expect(formatDuration(36_000 + 59 * 60)).toBe('10:59:00');
    expect(formatDuration(-5)).toBe('00:00:00');
  });

  it('counts on from the server reading only while running', () => {
    const readAt = 1_000_000;
    expect(shownSeconds({ state: 'running', elapsed_s: 90 }, readAt, readAt + 2_500)).toBe(92);
    expect(shownSeconds({ state: 'paused', elapsed_s: 90 }, readAt, readAt + 60_000)).toBe(90);
    // A device clock that moved backwards never counts down.
    expect(shownSeconds({ state: 'running', elapsed_s: 90 }, readAt, readAt - 5_000)).toBe(90);
  });
});

describe('offline stop queue', () => {
  let storage: Storage;
  beforeEach(() => {
    storage = memoryStorage();
  });

  it('keeps one stop per user', () => {
    writePending(storage, 'uid-ana', stop);
    expect(readPending(storage, 'uid-ana')).toEqual(stop);
    expect(readPending(storage, 'uid-bia')).toBeNull();
    storage.setItem(pendingKey('uid-bia'), '{não é json');
    expect(readPending(storage, 'uid-bia')).toBeNull();
    clearPending(storage, 'uid-ana');
    expect(readPending(storage, 'uid-ana')).toBeNull();
  });

  it('sends the queued stop with its device time and clears it', async () => {
    writePending(storage, 'uid-ana', stop);
    const sent: PendingStop[] = [];
    expect(await flushPending(storage, 'uid-ana', async (s) => sent.push(s))).toEqual({ kind: 'sent' });
    expect(sent).toEqual([stop]);
    expect(readPending(storage, 'uid-ana')).toBeNull();
    expect(await flushPending(storage, 'uid-ana', async () => undefined)).toEqual({ kind: 'none' });
  });

  it('keeps it while there is no connection', async () => {
    writePending(storage, 'uid-ana', stop);
    const offline = async () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await flushPending(storage, 'uid-ana', offline)).toEqual({ kind: 'kept' });
    expect(readPending(storage, 'uid-ana')).toEqual(stop);
  });

  it('drops it with the reason when the server refuses it', async () => {
    writePending(storage, 'uid-ana', stop);
    const refused = new ApiError(422, { code: 'dados_invalidos', message: 'O horário do encerramento está no futuro.', fields: [{ field: 'device_stopped_at', message: 'no futuro' }] });
    const result = await flushPending(storage, 'uid-ana', async () => Promise.reject(refused));
    expect(result).toEqual({ kind: 'refused', message: 'O horário do encerramento está no futuro.' });
    expect(readPending(storage, 'uid-ana')).toBeNull();
  });
});
