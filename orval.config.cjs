/**
 * orval: the TypeScript client from openapi/openapi.json into packages/api-client/src/generated, every call
 * through the one fetch mutator. ORVAL_OUTPUT_DIR lets `npm run api:check` generate into a temp dir and diff.
 */
const path = require('node:path');

const outDir = process.env.ORVAL_OUTPUT_DIR || path.join(__dirname, 'packages/api-client/src/generated');

module.exports = {
  backoffice: {
    input: { target: path.join(__dirname, 'openapi/openapi.json') },
    output: {
      mode: 'tags-split',
      target: path.join(outDir, 'endpoints.ts'),
      schemas: path.join(outDir, 'model'),
      client: 'fetch',
      clean: true,
      prettier: false,
      override: {
        mutator: { path: path.join(__dirname, 'packages/api-client/src/mutator.ts'), name: 'customFetch' },
        fetch: { includeHttpResponseReturnType: false },
      },
    },
  },
};
