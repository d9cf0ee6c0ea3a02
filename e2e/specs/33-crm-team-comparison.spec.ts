import { apiToken, demoEmail, expect, expectPath, signIn, test } from '../support/fixtures';

interface TeamRow {
  id: string;
  name: string;
  managers: Array<{ uid: string }>;
}

async function api<T>(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1/crm${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

function found<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`não encontrado: ${what}`);
  return value;
}

test('a sales manager compares two of their teams: asked for a second team, then the table, the charts and per member', async ({ page, browser, baseUrl }) => {
  // A second team of the demo sales manager (the demo has one: Time Centro, with the salespeople).
  const admin = await apiToken(baseUrl, demoEmail('admin'));
  const teams = await api<TeamRow[]>(baseUrl, admin, 'GET', '/teams');
  const centro = found(teams.find((t) => t.name === 'Time Centro'), 'Time Centro');
  const name = `Time Comparação ${Date.now()}`;
  const other = await api<TeamRow>(baseUrl, admin, 'POST', '/teams', { name, manager_ids: centro.managers.map((m) => m.uid) });

  // A salesperson of Time Centro completes a call today: Time Centro's figures include it.
  const seller = await apiToken(baseUrl, demoEmail('salesperson'));
  const activity = await api<{ id: string }>(baseUrl, seller, 'POST', '/activities', {
    kind: 'ligacao',
    subject: 'Ligação da comparação',
    due_at: new Date().toISOString(),
  });
  await api(baseUrl, seller, 'POST', `/activities/${activity.id}/complete`, { outcome: 'atendeu' });
  const manager = await apiToken(baseUrl, demoEmail('sales-manager'));
  const figures = await api<{ teams: Array<{ id: string; current: { activities_done: number } }> }>(
    baseUrl,
    manager,
    'GET',
    `/teams/comparison?ids=${centro.id},${other.id}`,
  );
  const centroDone = found(figures.teams.find((t) => t.id === centro.id), 'Time Centro na comparação').current.activities_done;
  expect(centroDone).toBeGreaterThan(0);

  // Scenario 30: one team is not a comparison.
  await signIn(page, baseUrl, demoEmail('sales-manager'), undefined, `/crm/times/comparar?ids=${centro.id}`);
  await expect(page.getByRole('heading', { name: 'Comparar times', level: 1 })).toBeVisible();
  await expect(page.getByText('Escolha de 2 a 6 times para comparar.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Indicadores por time' })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Times' }).click();
  await page.getByRole('option', { name }).click();
  await page.keyboard.press('Escape');
  const table = page.getByRole('table', { name: 'Indicadores por time' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader', { name: /Time Centro/ })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: new RegExp(name) })).toBeVisible();
  const row = table.getByRole('row', { name: /^Atividades realizadas/ });
  await expect(row.getByRole('cell').first()).toContainText(new Intl.NumberFormat('pt-BR').format(centroDone));
  expect(new URL(page.url()).searchParams.get('ids')).toBe(`${centro.id},${other.id}`);
  // Every chart reads as a table too.
  for (const chart of ['Contagens por time', 'Taxas por time (%)', 'Atividades acumuladas × meta', 'Funil atual por time (oportunidades abertas)', 'Atividades × oportunidades ganhas por integrante']) {
    await expect(page.getByRole('figure', { name: chart })).toBeAttached();
  }

  // The switch follows the URL, which the router updates in a transition: click, then wait for the state.
  const perMember = page.getByRole('switch', { name: 'Por integrante' });
  await perMember.click();
  await expect(perMember).toBeChecked();
  await expect(page.getByText(/Contagens por integrante/)).toBeVisible();
  expect(new URL(page.url()).searchParams.get('por_integrante')).toBe('1');

  // A salesperson may not compare teams: the guard sends them to the teams.
  const context = await browser.newContext();
  const sellerPage = await context.newPage();
  await signIn(sellerPage, baseUrl, demoEmail('salesperson'), undefined, `/crm/times/comparar?ids=${centro.id},${other.id}`);
  await expectPath(sellerPage, '/crm/times');
  await context.close();
});
