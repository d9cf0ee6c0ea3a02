import { demoEmail, expect, expectPath, signIn, test } from '../support/fixtures';
import { launchReceivable as launch } from '../support/finance';

test('a manager creates and edits a convênio; an assistant issues boletos from /recebimentos, opens one, copies the linha and downloads its PDF', async ({ page, browser, baseUrl }) => {
  const name = `Convênio e2e ${Date.now() % 100000}`;
  const code = String(10000 + (Date.now() % 89999));

  // FM: the convênio, under the demo's Itaú cobrança account.
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signIn(manager, baseUrl, demoEmail('financial-manager'), undefined, '/backoffice/financeiro/planos-de-conta');
  await manager.getByRole('tab', { name: 'Contas bancárias e convênios' }).click();
  await manager.getByRole('button', { name: 'Novo convênio de cobrança' }).click();
  const form = manager.getByRole('dialog', { name: 'Novo convênio de cobrança' });
  await form.getByLabel('Conta bancária *').selectOption({ label: 'Itaú Cobrança · 341 BANCO ITAU SA' });
  await form.getByLabel('Nome do convênio *').fill(name);
  await form.getByLabel('Razão social do beneficiário *').fill('Rede Clínicas Bem Estar Ltda');
  await form.getByLabel('CNPJ do beneficiário *').fill('11.444.777/0001-61');
  await form.getByLabel(/Código do beneficiário/).fill(code);
  await form.getByLabel('Carteira *').fill('109');
  await form.getByLabel('Layout *').selectOption('CNAB400');
  await form.getByLabel('Último nosso número *').fill('99999999');
  // A multa above 2 % is refused on its field.
  await form.getByLabel('Multa').fill('2,5');
  await form.getByRole('button', { name: 'Criar convênio' }).click();
  await expect(form.getByText('A multa vai até 2,00% (CDC).')).toBeVisible();
  await form.getByLabel('Multa').fill('2');
  await form.getByRole('button', { name: 'Criar convênio' }).click();
  await expect(manager.getByText(`Convênio ${name} criado.`)).toBeVisible();
  await expect(form).toBeHidden();
  await manager.getByRole('button', { name: `Editar ${name}` }).click();
  const edit = manager.getByRole('dialog', { name: `Editar ${name}` });
  await edit.getByLabel('Baixa/devolução (dias)').fill('30');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(manager.getByText(`Convênio ${name} alterado.`)).toBeVisible();
  await managerContext.close();

  // FA: two installments, their boletos.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, baseUrl, demoEmail('financial-assistant'), undefined, '/recebimentos');
  const number = await launch(page, `Boletos e2e ${Date.now()}`, '600,00', '2');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(number);
  await page.getByLabel('Período').selectOption('todos');
  const list = page.getByRole('table', { name: 'Parcelas a receber' });
  await expect(list.getByRole('row').filter({ hasText: number })).toHaveCount(2);
  await list.getByRole('checkbox', { name: `Selecionar linha ${number} 1/2` }).check();
  await list.getByRole('checkbox', { name: `Selecionar linha ${number} 2/2` }).check();
  await page.getByRole('button', { name: 'Emitir boletos' }).click();
  const issue = page.getByRole('dialog', { name: 'Emitir boletos' });
  await issue.getByLabel('Convênio de cobrança').selectOption({ label: `${name} · 341 BANCO ITAU SA · carteira 109` });
  await issue.getByRole('button', { name: 'Emitir boletos' }).click();
  await expect(page.getByText('2 boletos emitidos.')).toBeVisible();
  await expect(list.getByRole('row').filter({ hasText: `${number} 1/2` })).toContainText('Boleto emitido');

  // The list and the detail.
  await page.goto(`${baseUrl}/boletos?q=${number}`);
  const boletos = page.getByRole('table', { name: 'Boletos' });
  await expect(boletos.getByRole('row').filter({ hasText: number })).toHaveCount(2);
  await boletos.getByRole('row').filter({ hasText: `${number} 1/2` }).getByRole('link', { name: /^109\// }).click();
  await expect(page).toHaveURL(/\/boletos\/detalhes\?id=/);
  const linha = page.getByTestId('linha-digitavel');
  await expect(linha).toHaveText(/^341\d{2}\.\d{5} /);
  await expect(page.getByTestId('codigo-de-barras')).toBeVisible();
  await expect(page.getByText('Boleto emitido: nosso número')).toBeVisible();
  await page.getByRole('button', { name: 'Copiar linha digitável' }).click();
  await expect(page.getByRole('button', { name: 'Copiado' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^341\d{44}$/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar PDF' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^boleto-.*\.pdf$/);

  // An unknown id is the remote's 404; no id goes back to the list.
  await page.goto(`${baseUrl}/boletos/detalhes?id=nao-existe`);
  await expect(page.getByText('Page Not Found')).toBeVisible();
  await page.goto(`${baseUrl}/boletos/detalhes`);
  await expectPath(page, '/boletos');
});

test('a salesperson does not get the boletos page', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('salesperson'), undefined, '/boletos');
  await expectPath(page, '/inicio');
});
