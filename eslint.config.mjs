import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import features from './eslint/featureBoundaries.mjs';

const GENERATED_IMPORTS = {
  group: ['@backoffice/api-client/src/generated', '@backoffice/api-client/src/generated/*', '**/api-client/src/generated/*'],
  message: "Import the generated calls, hooks and models from '@backoffice/api-client/endpoints', the zod schemas from '@backoffice/api-client/schemas'.",
};
// '@backoffice/ui/host' is the same library bundled into the app that imports it (tree-shaken, not shared): the
// shell, which provides the shared instance, uses it for its first load (docs/web.md, "O primeiro carregamento").
// Anywhere else it would be a second copy of Mantine, its theme and its stores.
const HOST_IMPORTS = {
  group: ['@backoffice/ui/host'],
  message: "Only the shell imports '@backoffice/ui/host'; import '@backoffice/ui' (the shared library).",
};
// Mantine and react-router reach the apps through @backoffice/ui's facades, so webpack bundles only what is used
// (docs/benchmarks-web.md); scripts/web-mantine-facade.mjs --write moves an import there and lists the name.
const FACADE_IMPORTS = {
  group: ['@mantine/*', 'react-router', 'react-router/*'],
  message: "Import Mantine and react-router from '@backoffice/ui' (run node scripts/web-mantine-facade.mjs --write).",
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'packages/api-client/src/generated/**', 'packages/api-client/src/.orval-check-*/**', 'target/**', 'crates/**', '.playwright/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['error', 'warn', 'info'] }],
    },
  },
  {
    // One shape for a web feature (docs/web.md, "Forma de uma feature"): features do not import one another,
    // and apps reach the generated API client only through `@backoffice/api-client`.
    files: ['shell/src/**/*.{ts,tsx}', 'mfe-*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    ignores: ['packages/api-client/src/**'],
    plugins: { features },
    rules: {
      'features/no-cross-feature-imports': 'error',
      'no-restricted-imports': ['error', { patterns: [GENERATED_IMPORTS, FACADE_IMPORTS] }],
    },
  },
  {
    files: ['mfe-*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    ignores: ['packages/api-client/src/**', 'packages/ui/src/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [GENERATED_IMPORTS, FACADE_IMPORTS, HOST_IMPORTS] }] },
  },
  {
    // packages/ui holds the facades (mantine.ts, router.ts) and uses Mantine and react-router directly; unit
    // tests may too (same module in vitest; MemoryRouter & co. stay out of the bundles).
    files: ['packages/ui/src/**/*.{ts,tsx}', '**/*.test.{ts,tsx}', '**/testing/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [GENERATED_IMPORTS] }] },
  },
  {
    files: ['**/*.{cjs,mjs,js}', 'e2e/**/*.{ts,mjs}', 'scripts/**/*.{mjs,js}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off', 'no-console': 'off' },
  },
  {
    // Playwright fixtures hand their value to `use(…)`, which is no React hook.
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['shell/sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
);
