/** Steps the finance specs share: a título through /recebimentos, a convênio through the registers page. */
import type { Browser, Page } from '@playwright/test';
import { demoEmail, expect, signIn } from './fixtures';

/** Launches a título through /recebimentos (the page must be open) and returns its number (from the confirmation). */
export async function launchReceivable(page: Page, description: string, total: string, installments: string): Promise<string> {
  await page.getByRole('button', { name: 'Novo título' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo título a receber' });
  await dialog.getByRole('combobox', { name: 'Cliente' }).fill('a');
  await page.getByRole('listbox').getByRole('option').first().click();
  await dialog.getByLabel('Descrição *').fill(description);
  await dialog.getByLabel('Conta do plano *').selectOption({ index: 1 });
  await dialog.getByLabel('Valor total *').fill(total);
  await dialog.getByLabel('Parcelas *').fill(installments);
  await expect(dialog.getByRole('table', { name: 'Parcelas previstas' }).getByRole('row')).toHaveCount(Number(installments) + 1);
  await dialog.getByRole('button', { name: 'Lançar título' }).click();
  const toast = page.getByText(/^Título CR-\d{4}-\d{6} lançado/);
  await expect(toast).toBeVisible();
  const number = /CR-\d{4}-\d{6}/.exec((await toast.textContent()) ?? '')?.[0];
  expect(number).toBeTruthy();
  await expect(dialog).toBeHidden();
  return number ?? '';
}

export interface AgreementInput {
  name: string;
  code: string;
  layout: 'CNAB240' | 'CNAB400';
  /** The account's option label on the form, e.g. `Itaú Cobrança · 341 BANCO ITAU SA`. */
  account: string;
  nossoNumeroFirst?: string;
  nossoNumeroLast: string;
  nextFileSequence?: string;
}

/** A financial manager creates a convênio de cobrança on the registers page (in a context of its own). */
export async function createCollectionAgreement(browser: Browser, baseUrl: string, input: AgreementInput): Promise<void> {
  const context = await browser.newContext();
  const manager = await context.newPage();
  await signIn(manager, baseUrl, demoEmail('financial-manager'), undefined, '/backoffice/financeiro/planos-de-conta');
  await manager.getByRole('tab', { name: 'Contas bancárias e convênios' }).click();
  await manager.getByRole('button', { name: 'Novo convênio de cobrança' }).click();
  const form = manager.getByRole('dialog', { name: 'Novo convênio de cobrança' });
  await form.getByLabel('Conta bancária *').selectOption({ label: input.account });
  await form.getByLabel('Nome do convênio *').fill(input.name);
  await form.getByLabel('Razão social do beneficiário *').fill('Rede Clínicas Bem Estar Ltda');
  await form.getByLabel('CNPJ do beneficiário *').fill('11.444.777/0001-61');
  await form.getByLabel(/Código do beneficiário/).fill(input.code);
  await form.getByLabel('Carteira *').fill('109');
  await form.getByLabel('Layout *').selectOption(input.layout);
  if (input.nossoNumeroFirst) await form.getByLabel('Primeiro nosso número *').fill(input.nossoNumeroFirst);
  await form.getByLabel('Último nosso número *').fill(input.nossoNumeroLast);
  if (input.nextFileSequence) await form.getByLabel('Próximo sequencial de arquivo').fill(input.nextFileSequence);
  await form.getByRole('button', { name: 'Criar convênio' }).click();
  await expect(manager.getByText(`Convênio ${input.name} criado.`)).toBeVisible();
  await context.close();
}
