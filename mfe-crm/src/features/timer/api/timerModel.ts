import { ApiError } from '@backoffice/api-client';

/** `hh:mm:ss` of a number of seconds (hours past 99 keep growing; never negative). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

/** What the screen needs of the server's timer to count on. */
export interface TimerReading {
  state: string;
  elapsed_s: number;
}

/**
 * The seconds to show: the server's count when it was read, plus what the device has measured since while it
 * runs. Only the device's own interval is used (never its clock against the server's), so a device clock that is
 * off does not change the count.
 */
export function shownSeconds(timer: TimerReading, readAtMs: number, nowMs: number): number {
  if (timer.state !== 'running') return timer.elapsed_s;
  return timer.elapsed_s + Math.max(0, Math.floor((nowMs - readAtMs) / 1000));
}

/** A stop that could not reach the server: sent again, with the device's time of the stop, when back online. */
export interface PendingStop {
  outcome: string;
  notes: string;
  device_stopped_at: string;
  /** What was being timed, to tell the person. */
  label: string;
}

/** Per user: on a shared clinic tablet, one person's queued stop is never sent in another's session. */
export const pendingKey = (uid: string) => `crm.cronometro.encerramento-pendente.${uid}`;

export function readPending(storage: Storage, uid: string): PendingStop | null {
  const raw = storage.getItem(pendingKey(uid));
  if (!raw) return null;
  try {
    const stop = JSON.parse(raw) as Partial<PendingStop>;
    if (typeof stop.outcome !== 'string' || typeof stop.device_stopped_at !== 'string') return null;
    return { outcome: stop.outcome, notes: stop.notes ?? '', device_stopped_at: stop.device_stopped_at, label: stop.label ?? '' };
  } catch {
    return null;
  }
}

export function writePending(storage: Storage, uid: string, stop: PendingStop): void {
  storage.setItem(pendingKey(uid), JSON.stringify(stop));
}

export function clearPending(storage: Storage, uid: string): void {
  storage.removeItem(pendingKey(uid));
}

/**
 * The request did not reach the server (no connection, a dropped one): `fetch` rejects with a TypeError, not with
 * an answer. Any answer of the server (an ApiError) is not a network failure and is not queued.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 0 || error.status === 502 || error.status === 504;
  return error instanceof TypeError || (typeof navigator !== 'undefined' && navigator.onLine === false);
}

export type FlushResult = { kind: 'none' } | { kind: 'sent' } | { kind: 'kept' } | { kind: 'refused'; message: string };

/**
 * Sends the queued stop, if any. Sent: cleared. The server refused it (too long, in the future, the timer already
 * gone): cleared too, since sending it again would be refused again, and the reason is returned to be shown. Still
 * no connection: kept for the next try.
 */
export async function flushPending(storage: Storage, uid: string, send: (stop: PendingStop) => Promise<unknown>): Promise<FlushResult> {
  const stop = readPending(storage, uid);
  if (!stop) return { kind: 'none' };
  try {
    await send(stop);
  } catch (error) {
    if (isNetworkFailure(error)) return { kind: 'kept' };
    clearPending(storage, uid);
    return { kind: 'refused', message: error instanceof Error ? error.message : 'O encerramento foi recusado.' };
  }
  clearPending(storage, uid);
  return { kind: 'sent' };
}
