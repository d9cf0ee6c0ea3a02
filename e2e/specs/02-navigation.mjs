import assert from 'node:assert/strict';
import { demoEmail, expectPath, signIn } from '../harness.mjs';

async function visit(page, baseUrl, path) {
  await page.goto(`${baseUrl}${path}`);
  // Let the guard finish (server checks are asynchronous).
  await page.waitForLoadState('networkidle');
}

export const tests = {
  async 'salesperson is sent from /pagamentos and /recebimentos to /minhas-vendas'({ context, baseUrl }) {
    const page = await context.newPage();
    await signIn(page, baseUrl, demoEmail('salesperson'));
    for (const path of ['/pagamentos', '/recebimentos']) {
      await visit(page, baseUrl, path);
      await expectPath(page, '/minhas-vendas');
    }
  },

  async 'finance roles open /pagamentos and /recebimentos'({ context, baseUrl }) {
    const page = await context.newPage();
    await signIn(page, baseUrl, demoEmail('financial-assistant'));
    for (const path of ['/pagamentos', '/recebimentos']) {
      await visit(page, baseUrl, path);
      await expectPath(page, path);
      await page.getByText('Em construção').waitFor();
    }
  },

  async 'legal assistant is sent from /inicio and /minhas-vendas to /clientes'({ context, baseUrl }) {
    const page = await context.newPage();
    await signIn(page, baseUrl, demoEmail('legal-assistant'));
    await expectPath(page, '/clientes');
    await visit(page, baseUrl, '/minhas-vendas');
    await expectPath(page, '/clientes');
  },

  async 'remittance pages: the server check lets a finance manager in and sends others to /inicio'({ context, baseUrl, browser }) {
    const manager = await context.newPage();
    await signIn(manager, baseUrl, demoEmail('financial-manager'));
    for (const path of ['/remessa', '/remessas', '/pagamentos-remessa']) {
      await visit(manager, baseUrl, path);
      await expectPath(manager, path);
      await manager.getByText('Em construção').waitFor();
    }
    const other = await (await browser.newContext()).newPage();
    await signIn(other, baseUrl, demoEmail('salesperson'));
    for (const path of ['/remessa', '/pagamentos-remessa']) {
      await visit(other, baseUrl, path);
      await expectPath(other, '/inicio');
    }
    await other.context().close();
  },

  async 'conciliation needs can_see_conciliation'({ context, baseUrl, server, browser }) {
    const stamp = Date.now();
    const withFlag = `conc-${stamp}@e2e.backoffice.com.br`;
    const without = `sem-conc-${stamp}@e2e.backoffice.com.br`;
    server.createUser(['--email', withFlag, '--name', 'Com Conciliação', '--role', 'FINANCIAL_ASSISTANT', '--password', 'Teste@2026x', '--can-see-conciliation', '--password-updated']);
    server.createUser(['--email', without, '--name', 'Sem Conciliação', '--role', 'FINANCIAL_ASSISTANT', '--password', 'Teste@2026x', '--password-updated']);
    const allowed = await context.newPage();
    await signIn(allowed, baseUrl, withFlag, 'Teste@2026x');
    await visit(allowed, baseUrl, '/conciliacao');
    await expectPath(allowed, '/conciliacao');
    const denied = await (await browser.newContext()).newPage();
    await signIn(denied, baseUrl, without, 'Teste@2026x');
    await visit(denied, baseUrl, '/conciliacao');
    await expectPath(denied, '/inicio');
    await denied.context().close();
  },

  async '/reset-senha: updated password → /inicio, not updated → stays, signed out → /'({ context, baseUrl, server, browser }) {
    const page = await context.newPage();
    await visit(page, baseUrl, '/reset-senha');
    await expectPath(page, '/');
    await signIn(page, baseUrl, demoEmail('admin'));
    await visit(page, baseUrl, '/reset-senha');
    await expectPath(page, '/inicio');

    const fresh = `novo-${Date.now()}@e2e.backoffice.com.br`;
    server.createUser(['--email', fresh, '--name', 'Senha Provisória', '--role', 'SALESPERSON', '--password', 'Provisoria@2026']);
    const other = await (await browser.newContext()).newPage();
    await signIn(other, baseUrl, fresh, 'Provisoria@2026');
    await visit(other, baseUrl, '/reset-senha');
    await expectPath(other, '/reset-senha');
    await other.getByRole('heading', { name: 'Redefinir senha' }).waitFor();
    // Not having updated the password blocks nothing else.
    await visit(other, baseUrl, '/clientes');
    await expectPath(other, '/clientes');
    await other.context().close();
  },

  async '/ and /entrar send a signed-in user to /inicio'({ context, baseUrl }) {
    const page = await context.newPage();
    await signIn(page, baseUrl, demoEmail('admin'));
    for (const path of ['/', '/entrar']) {
      await visit(page, baseUrl, path);
      await expectPath(page, '/inicio');
    }
  },

  async '/resumo-temporario opens without sign-in and without the layout'({ context, baseUrl }) {
    const page = await context.newPage();
    await visit(page, baseUrl, '/resumo-temporario');
    await expectPath(page, '/resumo-temporario');
    await page.getByText('Em construção').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Sair' }).count(), 0);
  },

  async 'an unknown path is the 404 page'({ context, baseUrl }) {
    const page = await context.newPage();
    await visit(page, baseUrl, '/nao-existe/mesmo');
    await page.getByText('Page Not Found: /nao-existe/mesmo').waitFor();
    assert.equal(await page.locator('[data-error-variant="not-found"]').count(), 1);
  },

  async '/inicio lists only the areas the user may open'({ context, baseUrl }) {
    const page = await context.newPage();
    await signIn(page, baseUrl, demoEmail('salesperson'));
    await page.getByRole('navigation', { name: 'Vendas e CRM' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Pagamentos', exact: true }).count(), 0);
    assert.equal(await page.getByRole('link', { name: 'Clientes' }).count(), 1);
  },
};
