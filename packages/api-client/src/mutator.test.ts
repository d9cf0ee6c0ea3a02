// @vitest-environment jsdom
import { registerSessionHooks } from './config';
import { ApiError } from './errors';
import { customFetch, setFetchImpl } from './mutator';
import { MAX_RETRY_AFTER_MS, parseRetryAfter, RETRY_STATUSES, retryDelayMs, shouldRetry } from './retryPolicy';

const json = (status: number, body: unknown = {}, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

function transport(...responses: Response[]) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  setFetchImpl(async (url, init) => {
    calls.push({ url, init });
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    return next;
  });
  return calls;
}

afterEach(() => registerSessionHooks(null));

describe('retry policy', () => {
  it('lists exactly the seed statuses', () => {
    expect([...RETRY_STATUSES].sort()).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
  });
  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries GET once on %i', async (status) => {
    const calls = transport(json(status, { code: 'x', message: 'falhou' }), json(200, { ok: true }));
    await expect(customFetch('/api/v1/x')).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(2);
  });
  it('retries only once', async () => {
    const calls = transport(json(503, { code: 'x', message: 'indisponível' }), json(503, { code: 'x', message: 'indisponível' }));
    await expect(customFetch('/api/v1/x')).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(2);
  });
  it.each(['POST', 'PATCH'])('never retries %s', async (method) => {
    const calls = transport(json(503, { code: 'x', message: 'indisponível' }));
    await expect(customFetch('/api/v1/x', { method })).rejects.toThrow('indisponível');
    expect(calls).toHaveLength(1);
  });
  it('does not retry other statuses', async () => {
    const calls = transport(json(400, { code: 'invalido', message: 'Dados inválidos', fields: [{ field: 'document', message: 'CPF inválido' }] }));
    const error = await customFetch('/api/v1/x').catch((e: unknown) => e);
    expect(calls).toHaveLength(1);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldMessages()).toEqual({ document: 'CPF inválido' });
  });
  it('shouldRetry counts attempts and methods', () => {
    expect(shouldRetry('get', 500, 0)).toBe(true);
    expect(shouldRetry('GET', 500, 1)).toBe(false);
    expect(shouldRetry('PUT', 429, 0)).toBe(true);
    expect(shouldRetry('POST', 429, 0)).toBe(false);
  });
});

