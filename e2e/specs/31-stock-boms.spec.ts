import { apiToken, demoEmail, expect, signIn, test } from '../support/fixtures';

/**
 * `/estoque/backoffice/base-calculo-procedimentos`: a stock manager creates a procedure's BOM in the page (2 UN of
 * LUVA-002 with 10 % waste), publishes it, and the procedure is finished at Clínica Centro through the API (as the
 * clinic side will call it): 2,2 UN leave FEFO once per appointment (the repeat answers the first result), the
 * ledger page shows the consumption, and a procedure without a BOM shows under "Procedimento sem base de cálculo"
 * (brief §3, §5(d), §8 scenarios 19 and 20).
 */
test('a BOM is published in the page and consumed once per appointment; a procedure without one is listed', async ({ page, baseUrl, request }) => {
  test.setTimeout(120_000);
  const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
  await signIn(page, baseUrl, demoEmail('stock-manager'), undefined, '/estoque/backoffice/base-calculo-procedimentos');
  await expect(page.getByRole('heading', { name: 'Base de cálculo de procedimentos', level: 1 })).toBeVisible();
  const list = page.getByRole('table', { name: 'Bases de cálculo de procedimentos' });
  await expect(list).toContainText('TOXINA-BOT');
  await expect(list).toContainText('Exceção: Clínica Centro');

  await page.getByRole('button', { name: 'Nova base de cálculo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova base de cálculo' });
  await dialog.getByLabel('Código do procedimento').fill(code);
  await dialog.getByLabel('Nome do procedimento').fill('Procedimento de teste E2E');
  await dialog.getByRole('button', { name: 'Criar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: `${code} — Procedimento de teste E2E` })).toBeVisible();
  await expect(page.locator('[aria-label="Situação da versão"]')).toHaveText('Rascunho');

  // The draft: 2 UN of LUVA-002 with 10 % waste.
  await page.getByRole('combobox', { name: 'Incluir material' }).fill('LUVA-002');
  await page.getByRole('option', { name: /LUVA-002/ }).click();
  await page.getByLabel('Quantidade de LUVA-002', { exact: false }).fill('2');
  await page.getByLabel('Perda de LUVA-002', { exact: false }).fill('10');
  await page.getByRole('button', { name: 'Salvar rascunho' }).click();
  const lines = page.getByRole('table', { name: 'Materiais da versão 1' });
  await expect(lines).toContainText('2,2 UN');
  await expect(lines).toContainText('10 %');
  await page.getByRole('button', { name: 'Publicar versão 1' }).click();
  await expect(page.locator('[aria-label="Situação da versão"]')).toHaveText('Publicada (vigente)');
  // "Simular custo" (computed by the server): three procedures cost three times one.
  const simulated = page.getByLabel('Custo simulado');
  await expect(simulated).toContainText(/R\$ \d+,\d{2}/);
  const one = (await simulated.textContent()) ?? '';
  await page.getByRole('textbox', { name: 'Procedimentos' }).fill('3');
  await expect(simulated).not.toHaveText(one);

  // The clinic side finishes the procedure twice (same appointment): posted once.
  const token = await apiToken(baseUrl, demoEmail('stock-manager'));
  const headers = { Authorization: `Bearer ${token}` };
  const locations = (await (await request.get(`${baseUrl}/api/v1/stock/locations`, { headers })).json()) as { id: string; code: string }[];
  const centro = locations.find((l) => l.code === 'CLI-CENTRO');
  expect(centro).toBeTruthy();
  const body = { appointment_id: `AGD-${code}`, procedure_code: code, location_id: centro?.id, occurred_at: new Date().toISOString() };
  const first = await request.post(`${baseUrl}/api/v1/stock/procedure-consumptions`, { headers, data: body });
  expect(first.status()).toBe(201);
  const posted = (await first.json()) as { status: string; cost_cents: number; movements: { qty_milli: number; lot_code?: string }[] };
  expect(posted.status).toBe('LANCADO');
  expect(posted.movements.map((m) => m.qty_milli)).toEqual([2200]);
  expect(posted.movements[0]?.lot_code).toBe('L1');
  const again = await request.post(`${baseUrl}/api/v1/stock/procedure-consumptions`, { headers, data: body });
  expect(again.status()).toBe(200);
  const repeated = (await again.json()) as { repeated: boolean; cost_cents: number };
  expect(repeated).toMatchObject({ repeated: true, cost_cents: posted.cost_cents });

  // The ledger shows it once, newest first.
  await page.goto(`${baseUrl}/estoque/movimentacao-estoque`);
  const ledger = page.getByRole('table', { name: 'Movimentações' });
  const newest = ledger.getByRole('row').nth(1);
  await expect(newest).toContainText('Saída por consumo em procedimento');
  await expect(newest).toContainText('2,2');
  await expect(ledger.getByRole('row').nth(2)).not.toContainText('2,2');

  // A procedure without a BOM posts nothing and is listed.
  const missing = await request.post(`${baseUrl}/api/v1/stock/procedure-consumptions`, {
    headers,
    data: { ...body, appointment_id: `AGD-${code}-2`, procedure_code: `${code}-SEM` },
  });
  expect(missing.status()).toBe(201);
  expect(((await missing.json()) as { status: string }).status).toBe('SEM_BASE_DE_CALCULO');
  await page.goto(`${baseUrl}/estoque/backoffice/base-calculo-procedimentos`);
  await page.getByRole('tab', { name: 'Procedimento sem base de cálculo' }).click();
  const without = page.getByRole('table', { name: 'Procedimento sem base de cálculo' });
  await expect(without).toContainText(`${code}-SEM`);
  await expect(without).toContainText('PEELING-QUIMICO');
});
