#!/usr/bin/env node
/**
 * Lighthouse (same version and Chromium flags as /work/shared/bench/lighthouse.sh) on a page that needs a
 * signed-in user: Chromium is started with a debugging port, the user signs in through the UI, and Lighthouse
 * runs in the same browser with storage kept (`disableStorageReset`), so the page sees the session.
 *   node scripts/web-lighthouse.mjs http://127.0.0.1:3001 /clientes admin@demo.backoffice.com.br Demo@2026 [out.json]
 * env: LH_DIR=/tmp/lh (lighthouse@12.8.2 installed there, see the shared script)
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const [base, path, email, password, out] = process.argv.slice(2);
if (!base || !path || !email || !password) {
  console.error('uso: web-lighthouse.mjs BASE PATH EMAIL SENHA [saida.json]');
  process.exit(2);
}
const lhDir = process.env.LH_DIR ?? '/tmp/lh';
const { default: lighthouse } = await import(pathToFileURL(join(lhDir, 'node_modules', 'lighthouse', 'core', 'index.js')).href);

const port = await new Promise((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = server.address();
    server.close(() => resolve(p));
  });
});
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-domain-reliability', '--no-first-run',
  '--disable-features=Translate,OptimizationHints,MediaRouter', `--remote-debugging-port=${port}`];
// A persistent (default) context: Lighthouse opens its tab there, so it shares the signed-in localStorage.
const profile = mkdtempSync(join(tmpdir(), 'lh-profile-'));
const context = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', args: FLAGS });
const page = context.pages()[0] ?? (await context.newPage());
await page.goto(`${base}/`);
await page.getByLabel('E-mail').fill(email);
await page.getByLabel('Senha').fill(password);
await page.getByRole('button', { name: 'Entrar' }).click();
await page.waitForURL((url) => url.pathname !== '/');

const result = await lighthouse(`${base}${path}`, {
  port,
  output: 'json',
  onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  disableStorageReset: true,
  logLevel: 'error',
});
await context.close();
rmSync(profile, { recursive: true, force: true });
const lhr = result.lhr;
if (out) writeFileSync(out, result.report);
const score = (k) => Math.round((lhr.categories[k].score ?? 0) * 100);
const metric = (k) => lhr.audits[k]?.displayValue?.replace('\u00a0', ' ') ?? 'n/a';
console.log(
  `lighthouse ${lhr.lighthouseVersion} ${lhr.configSettings.formFactor}  ${base}${path} (signed in)  performance=${score('performance')} ` +
    `accessibility=${score('accessibility')} best-practices=${score('best-practices')} seo=${score('seo')}  ` +
    `(FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, ` +
    `CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')})  final=${lhr.finalDisplayedUrl}`,
);
