import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify('test-build') },
  esbuild: { jsx: 'automatic' },
  test: {
    environment: 'jsdom',
    globals: true,
    include: ['packages/*/src/**/*.test.{ts,tsx}', 'shell/src/**/*.test.{ts,tsx}', 'shell/sw/**/*.test.ts', 'mfe-*/src/**/*.test.{ts,tsx}'],
    setupFiles: ['./packages/ui/src/testing/vitestSetup.ts'],
    restoreMocks: true,
    pool: 'threads',
    maxWorkers: 2,
  },
});
