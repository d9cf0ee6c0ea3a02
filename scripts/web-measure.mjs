#!/usr/bin/env node
/**
 * Measures the JavaScript a browser loads (gzip -9 of each file, as the server would send it compressed):
 * the shell's first load of `/` (shared libraries included; remotes preloaded after 1 s are excluded
 * by stopping at DOMContentLoaded + first render), and each remote route chunk for a page. CSS files (webpack
 * writes CSS to .css files) are listed and totalled apart: the budgets are for JavaScript.
 * Usage: node scripts/web-measure.mjs http://127.0.0.1:3001 [email password]
 * With e-mail and password it signs in through the UI (real server); without, it fakes a stored session, which
 * is enough to load the remotes' chunks from the static stand-in server. FIRST_LOAD_ONLY=1: the first load only
 * (e.g. the shell alone on the static stand-in server, remotes not built).
 */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://127.0.0.1:3005';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function jsLoadedBy(page, action) {
  const sizes = new Map();
  const onResponse = async (response) => {
    const url = response.url();
    if (!/\.(js|css)(\?|$)/.test(url) || url.endsWith('/sw.js')) return;
    try {
      sizes.set(url, gzipSync(await response.body(), { level: 9 }).length);
    } catch {
      // A body that went away (navigation) is not counted.
    }
  };
  page.on('response', onResponse);
  await action();
  page.off('response', onResponse);
  return sizes;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const isCss = (url) => /\.css(\?|$)/.test(url);
const total = (sizes, css = false) => [...sizes].filter(([url]) => isCss(url) === css).reduce((a, [, b]) => a + b, 0);
const count = (sizes, css = false) => [...sizes.keys()].filter((url) => isCss(url) === css).length;
const summary = (sizes) => `${kb(total(sizes))} gzipped in ${count(sizes)} files (+ CSS ${kb(total(sizes, true))} in ${count(sizes, true)} files)`;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
const context = await browser.newContext({ serviceWorkers: 'block' });
const page = await context.newPage();
// First load: everything requested before the sign-in page's first render (the moment #root gets content);
// what is requested after it (e.g. the notifications stack, fetched when the browser is idle) is listed apart.
await page.addInitScript(() => {
  new globalThis.MutationObserver((_, observer) => {
    if (!globalThis.document.getElementById('root')?.firstChild) return;
    globalThis.__firstRenderAt = performance.now();
    observer.disconnect();
  }).observe(globalThis.document, { childList: true, subtree: true });
});
const loaded = await jsLoadedBy(page, async () => {
  await page.goto(`${base}/`, { waitUntil: 'load' });
  await page.getByRole('button', { name: 'Entrar' }).waitFor();
  await page.waitForLoadState('networkidle');
});
const { firstRenderAt, started } = await page.evaluate(() => ({
  firstRenderAt: globalThis.__firstRenderAt,
  started: Object.fromEntries(performance.getEntriesByType('resource').map((entry) => [entry.name, entry.startTime])),
}));
const first = new Map([...loaded].filter(([url]) => !(started[url] > firstRenderAt)));
const later = new Map([...loaded].filter(([url]) => started[url] > firstRenderAt));
console.log(`shell first load (/): JS ${summary(first)}`);
for (const [url, size] of first) console.log(`  ${kb(size).padStart(9)}  ${new URL(url).pathname}`);
console.log(`after the first render: JS ${summary(later)}`);
for (const [url, size] of later) console.log(`  ${kb(size).padStart(9)}  ${new URL(url).pathname}`);

if (process.env.FIRST_LOAD_ONLY === '1') {
  await browser.close();
  process.exit(0);
}

const [email, password] = process.argv.slice(3);
if (email) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL((url) => url.pathname !== '/');
} else {
  await page.evaluate(() => {
    const user = { uid: 'medida', email: 'medida@exemplo.com.br', name: 'Medida', role: 'SUPER_ADMIN', access_hub: true, is_password_updated: true,
      role_id: { can_see_conciliation: true, can_see_dispatch: true, can_approval_dispatch: true }, active: true, created_at: '', updated_at: '' };
    localStorage.setItem('auth.session', JSON.stringify({ uid: user.uid, accessToken: 'x', refreshToken: 'y', expiresAt: Date.now() + 3.6e6 }));
    localStorage.setItem('user', JSON.stringify(user));
  });
}

// Remote route chunks: from a fresh page on /inicio (shell already loaded), open one page per remote and count
// the JS that arrives for it (remoteEntry.js + the remote's page map + the route's own chunks).
// The shell's /admin/tarefas draws a chart: its lazily fetched chart chunks (recharts) are counted with it.
const ROUTE_PAGES = { crm: ['/clientes', '/cliente'], finance: ['/pagamentos', '/hub', '/backoffice/financeiro/planos-de-conta', '/fornecedores'], stock: ['/estoque/visao-geral'], purchasing: ['/pedidos-de-compras'], shell: ['/admin/tarefas'] };
for (const [remote, paths] of Object.entries(ROUTE_PAGES)) {
  for (const path of paths) {
    const fresh = await context.newPage();
    // Block the idle-time preloading so only what the route itself needs is counted.
    await fresh.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { effectiveType: 'slow-2g' } }));
    await fresh.goto(`${base}/inicio`, { waitUntil: 'networkidle' });
    // The shell's own after-first-render files (the notifications stack) are not the route's: let them arrive.
    await fresh.waitForFunction(
      (urls) => urls.every((url) => performance.getEntriesByName(url).length > 0),
      [...later.keys()].map((url) => url.replace(new URL(url).origin, new URL(base).origin)),
      { timeout: 10_000 },
    );
    const loaded = await jsLoadedBy(fresh, async () => {
      // In-app navigation (no reload), as a click in the menu would do.
      await fresh.evaluate((p) => {
        globalThis.history.pushState({}, '', p);
        globalThis.dispatchEvent(new globalThis.PopStateEvent('popstate'));
      }, path);
      // The route's own heading (not /inicio's "Olá, …", still on screen until the remote's chunks arrive).
      await fresh.locator('main h1').filter({ hasNotText: /^Olá/ }).first().waitFor();
      await fresh.waitForLoadState('networkidle');
    });
    console.log(`${remote} route ${path}: JS ${summary(loaded)}`);
    for (const [url, size] of loaded) console.log(`  ${kb(size).padStart(9)}  ${new URL(url).pathname}`);
    await fresh.close();
  }
}
await browser.close();
