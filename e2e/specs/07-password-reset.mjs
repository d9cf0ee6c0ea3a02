import { expectPath, signIn } from '../harness.mjs';

/** The embedded provider keeps mail in its outbox and logs it when no SMTP relay is set: read the code there. */
async function resetCodeFromLog(server, email) {
  for (let i = 0; i < 40; i += 1) {
    // The message body spans several log lines: look after the last mention of the address.
    // eslint-disable-next-line no-control-regex
    const log = server.log().replace(/\u001b\[[0-9;]*m/g, '');
    const at = log.lastIndexOf(email);
    const match = at >= 0 ? log.slice(at).match(/redefinir a senha é (\w+)/) : null;
    if (match) return match[1];
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`código de redefinição para ${email} não apareceu no log do servidor`);
}

export const tests = {
  async 'forgotten password: send the code, confirm with a new password, sign in with it'({ context, baseUrl, server }) {
    const email = `reset-${Date.now()}@e2e.backoffice.com.br`;
    server.createUser(['--email', email, '--name', 'Redefinição', '--role', 'SALESPERSON', '--password', 'Antiga@2026x', '--password-updated']);
    const page = await context.newPage();
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

    await page.getByLabel('Código').fill(await resetCodeFromLog(server, email));
    await page.getByRole('button', { name: 'Redefinir senha' }).click();
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await signIn(page, baseUrl, email, 'Nova@2026xyz');
    await expectPath(page, '/inicio');
  },
};
