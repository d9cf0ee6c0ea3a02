import type { Page } from '@playwright/test';
import { apiToken, demoEmail, expect, expectPath, signIn, test, userMenu } from '../support/fixtures';

async function visit(page: Page, baseUrl: string, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  // Let the guard finish (server checks are asynchronous).
  await page.waitForLoadState('networkidle');
}

test('salesperson is sent from /pagamentos and /recebimentos to /minhas-vendas', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('salesperson'));
  for (const path of ['/pagamentos', '/recebimentos']) {
    await visit(page, baseUrl, path);
    await expectPath(page, '/minhas-vendas');
  }
});

test('finance roles open /pagamentos and /recebimentos', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('financial-assistant'));
  for (const path of ['/pagamentos', '/recebimentos']) {
    await visit(page, baseUrl, path);
    await expectPath(page, path);
    await page.getByRole('heading', { level: 1 }).waitFor();
  }
});

test('legal assistant is sent from /inicio and /minhas-vendas to /clientes', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('legal-assistant'));
  await expectPath(page, '/clientes');
  await visit(page, baseUrl, '/minhas-vendas');
  await expectPath(page, '/clientes');
});

test('remittance pages: the server check lets a finance manager in and sends others to /inicio', async ({ page, baseUrl, browser }) => {
  const manager = page;
  await signIn(manager, baseUrl, demoEmail('financial-manager'));
  for (const path of ['/remessa', '/remessas', '/pagamentos-remessa']) {
    await visit(manager, baseUrl, path);
    await expectPath(manager, path);
    await manager.getByRole('heading', { level: 1 }).waitFor();
  }
  const otherContext = await browser.newContext();
  try {
    const other = await otherContext.newPage();
    await signIn(other, baseUrl, demoEmail('salesperson'));
    for (const path of ['/remessa', '/pagamentos-remessa']) {
      await visit(other, baseUrl, path);
      await expectPath(other, '/inicio');
    }
  } finally {
    await otherContext.close();
  }
});

test('scenario 10: a financial assistant opens the cobrança remittance but not the payment one, as the server check says', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('financial-assistant'));
  await visit(page, baseUrl, '/remessa');
  await expectPath(page, '/remessa');
  await visit(page, baseUrl, '/pagamentos-remessa');
  await expectPath(page, '/inicio');
  const token = await apiToken(baseUrl, demoEmail('financial-assistant'));
  const check = await fetch(`${baseUrl}/api/v1/auth/access?path=/pagamentos-remessa`, { headers: { Authorization: `Bearer ${token}` } });
  expect(((await check.json()) as { allowed: boolean }).allowed).toBe(false);
});

test('conciliation needs can_see_conciliation', async ({ page, baseUrl, server, browser }) => {
  const stamp = Date.now();
  const withFlag = `conc-${stamp}@e2e.backoffice.com.br`;
  const without = `sem-conc-${stamp}@e2e.backoffice.com.br`;
  await server.createUser(['--email', withFlag, '--name', 'Com Conciliação', '--role', 'FINANCIAL_ASSISTANT', '--password', 'Teste@2026x', '--can-see-conciliation', '--password-updated']);
  await server.createUser(['--email', without, '--name', 'Sem Conciliação', '--role', 'FINANCIAL_ASSISTANT', '--password', 'Teste@2026x', '--password-updated']);
  const allowed = page;
  await signIn(allowed, baseUrl, withFlag, 'Teste@2026x');
  await visit(allowed, baseUrl, '/conciliacao');
  await expectPath(allowed, '/conciliacao');
  const deniedContext = await browser.newContext();
  try {
    const denied = await deniedContext.newPage();
    await signIn(denied, baseUrl, without, 'Teste@2026x');
    await visit(denied, baseUrl, '/conciliacao');
    await expectPath(denied, '/inicio');
  } finally {
    await deniedContext.close();
  }
});

test('/reset-senha: updated password → /inicio, not updated → stays, signed out → /', async ({ page, baseUrl, server, browser }) => {
  await visit(page, baseUrl, '/reset-senha');
  await expectPath(page, '/');
  await signIn(page, baseUrl, demoEmail('admin'));
  await visit(page, baseUrl, '/reset-senha');
  await expectPath(page, '/inicio');

  const fresh = `novo-${Date.now()}@e2e.backoffice.com.br`;
  await server.createUser(['--email', fresh, '--name', 'Senha Provisória', '--role', 'SALESPERSON', '--password', 'Provisoria@2026']);
  const otherContext = await browser.newContext();
  try {
    const other = await otherContext.newPage();
    await signIn(other, baseUrl, fresh, 'Provisoria@2026');
    await visit(other, baseUrl, '/reset-senha');
    await expectPath(other, '/reset-senha');
    await other.getByRole('heading', { name: 'Redefinir senha' }).waitFor();
    // Not having updated the password blocks nothing else.
    await visit(other, baseUrl, '/clientes');
    await expectPath(other, '/clientes');
  } finally {
    await otherContext.close();
  }
});

test('/ and /entrar send a signed-in user to /inicio', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('admin'));
  for (const path of ['/', '/entrar']) {
    await visit(page, baseUrl, path);
    await expectPath(page, '/inicio');
  }
});

test('/resumo-temporario opens without sign-in and without the layout', async ({ page, baseUrl }) => {
  await visit(page, baseUrl, '/resumo-temporario');
  await expectPath(page, '/resumo-temporario');
  // The public summary page itself (without a token in the fragment it says the link is incomplete).
  await page.getByText(/^Este link está incompleto\./).waitFor();
  expect(await userMenu(page).count()).toBe(0);
});

test('an unknown path is the 404 page', async ({ page, baseUrl }) => {
  await visit(page, baseUrl, '/nao-existe/mesmo');
  await page.getByText('Page Not Found: /nao-existe/mesmo').waitFor();
  expect(await page.locator('[data-error-variant="not-found"]').count()).toBe(1);
});

test('/inicio lists only the areas the user may open', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('salesperson'));
  // The page's own list (the menu beside it is checked in 08-frame.spec.ts).
  const home = page.getByRole('main');
  await home.getByRole('navigation', { name: 'Vendas e CRM' }).waitFor();
  expect(await home.getByRole('link', { name: 'Pagamentos', exact: true }).count()).toBe(0);
  expect(await home.getByRole('link', { name: 'Clientes' }).count()).toBe(1);
  // Nor the remittance the server would refuse a salesperson (it used to be offered, then bounced).
  expect(await home.getByRole('link', { name: 'Remessa de cobrança' }).count()).toBe(0);
});
