/**
 * The browser tests: every spec in e2e/specs runs twice, against the real server on SQLite and on PostgreSQL
 * (one Playwright project each), in Debian's Chromium (/usr/bin/chromium; Playwright's own browsers are never
 * downloaded). The server binary is BACKOFFICE_BIN (default target/debug/backoffice); PostgreSQL is
 * E2E_PG_URL (default postgres://postgres@127.0.0.1:5432), and the postgres project fails when it is down.
 */
import { defineConfig } from '@playwright/test';
import type { Engine } from './support/server';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig<{ engine: Engine }>({
  testDir: 'specs',
  // One folder per run: scripts/web-test.sh runs the two projects as two processes side by side.
  outputDir: process.env.E2E_OUTPUT_DIR ?? '../.playwright/test-results',
  // One worker, one server per project; a project's specs run in file order (later specs may meet the data
  // earlier ones left). scripts/web-test.sh runs the SQLite and PostgreSQL projects side by side.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // Recording a trace of every test cost ~15 % of the run (kept only on failure, but recorded for all). A failed
  // test now runs once more with the trace on, and a test that passes only on that retry still fails the run.
  retries: 1,
  failOnFlakyTests: true,
  timeout: 60_000,
  globalTimeout: 30 * 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'sqlite', use: { engine: 'sqlite' } },
    { name: 'postgres', use: { engine: 'postgres' } },
  ],
});
