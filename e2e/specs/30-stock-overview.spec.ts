import { demoEmail, expect, expectPath, signIn, test } from '../support/fixtures';

test('a stock manager reads the stock overview of a clinic and follows a card to its filtered list', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('stock-manager'), undefined, '/estoque/visao-geral');
  await expect(page.getByRole('heading', { name: 'Visão Geral do Estoque', level: 1 })).toBeVisible();
  // Every location: the demo's stock has a value, and its consumption history gives coverage and turnover.
  await expect(page.locator('[data-figure="Valor em estoque"]')).toContainText('R$');
  await page.getByLabel('Local', { exact: true }).selectOption({ label: 'Clínica Centro' });
  await expect(page.locator('[data-figure="Cobertura"]')).toContainText('dias');
  await expect(page.getByRole('figure', { name: 'Curva ABC por valor de consumo (12 meses)' })).toBeAttached();
  // The demo's policies leave some clinic items below their minimum: the card opens those materials.
  const below = page.locator('[data-figure="Abaixo do mínimo"]');
  await expect(below).not.toHaveText('0');
  await below.click();
  await expectPath(page, '/estoque/cadastro-materiais');
  expect(new URL(page.url()).searchParams.get('situation')).toBe('BELOW_MINIMUM');
  await expect(page.getByLabel('Situação de estoque', { exact: true })).toHaveValue('BELOW_MINIMUM');
  await expect(page.getByRole('table', { name: 'Materiais' }).getByRole('row')).not.toHaveCount(1);
});
