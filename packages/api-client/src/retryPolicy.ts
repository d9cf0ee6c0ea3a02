/** Statuses the seed retries once, and only for idempotent methods (never POST or PATCH). */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
export const MAX_RETRIES = 1;

export function isIdempotent(method: string): boolean {
  return IDEMPOTENT_METHODS.has(method.toUpperCase());
}

export function shouldRetry(method: string, status: number, attemptsSoFar: number): boolean {
  return attemptsSoFar < MAX_RETRIES && isIdempotent(method) && RETRY_STATUSES.has(status);
}
