/** Statuses the seed retries once, and only for idempotent methods (never POST or PATCH). */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
export const MAX_RETRIES = 1;
/** Statuses whose `Retry-After` is honoured (the server asks the client to slow down or come back later). */
export const RETRY_AFTER_STATUSES: ReadonlySet<number> = new Set([429, 503]);
/** The longest the client waits before its retry, whatever `Retry-After` asks. */
export const MAX_RETRY_AFTER_MS = 30_000;

export function isIdempotent(method: string): boolean {
  return IDEMPOTENT_METHODS.has(method.toUpperCase());
}

export function shouldRetry(method: string, status: number, attemptsSoFar: number): boolean {
  return attemptsSoFar < MAX_RETRIES && isIdempotent(method) && RETRY_STATUSES.has(status);
}

/**
 * `Retry-After` in milliseconds from `now`: delay-seconds (`120`) or an HTTP-date (`Wed, 21 Oct 2026 07:28:00
 * GMT`); a date in the past is 0. Null when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Every HTTP-date form starts with the day's name; anything else (`-5`, `1.5`) is unreadable.
  if (!/^[A-Za-z]{3}/.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * How long to wait before retrying a response: what a 429 or 503 asks in `Retry-After`, at most
 * {@link MAX_RETRY_AFTER_MS}; 0 (at once) for other statuses or without a readable header.
 */
export function retryDelayMs(status: number, headers: Headers, now: number = Date.now()): number {
  if (!RETRY_AFTER_STATUSES.has(status)) return 0;
  const asked = parseRetryAfter(headers.get('Retry-After'), now);
  return asked === null ? 0 : Math.min(asked, MAX_RETRY_AFTER_MS);
}
