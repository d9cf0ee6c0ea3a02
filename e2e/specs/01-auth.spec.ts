import { DEMO_PASSWORD, demoEmail, expect, expectExactPath, expectPath, pathOf, signIn, signOut, test } from '../support/fixtures';

test('wrong password shows the provider message', async ({ page, baseUrl }) => {
  await page.goto(`${baseUrl}/entrar`);
  await page.getByLabel('E-mail').fill(demoEmail('admin'));
  await page.getByLabel('Senha').fill('senha-errada');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('alert').filter({ hasText: 'E-mail ou senha inválidos.' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/entrar');
});

test('sign-in caches the user, sign-out clears storage and goes to exactly / (no redirect back)', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('admin'));
  await expectPath(page, '/inicio');
  // Sign out from a page with a query, which the old `/?redirect=` would have carried over.
  await page.goto(`${baseUrl}/clientes?q=ana`);
  await page.getByRole('button', { name: 'Novo cliente' }).waitFor();
  const cached = JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? 'null') as { email: string; role: string };
  expect(cached.email).toBe(demoEmail('admin'));
  expect(cached.role).toBe('ADMIN');
  await signOut(page);
  await expectExactPath(page, '/');
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  await page.getByRole('button', { name: 'Entrar' }).waitFor();
  // Settled on the sign-in page: still exactly `/`.
  expect(pathOf(page)).toBe('/');
  expect(page.url()).toBe(`${baseUrl}/`);
});

test('signed out: any page goes to / with the full path, and sign-in returns there', async ({ page, baseUrl }) => {
  await page.goto(`${baseUrl}/clientes?q=ana&sort=-name`);
  await expectPath(page, `/?redirect=${encodeURIComponent('/clientes?q=ana&sort=-name')}`);
  await page.getByLabel('E-mail').fill(demoEmail('admin'));
  await page.getByLabel('Senha').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expectPath(page, '/clientes?q=ana&sort=-name');
});

test('profile changes the password', async ({ page, baseUrl, server }) => {
  const email = `perfil-${Date.now()}@e2e.backoffice.com.br`;
  await server.createUser(['--email', email, '--name', 'Perfil Teste', '--role', 'SALESPERSON', '--password', 'Inicial@2026', '--password-updated']);
  await signIn(page, baseUrl, email, 'Inicial@2026');
  await page.goto(`${baseUrl}/perfil`);
  await page.getByLabel('Senha atual').fill('Inicial@2026');
  // The label as shown: required fields carry Mantine's " *" (hidden from screen readers, not from the label text).
  await page.getByLabel('Nova senha *', { exact: true }).fill('Trocada@2026x');
  await page.getByLabel('Confirmar nova senha').fill('Trocada@2026x');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await page.getByText('Senha alterada com sucesso.').waitFor();
  await signOut(page);
  await signIn(page, baseUrl, email, 'Trocada@2026x');
  await expectPath(page, '/inicio');
});
