#!/usr/bin/env node
/**
 * Runs every spec in e2e/specs against one real server and one Chromium; each test gets a fresh browser
 * context. Prints one line per test and exits non-zero on any failure. Filter with E2E_FILTER=<substring>.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchBrowser, ROOT, startServer } from './harness.mjs';

const TEST_TIMEOUT_MS = 60_000;
const filter = process.env.E2E_FILTER ?? '';

async function loadSpecs() {
  const dir = join(ROOT, 'e2e', 'specs');
  const files = readdirSync(dir).filter((f) => f.endsWith('.mjs')).sort();
  const specs = [];
  for (const file of files) {
    const mod = await import(pathToFileURL(join(dir, file)).href);
    for (const [name, fn] of Object.entries(mod.tests)) specs.push({ name: `${file.replace('.mjs', '')} › ${name}`, fn });
  }
  return specs.filter((s) => s.name.includes(filter));
}

function withTimeout(promise, ms, name) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`tempo esgotado (${ms} ms): ${name}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

const server = await startServer();
const browser = await launchBrowser();
const failures = [];
try {
  for (const spec of await loadSpecs()) {
    const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    const started = Date.now();
    try {
      await withTimeout(spec.fn({ context, server, baseUrl: server.baseUrl, browser }), TEST_TIMEOUT_MS, spec.name);
      console.log(`ok    ${spec.name} (${Date.now() - started} ms)`);
    } catch (error) {
      failures.push(spec.name);
      console.log(`FALHA ${spec.name}\n      ${String(error?.stack ?? error).split('\n').slice(0, 6).join('\n      ')}`);
    } finally {
      await context.close().catch(() => undefined);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
if (failures.length) {
  console.log(`\n${failures.length} teste(s) falharam:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\ntodos os testes no navegador passaram');
