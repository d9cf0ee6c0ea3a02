import { demoEmail, expect, expectPath, signIn, test } from '../support/fixtures';

test('a stock manager creates a material, posts an entrada avulsa and sees the running balance', async ({ page, baseUrl }) => {
  const sku = `E2E-${Date.now()}`;
  await signIn(page, baseUrl, demoEmail('stock-manager'), undefined, '/estoque/cadastro-materiais');
  await expect(page.getByRole('heading', { name: 'Cadastro de materiais', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Novo material' }).click();
  const form = page.getByRole('dialog', { name: 'Novo material' });
  await form.getByLabel('SKU *').fill(sku.toLowerCase());
  await form.getByLabel('Nome *').fill('Luva nitrílica E2E');
  await form.getByLabel('GTIN (código de barras)').fill('7891000315508');
  await form.getByLabel('Controla validade (implica lote)').uncheck();
  await form.getByRole('button', { name: 'Cadastrar material' }).click();
  // The server refuses a wrong check digit, naming the field.
  await expect(form.getByText(/GTIN inválido/).first()).toBeVisible();
  await form.getByLabel('GTIN (código de barras)').fill('7891000315507');
  await form.getByRole('button', { name: 'Cadastrar material' }).click();
  await expect(form).toBeHidden();
  await page.getByLabel('Buscar').fill(sku);
  await expect(page.getByRole('table', { name: 'Materiais' })).toContainText(sku);

  await page.goto(`${baseUrl}/estoque/movimentacao-estoque`);
  await expect(page.getByRole('heading', { name: 'Movimentação de Estoque', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Entrada avulsa' }).click();
  const entry = page.getByRole('dialog', { name: 'Entrada avulsa' });
  await entry.getByLabel('Material *').fill(sku);
  await page.getByRole('listbox').getByRole('option', { name: new RegExp(sku) }).click();
  await entry.getByLabel('Local *').click();
  await page.getByRole('listbox').getByRole('option', { name: 'Depósito central' }).click();
  await entry.getByLabel(/Quantidade/).fill('12,5');
  await entry.getByLabel('Custo unitário (R$)').fill('2,60');
  await entry.getByLabel('Motivo *').fill('curto');
  await entry.getByRole('button', { name: 'Lançar' }).click();
  await expect(entry.getByText('Informe o motivo (de 10 a 500 caracteres).').first()).toBeVisible();
  await entry.getByLabel('Motivo *').fill('Bonificação do fornecedor no teste');
  await entry.getByRole('button', { name: 'Lançar' }).click();
  await expect(entry).toBeHidden();

  await page.getByLabel('Buscar material').fill(sku);
  await page.getByLabel('Material', { exact: true }).selectOption({ label: `${sku} — Luva nitrílica E2E` });
  await page.getByLabel('Local', { exact: true }).selectOption({ label: 'Depósito central' });
  await expect(page.getByRole('status')).toContainText('12,5 UN em Depósito central');
  const table = page.getByRole('table', { name: 'Movimentações' });
  await expect(table).toContainText('Entrada avulsa');
  await expect(table).toContainText('R$ 2,60');
});

test('a clinic user cannot reach the stock pages', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('clinic-staff'), undefined, '/estoque/movimentacao-estoque');
  await expectPath(page, '/inicio');
  await page.goto(`${baseUrl}/estoque/cadastro-materiais`);
  await expectPath(page, '/inicio');
  await expect(page.getByRole('heading', { name: 'Cadastro de materiais' })).toHaveCount(0);
});
