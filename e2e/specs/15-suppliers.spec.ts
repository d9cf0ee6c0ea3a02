import type { Page } from '@playwright/test';
import { demoEmail, expect, expectPath, signIn, test } from '../support/fixtures';

/** A valid CNPJ (numeric) made from 12 random digits, so every run and test has its own. */
function newCnpj(): string {
  const base = Array.from({ length: 12 }, () => Math.floor(Math.random() * 10));
  const digit = (numbers: number[]) => {
    const weights = numbers.map((_, i) => [2, 3, 4, 5, 6, 7, 8, 9][(numbers.length - 1 - i) % 8] ?? 0);
    const rest = numbers.reduce((sum, n, i) => sum + n * (weights[i] ?? 0), 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = digit(base);
  const second = digit([...base, first]);
  return [...base, first, second].join('');
}

/** "11222333000181" → "11.222.333/0001-81" */
const formatted = (cnpj: string) => `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;

async function createSupplier(page: Page, name: string, cnpj: string) {
  await page.getByRole('button', { name: 'Novo fornecedor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo fornecedor' });
  await dialog.getByLabel('CPF ou CNPJ *').fill(cnpj);
  await dialog.getByLabel('Nome ou razão social *').fill(name);
  await dialog.getByRole('button', { name: 'Cadastrar' }).click();
  return dialog;
}

test('an assistant adds a supplier and its bank account, which waits for a manager; the manager confirms it', async ({ page, browser, baseUrl }) => {
  const name = `Laboratório Teste ${Date.now()}`;
  const cnpj = newCnpj();
  await signIn(page, baseUrl, demoEmail('financial-assistant'), undefined, '/fornecedores');
  await expect(page.getByRole('heading', { name: 'Fornecedores', level: 1 })).toBeVisible();
  const dialog = await createSupplier(page, name, cnpj);
  await expect(dialog).toBeHidden();
  // The new supplier's panel, at its own address.
  await expect(page).toHaveURL(/[?&]id=/);
  const panel = page.getByRole('dialog', { name });
  await expect(panel.getByText(formatted(cnpj))).toBeVisible();

  await panel.getByRole('tab', { name: 'Dados bancários' }).click();
  await panel.getByRole('button', { name: 'Incluir conta' }).click();
  const account = page.getByRole('dialog', { name: 'Incluir conta bancária' });
  await account.getByLabel('Banco *', { exact: true }).fill('341');
  await account.getByLabel('Agência *', { exact: true }).fill('1234');
  await account.getByLabel('Conta *', { exact: true }).fill('56789');
  await account.getByLabel('Dígito da conta *', { exact: true }).fill('0');
  await expect(account.getByText('pendente de confirmação de um gestor')).toBeVisible();
  await account.getByRole('button', { name: 'Incluir' }).click();
  await expect(account).toBeHidden();
  await expect(panel.getByText('Pendente de confirmação').first()).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Confirmar dados bancários' })).toHaveCount(0);

  // The manager finds it among the pending ones and confirms it.
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signIn(manager, baseUrl, demoEmail('financial-manager'), undefined, '/fornecedores?pending=true');
  const list = manager.getByRole('table', { name: 'Fornecedores' });
  await list.getByRole('link', { name }).click();
  const managerPanel = manager.getByRole('dialog', { name });
  await managerPanel.getByRole('tab', { name: 'Dados bancários' }).click();
  await managerPanel.getByRole('button', { name: 'Confirmar dados bancários' }).click();
  await manager.getByRole('dialog', { name: 'Confirmar dados bancários' }).getByRole('button', { name: 'Confirmar dados' }).click();
  await expect(managerPanel.getByText('Confirmada', { exact: true })).toBeVisible();
  await expect(managerPanel.getByText('Dados bancários pendentes')).toHaveCount(0);
  await managerPanel.getByRole('tab', { name: 'Histórico' }).click();
  await expect(managerPanel.getByText('Dados bancários confirmados')).toBeVisible();
  await managerContext.close();
});

test('a duplicate document is refused naming the supplier that has it', async ({ page, baseUrl }) => {
  const cnpj = newCnpj();
  const first = `Distribuidora Original ${Date.now()}`;
  await signIn(page, baseUrl, demoEmail('financial-manager'), undefined, '/fornecedores');
  await expect(await createSupplier(page, first, cnpj)).toBeHidden();
  await page.getByRole('dialog', { name: first }).getByRole('button', { name: 'Fechar' }).click();
  const again = await createSupplier(page, 'Outra Distribuidora', cnpj);
  await expect(again.getByText(`Já existe um fornecedor com este CPF/CNPJ: ${first}`).first()).toBeVisible();
  await expect(again).toBeVisible();
});

test('purchasing reads and adds suppliers without seeing bank data; a salesperson is sent to /inicio', async ({ page, browser, baseUrl }) => {
  const name = `Compras Teste ${Date.now()}`;
  await signIn(page, baseUrl, demoEmail('purchasing-assistant'), undefined, '/fornecedores');
  await expect(await createSupplier(page, name, newCnpj())).toBeHidden();
  const panel = page.getByRole('dialog', { name });
  await expect(panel.getByRole('tab', { name: 'Dados' })).toBeVisible();
  await expect(panel.getByRole('tab', { name: 'Dados bancários' })).toHaveCount(0);

  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await signIn(seller, baseUrl, demoEmail('salesperson'), undefined, '/fornecedores');
  await expectPath(seller, '/inicio');
  await sellerContext.close();
});
