import { readFile } from 'node:fs/promises';
import { demoEmail, expect, expectPath, signIn, test } from '../support/fixtures';

test('a financial manager reads sales per catalog item with the top ten and the monthly trend', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('financial-manager'), undefined, '/vendas-produtos');
  await expect(page.getByRole('heading', { name: 'Vendas por produto', level: 1 })).toBeVisible();
  // The demo's confirmed sales: the botulinum toxin sells most.
  const table = page.getByRole('table', { name: 'Vendas por produto' });
  const toxin = table.getByRole('row').filter({ hasText: 'TOXINA-BOT' });
  await expect(toxin).toContainText('Procedimento');
  await expect(toxin).toContainText(/R\$ [\d.]+,\d{2}/);
  await expect(table.getByRole('row').last()).toContainText(/^Total/);
  // The charts' figures, as screen readers read them.
  await expect(page.getByRole('figure', { name: 'Os 10 itens mais vendidos (líquido)' })).toContainText('TOXINA-BOT');
  await expect(page.getByRole('figure', { name: 'Líquido por mês' })).toContainText(/\d{2}\/\d{4}/);

  // One kind at a time, asked of the server.
  await page.getByLabel('Tipo').selectOption('produto');
  await expect(table.getByRole('row').filter({ hasText: 'TOXINA-BOT' })).toHaveCount(0);
  await page.getByLabel('Tipo').selectOption('');
  await expect(table.getByRole('row').filter({ hasText: 'TOXINA-BOT' })).toHaveCount(1);
  // The export has the table's rows and the same filters.
  await page.getByLabel('Tipo').selectOption('procedimento');
  await expect(table.getByRole('row').filter({ hasText: 'CREME' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Exportar' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^vendas-por-produto-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(lines[0]).toBe('SKU;Item;Tipo;Quantidade;Bruto;Descontos;Desconto médio;Líquido;Recebido;Cancelado');
  expect(lines.slice(1).length).toBe((await table.getByRole('row').count()) - 2);
  expect(lines.find((l) => l.startsWith('TOXINA-BOT;'))).toContain(';Procedimento;');
  expect(lines.every((l, i) => i === 0 || l.includes(';Procedimento;'))).toBe(true);
  await page.getByLabel('Tipo').selectOption('');
  // A unit counts its teams' sales: the demo's teams belong to no unit.
  const unitOptions = await page.getByLabel('Unidade').locator('option').allTextContents();
  await page.getByLabel('Unidade').selectOption({ label: unitOptions[1] });
  await expect(page.getByText('Nenhuma venda no período.')).toBeVisible();
  await page.getByLabel('Unidade').selectOption('');
  await expect(table.getByRole('row').filter({ hasText: 'TOXINA-BOT' })).toHaveCount(1);
  // A period without sales.
  await page.getByLabel('De', { exact: true }).fill('2020-01-01');
  await page.getByLabel('Até', { exact: true }).fill('2020-01-31');
  await expect(page.getByText('Nenhuma venda no período.')).toBeVisible();
});

test('a salesperson is sent to her own sales', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('salesperson'), undefined, '/vendas-produtos');
  await expectPath(page, '/minhas-vendas');
});
