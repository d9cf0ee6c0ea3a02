import { expect, expectPath, signIn, test } from '../support/fixtures';

/** The code in the message the server sent through the SMTP relay (the worker's mailbox). */
const CODE = /redefinir a senha é (\w+)/;

test('forgotten password: send the code, confirm with a new password, sign in with it', async ({ page, baseUrl, server, mailbox }) => {
  const email = `reset-${Date.now()}@e2e.backoffice.com.br`;
  await server.createUser(['--email', email, '--name', 'Redefinição', '--role', 'SALESPERSON', '--password', 'Antiga@2026x', '--password-updated']);
  const before = mailbox.messages.length;
  await page.goto(`${baseUrl}/`);
  await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await page.getByLabel('Código').waitFor();
  // A wrong code: the server's message on the code field.
  await page.getByLabel('Código').fill('000000');
  await page.getByLabel('Nova senha').fill('Nova@2026xyz');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await page.getByText('Código inválido ou expirado. Peça um novo código.').first().waitFor();

  const mail = await mailbox.waitFor(email, { since: before });
  const code = CODE.exec(mail.text)?.[1];
  expect(code, `sem código na mensagem: ${mail.text}`).toMatch(/^\w{6}$/);
  await page.getByLabel('Código').fill(code ?? '');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await page.getByRole('button', { name: 'Entrar' }).waitFor();
  await signIn(page, baseUrl, email, 'Nova@2026xyz');
  await expectPath(page, '/inicio');
});
