import { demoEmail, expect, signIn, test } from '../support/fixtures';

/**
 * `/estoque/inventario`: a stock manager starts a blind count of one material at Clínica Campinas (TOU-001, 50 UN in
 * the demo), a stock keeper counts it in the browser — online, then offline (the browser context cut from the
 * network, the entry kept on the device) and synced when back online —, and the manager, who counted nothing,
 * closes, approves and posts the adjustment.
 */
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
