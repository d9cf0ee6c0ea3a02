import { demoEmail, expect, expectPath, signIn, test } from '../support/fixtures';

test('an administrator creates a catalog item (422 shown on the field) and a salesperson reads it without editing', async ({ page, browser, baseUrl }) => {
  const sku = `E2E-CAT-${Date.now()}`;
  await signIn(page, baseUrl, demoEmail('admin'), undefined, '/backoffice/vendas/catalogo');
  await expect(page.getByRole('heading', { name: 'Catálogo de vendas', level: 1 })).toBeVisible();
  // The demo catalog is there, money as R$ 1.234,56.
  await page.getByLabel('Buscar').fill('TOXINA-BOT');
  await expect(page.getByRole('table', { name: 'Itens do catálogo' })).toContainText('R$ 1.500,00');
  await page.getByLabel('Buscar').fill('');

  await page.getByRole('button', { name: 'Novo item' }).click();
  const drawer = page.getByRole('dialog', { name: 'Novo item do catálogo' });
  await drawer.getByLabel('SKU *').fill(sku.toLowerCase());
  await drawer.getByLabel('Nome *').fill('Hidratação labial E2E');
  await drawer.getByLabel('Categoria').fill('Facial');
  await drawer.getByLabel('Preço de tabela *').fill('1.234,56');
  await drawer.getByLabel('Desconto máximo').fill('15');
  // A plan is always recurring: without its cycle the server refuses it, naming the field.
  await drawer.getByLabel('Tipo *').selectOption('plano');
  await drawer.getByRole('button', { name: 'Cadastrar item' }).click();
  await expect(drawer.getByText('Informe o ciclo: mensal, trimestral ou anual.').first()).toBeVisible();
  await drawer.getByLabel('Tipo *').selectOption('procedimento');
  await drawer.getByLabel('Código do procedimento').fill('hidrat-labial');
  await drawer.getByRole('button', { name: 'Cadastrar item' }).click();
  await expect(drawer).toBeHidden();
  await page.getByLabel('Buscar').fill(sku);
  const table = page.getByRole('table', { name: 'Itens do catálogo' });
  const row = table.getByRole('row', { name: new RegExp(sku) });
  await expect(row).toContainText('R$ 1.234,56');
  await expect(row).toContainText('Procedimento');
  await expect(row).toContainText('15%');

  // A salesperson reads the same item: no "Novo item", no form, every field shown read-only.
  const seller = await browser.newContext();
  const sellerPage = await seller.newPage();
  await signIn(sellerPage, baseUrl, demoEmail('salesperson'), undefined, '/backoffice/vendas/catalogo');
  await expect(sellerPage.getByRole('heading', { name: 'Catálogo de vendas', level: 1 })).toBeVisible();
  await expect(sellerPage.getByRole('button', { name: 'Novo item' })).toHaveCount(0);
  await sellerPage.getByLabel('Buscar').fill(sku);
  await sellerPage.getByRole('button', { name: `Abrir ${sku}` }).click();
  const details = sellerPage.getByRole('dialog', { name: `${sku} — Hidratação labial E2E` });
  await expect(details.getByRole('table', { name: 'Dados do item' })).toContainText('HIDRAT-LABIAL');
  await expect(details.getByRole('table', { name: 'Dados do item' })).toContainText('R$ 1.234,56');
  await expect(details.getByRole('status')).toContainText('R$ 1.234,56 (preço de tabela)');
  await expect(details.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
  await expect(details.getByRole('textbox')).toHaveCount(0);
  await seller.close();
});

test('roles without the catalog are sent back to the start page', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('stock-keeper'), undefined, '/backoffice/vendas/catalogo');
  await expectPath(page, '/inicio');
  await expect(page.getByRole('heading', { name: 'Catálogo de vendas' })).toHaveCount(0);
});
