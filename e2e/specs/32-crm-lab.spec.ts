import { demoEmail, expect, signIn, test } from '../support/fixtures';

/**
 * `/crmDev`, the CRM's laboratory: an administrator turns a feature in preview off for their role (the funnel's list
 * view disappears for them) and back (the grant removed, the default applies); simulates the demo cadence from the
 * day before Christmas (business days, the holiday listed, the first step already due at 10:00); and the host
 * emulator frames `/crm/plugin` from the app's own origin and hears the plugin's `crm:ready`, again after a
 * `crm:ping`.
 */
test('an administrator turns a preview off for a role, simulates a cadence and the host emulator hears the plugin', async ({ page, baseUrl }) => {
  test.slow();
  await signIn(page, baseUrl, demoEmail('admin'), undefined, '/crmDev');
  await expect(page.getByRole('heading', { name: 'Laboratório do CRM', level: 1 })).toBeVisible();

  // Recursos em prévia: the funnel's list view off for administrators.
  const card = page.getByLabel('Funil em lista', { exact: true });
  await card.getByLabel('Para').selectOption({ label: 'Papel' });
  await card.getByLabel('Papel', { exact: true }).selectOption({ label: 'Administrador' });
  await card.getByLabel('Situação').selectOption({ label: 'Desligado' });
  await card.getByRole('button', { name: 'Aplicar' }).click();
  const grant = card.getByRole('row', { name: /Papel: Administrador/ });
  await expect(grant).toContainText('Desligado');

  await page.goto(`${baseUrl}/crm`);
  // The agenda (another preview, on) shows the previews were read: the view toggle is gone.
  await expect(page.getByText('Agenda de hoje').first()).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Lista' })).toHaveCount(0);

  await page.goto(`${baseUrl}/crmDev`);
  await page.getByLabel('Funil em lista', { exact: true }).getByRole('row', { name: /Papel: Administrador/ }).getByRole('button', { name: 'Remover' }).click();
  await expect(page.getByLabel('Funil em lista', { exact: true }).getByText('Sem liberações')).toBeVisible();
  await page.goto(`${baseUrl}/crm`);
  await expect(page.getByRole('radio', { name: 'Lista' })).toHaveCount(1);

  // Simulador de cadência: Wednesday 23/12/2026 at 10:00.
  await page.goto(`${baseUrl}/crmDev?aba=cadencia`);
  await page.getByLabel('Cadência', { exact: true }).selectOption({ label: 'Boas-vindas a novos leads' });
  await page.getByLabel('Início em').fill('2026-12-23');
  await page.getByLabel('Às').fill('10:00');
  await page.getByRole('button', { name: 'Simular' }).click();
  const table = page.getByRole('table', { name: 'Datas das etapas' });
  await expect(table.getByRole('row').nth(1)).toContainText('23/12/2026');
  await expect(table.getByRole('row').nth(1)).toContainText('Vence na inscrição');
  await expect(table.getByRole('row').nth(2)).toContainText('28/12/2026');
  await expect(table.getByRole('row').nth(3)).toContainText('31/12/2026');
  await expect(page.getByLabel('Feriados no período')).toContainText('25/12/2026 — Natal');

  // Plugin: the emulator frames the plugin, which accepts it as a host and says it is ready.
  await page.getByRole('tab', { name: 'Plugin' }).click();
  await expect(page.getByLabel('Origens permitidas')).toBeVisible();
  const plugin = page.frameLocator('iframe[title="Plugin do CRM"]');
  await expect(plugin.getByRole('button', { name: 'Entrar' })).toBeVisible();
  const messages = page.getByRole('table', { name: 'Mensagens trocadas' });
  await expect(messages.getByRole('row', { name: /recebida.*crm:ready/ })).toHaveCount(1);
  await page.getByRole('button', { name: 'Enviar crm:ping' }).click();
  await expect(messages.getByRole('row', { name: /enviada.*crm:ping/ })).toHaveCount(1);
  await expect(messages.getByRole('row', { name: /recebida.*crm:ready/ })).toHaveCount(2);

  // Only the plugin may be framed, and by the app itself; the laboratory may not.
  const pluginCsp = (await fetch(`${baseUrl}/crm/plugin`)).headers.get('content-security-policy') ?? '';
  expect(pluginCsp).toContain("frame-ancestors 'self'");
  const labCsp = (await fetch(`${baseUrl}/crmDev`)).headers.get('content-security-policy') ?? '';
  expect(labCsp).toContain("frame-ancestors 'none'");
});
