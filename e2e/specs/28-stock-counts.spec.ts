import type { Browser, Page } from '@playwright/test';
import { gtin13, launchWithBarcodeCamera } from '../support/barcode';
import { apiToken, demoEmail, expect, signIn, test } from '../support/fixtures';
import { createUser, type TestUser } from '../support/users';

/** The manager's "Novo inventário" of one material at Clínica Campinas, started: the count's path (`?id=`). */
async function startCount(manager: Page, sku: string): Promise<string> {
  await expect(manager.getByRole('heading', { name: 'Inventário', level: 1 })).toBeVisible();
  await manager.getByRole('button', { name: 'Novo inventário' }).click();
  const dialog = manager.getByRole('dialog', { name: 'Novo inventário' });
  await dialog.getByLabel('Local').selectOption({ label: 'Clínica Campinas' });
  await dialog.getByRole('combobox', { name: 'Materiais' }).fill(sku);
  await manager.getByRole('option', { name: new RegExp(sku) }).click();
  await manager.keyboard.press('Tab');
  await expect(manager.getByRole('option', { name: new RegExp(sku) })).toBeHidden();
  await dialog.getByRole('button', { name: 'Criar inventário' }).click();
  await expect(dialog).toBeHidden();
  await expect(manager.locator('[aria-label="Situação"]')).toHaveText('Rascunho');
  await manager.getByRole('button', { name: 'Iniciar' }).click();
  await expect(manager.locator('[aria-label="Situação"]')).toHaveText('Em contagem');
  const url = new URL(manager.url());
  return url.pathname + url.search;
}

/** A counter (a demo user's name, or a test user) signed in on the count's page in a context of their own (their own device and IndexedDB). */
async function counterOn(browser: Browser, baseUrl: string, who: string | TestUser, countPath: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (typeof who === 'string') await signIn(page, baseUrl, demoEmail(who), undefined, countPath);
  else await signIn(page, baseUrl, who.email, who.password, countPath);
  return { context, page, entry: page.getByRole('form', { name: 'Lançar contagem' }), lines: page.getByRole('table', { name: 'Linhas do inventário' }), status: page.getByLabel('Pendentes de envio') };
}

/** Types an entry (SET unless `add`) on the count page and sends it. */
async function count(page: Page, code: string, qty: string, add = false): Promise<void> {
  const entry = page.getByRole('form', { name: 'Lançar contagem' });
  await entry.getByLabel('SKU, GTIN ou lote').fill(code);
  await entry.getByLabel('Quantidade').fill(qty);
  if (add) await page.getByText('Somar').click();
  await entry.getByRole('button', { name: 'Lançar' }).click();
}

