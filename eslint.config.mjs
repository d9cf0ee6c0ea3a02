import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import features from './eslint/featureBoundaries.mjs';

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
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@backoffice/api-client/src/generated', '@backoffice/api-client/src/generated/*', '**/api-client/src/generated/*'],
              message: "Import the generated calls, hooks, models and zod schemas from '@backoffice/api-client'.",
            },
          ],
        },
      ],
    },
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
