import { apiToken, demoEmail, expect, signIn, test } from '../support/fixtures';

/** R$ 1.234,56 as the page shows it. */
const brl = (cents: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100).replace(/\u00a0/g, ' ');

/** Today in São Paulo, aaaa-mm-dd. */
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });

interface Client {
  id: string;
  document: string;
}

function ofx(lines: Array<{ fitid: string; day: string; cents: number; memo: string }>): Buffer {
  const trn = lines
    .map((l) => `<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>${l.day.replace(/-/g, '')}<TRNAMT>${(l.cents / 100).toFixed(2)}<FITID>${l.fitid}<MEMO>${l.memo}</STMTTRN>`)
    .join('\r\n');
  return Buffer.from(
    'OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\nENCODING:USASCII\r\nCHARSET:1252\r\nCOMPRESSION:NONE\r\nOLDFILEUID:NONE\r\nNEWFILEUID:NONE\r\n\r\n' +
      '<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STMTRS><CURDEF>BRL\r\n' +
      '<BANKACCTFROM><BANKID>341<BRANCHID>0912<ACCTID>456789<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>\r\n' +
      `${trn}\r\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\r\n`,
  );
}

test('a manager reconciles Itaú Operacional: an OFX imported (and again, adding nothing), one credit matched by itself, one suggestion accepted, one match undone', async ({ page, baseUrl }) => {
  const token = await apiToken(baseUrl, demoEmail('financial-manager'));
  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  };
  const accounts = await api<{ items: Array<{ id: string; nickname: string }> }>('GET', '/api/v1/finance/bank-accounts');
  const itau = accounts.items.find((a) => a.nickname === 'Itaú Operacional');
  expect(itau).toBeTruthy();
  // "Conciliar automaticamente" on for the account (a bank-account setting the manager holds).
  await api('PUT', `/api/v1/finance/reconciliation/accounts/${itau?.id ?? ''}`, { auto_reconcile: true });
  const chart = await api<{ items: Array<{ id: string; code: string }> }>('GET', '/api/v1/finance/chart-accounts');
  const revenue = chart.items.find((a) => a.code === '1.1.01');
  const clients = await api<{ items: Client[] }>('GET', '/api/v1/crm/clients?page_size=50');
  const [first, second] = clients.items.filter((c) => c.document.length === 14 || c.document.length === 11);
  if (!first || !second) throw new Error('a demonstração precisa de dois clientes com CPF ou CNPJ');
  const stamp = Date.now() % 100_000;
  const day = today();
  // Amounts of this run only, so nothing else on the account competes.
  const auto = 1_000_00 + stamp;
  const suggested = 2_000_00 + stamp;
  for (const [client, cents] of [
    [first, auto],
    [second, suggested],
  ] as const) {
    await api('POST', '/api/v1/finance/receivables', {
      client_id: client.id,
      description: `Conciliação e2e ${stamp}`,
      chart_account_id: revenue?.id,
      issue_date: day,
      total_cents: cents,
      installments: 1,
      first_due: day,
      bank_account_id: itau?.id,
    });
  }
  const statement = ofx([
    { fitid: `E2E-A-${stamp}`, day, cents: auto, memo: `PIX RECEBIDO ${first.document}` },
    { fitid: `E2E-B-${stamp}`, day, cents: suggested, memo: 'TED RECEBIDA' },
  ]);

  await signIn(page, baseUrl, demoEmail('financial-manager'), undefined, '/conciliacao');
  await expect(page.getByRole('heading', { name: 'Conciliação', level: 1 })).toBeVisible();
  await page.getByLabel('Conta bancária').selectOption(itau?.id ?? '');
  await expect(page.getByTestId('saldo-extrato')).toContainText('R$');

  const importStatement = async (expected: string) => {
    await page.getByRole('button', { name: 'Importar extrato' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar extrato' });
    await dialog.locator('input[type=file]').setInputFiles({ name: `extrato-${stamp}.ofx`, mimeType: 'application/x-ofx', buffer: statement });
    await dialog.getByRole('button', { name: 'Importar' }).click();
    await expect(page.getByText(`Extrato importado: ${expected}`)).toBeVisible();
    await expect(dialog).toBeHidden();
  };
  await importStatement('2 novas, 0 já existentes.');
  const lines = page.getByRole('table', { name: 'Lançamentos do extrato' });
  await expect(lines.getByRole('row').filter({ hasText: brl(auto) })).toHaveCount(1);
  // The same file again adds nothing.
  await importStatement('0 novas, 2 já existentes.');

  await page.getByRole('button', { name: 'Conciliar' }).click();
  await expect(page.getByText(/^Conciliação concluída: \d+ conciliados automaticamente, \d+ sugestões\.$/)).toBeVisible();

  // The credit with the payer's CNPJ/CPF matched by itself; the one naming no one waits as a suggestion.
  const cards = page.getByTestId('conciliacao');
  const suggestion = cards.filter({ hasText: brl(suggested) });
  await expect(suggestion).toHaveCount(1);
  await expect(suggestion).toContainText('Valor idêntico');
  await suggestion.getByRole('button', { name: 'Aceitar' }).click();
  await expect(page.getByText('Conciliação aceita.')).toBeVisible();
  await expect(suggestion).toHaveCount(0);

  await page.getByRole('tab', { name: 'Conciliados' }).click();
  const automatic = cards.filter({ hasText: brl(auto) });
  await expect(automatic).toHaveCount(1);
  await expect(automatic).toContainText('Automática');
  await expect(automatic).toContainText('Conciliado por Conciliação automática');
  await expect(cards.filter({ hasText: brl(suggested) })).toContainText('Conciliado por');

  // Undone with a reason: the receipt it created is reversed and the line is pending again.
  await automatic.getByRole('button', { name: 'Desfazer' }).click();
  const undo = page.getByRole('dialog', { name: 'Desfazer conciliação' });
  await undo.getByRole('button', { name: 'Desfazer' }).click();
  await expect(undo.getByText('Informe o motivo, com 10 a 500 caracteres.')).toBeVisible();
  await undo.getByLabel('Motivo').fill('Crédito de outro cliente, conferido no comprovante.');
  await undo.getByRole('button', { name: 'Desfazer' }).click();
  await expect(page.getByText('Desfazer: feito.')).toBeVisible();
  await expect(automatic).toHaveCount(0);
  await expect(lines.getByRole('row').filter({ hasText: brl(auto) })).toContainText('Pendente');
});