test('a count is started, counted online and offline, approved by another user and posted', async ({ browser, baseUrl }) => {
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signIn(manager, baseUrl, demoEmail('stock-manager'), undefined, '/estoque/inventario');
  await expect(manager.getByRole('heading', { name: 'Inventário', level: 1 })).toBeVisible();
  // The demo's count of Clínica Centro is in progress.
  await expect(manager.getByRole('table', { name: 'Inventários' })).toContainText('Clínica Centro');
  await manager.getByRole('button', { name: 'Novo inventário' }).click();
  const dialog = manager.getByRole('dialog', { name: 'Novo inventário' });
  await dialog.getByLabel('Local').selectOption({ label: 'Clínica Campinas' });
  await dialog.getByRole('combobox', { name: 'Materiais' }).fill('TOU-001');
  await manager.getByRole('option', { name: /TOU-001/ }).click();
  await manager.keyboard.press('Tab');
  await expect(manager.getByRole('option', { name: /TOU-001/ })).toBeHidden();
  await dialog.getByRole('button', { name: 'Criar inventário' }).click();
  await expect(dialog).toBeHidden();
  await expect(manager.locator('[aria-label="Situação"]')).toHaveText('Rascunho');
  await manager.getByRole('button', { name: 'Iniciar' }).click();
  await expect(manager.locator('[aria-label="Situação"]')).toHaveText('Em contagem');
  const countUrl = manager.url();

  // The keeper counts 47 online: a blind count shows no expected quantity.
  const keeperContext = await browser.newContext();
  const keeper = await keeperContext.newPage();
  await signIn(keeper, baseUrl, demoEmail('stock-keeper'), undefined, new URL(countUrl).pathname + new URL(countUrl).search);
  const entry = keeper.getByRole('form', { name: 'Lançar contagem' });
  await entry.getByLabel('SKU, GTIN ou lote').fill('TOU-001');
  await entry.getByLabel('Quantidade').fill('47');
  await entry.getByRole('button', { name: 'Lançar' }).click();
  await expect(keeper.getByLabel('Pendentes de envio')).toHaveText('Tudo sincronizado');
  const lines = keeper.getByRole('table', { name: 'Linhas do inventário' });
  await expect(lines).toContainText('47 UN');
  await expect(lines).not.toContainText('Esperado');

  // Offline: the sheets on the device, 2 more found on a second shelf, kept until back online.
  await keeper.getByRole('button', { name: 'Baixar folhas para contagem offline' }).click();
  await expect(keeper.getByText(/linha\(s\) neste dispositivo/)).toBeVisible();
  await keeperContext.setOffline(true);
  await entry.getByLabel('SKU, GTIN ou lote').fill('TOU-001');
  await entry.getByLabel('Quantidade').fill('2');
  await keeper.getByText('Somar').click();
  await entry.getByRole('button', { name: 'Lançar' }).click();
  await expect(keeper.getByLabel('Pendentes de envio')).toHaveText('1 lançamento(s) pendente(s) no dispositivo');
  // Back online, the page syncs by itself (the 'online' event).
  await keeperContext.setOffline(false);
  await expect(keeper.getByLabel('Pendentes de envio')).toHaveText('Tudo sincronizado');
  await expect(lines).toContainText('49 UN');

  // The manager, who counted nothing, closes, approves and posts: 1 UN short becomes an adjustment.
  await manager.reload();
  await manager.getByRole('button', { name: 'Encerrar contagem' }).click();
  await expect(manager.locator('[aria-label="Situação"]')).toHaveText('Aguardando aprovação');
  await expect(manager.getByRole('table', { name: 'Linhas do inventário' })).toContainText('-1');
  await manager.getByRole('button', { name: 'Aprovar' }).click();
  await expect(manager.locator('[aria-label="Situação"]')).toHaveText('Aprovado');
  await manager.getByRole('button', { name: 'Lançar ajustes' }).click();
  await expect(manager.locator('[aria-label="Situação"]')).toHaveText('Lançado');
  await managerContext.close();
  await keeperContext.close();
});

