import { apiToken, demoEmail, expect, expectPath, signIn, test } from '../support/fixtures';

/** A título of a demo client launched through the API, due in two months of a year nothing else falls due in. */
async function seed(baseUrl: string): Promise<{ year: number; number: string }> {
  const token = await apiToken(baseUrl, demoEmail('financial-assistant'));
  const api = async <T,>(path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const clients = await api<{ items: Array<{ id: string }> }>('/api/v1/crm/clients?page_size=1');
  const chart = await api<{ items: Array<{ id: string; kind: string; nature: string; active: boolean }> }>('/api/v1/finance/chart-accounts');
  const revenue = chart.items.find((a) => a.kind === 'ANALITICA' && a.nature === 'RECEITA' && a.active);
  // A far year of its own, so the figures are this test's alone (re-runs on the same database pick another).
  const year = 2060 + (Date.now() % 100);
  const title = await api<{ number: string }>('/api/v1/finance/receivables', {
    client_id: clients.items[0]?.id,
    description: 'Relatório e2e',
    chart_account_id: revenue?.id,
    issue_date: new Date().toISOString().slice(0, 10),
    total_cents: 123_456,
    installments: 2,
    first_due: `${year}-05-10`,
    payment_method: 'BOLETO',
  });
  return { year, number: title.number };
}

test('the receipts report shows the seeded figures and a cell drills down to /recebimentos with its filters', async ({ page, baseUrl }) => {
  const { year, number } = await seed(baseUrl);
  await signIn(page, baseUrl, demoEmail('financial-assistant'), undefined, `/recebimentos-por-periodo?from=${year}-05-01&to=${year}-06-30&bucket=MONTH&dimension=FORMA`);
  await expect(page.getByRole('heading', { name: 'Recebimentos por período', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Recebimentos' })).toHaveAttribute('aria-selected', 'true');
  const table = page.getByRole('table', { name: 'Recebimentos por período' });
  const may = table.getByRole('row').filter({ hasText: `01/05/${year} a 31/05/${year}` });
  await expect(may).toContainText('Boleto');
  await expect(may).toContainText('R$ 617,28');
  await expect(table.getByRole('row').filter({ hasText: 'Total' })).toContainText('R$ 1.234,56');
  // The stacked bars' figures, as a screen reader reads them.
  await expect(page.getByRole('figure', { name: 'Recebido, em aberto e vencido por período' })).toBeAttached();

  await may.getByRole('link', { name: /^Em aberto de Boleto/ }).click();
  await expectPath(page, '/recebimentos');
  const url = new URL(page.url());
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    periodo: 'datas',
    due_from: `${year}-05-01`,
    due_to: `${year}-05-31`,
    payment_method: 'BOLETO',
    status: 'ABERTO,BOLETO_EMITIDO,REGISTRADO',
  });
  const list = page.getByRole('table', { name: 'Parcelas a receber' });
  await expect(list.getByRole('row').filter({ hasText: `${number} 1/2` })).toBeVisible();
  await expect(list.getByRole('row').filter({ hasText: `${number} 2/2` })).toHaveCount(0);
});

test('per client, the largest clients are rows of their own and the rest one row without links', async ({ page, baseUrl }) => {
  // The demo data has some forty clients with installments in the last twelve months: more than the twenty shown.
  const today = new Date();
  const from = `${today.getFullYear() - 1}-${String(today.getMonth() + 1).padStart(2, '0')}-01`;
  await signIn(page, baseUrl, demoEmail('financial-manager'), undefined, `/recebimentos-por-periodo?from=${from}&to=${today.toISOString().slice(0, 10)}&bucket=MONTH&dimension=CLIENTE`);
  const table = page.getByRole('table', { name: 'Recebimentos por período' });
  const rest = table.getByRole('row').filter({ hasText: /Demais clientes \(\d+\)/ });
  await expect(rest.first()).toBeVisible();
  await expect(rest.first().getByRole('link')).toHaveCount(0);
  await expect(page.getByText(/os 20 de maior valor previsto no período/)).toBeVisible();
  // A client of its own keeps its links.
  const named = table.getByRole('row').filter({ hasNotText: /Demais clientes|Total|Período/ }).first();
  await expect(named.getByRole('link').first()).toBeVisible();
});

test('the aging and the cash flow tabs keep their parameters in the URL', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('financial-manager'), undefined, '/recebimentos-por-periodo?aba=aging');
  const aging = page.getByRole('table', { name: 'Aging' });
  await expect(aging.getByRole('columnheader', { name: 'Vencidos > 180' })).toBeVisible();
  await expect(aging.getByRole('row', { name: /^Participação/ })).toBeVisible();
  await page.getByRole('tab', { name: 'Fluxo de caixa previsto' }).click();
  await page.getByLabel('Horizonte').selectOption('7');
  await expect(page).toHaveURL(/aba=fluxo/);
  await expect(page).toHaveURL(/days=7/);
  const flow = page.getByRole('table', { name: 'Fluxo de caixa previsto' });
  // The demo data has overdue installments: their own row, outside the balance.
  await expect(flow.getByRole('row').filter({ hasText: 'Vencidos (fora do saldo)' })).toBeVisible();
  await expect(flow.getByRole('row').filter({ hasText: 'Total' })).toBeVisible();
  await expect(page.getByText('Saldo inicial')).toBeVisible();
});

test('a salesperson does not get the reports', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('salesperson'), undefined, '/recebimentos-por-periodo');
  await expectPath(page, '/inicio');
});
