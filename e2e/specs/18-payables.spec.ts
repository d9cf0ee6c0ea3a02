import { demoEmail, expect, expectPath, signIn, test } from '../support/fixtures';

/** A boleto of R$ 135,00 (Banco do Brasil); seen from 2026 it falls due on 22/09/2032. */
const LINHA = '00190.00009 01238.798779 77700.168188 2 37690000013500';

test('an assistant launches a payable from a pasted linha digitável, a manager approves it and attaches the nota, the assistant registers its payment', async ({ page, browser, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('financial-assistant'), undefined, '/contas-a-pagar');
  await expect(page.getByRole('heading', { name: 'Contas a pagar', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Nova conta a pagar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova conta a pagar' });
  await dialog.getByLabel('Colar linha digitável').fill(LINHA);
  await dialog.getByRole('button', { name: 'Ler linha' }).click();
  await expect(dialog.getByLabel('Valor total *')).toHaveValue(/135,00/);
  await expect(dialog.getByRole('table', { name: 'Parcelas previstas' })).toContainText('22/09/2032');
  await dialog.getByRole('combobox', { name: 'Favorecido' }).fill('a');
  await page.getByRole('listbox').getByRole('option').first().click();
  await dialog.getByLabel('Descrição *').fill(`Boleto e2e ${Date.now()}`);
  await dialog.getByLabel('Número').fill(`E2E${Date.now()}`);
  await dialog.getByLabel('Conta do plano *').selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Lançar conta' }).click();
  const toast = page.getByText(/^Conta CP-\d{4}-\d{6} lançada como rascunho/);
  await expect(toast).toBeVisible();
  const number = /CP-\d{4}-\d{6}/.exec((await toast.textContent()) ?? '')?.[0] ?? '';
  expect(number).toBeTruthy();
  await expect(dialog).toBeHidden();

  // Its author may not approve it: the manager does.
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signIn(manager, baseUrl, demoEmail('financial-manager'), undefined, `/contas-a-pagar?q=${number}`);
  await manager.getByRole('table', { name: 'Contas a pagar' }).getByRole('link', { name: number }).click();
  const panel = manager.getByRole('dialog', { name: `Conta ${number}` });
  await panel.getByRole('button', { name: 'Aprovar' }).click();
  await expect(manager.getByText(`Conta ${number} aprovada.`)).toBeVisible();
  await expect(panel.getByText('Aprovada', { exact: true }).first()).toBeVisible();
  // The manager attaches the nota; it is listed and downloads back.
  await panel.getByRole('tab', { name: 'Anexos' }).click();
  await panel.locator('input[type="file"]').setInputFiles({ name: 'nota.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% nota e2e\n') });
  await expect(panel.getByText('nota.pdf', { exact: true })).toBeVisible();
  const download = manager.waitForEvent('download');
  await panel.getByRole('button', { name: 'Baixar nota.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('nota.pdf');
  await managerContext.close();

  // The assistant pays it on /pagamentos.
  await page.goto(`${baseUrl}/pagamentos?periodo=todos&q=${number}`);
  const agenda = page.getByRole('table', { name: 'Parcelas a pagar' });
  await agenda.getByRole('link', { name: `${number} 1/1` }).click();
  const installment = page.getByRole('dialog', { name: `Parcela ${number} 1/1` });
  // The payee as the manager approved it.
  await expect(installment.getByText(/^Favorecido aprovado em \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(installment.getByText(/^linha digitável 0019/)).toBeVisible();
  await installment.getByRole('button', { name: 'Registrar pagamento' }).click();
  const payment = page.getByRole('dialog', { name: 'Registrar pagamento' });
  await payment.getByLabel('Conta de débito *').selectOption({ index: 1 });
  await payment.getByRole('button', { name: 'Registrar' }).click();
  await expect(payment).toBeHidden();
  await expect(page.getByText(`Parcela ${number} 1/1 paga.`)).toBeVisible();
  await expect(installment.getByText('Pago', { exact: true }).first()).toBeVisible();
  await installment.getByRole('button', { name: 'Fechar' }).click();
  await expect(installment).toBeHidden();
  await page.getByRole('tab', { name: 'Pagos', exact: true }).click();
  await expect(agenda.getByRole('row').filter({ hasText: number })).toContainText('Pago');
});

test('a salesperson is sent from /pagamentos to /minhas-vendas', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('salesperson'), undefined, '/pagamentos');
  await expectPath(page, '/minhas-vendas');
});
