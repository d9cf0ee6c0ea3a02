/**
 * orval: two outputs from openapi/openapi.json, both under packages/api-client/src/generated (ORVAL_OUTPUT_DIR
 * lets `npm run api:check` generate into a temp dir and diff):
 * - `backoffice`: the plain calls (`listClients(params)`, `getClientHistory(id)`…) and TanStack Query v5 hooks
 *   (`useListClients`, `useCreateClient`…, query keys and options), one file per tag, every call through the one
 *   fetch mutator (`customFetch`; its `ErrorType` makes the hooks' error type `ApiError`).
 * - `backofficeZod`: zod schemas of the same operations (bodies, parameters, responses) in `generated/zod/`.
 * Apps import both through `@backoffice/api-client` (index.ts), never from `generated/`.
 */
const path = require('node:path');

const outDir = process.env.ORVAL_OUTPUT_DIR || path.join(__dirname, 'packages/api-client/src/generated');
const openapi = path.join(__dirname, 'openapi/openapi.json');
// The mutator's TypeScript target matters: orval bundles it to count its parameters, and below ES2017 the async
// function is lowered to one taking `arguments`, so orval would think it has no second (RequestInit) parameter.
const tsconfig = path.join(__dirname, 'tsconfig.base.json');

/**
 * orval's zod generator only reads `application/json` bodies and responses; the server declares
 * `application/json; charset=utf-8`. Same schema, so the zod output sees the plain media type.
 */
function plainJsonMediaType(spec) {
  const rename = (content) => {
    if (!content || typeof content !== 'object') return content;
    return Object.fromEntries(
      Object.entries(content).map(([type, media]) => [type.startsWith('application/json') ? 'application/json' : type, media]),
    );
  };
  const paths = Object.fromEntries(
    Object.entries(spec.paths ?? {}).map(([route, item]) => [
      route,
      Object.fromEntries(
        Object.entries(item).map(([verb, op]) => {
          if (!op || typeof op !== 'object' || !('responses' in op)) return [verb, op];
          const requestBody = op.requestBody && 'content' in op.requestBody ? { ...op.requestBody, content: rename(op.requestBody.content) } : op.requestBody;
          const responses = Object.fromEntries(
            Object.entries(op.responses ?? {}).map(([code, r]) => [code, r && 'content' in r ? { ...r, content: rename(r.content) } : r]),
          );
          return [verb, { ...op, requestBody, responses }];
        }),
      ),
    ]),
  );
  return { ...spec, paths };
}

module.exports = {
  backoffice: {
    input: { target: openapi },
    output: {
      mode: 'tags-split',
      target: path.join(outDir, 'endpoints.ts'),
      schemas: path.join(outDir, 'model'),
      client: 'react-query',
      httpClient: 'fetch',
      tsconfig,
      clean: true,
      prettier: false,
      override: {
        mutator: { path: path.join(__dirname, 'packages/api-client/src/mutator.ts'), name: 'customFetch' },
        fetch: { includeHttpResponseReturnType: false },
        query: { useQuery: true, useMutation: true, signal: true, version: 5 },
      },
    },
  },
  // Runs after `backoffice` (orval generates projects in order), whose clean empties the whole folder first.
  backofficeZod: {
    input: { target: openapi, override: { transformer: plainJsonMediaType } },
    output: {
      mode: 'tags-split',
      target: path.join(outDir, 'zod', 'endpoints.ts'),
      client: 'zod',
      // zod 4 (from the root package.json): `zod.iso.datetime()` and friends.
      packageJson: path.join(__dirname, 'package.json'),
      tsconfig,
      clean: true,
      prettier: false,
    },
  },
};
