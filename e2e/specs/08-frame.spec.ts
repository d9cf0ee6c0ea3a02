import { demoEmail, expect, expectPath, signIn, test, userMenu } from '../support/fixtures';

test('the menu lists only what a salesperson can open; breadcrumbs and the tab title follow the page', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('salesperson'));
  await expectPath(page, '/inicio');
  await expect(page).toHaveTitle('Início · Backoffice');
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('button', { name: 'Financeiro' }).click();
  await menu.getByRole('link', { name: 'Cancelamentos' }).waitFor();
  expect(await menu.getByRole('link', { name: 'Recebimentos por período' }).count()).toBe(0);
  expect(await menu.getByRole('link', { name: 'Pagamentos', exact: true }).count()).toBe(0);
  expect(await menu.getByRole('link', { name: 'Remessa de cobrança' }).count()).toBe(0);
  expect(await menu.getByRole('link', { name: 'Remessa de pagamentos' }).count()).toBe(0);
  expect(await menu.getByRole('button', { name: 'Hub' }).count()).toBe(0);
  await menu.getByRole('button', { name: 'Vendas e CRM' }).click();
  await menu.getByRole('link', { name: 'Clientes' }).click();
  await expectPath(page, '/clientes');
  await expect(page).toHaveTitle('Clientes · Backoffice');
  await expect(page.getByRole('navigation', { name: 'Trilha de navegação' })).toHaveText('Vendas e CRM›Clientes');
  await expect(menu.getByRole('link', { name: 'Clientes' })).toHaveAttribute('aria-current', 'page');
});

test('a finance manager is offered the remittances, and the server lets them in', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('financial-manager'));
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('button', { name: 'Financeiro' }).click();
  await menu.getByRole('link', { name: 'Pagamentos', exact: true }).waitFor();
  await menu.getByRole('link', { name: 'Remessa de cobrança' }).click();
  await expectPath(page, '/remessa');
  await page.getByRole('heading', { level: 1, name: 'Remessa de cobrança' }).waitFor();
  await expect(page).toHaveTitle('Remessa de cobrança · Backoffice');
});

test('a page outside the layout and the 404 page are titled too', async ({ page, baseUrl }) => {
  await page.goto(`${baseUrl}/`);
  await expect(page).toHaveTitle('Entrar · Backoffice');
  await page.goto(`${baseUrl}/nao-existe`);
  await expect(page).toHaveTitle('Página não encontrada · Backoffice');
});

test('on a 390 px phone the menu opens from the burger, closes after a choice, and nothing overflows', async ({ page, baseUrl }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, baseUrl, demoEmail('admin'));
  await expectPath(page, '/inicio');
  const burger = page.getByRole('button', { name: 'Abrir menu' });
  await burger.click();
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('button', { name: 'Vendas e CRM' }).click();
  await menu.getByRole('link', { name: 'Clientes' }).click();
  await expectPath(page, '/clientes');
  await page.getByRole('button', { name: 'Abrir menu' }).waitFor();
  // The header's controls are on screen.
  for (const control of [page.getByRole('button', { name: /^Notificações/ }), userMenu(page)]) {
    const box = await control.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  }
  // The list scrolls inside its own box; the page itself does not scroll sideways.
  await page.getByRole('table').waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the bell shows the unread count, lists the notifications and marks one read (kept on the server)', async ({ page, baseUrl, server }) => {
  const email = `sino-${Date.now()}@e2e.backoffice.com.br`;
  const uid = await server.createUser(['--email', email, '--name', 'Sino Teste', '--role', 'SALESPERSON', '--password', 'Sino@2026x', '--password-updated']);
  await server.addNotification(uid, { title: 'Cliente atualizado', body: 'O cadastro de ACME Ltda foi alterado.', url: '/clientes' });
  await server.addNotification(uid, { title: 'Boas-vindas', body: 'Sua conta está pronta.', url: '/inicio' });
  await signIn(page, baseUrl, email, 'Sino@2026x');
  await page.getByRole('button', { name: 'Notificações: 2 não lidas' }).click();
  const dropdown = page.getByRole('dialog', { name: 'Notificações' });
  await dropdown.getByText('O cadastro de ACME Ltda foi alterado.').waitFor();
  await dropdown.getByText('Boas-vindas').waitFor();
  await dropdown.getByRole('button', { name: 'marcar como lida' }).first().click();
  await page.getByRole('button', { name: 'Notificações: 1 não lida' }).waitFor();
  expect(await dropdown.getByRole('button', { name: 'marcar como lida' }).count()).toBe(1);
  await page.reload();
  await page.getByRole('button', { name: 'Notificações: 1 não lida' }).waitFor();
});

test('a notification toast stays below the header and never covers its controls', async ({ page, baseUrl, server }) => {
  const email = `toast-${Date.now()}@e2e.backoffice.com.br`;
  await server.createUser(['--email', email, '--name', 'Toast Teste', '--role', 'SALESPERSON', '--password', 'Toast@2026x', '--password-updated']);
  await signIn(page, baseUrl, email, 'Toast@2026x');
  await page.goto(`${baseUrl}/perfil`);
  await page.getByLabel('Senha atual').fill('Toast@2026x');
  await page.getByLabel('Nova senha *', { exact: true }).fill('Toast@2026y');
  await page.getByLabel('Confirmar nova senha').fill('Toast@2026y');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  const toast = page.getByText('Senha alterada com sucesso.');
  await toast.waitFor();
  const header = await page.getByRole('banner').boundingBox();
  const box = await toast.boundingBox();
  expect(header && box && box.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
  // The user menu stays clickable while the toast is up.
  await userMenu(page).click();
  await page.getByRole('menuitem', { name: 'Sair' }).waitFor();
});