describe('Retry-After on 429 and 503', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-03-07T12:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  /** Lets the pending request run up to its next timer (or its end) without moving the clock. */
  const settle = () => vi.advanceTimersByTimeAsync(0);

  it.each([429, 503])('waits the seconds a %i asks before the one retry', async (status) => {
    const calls = transport(json(status, { code: 'x', message: 'devagar' }, { 'Retry-After': '3' }), json(200, { ok: true }));
    const result = customFetch('/api/v1/x');
    await settle();
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await expect(result).resolves.toEqual({ ok: true });
  });

  it('reads an HTTP-date', async () => {
    const at = new Date(Date.now() + 5000).toUTCString();
    const calls = transport(json(503, { code: 'x', message: 'manutenção' }, { 'Retry-After': at }), json(200, { ok: 1 }));
    const result = customFetch('/api/v1/x');
    await vi.advanceTimersByTimeAsync(4999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual({ ok: 1 });
    expect(calls).toHaveLength(2);
  });

  it('caps the wait at 30 s', async () => {
    const calls = transport(json(429, { code: 'x', message: 'devagar' }, { 'Retry-After': '3600' }), json(200, { ok: 1 }));
    const result = customFetch('/api/v1/x');
    await vi.advanceTimersByTimeAsync(MAX_RETRY_AFTER_MS - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual({ ok: 1 });
    expect(MAX_RETRY_AFTER_MS).toBe(30_000);
  });

  it('still retries only once: a second 429 is the answer', async () => {
    const calls = transport(
      json(429, { code: 'x', message: 'devagar' }, { 'Retry-After': '1' }),
      json(429, { code: 'x', message: 'devagar' }, { 'Retry-After': '1' }),
      json(200, {}),
    );
    const result = customFetch('/api/v1/x').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await result).toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(2);
  });

  it('retries at once without the header, and ignores it on other statuses', async () => {
    let calls = transport(json(503, { code: 'x', message: 'x' }), json(200, { ok: 1 }));
    let result = customFetch('/api/v1/x');
    await settle();
    expect(calls).toHaveLength(2);
    await expect(result).resolves.toEqual({ ok: 1 });
    calls = transport(json(500, { code: 'x', message: 'x' }, { 'Retry-After': '10' }), json(200, { ok: 2 }));
    result = customFetch('/api/v1/x');
    await settle();
    expect(calls).toHaveLength(2);
    await expect(result).resolves.toEqual({ ok: 2 });
  });

  it('never waits for POST (no retry at all)', async () => {
    const calls = transport(json(429, { code: 'x', message: 'devagar' }, { 'Retry-After': '2' }));
    await expect(customFetch('/api/v1/x', { method: 'POST' })).rejects.toThrow('devagar');
    expect(calls).toHaveLength(1);
  });

  it('a cancelled request stops waiting', async () => {
    const calls = transport(json(429, { code: 'x', message: 'devagar' }, { 'Retry-After': '20' }), json(200, {}));
    const controller = new AbortController();
    const result = customFetch('/api/v1/x', { signal: controller.signal }).catch((e: unknown) => e);
    await settle();
    controller.abort(new DOMException('cancelado', 'AbortError'));
    expect(await result).toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(calls).toHaveLength(1);
  });

  it('parses seconds and dates, and caps the delay', () => {
    const now = Date.parse('2026-03-07T12:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Sat, 07 Mar 2026 12:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter('Sat, 07 Mar 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('logo', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(retryDelayMs(429, new Headers({ 'Retry-After': '120' }), now)).toBe(30_000);
    expect(retryDelayMs(503, new Headers({ 'Retry-After': '2' }), now)).toBe(2000);
    expect(retryDelayMs(502, new Headers({ 'Retry-After': '2' }), now)).toBe(0);
    expect(retryDelayMs(429, new Headers(), now)).toBe(0);
  });
});

describe('bearer and 401', () => {
  it('sends the bearer token', async () => {
    registerSessionHooks({ getAccessToken: () => 'tok', refresh: async () => true, signOut: vi.fn() });
    const calls = transport(json(200, {}));
    await customFetch('/api/v1/x');
    expect(new Headers(calls[0]?.init.headers).get('Authorization')).toBe('Bearer tok');
  });
  it('refreshes once on 401 and replays the request', async () => {
    let token = 'old';
    const refresh = vi.fn(async () => {
      token = 'new';
      return true;
    });
    const signOut = vi.fn();
    registerSessionHooks({ getAccessToken: () => token, refresh, signOut });
    const calls = transport(json(401, { code: 'nao_autenticado', message: 'Sessão expirada' }), json(200, { ok: 1 }));
    await expect(customFetch('/api/v1/x', { method: 'POST' })).resolves.toEqual({ ok: 1 });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(signOut).not.toHaveBeenCalled();
    expect(new Headers(calls[1]?.init.headers).get('Authorization')).toBe('Bearer new');
  });
  it('signs out when the refresh fails', async () => {
    const signOut = vi.fn();
    registerSessionHooks({ getAccessToken: () => 'old', refresh: async () => false, signOut });
    const calls = transport(json(401, { code: 'nao_autenticado', message: 'Sessão expirada' }));
    await expect(customFetch('/api/v1/x')).rejects.toThrow('Sessão expirada');
    expect(calls).toHaveLength(1);
    expect(signOut).toHaveBeenCalledTimes(1);
  });
  it('signs out when the replay is still 401 (no second refresh)', async () => {
    const refresh = vi.fn(async () => true);
    const signOut = vi.fn();
    registerSessionHooks({ getAccessToken: () => 't', refresh, signOut });
    transport(json(401, { code: 'a', message: 'x' }), json(401, { code: 'a', message: 'x' }));
    await expect(customFetch('/api/v1/x')).rejects.toBeInstanceOf(ApiError);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(signOut).toHaveBeenCalledTimes(1);
  });
  it('a 401 to a request sent without a token (wrong password) neither refreshes nor signs out', async () => {
    const refresh = vi.fn(async () => true);
    const signOut = vi.fn();
    registerSessionHooks({ getAccessToken: () => null, refresh, signOut });
    transport(json(401, { code: 'credenciais_invalidas', message: 'E-mail ou senha inválidos.' }));
    await expect(customFetch('/api/v1/auth/sign-in', { method: 'POST' })).rejects.toThrow('E-mail ou senha inválidos.');
    expect(refresh).not.toHaveBeenCalled();
    expect(signOut).not.toHaveBeenCalled();
  });
  it('returns undefined for 204', async () => {
    transport(json(204));
    await expect(customFetch('/fcm-subscriptions/save-fcm-token', { method: 'POST' })).resolves.toBeUndefined();
  });
});
