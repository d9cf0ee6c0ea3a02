import { apiToken, demoEmail, expect, signIn, test } from '../support/fixtures';

test('a manager creates a link with the UTM builder; /l/<code> redirects to the destination and the click is counted', async ({ page, baseUrl, request, browser }) => {
  await signIn(page, baseUrl, demoEmail('sales-manager'));
  const label = `Link E2E ${Date.now()}`;

  await page.goto(`${baseUrl}/crm/marketing/links`);
  await page.getByRole('button', { name: 'Novo link' }).click();
  const drawer = page.getByRole('dialog', { name: 'Novo link' });
  await drawer.getByLabel('Nome', { exact: false }).first().fill(label);
  await drawer.getByLabel(/^Destino/).fill('https://wa.me/5511999990000?text=Oi');
  // A host off the allow-list is flagged while typing.
  await drawer.getByLabel(/^Destino/).fill('https://evil.example/');
  await drawer.getByText(/fora da lista permitida/).waitFor();
  await drawer.getByLabel(/^Destino/).fill('https://wa.me/5511999990000?text=Oi');
  await drawer.getByLabel(/^Origem/).selectOption('whatsapp');
  await drawer.getByLabel(/^Mídia/).selectOption('mensagem');
  await drawer.getByLabel('Campanha (utm_campaign)').fill('Teste E2E Verão');
  const expected = 'https://wa.me/5511999990000?text=Oi&utm_source=whatsapp&utm_medium=mensagem&utm_campaign=teste-e2e-verao';
  // The live preview is the URL the server will answer with.
  await expect(drawer.getByTestId('utm-preview')).toHaveText(expected);
  await drawer.getByRole('button', { name: 'Criar link' }).click();
  await expect(drawer).toBeHidden();

  const row = page.getByRole('row', { name: new RegExp(label) });
  await row.waitFor();
  const code = (await row.getByRole('cell').nth(1).innerText()).trim();
  expect(code).toMatch(/^[0-9A-Za-z]{7}$/);

  // The short link answers 302 to the destination with the UTMs (checked without following it).
  const answer = await request.get(`${baseUrl}/l/${code}`, { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  expect(answer.headers()['location']).toBe(expected);
  // A preview bot is not a click.
  const preview = await request.get(`${baseUrl}/l/${code}`, { maxRedirects: 0, headers: { 'User-Agent': 'WhatsApp/2.23.20.0 A' } });
  expect(preview.status()).toBe(302);
  // An unknown code is 404, a page in Portuguese.
  const unknown = await request.get(`${baseUrl}/l/zzzzzz9`, { maxRedirects: 0 });
  expect(unknown.status()).toBe(404);
  expect(await unknown.text()).toContain('Link não encontrado');

  // Clicks are written in batches (every ~200 ms): the list shows 1 click and 1 preview once written.
  await expect
    .poll(
      async () => {
        await page.reload();
        const cells = page.getByRole('row', { name: new RegExp(label) }).getByRole('cell');
        return [(await cells.nth(4).innerText()).trim(), (await cells.nth(5).innerText()).trim()];
      },
      { timeout: 10_000 },
    )
    .toEqual(['1', '1']);

  // Scenario 25: a lead that came through the link is sold; the sale shows the link and the link counts the sale.
  // The manager's lead is sold by an administrator: the demo manager sells nothing herself, which 43-my-sales
  // checks on the same server.
  const token = await apiToken(baseUrl, demoEmail('sales-manager'));
  const adminToken = await apiToken(baseUrl, demoEmail('admin'));
  const call = async (method: string, path: string, body?: unknown, as = token) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${as}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    expect(response.ok, `${path}: ${JSON.stringify(answer)}`).toBe(true);
    return answer;
  };
  const clients = (await call('GET', '/api/v1/crm/clients?page_size=1')) as { items: Array<{ id: string }> };
  const catalog = (await call('GET', '/api/v1/sales/catalog?kind=produto&active=true')) as { items: Array<{ id: string; list_price: number }> };
  const item = catalog.items[0];
  const lead = await call('POST', '/api/v1/crm/opportunities', {
    title: `Lead do ${label}`,
    client_id: clients.items[0]?.id,
    expected_value_cents: item?.list_price ?? 0,
    source: 'whatsapp',
    link_code: code,
  });
  const firstDue = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const draft = await call(
    'POST',
    '/api/v1/sales/sales',
    {
      client_id: clients.items[0]?.id,
      opportunity_id: lead.id,
      items: [{ catalog_item_id: item?.id, quantity: 1, discount_bp: 0 }],
      payment_method: 'pix',
      installment_count: 1,
      first_due_date: firstDue,
    },
    adminToken,
  );
  await call('POST', `/api/v1/sales/sales/${String(draft.id)}/confirm`, { version: draft.version }, adminToken);

  // The sale is the administrator's (outside the manager's reach): its page, in the administrator's session.
  const adminPage = await browser.newPage();
  await signIn(adminPage, baseUrl, demoEmail('admin'), undefined, `/venda?id=${String(draft.id)}`);
  await expect(adminPage.getByText(`/l/${code}`)).toBeVisible();
  await adminPage.close();
  await page.goto(`${baseUrl}/crm/marketing/links`);
  const cells = page.getByRole('row', { name: new RegExp(label) }).getByRole('cell');
  // Leads, sales and revenue received (nothing paid yet).
  await expect(cells.nth(7)).toHaveText('1');
  await expect(cells.nth(8)).toHaveText('1');
  await expect(cells.nth(9)).toHaveText(/^R\$\s0,00$/);
});
