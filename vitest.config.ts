import { defineConfig } from 'vitest/config';

const ROOTS = ['packages/*/src/**', 'shell/src/**', 'shell/sw/**', 'mfe-*/src/**'];

// Two projects: components (`.test.tsx`) render in jsdom with the Mantine stubs; the rules, models and clients
// (`.test.ts`) run in Node, which starts far faster than a jsdom per file. A `.test.ts` that needs the DOM says so
// with a `// @vitest-environment jsdom` first line.
export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify('test-build') },
  esbuild: { jsx: 'automatic' },
  test: {
    globals: true,
    restoreMocks: true,
    pool: 'threads',
    maxWorkers: 2,
    setupFiles: ['./packages/ui/src/testing/vitestSetup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // Pure functions: one module graph per worker instead of one per file.
          isolate: false,
          include: ROOTS.map((root) => `${root}/*.test.ts`),
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ROOTS.map((root) => `${root}/*.test.tsx`),
        },
      },
    ],
  },
});
