import { apiToken, demoEmail, expect, signIn, test } from '../support/fixtures';

type Json = Record<string, unknown>;

/** Today in São Paulo (`aaaa-mm-dd`): the server's business date, not UTC's (after 21:00 there UTC is tomorrow). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

/** Calls the API as `email`; a refusal fails the test with its body. */
async function caller(baseUrl: string, email: string) {
  const token = await apiToken(baseUrl, demoEmail(email));
  return async <T = Json,>(path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}

interface Sale {
  id: string;
  number: string;
  version: number;
  receivables: Array<{ installment_id: string; amount: number }>;
}

/** The salesperson sells a demo product (released by the full payment) by PIX in one installment, confirmed. */
async function sellProduct(baseUrl: string): Promise<{ sale: Sale; item: string }> {
  const api = await caller(baseUrl, 'salesperson');
  const clients = await api<{ items: Array<{ id: string }> }>('/api/v1/crm/clients?page_size=1');
  const catalog = await api<{ items: Array<{ id: string; name: string }> }>('/api/v1/sales/catalog?kind=produto&active=true&page_size=1');
  const product = catalog.items[0];
  const draft = await api<Sale>('/api/v1/sales/sales', {
    client_id: clients.items[0]?.id,
    items: [{ catalog_item_id: product?.id, quantity: 1, discount_bp: 0 }],
    payment_method: 'pix',
    installment_count: 1,
    first_due_date: today(),
  });
  const sale = await api<Sale>(`/api/v1/sales/sales/${draft.id}/confirm`, { version: draft.version });
  return { sale, item: product?.name ?? '' };
}

/** Finance registers the installment's full receipt (what publishes `finance.receivable_settled`). */
async function receive(baseUrl: string, installmentId: string, amount: number): Promise<void> {
  const api = await caller(baseUrl, 'financial-assistant');
  const accounts = await api<Array<{ id: string; active: boolean }> | { items: Array<{ id: string; active: boolean }> }>('/api/v1/finance/bank-accounts');
  const list = Array.isArray(accounts) ? accounts : accounts.items;
  const installment = await api<{ version: number }>(`/api/v1/finance/receivables/installments/${installmentId}`);
  await api(`/api/v1/finance/receivables/installments/${installmentId}/receipts`, {
    version: installment.version,
    date: today(),
    amount_cents: amount,
    bank_account_id: list.find((a) => a.active)?.id,
    method: 'PIX',
  });
}

test('a follow-up track released by a settlement moves to "Em separação" and is shipped with its tracking code', async ({ page, baseUrl }) => {
  const { sale, item } = await sellProduct(baseUrl);
  await signIn(page, baseUrl, demoEmail('salesperson'), undefined, '/follow-up-pedidos');
  await expect(page.getByRole('heading', { name: 'Follow-up de pedidos', level: 1 })).toBeVisible();
  await page.getByLabel('Tipo').selectOption('produto');
  const waiting = page.getByRole('region', { name: 'Aguardando pagamento' });
  const card = (column: typeof waiting) => column.getByRole('article', { name: `${sale.number} ${item}` });
  await expect(card(waiting)).toBeVisible();
  // Awaiting payment: no step to take, no SLA yet.
  await expect(card(waiting).getByRole('button')).toHaveCount(0);

  const [installment] = sale.receivables;
  await receive(baseUrl, installment?.installment_id ?? '', installment?.amount ?? 0);
  // The release runs as the event's delivery job: the board shows it once the worker took it.
  const picking = page.getByRole('region', { name: 'Em separação' });
  await expect(async () => {
    await page.reload();
    await expect(card(picking)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(card(waiting)).toHaveCount(0);
  await expect(card(picking).getByText('No prazo')).toBeVisible();
  await expect(card(picking).getByText(/^Prazo: \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();

  // Shipping asks the tracking code: without it the field says so.
  await card(picking).getByRole('button', { name: 'Marcar enviado' }).click();
  await card(picking).getByRole('button', { name: 'Salvar' }).click();
  await expect(card(picking).getByText('Informe o código de rastreio.')).toBeVisible();
  await card(picking).getByLabel('Código de rastreio').fill('BR123456789BR');
  await card(picking).getByRole('button', { name: 'Salvar' }).click();
  const shipped = page.getByRole('region', { name: 'Enviado' });
  await expect(card(shipped)).toBeVisible();
  await expect(card(shipped).getByText('Rastreio: BR123456789BR')).toBeVisible();
  await expect(card(shipped).getByRole('button', { name: 'Marcar entregue' })).toBeVisible();
});

test('finance reads the board and takes no step', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('financial-assistant'), undefined, '/follow-up-pedidos');
  await expect(page.getByRole('heading', { name: 'Follow-up de pedidos', level: 1 })).toBeVisible();
  // The demo's confirmed sales have procedures awaiting payment.
  await expect(page.getByRole('region', { name: 'Aguardando pagamento' }).getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Marcar|Agendar|Registrar)/ })).toHaveCount(0);
});
