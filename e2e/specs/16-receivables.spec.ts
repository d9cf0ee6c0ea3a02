import { demoEmail, expect, expectPath, signIn, test } from '../support/fixtures';
import { launchReceivable as launch } from '../support/finance';

test('an assistant launches a título in 3 installments and receives the first, the excess declared as juros; a manager reverses it', async ({ page, browser, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('financial-assistant'), undefined, '/recebimentos');
  await expect(page.getByRole('heading', { name: 'Recebimentos', level: 1 })).toBeVisible();
  const number = await launch(page, `Tratamento e2e ${Date.now()}`, '1000,00', '3');

  await page.getByRole('searchbox', { name: 'Buscar' }).fill(number);
  await page.getByLabel('Período').selectOption('todos');
  const list = page.getByRole('table', { name: 'Parcelas a receber' });
  await expect(list.getByRole('row').filter({ hasText: number })).toHaveCount(3);
  // The odd cent on the first installment; the totals row covers the whole filter.
  await expect(list.getByRole('row').filter({ hasText: `${number} 1/3` })).toContainText('R$ 333,34');
  await expect(list.getByRole('row').filter({ hasText: 'Total' })).toContainText('R$ 1.000,00');

  await list.getByRole('link', { name: `${number} 1/3` }).click();
  const panel = page.getByRole('dialog', { name: `Parcela ${number} 1/3` });
  await panel.getByRole('button', { name: 'Registrar recebimento' }).click();
  const receipt = page.getByRole('dialog', { name: 'Registrar recebimento' });
  await receipt.getByLabel('Valor recebido *').fill('400,00');
  await receipt.getByLabel('Conta *').selectOption({ index: 1 });
  await receipt.getByRole('button', { name: 'Registrar' }).click();
  await expect(receipt.getByText(/excede o saldo da parcela em R\$ 66,66/).first()).toBeVisible();
  await receipt.getByLabel('Juros').fill('66,66');
  await receipt.getByRole('button', { name: 'Registrar' }).click();
  await expect(receipt).toBeHidden();
  await expect(panel.getByText('Pago', { exact: true }).first()).toBeVisible();
  await expect(list.getByRole('row').filter({ hasText: `${number} 1/3` })).toContainText('Pago');

  // The manager reverses it, saying why.
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signIn(manager, baseUrl, demoEmail('financial-manager'), undefined, `/recebimentos?periodo=todos&q=${number}`);
  await manager.getByRole('table', { name: 'Parcelas a receber' }).getByRole('link', { name: `${number} 1/3` }).click();
  const managerPanel = manager.getByRole('dialog', { name: `Parcela ${number} 1/3` });
  await managerPanel.getByRole('tab', { name: /Recebimentos/ }).click();
  await managerPanel.getByRole('button', { name: 'Estornar' }).click();
  const reverse = manager.getByRole('dialog', { name: 'Estornar recebimento' });
  await reverse.getByLabel('Motivo *').fill('Pagamento devolvido pelo banco');
  await reverse.getByRole('button', { name: 'Estornar recebimento' }).click();
  await expect(reverse).toBeHidden();
  await expect(managerPanel.getByText('Em aberto', { exact: true }).first()).toBeVisible();
  await expect(managerPanel.getByText(/Estornado.*Pagamento devolvido pelo banco/)).toBeVisible();
  await managerContext.close();
});

test('a salesperson is sent from /recebimentos to /minhas-vendas', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('salesperson'), undefined, '/recebimentos');
  await expectPath(page, '/minhas-vendas');
});

test('an assistant renegotiates two installments into a new título in 3, and attaches and removes a comprovante', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('financial-assistant'), undefined, '/recebimentos');
  const number = await launch(page, `Renegociação e2e ${Date.now()}`, '300,00', '2');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(number);
  await page.getByLabel('Período').selectOption('todos');
  const list = page.getByRole('table', { name: 'Parcelas a receber' });
  await list.getByRole('link', { name: `${number} 1/2` }).click();
  const panel = page.getByRole('dialog', { name: `Parcela ${number} 1/2` });

  // Attach a comprovante, download it back, then remove it saying why (it stays listed, marked).
  await panel.getByRole('tab', { name: 'Anexos' }).click();
  await panel.locator('input[type="file"]').setInputFiles({ name: 'comprovante.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% comprovante e2e\n') });
  await expect(panel.getByText('comprovante.pdf', { exact: true })).toBeVisible();
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Baixar comprovante.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('comprovante.pdf');
  await panel.getByRole('button', { name: 'Remover comprovante.pdf' }).click();
  const removal = page.getByRole('dialog', { name: 'Remover comprovante.pdf' });
  await removal.getByLabel('Motivo').fill('Enviado na parcela errada');
  await removal.getByRole('button', { name: 'Remover anexo' }).click();
  await expect(removal).toBeHidden();
  await expect(panel.getByText(/Removido em .*Enviado na parcela errada/)).toBeVisible();

  // Renegotiate 1/2 with 2/2: R$ 300,00 in 3 installments of R$ 100,00.
  await panel.getByRole('button', { name: 'Renegociar' }).click();
  const form = page.getByRole('dialog', { name: 'Renegociar' });
  await form.getByRole('checkbox', { name: new RegExp(`${number} 2/2`) }).check();
  await expect(form.getByText('Saldo renegociado: R$ 300,00')).toBeVisible();
  await form.getByLabel('Parcelas *').fill('3');
  await expect(form.getByRole('table', { name: 'Parcelas previstas' }).getByRole('row')).toHaveCount(4);
  await form.getByLabel('Motivo *').fill('Cliente pediu para parcelar em três vezes');
  await form.getByRole('button', { name: 'Renegociar' }).click();
  const toast = page.getByText(/^Renegociado: título CR-\d{4}-\d{6} com 3 parcelas/);
  await expect(toast).toBeVisible();
  const renegotiated = /CR-\d{4}-\d{6}/.exec((await toast.textContent()) ?? '')?.[0] ?? '';
  // The new título's first installment opens; the old ones are RENEGOCIADO in the list.
  await expect(page.getByRole('dialog', { name: `Parcela ${renegotiated} 1/3` })).toBeVisible();
  await expect(list.getByRole('row').filter({ hasText: `${number} 1/2` })).toContainText('Renegociado');
  await expect(list.getByRole('row').filter({ hasText: `${number} 2/2` })).toContainText('Renegociado');
});
