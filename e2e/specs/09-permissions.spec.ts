import { apiToken, DEMO_PASSWORD, demoEmail, expect, expectPath, signIn, test } from '../support/fixtures';

const DENIED = 'Você não tem acesso a esta página.';

test('a refused page says why instead of bouncing silently (rules of the guard and of the server)', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('salesperson'));
  await page.goto(`${baseUrl}/pagamentos`);
  await expectPath(page, '/minhas-vendas');
  const notice = page.getByRole('alert').filter({ hasText: DENIED });
  await notice.waitFor();
  await expect(notice).toContainText('Para abrir “Pagamentos” é preciso permissão para acessar pagamentos e recebimentos.');
  // A page the server decides.
  await page.goto(`${baseUrl}/remessa`);
  await expectPath(page, '/inicio');
  await expect(notice).toContainText('gerar remessas de cobrança');
  await notice.getByRole('button', { name: 'Fechar aviso' }).click();
  await expect(notice).toHaveCount(0);
  // The hub without access_hub.
  await page.goto(`${baseUrl}/hub`);
  await expectPath(page, '/inicio');
  await expect(notice).toContainText('acessar o hub');
  // An ordinary visit says nothing.
  await page.goto(`${baseUrl}/clientes`);
  await page.getByRole('heading', { name: 'Clientes' }).waitFor();
  await expect(notice).toHaveCount(0);
});

test('roles that only consult clients are offered no "Novo cliente", "Editar" or "Arquivar"', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('purchasing-assistant'));
  await page.goto(`${baseUrl}/clientes`);
  const first = page.getByRole('table').getByRole('link').first();
  await first.waitFor();
  expect(await page.getByRole('button', { name: 'Novo cliente' }).count()).toBe(0);
  await first.click();
  await page.waitForURL((url) => url.pathname === '/cliente' && url.searchParams.has('id'));
  await page.getByText('Cadastrado em').waitFor();
  for (const name of ['Editar', 'Arquivar', 'Restaurar']) expect(await page.getByRole('button', { name }).count(), name).toBe(0);
  // The creation page says so instead of showing a form the server would refuse.
  await page.goto(`${baseUrl}/cliente`);
  await page.getByText('Você não pode cadastrar clientes.').waitFor();
  expect(await page.getByRole('button', { name: 'Cadastrar' }).count()).toBe(0);
});

test('a salesperson edits clients but is not offered archiving', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('salesperson'));
  await page.goto(`${baseUrl}/clientes`);
  await page.getByRole('button', { name: 'Novo cliente' }).waitFor();
  await page.getByRole('table').getByRole('link').first().click();
  await page.getByRole('button', { name: 'Editar' }).waitFor();
  expect(await page.getByRole('button', { name: 'Arquivar' }).count()).toBe(0);
});

test('server field errors are summed up with the form labels, never the API names', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('admin'));
  await page.goto(`${baseUrl}/cliente`);
  await page.getByLabel('CPF').fill('11111111111');
  await page.getByLabel('Nome *', { exact: true }).fill('Teste de rótulos');
  await page.getByLabel('E-mail 1').fill('não-é-email');
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Corrija os campos' });
  await expect(summary).toHaveText('Corrija os campos CPF e E-mail 1.');
  // Each field keeps the server's own message.
  await page.getByText('CPF inválido: todos os dígitos são iguais').waitFor();
  // Required fields are marked (the label shows " *"; the input says it is required).
  for (const label of ['CPF *', 'Nome *']) expect(await page.getByLabel(label, { exact: true }).getAttribute('aria-required'), label).toBe('true');
});

test("one user's grant shows in that user's menu and opens the page; a revoke takes it away", async ({ page, baseUrl }) => {
  const admin = await apiToken(baseUrl, demoEmail('admin'));
  const signedIn = await fetch(`${baseUrl}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: demoEmail('financial-assistant'), password: DEMO_PASSWORD }),
  });
  const self = ((await signedIn.json()) as { user: { uid: string } }).user;
  const decide = async (decision: 'CONCEDER' | 'PADRAO') => {
    const response = await fetch(`${baseUrl}/api/v1/users/${self.uid}/permissions/remessa_pagamentos`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${admin}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ decision, reason: 'Cobertura das férias da gerente financeira' }),
    });
    expect(response.status).toBe(200);
  };
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  // The menu's "Financeiro" group, opened (only the current page's group starts open).
  const finance = async () => {
    const group = menu.getByRole('button', { name: 'Financeiro' });
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await menu.getByRole('link', { name: 'Contas a pagar', exact: true }).waitFor();
  };

  await signIn(page, baseUrl, demoEmail('financial-assistant'));
  await finance();
  expect(await menu.getByRole('link', { name: 'Remessa de pagamentos' }).count()).toBe(0);

  await decide('CONCEDER');
  await page.reload();
  await finance();
  await menu.getByRole('link', { name: 'Remessa de pagamentos' }).click();
  await expectPath(page, '/pagamentos-remessa');
  await expect(page).toHaveTitle('Remessa de pagamentos · Backoffice');

  await decide('PADRAO');
  await page.goto(`${baseUrl}/inicio`);
  await finance();
  await expect(menu.getByRole('link', { name: 'Remessa de pagamentos' })).toHaveCount(0);
});
