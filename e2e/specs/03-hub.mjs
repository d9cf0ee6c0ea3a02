import assert from 'node:assert/strict';
import { apiToken, demoEmail, expectPath, signIn } from '../harness.mjs';

async function auditEntries(baseUrl, email) {
  const token = await apiToken(baseUrl, demoEmail('admin'));
  const response = await fetch(`${baseUrl}/api/v1/audit/access?q=${encodeURIComponent(email)}&page_size=100`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  assert.equal(response.status, 200);
  return (await response.json()).items;
}

async function waitForAudit(baseUrl, email, predicate) {
  for (let i = 0; i < 40; i += 1) {
    const items = await auditEntries(baseUrl, email);
    if (items.some(predicate)) return items;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`nenhuma entrada de auditoria de ${email} satisfaz a condição`);
}

export const tests = {
  async 'dispatch viewer opens the dispatch area and the check is audited as allowed'({ context, baseUrl }) {
    const email = demoEmail('hub-dispatch');
    const page = await context.newPage();
    await signIn(page, baseUrl, email);
    await page.goto(`${baseUrl}/hub/despachos`);
    await page.getByRole('heading', { name: 'Despachos' }).waitFor();
    await waitForAudit(baseUrl, email, (e) => e.content.includes('/hub/despachos') && e.has_permission === true);
  },

  async 'approval without can_approval_dispatch: Acesso negado dialog for 4 s without buttons, audited as denied'({ context, baseUrl }) {
    const email = demoEmail('hub-dispatch');
    const page = await context.newPage();
    await signIn(page, baseUrl, email);
    await page.goto(`${baseUrl}/hub/despachos/aprovacoes`);
    const dialog = page.getByRole('alertdialog', { name: 'Acesso negado' });
    await dialog.waitFor();
    const shownAt = Date.now();
    assert.match(await dialog.innerText(), /comitê de segurança da informação/);
    assert.equal(await dialog.getByRole('button').count(), 0);
    await dialog.waitFor({ state: 'detached', timeout: 8000 });
    const shownFor = Date.now() - shownAt;
    assert.ok(shownFor >= 3500, `o diálogo ficou só ${shownFor} ms`);
    await expectPath(page, '/hub');
    await waitForAudit(baseUrl, email, (e) => e.content.includes('/hub/despachos/aprovacoes') && e.has_permission === false);
  },

  async 'approver opens approvals'({ context, baseUrl }) {
    const page = await context.newPage();
    await signIn(page, baseUrl, demoEmail('hub-approver'));
    await page.goto(`${baseUrl}/hub/despachos/aprovacoes`);
    await page.getByRole('heading', { name: 'Aprovação de despachos' }).waitFor();
    assert.equal(await page.getByRole('alertdialog').count(), 0);
  },

  async 'without access_hub the hub sends the user to /inicio'({ context, baseUrl }) {
    const page = await context.newPage();
    await signIn(page, baseUrl, demoEmail('salesperson'));
    await page.goto(`${baseUrl}/hub`);
    await expectPath(page, '/inicio');
  },
};
