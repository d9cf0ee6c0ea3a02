/**
 * The browser-test harness: starts the real `backoffice` server (fresh SQLite database, demo users) serving the
 * built apps, launches Debian's Chromium through playwright-core and gives each test a fresh browser context.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ROOT = resolve(fileURLToPath(import.meta.url), '..', '..');
export const DEMO_PASSWORD = 'Demo@2026';
export const demoEmail = (name) => `${name}@demo.backoffice.com.br`;

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(baseUrl, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`o servidor terminou com código ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('o servidor não respondeu a /healthz a tempo');
}

export async function startServer({ extraEnv = {} } = {}) {
  const bin = resolve(ROOT, process.env.BACKOFFICE_BIN ?? 'target/debug/backoffice');
  const dir = mkdtempSync(join(tmpdir(), 'backoffice-e2e-'));
  const port = await freePort();
  const env = {
    ...process.env,
    BACKOFFICE_DATABASE_URL: `sqlite://${join(dir, 'e2e.db')}`,
    BACKOFFICE_PORT: String(port),
    BACKOFFICE_WEB_ROOT: ROOT,
    ...extraEnv,
  };
  execFileSync(bin, ['demo-data'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const child = spawn(bin, ['serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  // The server's log (both streams): the password-reset test reads the code from the outbox log line.
  const keep = (chunk) => {
    log = (log + chunk.toString()).slice(-200_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child);
  return {
    baseUrl,
    env,
    log: () => log,
    /** `backoffice users create …` against the same database; returns the printed uid. */
    createUser(args) {
      return execFileSync(bin, ['users', 'create', ...args], { env, encoding: 'utf8' }).trim().split(/\s+/).pop();
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser() {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** Sign in through the UI and wait until the app leaves the sign-in page. */
export async function signIn(page, baseUrl, email, password = DEMO_PASSWORD, path = '/') {
  await page.goto(`${baseUrl}${path}`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL((url) => url.pathname !== '/' && url.pathname !== '/entrar', { timeout: 15_000 });
}

/** An API token for checks the UI does not show (the audit list). */
export async function apiToken(baseUrl, email, password = DEMO_PASSWORD) {
  const response = await fetch(`${baseUrl}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in via API falhou: ${response.status}`);
  return (await response.json()).access_token;
}

export async function pathOf(page) {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** Wait until the page settles on `expected` (the guard redirects asynchronously). */
export async function expectPath(page, expected, timeout = 10_000) {
  await page.waitForURL((url) => `${url.pathname}${url.search}` === expected || url.pathname === expected, { timeout });
}
