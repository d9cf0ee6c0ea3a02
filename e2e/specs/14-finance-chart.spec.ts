import { demoEmail, expect, expectPath, signIn, test } from '../support/fixtures';

const PAGE = '/backoffice/financeiro/planos-de-conta';

test('a financial manager grows the chart: a child account, then a CSV refused whole and accepted once fixed', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('financial-manager'), undefined, PAGE);
  await expect(page.getByRole('heading', { name: 'Planos de conta' })).toBeVisible();
  // The demo data's starter chart.
  const table = page.getByRole('table', { name: 'Plano de contas' });
  await expect(table.getByTestId('conta-5')).toContainText('Despesas administrativas');

  await page.getByRole('button', { name: 'Adicionar conta em 5', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Código *')).toHaveValue('5.7');
  await dialog.getByLabel('Nome *').fill('Material de escritório');
  await dialog.getByRole('button', { name: 'Criar conta' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByTestId('conta-5.7')).toContainText('Material de escritório');
  await expect(table.getByTestId('conta-5.7')).toContainText('Despesa');

  await page.getByRole('button', { name: 'Importar CSV' }).click();
  const importDialog = page.getByRole('dialog');
  const upload = (csv: string) => importDialog.getByLabel('Arquivo CSV').setInputFiles({ name: 'plano.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await upload('código;nome;natureza;tipo\n9;Outras receitas;Receita;Sintética\n9.1;Doações;Despesa;Analítica\n9.2;;;Analítica\n');
  await importDialog.getByRole('button', { name: 'Importar' }).click();
  await expect(importDialog.getByRole('alert')).toContainText('2 problemas');
  await expect(importDialog.getByRole('alert')).toContainText('Linha 3, natureza');
  await expect(importDialog.getByRole('alert')).toContainText('Linha 4, nome');
  await expect(table.getByTestId('conta-9')).toHaveCount(0);

  await upload('código;nome;natureza;tipo\n9;Outras receitas;Receita;Sintética\n9.1;Doações;;Analítica\n9.2;Patrocínios;;Analítica\n');
  await importDialog.getByRole('button', { name: 'Importar' }).click();
  await expect(importDialog).toBeHidden();
  await expect(table.getByTestId('conta-9.2')).toContainText('Patrocínios');
  await expect(table.getByTestId('conta-9')).toContainText('2 contas');
});

test('a financial assistant reads the chart without editing it; a salesperson is sent to /inicio', async ({ page, browser, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('financial-assistant'), undefined, PAGE);
  await expect(page.getByRole('table', { name: 'Plano de contas' }).getByTestId('conta-1')).toContainText('Receitas');
  await expect(page.getByRole('button', { name: 'Nova conta' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Editar / })).toHaveCount(0);

  const other = await browser.newContext();
  const salesperson = await other.newPage();
  await signIn(salesperson, baseUrl, demoEmail('salesperson'), undefined, PAGE);
  await expectPath(salesperson, '/inicio');
  await other.close();
});

test('cost centres: a financial manager adds one, a duplicate code is refused on its field, and deactivates it', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('financial-manager'), undefined, PAGE);
  await page.getByRole('tab', { name: 'Centros de custo' }).click();
  const table = page.getByRole('table', { name: 'Centros de custo' });
  await expect(table.getByTestId('centro-ADM')).toContainText('Administração central');

  await page.getByRole('button', { name: 'Novo centro de custo' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Código *').fill('cli-01');
  await dialog.getByLabel('Nome *').fill('Outra clínica');
  await dialog.getByRole('button', { name: 'Criar centro de custo' }).click();
  await expect(dialog.getByText('O código CLI-01 já está em uso.')).toBeVisible();
  await dialog.getByLabel('Código *').fill('cli-04');
  await dialog.getByRole('button', { name: 'Criar centro de custo' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByTestId('centro-CLI-04')).toContainText('Outra clínica');

  await page.getByRole('button', { name: 'Desativar CLI-04' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Desativar' }).click();
  await expect(table.getByTestId('centro-CLI-04')).toContainText('Inativo');
});

test('bank accounts: a financial manager adds one of the seven banks with its opening balance', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('financial-manager'), undefined, PAGE);
  await page.getByRole('tab', { name: 'Contas bancárias e convênios' }).click();
  const table = page.getByRole('table', { name: 'Contas bancárias' });
  await expect(table.getByTestId('conta-bancaria-45678')).toContainText('Itaú Operacional');

  await page.getByRole('button', { name: 'Nova conta bancária' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Apelido *').fill('Santander Reserva');
  await dialog.getByLabel('Banco *').selectOption('033');
  await dialog.getByLabel('Agência *').fill('2271');
  await dialog.getByLabel('Conta *', { exact: true }).fill('13005544');
  await dialog.getByLabel('Dígito da conta *').fill('7');
  await dialog.getByLabel('Saldo inicial', { exact: true }).fill('1.234,56');
  await dialog.getByLabel('Data do saldo inicial *').fill('01/02/2026');
  await dialog.getByRole('button', { name: 'Criar conta' }).click();
  await expect(dialog).toBeHidden();
  const row = table.getByTestId('conta-bancaria-13005544');
  await expect(row).toContainText('Santander Reserva');
  await expect(row).toContainText('033');
  await expect(row).toContainText('R$ 1.234,56');
  await expect(row).toContainText('01/02/2026');
});

test('parameters: the super administrator sets the alçada; a financial manager only reads it', async ({ page, browser, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('super-admin'), undefined, PAGE);
  await page.getByRole('tab', { name: 'Parâmetros' }).click();
  await expect(page.getByTestId('alcada')).toHaveText('R$ 5.000,00');
  await page.getByLabel('Nova alçada *').fill('12.500,00');
  await page.getByRole('button', { name: 'Salvar alçada' }).click();
  await expect(page.getByTestId('alcada')).toHaveText('R$ 12.500,00');

  const other = await browser.newContext();
  const manager = await other.newPage();
  await signIn(manager, baseUrl, demoEmail('financial-manager'), undefined, PAGE);
  await manager.getByRole('tab', { name: 'Parâmetros' }).click();
  await expect(manager.getByTestId('alcada')).toHaveText('R$ 12.500,00');
  await expect(manager.getByText('Só o super administrador altera a alçada.')).toBeVisible();
  await other.close();
});
