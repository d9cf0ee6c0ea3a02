import { apiToken, demoEmail, expect, signIn, test } from '../support/fixtures';

/** The client's document of a sale, read through the API (what the salesperson knows and the page never shows). */
async function clientDocument(baseUrl: string, saleId: string): Promise<string> {
  const token = await apiToken(baseUrl, demoEmail('salesperson'));
  const get = async (path: string) => {
    const response = await fetch(`${baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.ok, `${path}: ${response.status}`).toBe(true);
    return (await response.json()) as Record<string, unknown>;
  };
  const sale = await get(`/api/v1/sales/sales/${saleId}`);
  const client = await get(`/api/v1/crm/clients/${String(sale.client_id)}`);
  return String(client.document).replace(/\D/g, '');
}

test('a summary link is opened by the client in a fresh browser, verified, and then expires', async ({ page, baseUrl, browser, server }) => {
  // The salesperson creates the link from her list: the form opens on the sale.
  await signIn(page, baseUrl, demoEmail('salesperson'), undefined, '/minhas-vendas');
  const table = page.getByRole('table', { name: 'Minhas vendas' });
  const confirmed = table.getByRole('row').filter({ hasText: 'Confirmada' }).first();
  const number = ((await confirmed.getByRole('link', { name: /^Abrir V-/ }).textContent()) ?? '').trim();
  await confirmed.getByRole('link', { name: `Link de resumo de ${number}` }).click();
  await expect(page).toHaveURL(/\/venda\?id=.*&resumo=1/);
  const saleId = new URL(page.url()).searchParams.get('id') ?? '';
  const panel = page.getByRole('heading', { name: 'Links de resumo' });
  await expect(panel).toBeVisible();
  const verify = page.getByLabel('Pedir data de nascimento ou fim do CPF');
  if (!(await verify.isChecked())) await verify.check({ force: true });
  await page.getByLabel('Validade').selectOption('72');
  await page.getByRole('button', { name: 'Gerar link' }).click();
  const urlBox = page.getByRole('textbox', { name: 'Link de resumo' });
  await expect(urlBox).toHaveValue(/\/resumo-temporario#t=[A-Za-z0-9_-]{43}$/);
  const url = await urlBox.inputValue();
  const links = page.getByRole('table', { name: 'Links de resumo' });
  await expect(links.getByRole('row').nth(1)).toContainText('Ativo');
  await expect(links.getByRole('row').nth(1)).toContainText('Ainda não aberto');

  // The client: another browser, never signed in.
  const document = await clientDocument(baseUrl, saleId);
  const client = await browser.newContext();
  const clientPage = await client.newPage();
  const response = await clientPage.goto(url);
  expect(response?.headers()['cache-control']).toBe('no-store');
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  expect(response?.headers()['x-robots-tag']).toContain('noindex');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(clientPage.getByText('Para sua segurança, confirme um dado seu antes de ver a proposta.')).toBeVisible();
  const documentEnd = clientPage.getByRole('textbox', { name: /^Últimos 4 dígitos do CPF ou CNPJ/ });
  if (!(await documentEnd.isVisible())) await clientPage.getByText('Últimos 4 dígitos do CPF ou CNPJ').click();
  const wrong = document.slice(-4) === '0000' ? '1111' : '0000';
  await documentEnd.fill(wrong);
  await clientPage.getByRole('button', { name: 'Ver proposta' }).click();
  await expect(clientPage.getByText('Resposta incorreta. Restam 4 tentativas antes de o link ser bloqueado.')).toBeVisible();
  await documentEnd.fill(document.slice(-4));
  await clientPage.getByRole('button', { name: 'Ver proposta' }).click();
  await expect(clientPage.getByText(new RegExp(`^Olá, .+! Esta é a proposta ${number}\\.$`))).toBeVisible();
  await expect(clientPage.getByRole('table', { name: 'Itens da proposta' }).getByRole('row').nth(1)).toBeVisible();
  await expect(clientPage.getByText(/^Total R\$ [\d.]+,\d{2}$/)).toBeVisible();
  await expect(clientPage.getByLabel('Próximo pagamento')).toContainText(/Próximo pagamento: R\$ [\d.]+,\d{2} até \d{2}\/\d{2}\/\d{4}/);
  await expect(clientPage.getByText(/^Link válido até \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  const shown = (await clientPage.locator('body').innerText()).replace(/\D/g, '');
  expect(shown).not.toContain(document);
  // No menu, no sign-in: a page of its own.
  await expect(clientPage.getByRole('button', { name: /^Menu do usuário/ })).toHaveCount(0);

  // The salesperson sees the view.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Links de resumo' }).getByRole('row').nth(1)).toContainText('1× · primeira');

  // Time passes beyond the link's validity (moved in the database: the test cannot wait 72 hours).
  await server.execSql(`UPDATE sales_summary_links SET expires_at = '2000-01-03T12:00:00+00:00' WHERE sale_id = '${saleId}'`);
  await clientPage.reload();
  await expect(clientPage.getByRole('alert')).toContainText('Este link expirou. Peça um novo ao seu consultor.');
  await expect(clientPage.getByRole('table', { name: 'Itens da proposta' })).toHaveCount(0);
  await client.close();
  await page.reload();
  await expect(page.getByRole('table', { name: 'Links de resumo' }).getByRole('row').nth(1)).toContainText('Expirado');
});
