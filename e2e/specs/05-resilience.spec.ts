import { demoEmail, expect, expectPath, signIn, test, userMenu } from '../support/fixtures';

test('a remote that is down shows an error in its area with a retry; the rest keeps working', async ({ context, page, baseUrl }) => {
  const config = (await (await fetch(`${baseUrl}/runtime-config.json`)).json()) as { remotes: Record<string, string> };
  // Point the crm remote at a dead address through the runtime config (no shell rebuild).
  await context.route('**/runtime-config.json', (route) =>
    route.fulfill({ json: { ...config, remotes: { ...config.remotes, crm: 'http://127.0.0.1:9/remoteEntry.js' } } }),
  );
  await signIn(page, baseUrl, demoEmail('admin'));
  await page.goto(`${baseUrl}/clientes`);
  await page.getByRole('heading', { name: 'Área indisponível' }).waitFor();
  const retry = page.getByRole('button', { name: 'Tentar novamente' });
  await retry.waitFor();

  // The shell and the other remotes keep working.
  await page.getByRole('link', { name: 'Início' }).first().click();
  await expectPath(page, '/inicio');
  await page.goto(`${baseUrl}/pedidos-de-compras`);
  await page.getByText('Em construção').waitFor();

  // Back on the broken area, the error is still contained there.
  await page.goto(`${baseUrl}/clientes`);
  await retry.waitFor();
  expect(await userMenu(page).count()).toBe(1);
});

test('retry loads the area when it comes back', async ({ context, page, baseUrl }) => {
  let down = true;
  await context.route('**/remotes/crm/remoteEntry.js', (route) => (down ? route.abort() : route.continue()));
  await signIn(page, baseUrl, demoEmail('admin'));
  await page.goto(`${baseUrl}/clientes`);
  await page.getByRole('button', { name: 'Tentar novamente' }).waitFor();
  down = false;
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await page.getByRole('button', { name: 'Novo cliente' }).waitFor();
});

test('the app shell opens offline after the first visit', async ({ context, page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('admin'));
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Reload once so the page is controlled by the worker and every file goes through its caches.
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.goto(`${baseUrl}/pedidos-de-compras`);
  await page.getByText('Em construção').waitFor();
  await page.goto(`${baseUrl}/inicio`);
  await page.getByRole('heading', { name: /Olá/ }).waitFor();
  await context.setOffline(true);
  await page.reload();
  await userMenu(page).waitFor();
  await page.getByRole('heading', { name: /Olá/ }).waitFor();
  await context.setOffline(false);
});

test('PWA: manifest and service worker at the root scope', async ({ page, baseUrl }) => {
  const manifest = (await (await fetch(`${baseUrl}/manifest.webmanifest`)).json()) as { scope: string; icons: Array<{ sizes: string }> };
  expect(manifest.scope).toBe('/');
  expect(manifest.icons.some((i) => i.sizes === '512x512')).toBe(true);
  await page.goto(`${baseUrl}/`);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${baseUrl}/`);
  const latest = (await (await fetch(`${baseUrl}/builds/latest.json?${Date.now()}`)).json()) as { id?: string };
  expect(latest.id).toBeTruthy();
});
