import { apiToken, demoEmail, expect, expectPath, signIn, test } from '../support/fixtures';

test('a stock manager creates a material, posts an entrada avulsa and sees the running balance', async ({ page, baseUrl }) => {
  const sku = `E2E-${Date.now()}`;
  await signIn(page, baseUrl, demoEmail('stock-manager'), undefined, '/estoque/cadastro-materiais');
  await expect(page.getByRole('heading', { name: 'Cadastro de materiais', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Novo material' }).click();
  const form = page.getByRole('dialog', { name: 'Novo material' });
  await form.getByLabel('SKU *').fill(sku.toLowerCase());
  await form.getByLabel('Nome *').fill('Luva nitrílica E2E');
  await form.getByLabel('GTIN (código de barras)').fill('7891000315508');
  await form.getByLabel('Controla validade (implica lote)').uncheck();
  await form.getByRole('button', { name: 'Cadastrar material' }).click();
  // The server refuses a wrong check digit, naming the field.
  await expect(form.getByText(/GTIN inválido/).first()).toBeVisible();
  await form.getByLabel('GTIN (código de barras)').fill('7891000315507');
  await form.getByRole('button', { name: 'Cadastrar material' }).click();
  await expect(form).toBeHidden();
  await page.getByLabel('Buscar').fill(sku);
  await expect(page.getByRole('table', { name: 'Materiais' })).toContainText(sku);

  await page.goto(`${baseUrl}/estoque/movimentacao-estoque`);
  await expect(page.getByRole('heading', { name: 'Movimentação de Estoque', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Entrada avulsa' }).click();
  const entry = page.getByRole('dialog', { name: 'Entrada avulsa' });
  await entry.getByLabel('Material *').fill(sku);
  await page.getByRole('listbox').getByRole('option', { name: new RegExp(sku) }).click();
  await entry.getByLabel('Local *').click();
  await page.getByRole('listbox').getByRole('option', { name: 'Depósito central' }).click();
  await entry.getByLabel(/Quantidade/).fill('12,5');
  await entry.getByLabel('Custo unitário (R$)').fill('2,60');
  await entry.getByLabel('Motivo *').fill('curto');
  await entry.getByRole('button', { name: 'Lançar' }).click();
  await expect(entry.getByText('Informe o motivo (de 10 a 500 caracteres).').first()).toBeVisible();
  await entry.getByLabel('Motivo *').fill('Bonificação do fornecedor no teste');
  await entry.getByRole('button', { name: 'Lançar' }).click();
  await expect(entry).toBeHidden();

  await page.getByLabel('Buscar material').fill(sku);
  await page.getByLabel('Material', { exact: true }).selectOption({ label: `${sku} — Luva nitrílica E2E` });
  await page.getByLabel('Local', { exact: true }).selectOption({ label: 'Depósito central' });
  await expect(page.getByRole('status')).toContainText('12,5 UN em Depósito central');
  const table = page.getByRole('table', { name: 'Movimentações' });
  await expect(table).toContainText('Entrada avulsa');
  await expect(table).toContainText('R$ 2,60');
});

test('a clinic user cannot reach the stock pages', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('clinic-staff'), undefined, '/estoque/movimentacao-estoque');
  await expectPath(page, '/inicio');
  await page.goto(`${baseUrl}/estoque/cadastro-materiais`);
  await expectPath(page, '/inicio');
  await expect(page.getByRole('heading', { name: 'Cadastro de materiais' })).toHaveCount(0);
});

/** aaaa-mm-dd, `days` from today (UTC: a day's margin either side keeps the badges stable). */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function api(baseUrl: string, token: string, method: string, path: string, body: unknown): Promise<{ id: string }> {
  const response = await fetch(`${baseUrl}/api/v1/stock/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string };
}

test('a material page shows its unit conversions and its lots with expiry badges and balances per location', async ({ page, baseUrl }) => {
  const sku = `E2E-LOTE-${Date.now()}`;
  const token = await apiToken(baseUrl, demoEmail('stock-manager'));
  const material = await api(baseUrl, token, 'POST', 'materials', { sku, name: 'Anestésico E2E', base_uom: 'ML', tracks_expiry: true, expiry_alert_days: 60 });
  const central = (await (await fetch(`${baseUrl}/api/v1/stock/locations`, { headers: { Authorization: `Bearer ${token}` } })).json()) as Array<{ id: string; kind: string }>;
  const centralId = central.find((l) => l.kind === 'CENTRAL')?.id ?? '';
  for (const [lot, days] of [['E2E-CURTO', 20], ['E2E-LONGO', 300]] as const) {
    await api(baseUrl, token, 'POST', 'movements', {
      kind: 'MISC_IN', material_id: material.id, location_id: centralId, qty_milli: 4_000, lot_code: lot, expiry_date: dayFromToday(days),
      unit_cost_micro: 1_500_000, reason: 'Carga inicial do teste de lotes',
    });
  }

  await signIn(page, baseUrl, demoEmail('stock-manager'), undefined, `/estoque/cadastro-materiais?id=${material.id}`);
  const detail = page.getByRole('dialog', { name: `${sku} — Anestésico E2E` });
  await expect(detail).toBeVisible();
  await detail.getByRole('tab', { name: 'Unidades' }).click();
  await expect(detail.getByText('Fixa: o material já tem movimentações')).toBeVisible();
  const add = detail.getByRole('form', { name: 'Nova conversão de unidade' });
  await add.getByLabel('Unidade').fill('fr');
  await add.getByLabel('Numerador').fill('20');
  await add.getByRole('button', { name: 'Adicionar unidade' }).click();
  const units = detail.getByRole('table', { name: 'Conversões de unidade' });
  await expect(units).toContainText('1 FR = 20 ML');
  // A fraction that does not land on whole thousandths is refused, naming the denominator.
  await add.getByLabel('Unidade').fill('GT');
  await add.getByLabel('Numerador').fill('1');
  await add.getByLabel('Denominador').fill('3');
  await add.getByRole('button', { name: 'Adicionar unidade' }).click();
  await expect(detail.getByRole('alert')).toBeVisible();
  await expect(units).not.toContainText('GT');
  await detail.getByRole('button', { name: 'Remover unidade FR' }).click();
  await expect(detail.getByText('Nenhuma conversão: o material só usa a unidade base.')).toBeVisible();

  await detail.getByRole('tab', { name: 'Lotes' }).click();
  const lots = detail.getByRole('table', { name: 'Lotes' });
  await expect(lots.getByRole('row', { name: /E2E-CURTO/ })).toContainText('Vencendo');
  await expect(lots.getByRole('row', { name: /E2E-LONGO/ })).toContainText('Válido');
  await expect(lots.getByRole('row', { name: /E2E-LONGO/ })).toContainText('Depósito central: 4 ML');
  await lots.getByRole('link', { name: 'Movimentações do lote E2E-CURTO' }).click();
  await expect(page).toHaveURL(new RegExp(`/estoque/movimentacao-estoque\\?material_id=${material.id}&lot_id=`));
  const table = page.getByRole('table', { name: 'Movimentações' });
  await expect(table).toContainText('E2E-CURTO');
  await expect(table).not.toContainText('E2E-LONGO');
});

test('a stock keeper reads a material page without editing it', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('stock-keeper'), undefined, '/estoque/cadastro-materiais');
  await page.getByRole('table', { name: 'Materiais' }).getByRole('button').first().click();
  const detail = page.getByRole('dialog');
  await expect(detail.getByText('Unidade base:', { exact: false })).toHaveCount(0);
  await detail.getByRole('tab', { name: 'Unidades' }).click();
  await expect(detail.getByText(/Unidade base:/)).toBeVisible();
  await expect(detail.getByRole('form', { name: 'Nova conversão de unidade' })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: /Remover unidade/ })).toHaveCount(0);
});
