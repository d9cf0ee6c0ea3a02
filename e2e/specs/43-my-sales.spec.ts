import { demoEmail, expect, expectPath, signIn, test } from '../support/fixtures';

test('a salesperson sees the month against the target and her sales with what was received', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('salesperson'), undefined, '/minhas-vendas');
  await expect(page.getByRole('heading', { name: 'Minhas vendas', level: 1 })).toBeVisible();
  // The demo team has this month's targets, split over its salespeople; the demo sales were confirmed today.
  const month = page.getByLabel('Meta do mês');
  await expect(month.getByRole('heading', { name: /^Minha meta do mês: \d{2}\/\d{4}$/ })).toBeVisible();
  await expect(page.getByTestId('vendido')).toHaveText(/^R\$ [1-9][\d.]*,\d{2}$/);
  await expect(month.getByText(/^\d+% da meta \(meta R\$ [\d.]+,\d{2}\)$/)).toBeVisible();
  // A salesperson has no wider view.
  await expect(page.getByText('Equipe', { exact: true })).toHaveCount(0);

  const table = page.getByRole('table', { name: 'Minhas vendas' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const confirmed = table.getByRole('row').filter({ hasText: 'Confirmada' }).first();
  await expect(confirmed).toContainText('R$ 0,00');
  await expect(confirmed).toContainText(/\d{2}\/\d{2}\/\d{4} — R\$ [\d.]+,\d{2}/);
  await expect(table.getByRole('row').filter({ hasText: 'Rascunho' }).first()).toBeVisible();

  // The status filter asks the server.
  await page.getByLabel('Situação').selectOption('rascunho');
  await expect(table.getByRole('row').filter({ hasText: 'Confirmada' })).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: 'Rascunho' }).first()).toBeVisible();

  // A sale opens in /venda.
  await table.getByRole('link', { name: /^Abrir V-\d{4}-\d{6}$/ }).first().click();
  await expect(page).toHaveURL(/\/venda\?id=/);
});

test('a manager switches between her own sales and her team’s', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('sales-manager'), undefined, '/minhas-vendas');
  const month = page.getByLabel('Meta do mês');
  await expect(month.getByRole('heading', { name: /^Minha meta do mês/ })).toBeVisible();
  // The demo manager sells nothing herself.
  await expect(page.getByText('Nenhuma venda encontrada.')).toBeVisible();
  await page.getByText('Equipe', { exact: true }).click();
  await expect(month.getByRole('heading', { name: /^Meta do mês — Equipe/ })).toBeVisible();
  await expect(month.getByText(/^\d+% da meta \(meta R\$ [\d.]+,\d{2}\)$/)).toBeVisible();
  const team = page.getByRole('table', { name: 'Vendas' });
  await expect(team.getByRole('row').filter({ hasText: 'Confirmada' }).first()).toBeVisible();
  // The previous month has no target.
  await page.getByRole('button', { name: 'Mês anterior' }).click();
  await expect(month.getByText('Sem meta definida para o mês').first()).toBeVisible();
});

test('the landing page tells a role outside sales what it is about', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('stock-keeper'), undefined, '/minhas-vendas');
  await expect(page.getByText('Esta página é de quem vende')).toBeVisible();
  await page.getByRole('link', { name: 'Ir para o início' }).click();
  await expectPath(page, '/inicio');
});

test('a salesperson duplicates a sale as a new draft and continues it in /venda', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('salesperson'), undefined, '/minhas-vendas');
  const table = page.getByRole('table', { name: 'Minhas vendas' });
  const confirmed = table.getByRole('row').filter({ hasText: 'Confirmada' }).first();
  const number = (await confirmed.getByRole('link', { name: /^Abrir V-/ }).textContent()) ?? '';
  await confirmed.getByRole('button', { name: `Duplicar ${number} como rascunho` }).click();
  await expect(page).toHaveURL(/\/venda\?id=/);
  await expect(page.getByText(new RegExp(`^Rascunho V-\\d{4}-\\d{6} criado a partir da venda ${number}\\.$`))).toBeVisible();
  // The copy is a draft: the wizard opens on it.
  await expect(page.getByRole('button', { name: 'Avançar' })).toBeVisible();

  // Not to be sold after all: the proposal is discarded with a reason (required, named when missing).
  await page.getByRole('button', { name: 'Descartar proposta' }).click();
  const discard = page.getByRole('form', { name: 'Descartar proposta' });
  await discard.getByRole('button', { name: 'Confirmar descarte' }).click();
  await expect(discard.getByRole('alert')).toContainText('Motivo:');
  await discard.getByLabel('Motivo do descarte').fill('Cliente preferiu esperar a campanha');
  await discard.getByRole('button', { name: 'Confirmar descarte' }).click();
  await expect(page.getByText(/^Proposta V-\d{4}-\d{6} descartada\.$/)).toBeVisible();
  await expect(page.getByText('Descartada', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Proposta descartada: não será vendida/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Descartar proposta' })).toHaveCount(0);
});
