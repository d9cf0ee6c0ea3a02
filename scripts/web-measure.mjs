#!/usr/bin/env node
/**
 * Measures the JavaScript a browser loads (gzip -9 of each file, as the server would send it compressed):
 * the shell's first load of `/` (shared libraries included; remotes preloaded after 1 s are excluded
 * by stopping at DOMContentLoaded + first render), and each remote route chunk for a page.
 * Usage: node scripts/web-measure.mjs http://127.0.0.1:3001 [email password]
 * With e-mail and password it signs in through the UI (real server); without, it fakes a stored session, which
 * is enough to load the remotes' chunks from the static stand-in server.
 */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://127.0.0.1:3005';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function jsLoadedBy(page, action) {
  const sizes = new Map();
  const onResponse = async (response) => {
    const url = response.url();
    if (!/\.js(\?|$)/.test(url) || url.endsWith('/sw.js')) return;
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
const total = (sizes) => [...sizes.values()].reduce((a, b) => a + b, 0);

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
const context = await browser.newContext({ serviceWorkers: 'block' });
const page = await context.newPage();
// First load: everything fetched before the 1 s preload timer fires.
const first = await jsLoadedBy(page, async () => {
  await page.goto(`${base}/`, { waitUntil: 'load' });
  await page.getByRole('button', { name: 'Entrar' }).waitFor();
});
console.log(`shell first load (/): ${kb(total(first))} gzipped in ${first.size} files`);
for (const [url, size] of first) console.log(`  ${kb(size).padStart(9)}  ${new URL(url).pathname}`);

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
const ROUTE_PAGES = { crm: ['/clientes', '/cliente'], finance: ['/pagamentos', '/hub'], stock: ['/estoque/visao-geral'], purchasing: ['/fornecedores'] };
for (const [remote, paths] of Object.entries(ROUTE_PAGES)) {
  for (const path of paths) {
    const fresh = await context.newPage();
    // Block the idle-time preloading so only what the route itself needs is counted.
    await fresh.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { effectiveType: 'slow-2g' } }));
    await fresh.goto(`${base}/inicio`, { waitUntil: 'networkidle' });
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
    console.log(`${remote} route ${path}: ${kb(total(loaded))} gzipped in ${loaded.size} files`);
    for (const [url, size] of loaded) console.log(`  ${kb(size).padStart(9)}  ${new URL(url).pathname}`);
    await fresh.close();
  }
}
await browser.close();
