import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoEmail, expect, expectPath, signIn, test } from '../support/fixtures';
import { createCollectionAgreement, launchReceivable } from '../support/finance';
import { simulateRetorno } from '../support/server';

test('an assistant sends a boleto to the bank: remessa generated, reopened and generated again with its sequence, sent; the retorno settles it and its pendência is resolved', async ({ page, browser, baseUrl }) => {
  const stamp = Date.now() % 100000;
  const name = `Remessa e2e ${stamp}`;
  // A range of its own, so the retorno finds this convênio's boleto and nobody else's.
  const first = 50_000_000 + (stamp % 1000) * 1000;
  await createCollectionAgreement(browser, baseUrl, {
    name,
    code: String(10000 + (stamp % 89999)),
    layout: 'CNAB240',
    account: 'Itaú Cobrança · 341 BANCO ITAU SA',
    nossoNumeroFirst: String(first),
    nossoNumeroLast: String(first + 999),
    nextFileSequence: '58',
  });

  // FA: a título and its boleto on the new convênio.
  await signIn(page, baseUrl, demoEmail('financial-assistant'), undefined, '/recebimentos');
  const number = await launchReceivable(page, `Remessa e2e ${stamp}`, '250,00', '1');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(number);
  await page.getByLabel('Período').selectOption('todos');
  const list = page.getByRole('table', { name: 'Parcelas a receber' });
  await list.getByRole('checkbox', { name: `Selecionar linha ${number} 1/1` }).check();
  await page.getByRole('button', { name: 'Emitir boletos' }).click();
  const issue = page.getByRole('dialog', { name: 'Emitir boletos' });
  await issue.getByLabel('Convênio de cobrança').selectOption({ label: `${name} · 341 BANCO ITAU SA · carteira 109` });
  await issue.getByRole('button', { name: 'Emitir boletos' }).click();
  await expect(page.getByText('1 boleto emitido.')).toBeVisible();

  // From the boleto to the new remessa, prefilled with its convênio.
  await page.goto(`${baseUrl}/boletos?q=${number}`);
  await page.getByRole('table', { name: 'Boletos' }).getByRole('link', { name: /^109\// }).click();
  await page.getByRole('link', { name: 'Incluir em remessa' }).click();
  await expectPath(page, '/remessa');
  await expect(page.getByRole('heading', { name: 'Remessa de cobrança', level: 1 })).toBeVisible();
  const pending = page.getByRole('table', { name: 'Itens pendentes de remessa' });
  await expect(pending.getByRole('row')).toHaveCount(2);
  await expect(page.getByTestId('remittance-selection')).toHaveText('1 item selecionado · R$ 250,00');
  // Leaving the only item out leaves nothing to generate.
  await pending.getByRole('checkbox', { name: 'Selecionar todos' }).uncheck();
  await expect(page.getByRole('button', { name: 'Gerar arquivo' })).toBeDisabled();
  await pending.getByRole('checkbox', { name: 'Selecionar todos' }).check();
  await page.getByRole('button', { name: 'Gerar arquivo' }).click();
  await expect(page).toHaveURL(/\/remessa\?id=/);
  const remessaUrl = page.url();
  await expect(page.getByText(/^Remessa RM-\d{4}-\d{6} gerada: sequencial 58, 1 item\.$/)).toBeVisible();
  await expect(page.getByText('Gerada', { exact: true })).toBeVisible();
  await expect(page.getByText('Arquivo conferido: tamanho das linhas, CRLF, campos, dígitos, sequência e totais sem problemas.')).toBeVisible();

  // Reopened (never sent), it keeps its sequence when generated again.
  await page.getByRole('button', { name: 'Reabrir' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reabrir' }).click();
  await expect(page.getByText('Rascunho', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Descartar' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Gerar arquivo' }).click();
  await expect(page.getByText('Arquivo gerado.')).toBeVisible();
  const sequence = page.getByText('Sequencial', { exact: true }).locator('xpath=following-sibling::*[1]');
  await expect(sequence).toHaveText('58');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar arquivo' }).click()]);
  const remessaPath = join(tmpdir(), `e2e-remessa-${stamp}-${download.suggestedFilename()}`);
  await download.saveAs(remessaPath);
  await page.getByRole('button', { name: 'Marcar como enviada' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Marcar como enviada' }).click();
  await expect(page.getByText('Enviada', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reabrir' })).toHaveCount(0);

  // The bank's retorno: the entrada confirmed, the boleto paid, and a payment nobody here issued.
  const retorno = await simulateRetorno(remessaPath, { settle: 1, unknownCents: 12_345 });
  await page.goto(`${baseUrl}/remessas?aba=retornos`);
  await page.getByRole('button', { name: 'Importar retorno' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar retorno' });
  await dialog.getByLabel('Conta bancária').selectOption({ label: 'Itaú Cobrança · 341 BANCO ITAU SA' });
  await dialog.locator('input[type=file]').setInputFiles({ name: `RETORNO-E2E-${stamp}.RET`, mimeType: 'text/plain', buffer: retorno });
  await dialog.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByText(`Retorno RETORNO-E2E-${stamp}.RET importado`)).toBeVisible();
  const returns = page.getByRole('table', { name: 'Retornos' });
  const row = returns.getByRole('row').filter({ hasText: `RETORNO-E2E-${stamp}.RET` });
  await expect(row).toContainText('Processado com pendências', { timeout: 30_000 });
  await row.getByRole('link', { name: `RETORNO-E2E-${stamp}.RET` }).click();
  const drawer = page.getByRole('dialog', { name: `Retorno RETORNO-E2E-${stamp}.RET` });
  const occurrences = drawer.getByRole('table', { name: 'Ocorrências do retorno' });
  await expect(occurrences.getByRole('row')).toHaveCount(4);
  await expect(occurrences.getByText('Aplicada')).toHaveCount(2);
  await expect(occurrences.getByText('Não localizada')).toHaveCount(1);
  // The same bytes again are refused by the file's fingerprint.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Importar retorno' }).click();
  await dialog.getByLabel('Conta bancária').selectOption({ label: 'Itaú Cobrança · 341 BANCO ITAU SA' });
  await dialog.locator('input[type=file]').setInputFiles({ name: `RETORNO-E2E-${stamp}-2.RET`, mimeType: 'text/plain', buffer: retorno });
  await dialog.getByRole('button', { name: 'Importar' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Este arquivo já foi importado em');
  await page.keyboard.press('Escape');

  // The remessa shows its item paid and the retorno that answered it.
  await page.goto(remessaUrl);
  await expect(page.getByRole('table', { name: 'Itens da remessa' })).toContainText('Liquidado');
  await expect(page.getByRole('link', { name: `RETORNO-E2E-${stamp}.RET` })).toBeVisible();

  // The unknown payment is a pendência, resolved with a reason.
  await page.goto(`${baseUrl}/remessas?aba=pendencias`);
  const pendencies = page.getByRole('table', { name: 'Pendências' });
  const mine = pendencies.getByRole('row').filter({ hasText: 'R$ 123,45' });
  await expect(mine).toHaveCount(1);
  await mine.getByRole('button', { name: /^Resolver pendência/ }).click();
  const resolve = page.getByRole('dialog', { name: /^Resolver: / });
  await resolve.getByRole('button', { name: 'Resolver pendência' }).click();
  await expect(resolve.getByText('Escolha a ação.')).toBeVisible();
  await resolve.getByLabel('Ação *').selectOption('DESCARTAR');
  await resolve.getByLabel('Justificativa *').fill('Pagamento de teste do banco, sem cliente nosso.');
  await resolve.getByRole('button', { name: 'Resolver pendência' }).click();
  await expect(page.getByText('Pendência resolvida: Descartar (com justificativa).')).toBeVisible();
  await expect(mine).toHaveCount(0);
  await page.getByLabel('Situação').selectOption('RESOLVIDA');
  await expect(pendencies.getByRole('row').filter({ hasText: 'R$ 123,45' })).toContainText('Pagamento de teste do banco');

  // The remessas list finds it, processed.
  await page.goto(`${baseUrl}/remessas`);
  await expect(page.getByRole('table', { name: 'Remessas' }).getByRole('row').filter({ hasText: name })).toContainText('Processada');
  await page.getByRole('button', { name: 'Exportar' }).click();
  const [exported] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'CSV' }).click()]);
  expect(exported.suggestedFilename()).toMatch(/^remessas-.*\.csv$/);
  const csvPath = join(tmpdir(), `e2e-remessas-${stamp}.csv`);
  await exported.saveAs(csvPath);
  expect(readFileSync(csvPath, 'utf8')).toContain(';PROCESSADA;');
});

test('a salesperson does not get the remessas pages', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('salesperson'), undefined, '/remessas');
  await expectPath(page, '/inicio');
  await page.goto(`${baseUrl}/remessa`);
  await expectPath(page, '/inicio');
});
