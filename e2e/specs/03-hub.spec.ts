import { apiToken, demoEmail, expect, expectPath, signIn, test } from '../support/fixtures';

interface AuditEntry {
  content: string;
  has_permission: boolean;
}

async function auditEntries(baseUrl: string, email: string): Promise<AuditEntry[]> {
  const token = await apiToken(baseUrl, demoEmail('admin'));
  const response = await fetch(`${baseUrl}/api/v1/audit/access?q=${encodeURIComponent(email)}&page_size=100`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: AuditEntry[] }).items;
}

async function waitForAudit(baseUrl: string, email: string, predicate: (entry: AuditEntry) => boolean): Promise<AuditEntry[]> {
  for (let i = 0; i < 40; i += 1) {
    const items = await auditEntries(baseUrl, email);
    if (items.some(predicate)) return items;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`nenhuma entrada de auditoria de ${email} satisfaz a condição`);
}

test('dispatch viewer opens the dispatch area and the check is audited as allowed', async ({ page, baseUrl }) => {
  const email = demoEmail('hub-dispatch');
  await signIn(page, baseUrl, email);
  await page.goto(`${baseUrl}/hub/despachos`);
  await page.getByRole('heading', { name: 'Despachos' }).waitFor();
  await waitForAudit(baseUrl, email, (e) => e.content.includes('/hub/despachos') && e.has_permission === true);
});

test('approval without can_approval_dispatch: Acesso negado dialog for 4 s without buttons, audited as denied', async ({ page, baseUrl }) => {
  const email = demoEmail('hub-dispatch');
  await signIn(page, baseUrl, email);
  await page.goto(`${baseUrl}/hub/despachos/aprovacoes`);
  const dialog = page.getByRole('alertdialog', { name: 'Acesso negado' });
  await dialog.waitFor();
  const shownAt = Date.now();
  expect(await dialog.innerText()).toMatch(/comitê de segurança da informação/);
  expect(await dialog.getByRole('button').count()).toBe(0);
  await dialog.waitFor({ state: 'detached', timeout: 8000 });
  const shownFor = Date.now() - shownAt;
  expect(shownFor, `o diálogo ficou só ${shownFor} ms`).toBeGreaterThanOrEqual(3500);
  await expectPath(page, '/hub');
  await waitForAudit(baseUrl, email, (e) => e.content.includes('/hub/despachos/aprovacoes') && e.has_permission === false);
});

test('approver opens approvals', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('hub-approver'));
  await page.goto(`${baseUrl}/hub/despachos/aprovacoes`);
  await page.getByRole('heading', { name: 'Aprovação de despachos' }).waitFor();
  expect(await page.getByRole('alertdialog').count()).toBe(0);
});

test('without access_hub the hub sends the user to /inicio', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('salesperson'));
  await page.goto(`${baseUrl}/hub`);
  await expectPath(page, '/inicio');
});
