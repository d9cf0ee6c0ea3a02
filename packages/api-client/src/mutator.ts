import { joinUrl } from './apiBase';
import { currentApiBase, getSessionHooks } from './config';
import { type ApiError, toApiError } from './errors';
import { retryDelayMs, shouldRetry } from './retryPolicy';

/**
 * The error of every generated call and hook (orval reads this name from the mutator): whatever the operation
 * declares (`ErrorBody`), what is thrown is an `ApiError` carrying it.
 */
export type ErrorType<Body> = Body extends unknown ? ApiError : never;

export type FetchImpl = (input: string, init: RequestInit) => Promise<Response>;

let fetchImpl: FetchImpl = (input, init) => fetch(input, init);

/** Tests swap the transport; production uses the global fetch. */
export function setFetchImpl(impl: FetchImpl): void {
  fetchImpl = impl;
}

async function withBearer(init: RequestInit): Promise<RequestInit> {
  const token = await getSessionHooks()?.getAccessToken();
  bearerSent.set(init, Boolean(token));
  const headers = new Headers(init.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (init.body && !headers.has('Content-Type') && typeof init.body === 'string') {
    headers.set('Content-Type', 'application/json');
  }
  return { ...init, headers };
}

// Whether the last attempt of a request carried a token: a 401 without one (a wrong password on sign-in) is
// an answer, not an expired session, so it must not trigger a refresh or a sign-out.
const bearerSent = new WeakMap<RequestInit, boolean>();

/** Resolves after `ms`, or rejects with the signal's reason when the request is cancelled meanwhile. */
function wait(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The seed's retry rule; a 429 or 503 with `Retry-After` is retried after the time it asks (capped). */
async function sendWithRetry(url: string, init: RequestInit): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  let attempts = 0;
  for (;;) {
    const response = await fetchImpl(url, await withBearer(init));
    if (!shouldRetry(method, response.status, attempts)) return response;
    attempts += 1;
    const delay = retryDelayMs(response.status, response.headers);
    if (delay > 0) {
      // The body of a response that is thrown away is released before waiting.
      await response.body?.cancel().catch(() => undefined);
      await wait(delay, init.signal);
    }
  }
}

/** A 401 gets exactly one refresh; if that fails or the retry is still 401, the user is signed out. */
async function sendWithRefresh(url: string, init: RequestInit): Promise<Response> {
  const first = await sendWithRetry(url, init);
  const hooks = getSessionHooks();
  if (first.status !== 401 || !hooks || !bearerSent.get(init)) return first;
  const refreshed = await hooks.refresh().catch(() => false);
  if (!refreshed) {
    await hooks.signOut();
    return first;
  }
  const second = await sendWithRetry(url, init);
  if (second.status === 401) await hooks.signOut();
  return second;
}

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  return type.includes('json') ? (JSON.parse(text) as unknown) : text;
}

/**
 * The one fetch mutator every generated call goes through: API base, bearer token, the seed's retry rule and
 * one refresh on 401. Non-2xx responses throw an ApiError carrying the server's Portuguese message and fields.
 */
export async function customFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const url = joinUrl(currentApiBase(), path);
  const response = await sendWithRefresh(url, init);
  if (!response.ok) throw await toApiError(response);
  return (await parseBody(response)) as T;
}

export default customFetch;