test('a stock keeper cannot start or approve a count', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('stock-keeper'), undefined, '/estoque/inventario');
  await expect(page.getByRole('heading', { name: 'Inventário', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Novo inventário' })).toHaveCount(0);
});

/**
 * §5(b) rule 3: two counters end with different values on a line (the second counted offline and synced later) →
 * CONFLITO, neither value wins (no last-write-wins between people); closing sends the line to the recount queue,
 * where the two who counted it are refused and a third person counts it blind; then the approval. The three
 * counters are stock keepers (blind: no expected quantities); the demo has one, the other two are made here.
 */
test('two counters disagree on a line: conflict, blind recount by a third person, approval', async ({ browser, baseUrl }) => {
  test.setTimeout(150_000);
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signIn(manager, baseUrl, demoEmail('stock-manager'), undefined, '/estoque/inventario');
  const countPath = await startCount(manager, 'TOU-002');

  // The keeper counts 50 online.
  const keeper = await counterOn(browser, baseUrl, 'stock-keeper', countPath);
  await count(keeper.page, 'TOU-002', '50');
  await expect(keeper.status).toHaveText('Tudo sincronizado');
  await expect(keeper.lines).toContainText('50 UN');

  // A second keeper counts 48 offline, after the first; back online, the sync meets the first keeper's value.
  const second = await counterOn(browser, baseUrl, await createUser(baseUrl, 'STOCK_KEEPER', 'Estoquista B'), countPath);
  await expect(second.lines).not.toContainText('Esperado');
  await second.page.getByRole('button', { name: 'Baixar folhas para contagem offline' }).click();
  await expect(second.page.getByText(/linha\(s\) neste dispositivo/)).toBeVisible();
  await second.context.setOffline(true);
  await count(second.page, 'TOU-002', '48');
  await expect(second.status).toHaveText('1 lançamento(s) pendente(s) no dispositivo');
  await second.context.setOffline(false);
  await expect(second.status).toHaveText('Tudo sincronizado');
  const conflict = second.page.getByRole('alert').filter({ hasText: 'Conflito com outra contagem' });
  await expect(conflict).toContainText('TOU-002');
  await expect(conflict).toContainText('terceira pessoa');
  // Neither value stands: the line shows the conflict and no counted quantity (the later 48 did not win).
  await expect(second.lines).toContainText('Conflito');
  await expect(second.lines).not.toContainText('48 UN');
  await expect(second.lines).not.toContainText('50 UN');
  await expect(second.page.getByRole('status').filter({ hasText: 'Conflitos e recontagem' })).toContainText('1 linha(s) em conflito');
  await keeper.page.reload();
  await expect(keeper.lines).toContainText('Conflito');
  await expect(keeper.lines).not.toContainText('50 UN');

  // Closing sends the line to the recount queue (round 2).
  await manager.reload();
  await expect(manager.getByRole('status').filter({ hasText: 'Conflitos e recontagem' })).toContainText('1 linha(s) em conflito');
  await manager.getByRole('button', { name: 'Encerrar contagem' }).click();
  await expect(manager.locator('[aria-label="Situação"]')).toHaveText('Em recontagem');
  const queue = manager.getByRole('status').filter({ hasText: 'Conflitos e recontagem' });
  await expect(queue).toContainText('1 aguardando recontagem');
  await queue.getByRole('button', { name: 'Ver fila de recontagem' }).click();
  const managerLines = manager.getByRole('table', { name: 'Linhas do inventário' });
  await expect(managerLines.getByRole('row').filter({ hasText: 'TOU-002' })).toContainText('Recontar');

  // The keeper, who counted it, may not recount it: refused and kept under "Não sincronizadas".
  await keeper.page.reload();
  await count(keeper.page, 'TOU-002', '45');
  const notSynced = keeper.page.getByRole('alert').filter({ hasText: 'Não sincronizadas' });
  await expect(notSynced).toContainText('A recontagem deve ser feita por outra pessoa.');
  await expect(keeper.status).toHaveText('Tudo sincronizado');

  // A third person recounts, blind: 49 stands.
  const third = await counterOn(browser, baseUrl, await createUser(baseUrl, 'STOCK_KEEPER', 'Estoquista C'), countPath);
  await expect(third.lines).not.toContainText('Esperado');
  await count(third.page, 'TOU-002', '49');
  await expect(third.status).toHaveText('Tudo sincronizado');
  await expect(third.lines).toContainText('49 UN');
  await expect(third.page.getByRole('alert').filter({ hasText: 'Conflito com outra contagem' })).toHaveCount(0);

  // The manager, who counted nothing, closes, approves and posts the 1 UN short.
  await manager.reload();
  await manager.getByRole('button', { name: 'Encerrar contagem' }).click();
  await expect(manager.locator('[aria-label="Situação"]')).toHaveText('Aguardando aprovação');
  await expect(manager.getByRole('table', { name: 'Linhas do inventário' })).toContainText('-1');
  await manager.getByRole('button', { name: 'Aprovar' }).click();
  await expect(manager.locator('[aria-label="Situação"]')).toHaveText('Aprovado');
  await manager.getByRole('button', { name: 'Lançar ajustes' }).click();
  await expect(manager.locator('[aria-label="Situação"]')).toHaveText('Lançado');
  for (const context of [managerContext, keeper.context, second.context, third.context]) await context.close();
});

/** Gives the demo material a GTIN (when it has none) through the API; returns the material's GTIN. */
async function ensureGtin(baseUrl: string, sku: string, fallback: string): Promise<string> {
  const token = await apiToken(baseUrl, demoEmail('stock-manager'));
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const found = (await (await fetch(`${baseUrl}/api/v1/stock/materials?q=${sku}&page_size=5`, { headers })).json()) as { items: Array<Record<string, unknown> & { id: string; sku: string; gtin?: string }> };
  const material = found.items.find((m) => m.sku === sku);
  if (!material) throw new Error(`material ${sku} não encontrado`);
  if (material.gtin && /^\d{13}$/.test(material.gtin)) return material.gtin;
  const fields = ['sku', 'name', 'kind', 'category_id', 'base_uom', 'tracks_lot', 'tracks_expiry', 'expiry_alert_days', 'ncm', 'lead_time_days', 'min_order_qty_milli', 'active'];
  const body = Object.fromEntries(fields.filter((f) => material[f] !== undefined).map((f) => [f, material[f]]));
  const response = await fetch(`${baseUrl}/api/v1/stock/materials/${material.id}`, { method: 'PUT', headers, body: JSON.stringify({ ...body, gtin: fallback }) });
  if (!response.ok) throw new Error(`GTIN de ${sku}: ${response.status} ${await response.text()}`);
  return fallback;
}

/**
 * The installed app with no network: the keeper downloads the sheets (the service worker keeps the page and the
 * remote's files), the context goes offline, the count page is reloaded and opens from the caches with the sheet
 * from IndexedDB; the camera (Chromium's fake device playing an EAN-13 drawn from the material's GTIN) selects the
 * line, the entry waits on the device and is synced when the network is back.
 */
test('the count page opens offline after the download, and the camera reads the GTIN', async ({ browser, baseUrl }, testInfo) => {
  test.setTimeout(120_000);
  const gtin = await ensureGtin(baseUrl, 'TOU-003', gtin13('789000000003'));
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signIn(manager, baseUrl, demoEmail('stock-manager'), undefined, '/estoque/inventario');
  const countPath = await startCount(manager, 'TOU-003');

  const cameraBrowser = await launchWithBarcodeCamera(testInfo, gtin);
  const keeper = await counterOn(cameraBrowser, baseUrl, 'stock-keeper', countPath);
  await keeper.page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await keeper.page.getByRole('button', { name: 'Baixar folhas para contagem offline' }).click();
  await expect(keeper.page.getByText('No app instalado, esta página também abre sem rede.')).toBeVisible({ timeout: 30_000 });

  await keeper.context.setOffline(true);
  await keeper.page.reload();
  await expect(keeper.page.getByRole('status', { name: 'Sem conexão' })).toContainText('baixados neste dispositivo');
  const downloaded = keeper.page.getByRole('table', { name: 'Linhas baixadas' });
  await expect(downloaded.getByRole('row').filter({ hasText: 'TOU-003' })).toContainText(gtin);
  // An address never opened online (the list) still opens offline: the worker falls back to the cached page.
  await keeper.page.goto(`${baseUrl}/estoque/inventario`);
  await expect(keeper.page.getByRole('heading', { name: 'Inventário', level: 1 })).toBeVisible();
  await keeper.page.goto(`${baseUrl}${countPath}`);
  await expect(keeper.page.getByRole('status', { name: 'Sem conexão' })).toBeVisible();

  await keeper.entry.getByRole('button', { name: 'Ler código de barras' }).click();
  const camera = keeper.page.getByRole('dialog', { name: 'Ler código de barras' });
  // The frame is read at once and the dialog closes; Chromium on Linux has no BarcodeDetector, so ZXing read it.
  await expect(camera).toBeHidden({ timeout: 20_000 });
  await expect(keeper.entry.getByLabel('SKU, GTIN ou lote')).toHaveValue(gtin);
  const read = keeper.entry.getByLabel('Linha lida');
  await expect(read).toContainText('TOU-003');
  await expect(read).toContainText(/\((ZXing|leitor do navegador)\)/);
  if (!(await keeper.page.evaluate(() => 'BarcodeDetector' in window))) await expect(read).toContainText('(ZXing)');
  await keeper.entry.getByLabel('Quantidade').fill('50');
  await keeper.entry.getByRole('button', { name: 'Lançar' }).click();
  await expect(keeper.status).toHaveText('1 lançamento(s) pendente(s) no dispositivo');

  await keeper.context.setOffline(false);
  await expect(keeper.status).toHaveText('Tudo sincronizado');
  await expect(keeper.lines).toContainText('50 UN');
  await keeper.context.close();
  await cameraBrowser.close();
  await managerContext.close();
});
