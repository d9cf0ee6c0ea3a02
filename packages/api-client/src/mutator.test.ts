import { registerSessionHooks } from './config';
import { ApiError } from './errors';
import { customFetch, setFetchImpl } from './mutator';
import { RETRY_STATUSES, shouldRetry } from './retryPolicy';

const json = (status: number, body: unknown = {}) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

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
