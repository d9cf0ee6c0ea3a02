import { apiToken, demoEmail, expect, expectPath, signIn, test } from '../support/fixtures';

test('an administrator creates a team with a manager, who fills it and redistributes its targets', async ({ page, browser, baseUrl }) => {
  const name = `Time E2E ${Date.now()}`;
  await signIn(page, baseUrl, demoEmail('admin'), undefined, '/crm/times');
  await expect(page.getByRole('heading', { name: 'Times', level: 1 })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Time Time Centro' })).toBeVisible();
  await page.getByRole('button', { name: 'Novo time' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo time' });
  await dialog.getByLabel('Nome *').fill(name);
  await dialog.getByLabel('Gestores').click();
  await page.getByRole('option', { name: 'Ricardo Gomes' }).click();
  // Close the managers' list (it covers the button) by going back to the name.
  await dialog.getByLabel('Nome *').click();
  await dialog.getByRole('button', { name: 'Criar time' }).click();
  await expect(page).toHaveURL(/\/crm\/times\/detalhes\?id=/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('Ricardo Gomes')).toBeVisible();
  const teamUrl = page.url();

  // Beatriz is in "Time Centro" already (demo data): a salesperson is in one team at a time, and the form says so.
  await page.getByRole('button', { name: 'Incluir integrante' }).click();
  const member = page.getByRole('dialog', { name: 'Incluir integrante' });
  await member.getByLabel('Vendedor *').click();
  await page.getByRole('option', { name: 'Beatriz Lima' }).click();
  await member.getByRole('button', { name: 'Incluir', exact: true }).click();
  await expect(member.getByText(/Beatriz Lima já é integrante do time Time Centro/).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(member).toBeHidden();

  // Ricardo, the manager, opens his team from the list and redistributes the month's targets.
  const context = await browser.newContext();
  const manager = await context.newPage();
  await signIn(manager, baseUrl, demoEmail('hub-approver'), undefined, '/crm/times');
  await manager.getByRole('link', { name }).click();
  await expect(manager.getByRole('heading', { name, level: 1 })).toBeVisible();
  expect(manager.url()).toBe(teamUrl);
  await expect(manager.getByRole('button', { name: 'Editar' })).toHaveCount(0);
  await context.close();
});

test('the month targets of a team: the manager cannot save parts that do not sum, and saves when they do', async ({ page, browser, baseUrl }) => {
  // The administrator sets Time Centro's targets for this month (split between Lucas and Beatriz).
  await signIn(page, baseUrl, demoEmail('admin'), undefined, '/crm/times');
  await page.getByRole('link', { name: 'Time Centro' }).click();
  await page.getByRole('button', { name: 'Definir metas do time' }).click();
  await page.getByLabel('Meta do time: Valor vendido').fill('1.000,01');
  await page.getByLabel('Meta do time: Vendas').fill('9');
  await page.getByLabel('Meta do time: Atividades realizadas').fill('300');
  await page.getByLabel('Meta do time: Clientes novos').fill('5');
  await page.getByRole('button', { name: 'Salvar metas do time' }).click();
  const table = page.getByRole('table', { name: 'Metas do mês' });
  // Split between the two members, the odd centavo on one of them.
  await expect(table).toContainText('R$ 500,01');
  await expect(table).toContainText('R$ 500,00');

  const context = await browser.newContext();
  const manager = await context.newPage();
  await signIn(manager, baseUrl, demoEmail('sales-manager'), undefined, '/crm/times');
  await manager.getByRole('link', { name: 'Time Centro' }).click();
  await manager.getByRole('button', { name: 'Redistribuir entre os integrantes' }).click();
  await manager.getByLabel('Meta de Lucas Oliveira: Valor vendido').fill('700,00');
  await manager.getByLabel('Meta de Beatriz Lima: Valor vendido').fill('300,00');
  await expect(manager.getByRole('status')).toContainText('Valor vendido: faltam R$ 0,01');
  await expect(manager.getByRole('button', { name: 'Salvar distribuição' })).toBeDisabled();
  await manager.getByLabel('Meta de Beatriz Lima: Valor vendido').fill('300,01');
  await expect(manager.getByRole('button', { name: 'Salvar distribuição' })).toBeEnabled();
  await manager.getByRole('button', { name: 'Salvar distribuição' }).click();
  const saved = manager.getByRole('table', { name: 'Metas do mês' });
  await expect(saved.getByRole('row', { name: /Lucas Oliveira/ })).toContainText('R$ 700,00');
  await expect(manager.getByText('Metas dos integrantes redistribuídas')).toBeVisible();
  await context.close();
});

test('a salesperson sees their own team and profile only; the legal assistant is sent to the clients', async ({ page, browser, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('salesperson'), undefined, '/crm/times');
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article', { name: 'Time Time Centro' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Novo time' })).toHaveCount(0);
  await page.goto(`${baseUrl}/crm/usuarios`);
  const rows = page.getByRole('table', { name: 'Usuários do CRM' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Lucas Oliveira');

  const context = await browser.newContext();
  const legal = await context.newPage();
  await signIn(legal, baseUrl, demoEmail('legal-assistant'), undefined, '/crm/times');
  await expectPath(legal, '/clientes');
  await context.close();
});

test("a manager sees a member's month KPIs on the team and the salespeople pages, as the API gives them", async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('sales-manager'), undefined, '/crm/times');
  await page.getByRole('link', { name: 'Time Centro' }).click();
  await expect(page.getByRole('heading', { name: 'Time Centro', level: 1 })).toBeVisible();
  const teamId = new URL(page.url()).searchParams.get('id') ?? '';
  const token = await apiToken(baseUrl, demoEmail('sales-manager'));
  const headers = { Authorization: `Bearer ${token}` };
  const response = await fetch(`${baseUrl}/api/v1/crm/teams/${teamId}/kpis`, { headers });
  expect(response.status).toBe(200);
  type Kpis = { activities_done: number; overdue_activities: number; won: number };
  const team = (await response.json()) as { members: Array<{ user_id: string; name: string; kpis: Kpis }>; series: unknown[] };
  const beatriz = team.members.find((m) => m.name === 'Beatriz Lima');
  expect(beatriz).toBeDefined();
  const table = page.getByRole('table', { name: 'Indicadores dos integrantes' });
  const row = table.getByRole('row', { name: /Beatriz Lima/ });
  await expect(row.locator('[data-kpi="activities"]')).toHaveText(String(beatriz?.kpis.activities_done));
  await expect(row.locator('[data-kpi="overdue"]')).toHaveText(String(beatriz?.kpis.overdue_activities));
  await expect(row.locator('[data-kpi="won"]')).toHaveText(String(beatriz?.kpis.won));
  await expect(page.getByRole('figure', { name: 'Atividades acumuladas × meta' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Pipeline por etapa' })).toBeVisible();

  // The salespeople list: the same figure, from one request for the whole list.
  await page.goto(`${baseUrl}/crm/usuarios`);
  const list = page.getByRole('table', { name: 'Usuários do CRM' });
  const listed = list.getByRole('row', { name: /Beatriz Lima/ });
  await expect(listed.locator('[data-kpi="activities"]')).toHaveText(String(beatriz?.kpis.activities_done));
  await expect(listed.locator('[data-kpi="overdue"]')).toHaveText(String(beatriz?.kpis.overdue_activities));

  // Her page: the KPIs, the pipeline, her activities and the target history.
  await listed.getByRole('link', { name: 'Beatriz Lima' }).click();
  const kpis = page.getByRole('region', { name: 'Indicadores do mês' });
  await expect(kpis.locator('[data-kpi="activities"]')).toContainText(String(beatriz?.kpis.activities_done));
  await expect(page.getByRole('table', { name: 'Histórico de metas' }).getByRole('row')).toHaveCount(13);
  await expect(page.getByRole('link', { name: 'Ver atividades' })).toHaveAttribute('href', '/crm/atividades');
});
