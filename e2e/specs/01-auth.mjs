import assert from 'node:assert/strict';
import { DEMO_PASSWORD, demoEmail, expectPath, signIn } from '../harness.mjs';

export const tests = {
  async 'wrong password shows the provider message'({ context, baseUrl }) {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/entrar`);
    await page.getByLabel('E-mail').fill(demoEmail('admin'));
    await page.getByLabel('Senha').fill('senha-errada');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('alert').filter({ hasText: 'E-mail ou senha inválidos.' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/entrar');
  },

  async 'sign-in caches the user, sign-out clears storage and goes to /'({ context, baseUrl }) {
    const page = await context.newPage();
    await signIn(page, baseUrl, demoEmail('admin'));
    await expectPath(page, '/inicio');
    const cached = JSON.parse(await page.evaluate(() => localStorage.getItem('user')));
    assert.equal(cached.email, demoEmail('admin'));
    assert.equal(cached.role, 'ADMIN');
    await page.getByRole('button', { name: 'Sair' }).click();
    await expectPath(page, '/');
    assert.equal(await page.evaluate(() => localStorage.getItem('user')), null);
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
  },

  async 'signed out: any page goes to / with the full path, and sign-in returns there'({ context, baseUrl }) {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/clientes?q=ana&sort=-name`);
    await expectPath(page, `/?redirect=${encodeURIComponent('/clientes?q=ana&sort=-name')}`);
    await page.getByLabel('E-mail').fill(demoEmail('admin'));
    await page.getByLabel('Senha').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expectPath(page, '/clientes?q=ana&sort=-name');
  },

  async 'profile changes the password'({ context, baseUrl, server }) {
    const email = `perfil-${Date.now()}@e2e.backoffice.com.br`;
    server.createUser(['--email', email, '--name', 'Perfil Teste', '--role', 'SALESPERSON', '--password', 'Inicial@2026', '--password-updated']);
    const page = await context.newPage();
    await signIn(page, baseUrl, email, 'Inicial@2026');
    await page.goto(`${baseUrl}/perfil`);
    await page.getByLabel('Senha atual').fill('Inicial@2026');
    await page.getByLabel('Nova senha', { exact: true }).fill('Trocada@2026x');
    await page.getByLabel('Confirmar nova senha').fill('Trocada@2026x');
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await page.getByText('Senha alterada com sucesso.').waitFor();
    await page.getByRole('button', { name: 'Sair' }).click();
    await signIn(page, baseUrl, email, 'Trocada@2026x');
    await expectPath(page, '/inicio');
  },
};
