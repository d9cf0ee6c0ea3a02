import { demoEmail, expect, expectPath, signIn, test } from '../support/fixtures';

test('a salesperson sees her own month against the target as a gauge', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('salesperson'), undefined, '/dashboard');
  await expect(page.getByRole('heading', { name: 'Painel', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Meu mês: \d{2}\/\d{4}$/ })).toBeVisible();
  // The demo team has this month's targets split over its salespeople; the demo sales were confirmed today.
  const gauge = page.getByLabel('Meta do mês');
  await expect(page.getByTestId('vendido')).toHaveText(/^R\$ [1-9][\d.]*,\d{2}$/);
  await expect(page.getByTestId('meta-percentual')).toHaveText(/^\d+,\d%$/);
  await expect(gauge.getByText(/^meta R\$ [\d.]+,\d{2}$/)).toBeVisible();
  await expect(page.getByLabel('Ticket médio')).toContainText(/R\$ [\d.]+,\d{2}/);
  await expect(page.getByLabel('Atividades atrasadas')).toContainText(/\d+/);
  // The charts' figures, as screen readers read them: every day of the month, dd/mm/aaaa.
  await expect(page.getByRole('figure', { name: 'Vendido acumulado × meta' })).toContainText(/01\/\d{2}\/\d{4}/);
  await expect(page.getByRole('figure', { name: 'Funil de oportunidades abertas' })).toBeVisible();
  // Her month is hers: no team or unit filter, no ranking.
  await expect(page.getByLabel('Time', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Ranking da equipe' })).toHaveCount(0);
  // A month without sales.
  await page.getByLabel('Mês', { exact: true }).fill('2020-01');
  await expect(page.getByRole('heading', { name: 'Meu mês: 01/2020' })).toBeVisible();
  await expect(page.getByTestId('vendido')).toHaveText('R$ 0,00');
});

test('a manager sees her team with the members ranked', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('sales-manager'), undefined, '/dashboard');
  await expect(page.getByRole('heading', { name: /^Minhas equipes: \d{2}\/\d{4}$/ })).toBeVisible();
  const ranking = page.getByRole('table', { name: 'Ranking da equipe' });
  await expect(ranking.getByRole('row').nth(1)).toContainText(/^1/);
  await expect(ranking.getByRole('row').nth(1)).toContainText(/R\$ [1-9][\d.]*,\d{2}/);
  await expect(page.getByRole('figure', { name: 'Vendido por time' })).toContainText(/R\$ [\d.]+,\d{2}/);
  // Only her teams to pick from, and no unit filter.
  await expect(page.getByLabel('Unidade', { exact: true })).toHaveCount(0);
  const teams = await page.getByLabel('Time', { exact: true }).locator('option').allTextContents();
  await page.getByLabel('Time', { exact: true }).selectOption({ label: teams[1] });
  await expect(ranking.getByRole('row').nth(1)).toContainText(/R\$ [1-9][\d.]*,\d{2}/);
});

test('finance sees the company and narrows it to a unit', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('financial-manager'), undefined, '/dashboard');
  await expect(page.getByRole('heading', { name: /^Empresa: \d{2}\/\d{4}$/ })).toBeVisible();
  await expect(page.getByTestId('vendido')).toHaveText(/^R\$ [1-9][\d.]*,\d{2}$/);
  await expect(page.getByRole('table', { name: 'Por time' }).getByRole('row').nth(1)).toContainText(/R\$ [\d.]+,\d{2}/);
  // The demo's teams belong to no unit: a unit has no sales.
  await expect(page.getByRole('table', { name: 'Por unidade' })).toContainText('Sem unidade');
  const units = await page.getByLabel('Unidade', { exact: true }).locator('option').allTextContents();
  expect(units[0]).toBe('Todas as unidades');
  await page.getByLabel('Unidade', { exact: true }).selectOption({ label: units[1] });
  await expect(page.getByTestId('vendido')).toHaveText('R$ 0,00');
  await page.getByLabel('Unidade', { exact: true }).selectOption('');
  await expect(page.getByTestId('vendido')).toHaveText(/^R\$ [1-9][\d.]*,\d{2}$/);
});

test('a role outside sales and finance is sent away', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('stock-keeper'), undefined, '/dashboard');
  await expectPath(page, '/inicio');
});
