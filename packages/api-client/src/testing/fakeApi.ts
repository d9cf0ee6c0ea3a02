import { setFetchImpl } from '../mutator';

/** A request as a fake handler sees it. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** A handler's answer other than a plain 200 with a JSON body. */
export class FakeResponse {
  constructor(
    readonly status: number,
    readonly body?: unknown,
  ) {}
}

export const respond = (status: number, body?: unknown) => new FakeResponse(status, body);

type Handler = (request: FakeRequest) => unknown;

/**
 * For unit tests of components that use the generated calls or hooks: answers the mutator's requests from
 * `handlers`, keyed `"METHOD /path"` (no query string; the handler gets it). A handler returns the JSON body
 * of a 200, or `respond(status, body)`; an unknown route is a 404 in the server's error shape. Everything goes
 * through the real generated functions and `customFetch` (URLs, query strings, ApiError). `restore()` puts
 * the global fetch back (call it in afterEach).
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: FakeRequest[] = [];
  setFetchImpl(async (input, init) => {
    const url = new URL(input, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' && init.body ? (JSON.parse(init.body) as unknown) : undefined;
    const request: FakeRequest = { method, path: url.pathname, query: url.searchParams, body };
    calls.push(request);
    const handler = handlers[`${method} ${url.pathname}`];
    const answer = handler ? await handler(request) : respond(404, { code: 'not_found', message: 'Não encontrado.' });
    const { status, body: payload } = answer instanceof FakeResponse ? answer : new FakeResponse(200, answer);
    return new Response(payload === undefined ? null : JSON.stringify(payload), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return {
    calls,
    /** The calls made to one route ("POST /api/v1/…"). */
    callsTo: (route: string) => calls.filter((c) => `${c.method} ${c.path}` === route),
    restore: () => setFetchImpl((input, init) => fetch(input, init)),
  };
}
