/**
 * `@backoffice/api-client`: the API client's runtime — where the API is (`configureApiBase`), the session hooks the
 * auth package registers (the bearer token, the refresh), the one fetch mutator (`customFetch`: bearer, one retry
 * of idempotent calls, refresh on 401), the error shape (`ApiError`). It is a Module Federation singleton (the
 * shell provides it): that state must exist once, or a remote would send requests without the token. Keep it small
 * and stateless code out of it — a shared module is loaded whole, on the first page.
 *
 * The rest is stateless and bundled into each app that uses it, tree-shaken (never shared):
 * - `@backoffice/api-client/endpoints`: every generated call, TanStack Query hook, query key and model type;
 * - `@backoffice/api-client/schemas`: the generated zod schemas (zod is shared; the schemas are not).
 * Both reach the runtime through this entry (the generated calls import `customFetch` from here).
 */
export * from './apiBase';
export * from './retryPolicy';
export * from './errors';
export * from './config';
export { customFetch, setFetchImpl, type ErrorType } from './mutator';
