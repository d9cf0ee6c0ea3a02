import assert from 'node:assert/strict';
import { demoEmail, expectPath, signIn } from '../harness.mjs';

export const tests = {
  async 'a remote that is down shows an error in its area with a retry; the rest keeps working'({ context, baseUrl }) {
    const config = await (await fetch(`${baseUrl}/runtime-config.json`)).json();
    // Point the crm remote at a dead address through the runtime config (no shell rebuild).
    await context.route('**/runtime-config.json', (route) =>
      route.fulfill({ json: { ...config, remotes: { ...config.remotes, crm: 'http://127.0.0.1:9/remoteEntry.js' } } }),
    );
    const page = await context.newPage();
    await signIn(page, baseUrl, demoEmail('admin'));
    await page.goto(`${baseUrl}/clientes`);
    await page.getByRole('heading', { name: 'Área indisponível' }).waitFor();
    const retry = page.getByRole('button', { name: 'Tentar novamente' });
    await retry.waitFor();

    // The shell and the other remotes keep working.
    await page.getByRole('link', { name: 'Início' }).first().click();
    await expectPath(page, '/inicio');
    await page.goto(`${baseUrl}/fornecedores`);
    await page.getByText('Em construção').waitFor();

    // Back on the broken area, the error is still contained there.
    await page.goto(`${baseUrl}/clientes`);
    await retry.waitFor();
    assert.equal(await page.getByRole('button', { name: 'Sair' }).count(), 1);
  },

  async 'retry loads the area when it comes back'({ context, baseUrl }) {
    let down = true;
    await context.route('**/remotes/crm/remoteEntry.js', (route) => (down ? route.abort() : route.continue()));
    const page = await context.newPage();
    await signIn(page, baseUrl, demoEmail('admin'));
    await page.goto(`${baseUrl}/clientes`);
    await page.getByRole('button', { name: 'Tentar novamente' }).waitFor();
    down = false;
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await page.getByRole('button', { name: 'Novo cliente' }).waitFor();
  },

  async 'the app shell opens offline after the first visit'({ context, baseUrl }) {
    const page = await context.newPage();
    await signIn(page, baseUrl, demoEmail('admin'));
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Reload once so the page is controlled by the worker and every file goes through its caches.
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.goto(`${baseUrl}/fornecedores`);
    await page.getByText('Em construção').waitFor();
    await page.goto(`${baseUrl}/inicio`);
    await page.getByRole('heading', { name: /Olá/ }).waitFor();
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('button', { name: 'Sair' }).waitFor();
    await page.getByRole('heading', { name: /Olá/ }).waitFor();
    await context.setOffline(false);
  },

  async 'PWA: manifest and service worker at the root scope'({ context, baseUrl }) {
    const manifest = await (await fetch(`${baseUrl}/manifest.webmanifest`)).json();
    assert.equal(manifest.scope, '/');
    assert.ok(manifest.icons.some((i) => i.sizes === '512x512'));
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    assert.equal(scope, `${baseUrl}/`);
    const latest = await (await fetch(`${baseUrl}/builds/latest.json?${Date.now()}`)).json();
    assert.ok(latest.id);
  },
};
