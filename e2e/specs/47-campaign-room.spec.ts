import { demoEmail, expect, expectPath, signIn, test } from '../support/fixtures';

test('a salesperson opens the campaign room: countdown, goals, rankings, ticker and prices; ?tv=1 hides the controls', async ({ page, baseUrl }) => {
  // The demo's Black Friday runs from a week ago to a week ahead; the demo sales of "Avaliação estética" were
  // confirmed today at its campaign price.
  await signIn(page, baseUrl, demoEmail('salesperson'), undefined, '/blackfriday');
  await expect(page.getByRole('heading', { name: /^Black Friday \d{4}$/, level: 1 })).toBeVisible();

  const timer = page.getByRole('timer');
  await expect(timer).toHaveText(/^0[6-7] \d{2}:\d{2}:\d{2}$/);
  // It ticks on the screen, every second.
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first ?? '');

  const value = page.getByRole('region', { name: 'Meta de valor' });
  await expect(value).toContainText(/^Meta de valorR\$ [1-9][\d.]*,\d{2} de R\$ 250\.000,00/);
  await expect(value.getByRole('progressbar', { name: /^Meta de valor: \d+% da meta$/ })).toBeVisible();
  const count = page.getByRole('region', { name: 'Meta de vendas' });
  await expect(count).toContainText(/^Meta de vendas[1-9]\d* de 120/);
  await expect(count.getByText(/^\d+% da meta$/)).toBeVisible();

  const top = page.getByRole('table', { name: 'Top vendedores por valor' });
  await expect(top.getByRole('row').first()).toContainText(/^1º\S+R\$ [1-9][\d.]*,\d{2}\d+ vendas?$/);
  await expect(page.getByRole('table', { name: 'Ranking dos times' }).getByRole('row').first()).toContainText('1º');

  // The ticker: the salesperson's first name (one word) and the item, nothing of the client.
  const ticker = page.getByRole('region', { name: 'Últimas vendas' }).getByRole('listitem');
  await expect(ticker.first()).toHaveText(/^\d{2}:\d{2} \S+ vendeu Avaliação estética$/);

  const prices = page.getByRole('table', { name: 'Preços da campanha' });
  await expect(prices.getByRole('row', { name: /Plano Essencial anual/ })).toContainText('R$ 1.199,00');

  await expect(page.getByLabel('Campanha', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Minhas vendas' })).toBeVisible();
  await page.getByRole('link', { name: 'Modo TV' }).click();
  await expect(page).toHaveURL(/\/blackfriday\?tv=1$/);
  await expect(page.getByRole('timer')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Últimas vendas' })).toBeVisible();
  await expect(page.getByLabel('Campanha', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link')).toHaveCount(0);
});

test('a stock keeper is sent to the landing page', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('stock-keeper'), undefined, '/blackfriday');
  await expectPath(page, '/inicio');
});
