import { demoEmail, expect, expectPath, signIn, test } from '../support/fixtures';

test('a salesperson sells from client to confirmed and the sale shows its receivables', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('salesperson'), undefined, '/venda');
  await expect(page.getByRole('heading', { name: 'Venda', level: 1 })).toBeVisible();
  const next = page.getByRole('button', { name: 'Avançar' });

  // 1. Client: one of the salesperson's own (the list answers what is typed).
  await expect(next).toBeDisabled();
  await page.getByRole('combobox', { name: 'Cliente' }).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await next.click();

  // 2. Items: the demo catalog's botulinum toxin, twice.
  await page.getByRole('button', { name: 'Adicionar item' }).click();
  await page.getByRole('combobox', { name: 'Item 1' }).click();
  await page.getByRole('combobox', { name: 'Item 1' }).fill('TOXINA-BOT');
  await page.getByRole('listbox').getByRole('option', { name: /TOXINA-BOT/ }).first().click();
  await page.getByLabel('Quantidade').fill('2');
  await expect(page.getByText(/R\$ \d{1,3}(\.\d{3})*,\d{2}/).first()).toBeVisible();
  await next.click();

  // 3. Discounts: 5 % is within the salesperson's limit (the bar says so).
  await expect(page.getByText('Seu limite de desconto: 5,00%', { exact: false })).toBeVisible();
  await page.getByLabel('Desconto do item 1 (%)').fill('5');
  await next.click();

  // 4. Split: all hers.
  await expect(page.getByText('A venda é toda sua (100%).')).toBeVisible();
  await next.click();

  // 5. Payment: boleto in 3×, the live sum equals the total.
  await page.getByLabel('Forma de pagamento').selectOption('boleto');
  await page.getByLabel('Parcelas', { exact: true }).selectOption('3');
  const plan = page.getByRole('table', { name: 'Plano de pagamento' });
  await expect(plan.getByRole('row')).toHaveCount(4);
  await expect(page.getByText(/^Soma das parcelas: (R\$ [\d.,]+) de \1/)).toBeVisible();
  await next.click();

  // 6. Review, then confirm: the sale opens read-only with one receivable per installment.
  await expect(page.getByText(/Boleto em 3×/)).toBeVisible();
  await page.getByRole('button', { name: 'Confirmar venda' }).click();
  await expect(page).toHaveURL(/\/venda\?id=/);
  await expect(page.getByText('Confirmada', { exact: true })).toBeVisible();
  await expect(page.getByText(/^V-\d{4}-\d{6}$/)).toBeVisible();
  const receivables = page.getByRole('table', { name: 'Recebíveis da venda' });
  await expect(receivables.getByRole('row')).toHaveCount(4);
  await expect(receivables).toContainText(/CR-\d{4}-\d{6} 1\/3/);
  await expect(receivables).toContainText('Em aberto');
  await expect(receivables).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await expect(page.getByRole('button', { name: 'Avançar' })).toHaveCount(0);
  await expect(page.getByText(/itens e plano de pagamento não podem mais ser alterados/)).toBeVisible();

  // Reloading shows the same confirmed sale (it is the server's, not the page's).
  await page.reload();
  await expect(page.getByRole('table', { name: 'Recebíveis da venda' }).getByRole('row')).toHaveCount(4);
});

test('roles without sales are sent back to the start page', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('stock-keeper'), undefined, '/venda');
  await expectPath(page, '/inicio');
});
