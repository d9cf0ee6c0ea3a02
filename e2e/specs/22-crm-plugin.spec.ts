import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { demoEmail, DEMO_PASSWORD, expect, test, type Server } from '../support/fixtures';

/**
 * `/crm/plugin` inside another console (scenarios 21 and 22), with local origins: the backoffice server (run in
 * development mode, so `http://127.0.0.1:<port>` origins may be allowed), an allowed host, a forbidden host and a
 * third origin, each a small static server on its own port. The allowed host frames the plugin, the person signs
 * in inside the frame, and the host and the plugin exchange the contract's messages; the forbidden host's frame
 * is blocked by the browser (`frame-ancestors`); a message from the third origin is ignored.
 *
 * The card works the funnel and the agenda from the conversation: an opportunity moved to another stage, an
 * activity logged (the host hears `crm:activity-logged`), and a lead created for a number nobody has.
 * `crm:inbound-message` pauses the selected client's active cadence (the API test covers the pause itself). The card
 * enrolls its client in a cadence, with the cadences' consent rule.
 */

interface Received {
  type: string;
  payload?: Record<string, unknown>;
}

/** A static server answering every path with `html(origin)`; its origin is `http://127.0.0.1:<port>`. */
async function staticServer(html: (origin: string) => string): Promise<{ origin: string; close: () => Promise<void> }> {
  let origin = '';
  const server: HttpServer = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(html(origin));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A host console: the plugin's frame, what the plugin sent (from that frame and origin only), a way to send. */
function hostPage(pluginUrl: string, pluginOrigin: string, thirdUrl?: string): string {
  return `<!doctype html><html><head><title>Console</title></head><body>
<iframe id="plugin" src="${pluginUrl}" style="width:440px;height:700px"></iframe>
${thirdUrl ? `<iframe id="third" src="${thirdUrl}" style="width:10px;height:10px"></iframe>` : ''}
<script>
  window.received = [];
  const frame = document.getElementById('plugin');
  window.addEventListener('message', (e) => {
    if (e.origin === ${JSON.stringify(pluginOrigin)} && e.source === frame.contentWindow) window.received.push(e.data);
  });
  window.sendToPlugin = (m) => frame.contentWindow.postMessage(m, ${JSON.stringify(pluginOrigin)});
</script></body></html>`;
}

/** A page of a third origin, framed next to the plugin, that posts to the plugin's frame (the host's first frame). */
const thirdPage = () => `<!doctype html><html><body><script>
  window.poke = (m) => window.parent.frames[0].postMessage(m, '*');
</script></body></html>`;

/** A valid CPF from 9 random digits (check digits computed). */
function randomCpf(): string {
  const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((acc, d, i) => acc + d * (length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
}

async function adminToken(server: Server): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: demoEmail('admin'), password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function api(server: Server, token: string, method: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  expect(response.ok, JSON.stringify(answer)).toBe(true);
  return answer;
}

const received = (page: Page) => page.evaluate(() => (window as unknown as { received: Received[] }).received);
const ofType = async (page: Page, type: string) => (await received(page)).filter((m) => m.type === type);
const send = (page: Page, message: unknown) =>
  page.evaluate((m) => (window as unknown as { sendToPlugin: (m: unknown) => void }).sendToPlugin(m), message);

test('the plugin framed by an allowed console answers it; a forbidden console cannot frame it; a third origin is ignored', async ({
  page,
  browser,
  launchServer,
}) => {
  // Framing, sign-in, the card's three actions and a new lead, each a round trip through the frame.
  test.slow();
  const server = await launchServer({ BACKOFFICE_DEV_MODE: '1' });
  const pluginOrigin = new URL(server.baseUrl).origin;
  const pluginUrl = `${server.baseUrl}/crm/plugin`;
  const third = await staticServer(thirdPage);
  const allowed = await staticServer(() => hostPage(pluginUrl, pluginOrigin, `${third.origin}/third`));
  const forbidden = await staticServer(() => hostPage(pluginUrl, pluginOrigin));
  try {
    const token = await adminToken(server);
    await api(server, token, 'PUT', '/api/v1/crm/plugin/origins', { origins: [allowed.origin] });
    const cpf = randomCpf();
    // In the portfolio of the salesperson who signs in to the plugin (outside it, the lookup names only the owner).
    const salesUsers = await fetch(`${server.baseUrl}/api/v1/crm/sales-users`, { headers: { Authorization: `Bearer ${token}` } });
    const seller = ((await salesUsers.json()) as Array<{ uid: string; name: string }>).find((u) => u.name === 'Lucas Oliveira');
    const created = await api(server, token, 'POST', '/api/v1/crm/clients', {
      kind: 'person',
      name: 'Maria Plugin Souza',
      document: cpf,
      phones: ['+5511987654321'],
      owner_id: seller?.uid,
    });
    const opportunity = await api(server, token, 'POST', '/api/v1/crm/opportunities', {
      title: 'Clareamento da Maria',
      client_id: created.id,
      owner_id: seller?.uid,
      expected_value_cents: 150_000,
      source: 'whatsapp',
    });

    // A proposal for Maria with the salesperson in its split: the card lists it among her sales in hand.
    const catalog = await fetch(`${server.baseUrl}/api/v1/sales/catalog?kind=produto&active=true`, { headers: { Authorization: `Bearer ${token}` } });
    const product = ((await catalog.json()) as { items: Array<{ id: string }> }).items[0];
    const firstDue = new Date(Date.now() + 15 * 86_400_000).toISOString().slice(0, 10);
    const proposal = await api(server, token, 'POST', '/api/v1/sales/sales', {
      client_id: created.id,
      items: [{ catalog_item_id: product?.id, quantity: 1, discount_bp: 0 }],
      split: [{ user_id: seller?.uid, share_bp: 10_000 }],
      payment_method: 'boleto',
      installment_count: 1,
      first_due_date: firstDue,
    });

    // A cadence the card offers (it reads the list once, when it opens).
    const cadence = await api(server, token, 'POST', '/api/v1/crm/cadences', {
      name: 'Cadência do plugin',
      // Two steps, the second days later: inside 09:00–18:00 the first falls due at once, and with one step the
      // enrollment would already be concluded (the test then depended on the time of day it ran).
      steps: [
        { day_offset: 0, window_start: '09:00', window_end: '18:00', channel: 'whatsapp', template: 'Oi, {primeiro_nome}!' },
        { day_offset: 5, window_start: '09:00', window_end: '18:00', channel: 'whatsapp', template: 'Tudo bem, {primeiro_nome}?' },
      ],
    });

    // Opened on its own (no host), the plugin is inert.
    const alone = await browser.newPage();
    await alone.goto(pluginUrl);
    await expect(alone.getByText('Origem não autorizada')).toBeVisible();
    await alone.close();

    // Scenario 21: the forbidden console's frame is blocked by the browser.
    const blocked = await browser.newPage();
    const refusal = blocked.waitForEvent('console', (m) => m.text().includes('frame-ancestors'));
    await blocked.goto(`${forbidden.origin}/console`);
    expect((await refusal).text()).toContain(allowed.origin);
    expect(await received(blocked)).toEqual([]);
    await blocked.close();

    // The allowed console: the plugin says it is ready and asks for a sign-in.
    await page.goto(`${allowed.origin}/console`);
    const plugin = page.frameLocator('#plugin');
    await expect.poll(async () => (await received(page)).map((m) => m.type)).toEqual(expect.arrayContaining(['crm:ready', 'crm:auth-required']));
    expect((await ofType(page, 'crm:ready'))[0]).toEqual({ type: 'crm:ready', payload: { version: 1 } });

    await plugin.getByLabel('E-mail').fill(demoEmail('salesperson'));
    await plugin.getByLabel('Senha').fill(DEMO_PASSWORD);
    await plugin.getByRole('button', { name: 'Entrar' }).click();
    await expect(plugin.getByLabel('Telefone, e-mail ou CPF/CNPJ')).toBeVisible();

    // A third origin's messages are ignored: its context is not looked up, its ping not answered.
    const readyBefore = (await ofType(page, 'crm:ready')).length;
    const thirdFrame = page.frame({ url: (url) => url.origin === third.origin });
    if (!thirdFrame) throw new Error('the third origin’s frame did not load');
    await thirdFrame.evaluate(() => {
      const poke = (window as unknown as { poke: (m: unknown) => void }).poke;
      poke({ type: 'crm:context', payload: { email: 'intruso@exemplo.com.br' } });
      poke({ type: 'crm:ping' });
    });
    // crm:ping → crm:ready (the host's own, sent after the third origin's messages).
    await send(page, { type: 'crm:ping' });
    await expect.poll(async () => (await ofType(page, 'crm:ready')).length).toBe(readyBefore + 1);
    await expect(plugin.getByLabel('Telefone, e-mail ou CPF/CNPJ')).toHaveValue('');
    expect(await ofType(page, 'crm:client-selected')).toEqual([]);

    // Scenario 22: the host's context with a phone in a local format finds the client stored in E.164.
    await send(page, { type: 'crm:context', payload: { phone: '(11) 98765-4321', name: 'Maria', conversationId: 7 } });
    const card = plugin.getByLabel('Cliente encontrado');
    await expect(card.getByText('Maria Plugin Souza')).toBeVisible();
    await expect(card.getByText(`Documento: ***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`)).toBeVisible();
    await expect.poll(() => ofType(page, 'crm:client-selected')).toEqual([
      { type: 'crm:client-selected', payload: { clientId: created.id, displayName: 'Maria Plugin Souza' } },
    ]);

    await card.getByRole('button', { name: 'Inserir saudação na conversa' }).click();
    await expect.poll(() => ofType(page, 'crm:insert-text')).toEqual([{ type: 'crm:insert-text', payload: { text: 'Olá, Maria!' } }]);

    // The card's sales in hand: the proposal, not yet confirmed. Its summary link goes into the conversation
    // (the host inserts it); "Nova venda" opens the wizard for Maria in a new top-level tab.
    const sale = card.getByLabel(`Venda ${String(proposal.number)}`);
    await expect(sale).toContainText('Rascunho');
    await expect(sale).toContainText('Proposta ainda não confirmada');
    await sale.getByRole('button', { name: 'Enviar link de resumo' }).click();
    await expect.poll(async () => (await ofType(page, 'crm:insert-text')).length).toBe(2);
    const linkText = String((await ofType(page, 'crm:insert-text'))[1]?.payload?.text);
    expect(linkText).toMatch(new RegExp(`^Olá, Maria! Segue o resumo da sua proposta ${String(proposal.number)}: ${pluginOrigin}/resumo-temporario#t=[A-Za-z0-9_-]{43}$`));
    const links = await fetch(`${server.baseUrl}/api/v1/sales/sales/${String(proposal.id)}/summary-links`, { headers: { Authorization: `Bearer ${token}` } });
    expect(await links.json()).toEqual([expect.objectContaining({ state: 'ativo' })]);
    const wizard = page.context().waitForEvent('request', (r) => r.isNavigationRequest() && new URL(r.url()).pathname === '/venda');
    await card.getByRole('button', { name: 'Nova venda' }).click();
    const opened = new URL((await wizard).url());
    expect([opened.origin, opened.searchParams.get('cliente'), opened.searchParams.get('origem')]).toEqual([pluginOrigin, created.id, 'plugin']);
    await page.bringToFront();

    // crm:inbound-message: the client wrote, so their active cadence would pause (Maria is in none).
    await send(page, { type: 'crm:inbound-message', payload: { conversationId: 7, at: '2026-11-27T10:00:00Z' } });
    await expect(plugin.getByText('Nova mensagem na conversa 7: nenhuma cadência ativa para pausar.')).toBeVisible();

    // The card's funnel: the open opportunity moved to another stage from its menu.
    await expect(card.getByRole('paragraph').filter({ hasText: 'Clareamento da Maria' })).toBeVisible();
    await expect(card.getByText('R$ 1.500,00')).toBeVisible();
    await card.getByLabel('Etapa de Clareamento da Maria').selectOption({ label: 'Em contato' });
    await expect.poll(async () => {
      const response = await fetch(`${server.baseUrl}/api/v1/crm/opportunities/${String(opportunity.id)}`, { headers: { Authorization: `Bearer ${token}` } });
      return ((await response.json()) as { stage_id: string }).stage_id;
    }).toBe('em-contato');
    await expect(card.getByLabel('Etapa de Clareamento da Maria')).toHaveValue('em-contato');

    // An activity logged from the conversation: the outcome is required; the host hears which activity it was.
    const logForm = card.getByRole('form', { name: 'Registrar atividade' });
    await logForm.getByRole('button', { name: 'Registrar' }).click();
    await expect(logForm.getByRole('alert')).toHaveText('Escolha o resultado da conversa.');
    await logForm.getByLabel('Resultado').selectOption({ label: 'Respondeu' });
    await logForm.getByLabel('Anotação').fill('Quer o orçamento do clareamento');
    await logForm.getByLabel('Agendar a próxima atividade').check();
    await logForm.getByLabel('Assunto').fill('Enviar orçamento');
    await logForm.getByRole('button', { name: 'Registrar' }).click();
    await expect(card.getByLabel('Atividade recente').first()).toContainText('WhatsApp · Respondeu — Quer o orçamento do clareamento');
    await expect(card.getByText('Enviar orçamento')).toBeVisible();
    const logged = await ofType(page, 'crm:activity-logged');
    expect(logged).toHaveLength(1);
    const activityId = String(logged[0]?.payload?.activityId);
    const activity = await fetch(`${server.baseUrl}/api/v1/crm/activities/${activityId}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(await activity.json()).toMatchObject({ origin: 'plugin', outcome: 'respondeu', client_id: created.id, opportunity_id: opportunity.id });

    // "Inscrever em cadência": refused with the client's name until Maria consents to the step's channel; then
    // enrolled once (a second enrollment is refused too).
    const enrollForm = card.getByRole('form', { name: 'Inscrever em cadência' });
    await enrollForm.getByLabel('Cadência').selectOption({ label: 'Cadência do plugin' });
    await enrollForm.getByRole('button', { name: 'Inscrever' }).click();
    await expect(enrollForm.getByRole('alert')).toContainText('Maria Plugin Souza não deu consentimento para');
    await api(server, token, 'POST', `/api/v1/crm/clients/${String(created.id)}/consents`, { channel: 'whatsapp', granted: true, source: 'conversa' });
    await enrollForm.getByRole('button', { name: 'Inscrever' }).click();
    await expect(enrollForm.getByRole('status')).toHaveText('Maria Plugin Souza inscrito(a) em Cadência do plugin.');
    const enrollments = await fetch(`${server.baseUrl}/api/v1/crm/cadences/${String(cadence.id)}/enrollments`, { headers: { Authorization: `Bearer ${token}` } });
    expect(await enrollments.json()).toEqual([expect.objectContaining({ client_id: created.id, status: 'ativa' })]);
    await enrollForm.getByRole('button', { name: 'Inscrever' }).click();
    await expect(enrollForm.getByRole('alert')).toHaveText('Maria Plugin Souza já está em uma cadência ativa ou pausada.');

    // A number nobody has: the plugin offers a lead for the conversation's contact.
    await send(page, { type: 'crm:context', payload: { phone: '(11) 91234-0000', name: 'Novo Contato', conversationId: 8 } });
    await expect(plugin.getByText('Nenhum cliente encontrado para Novo Contato.')).toBeVisible();
    const leadForm = plugin.getByRole('form', { name: 'Criar lead' });
    await expect(leadForm.getByLabel('Nome do contato')).toHaveValue('Novo Contato');
    await leadForm.getByRole('button', { name: 'Criar lead' }).click();
    await expect(plugin.getByText('Lead criado no funil: Contato pelo WhatsApp')).toBeVisible();
    const leads = await fetch(`${server.baseUrl}/api/v1/crm/opportunities?q=${encodeURIComponent('Novo Contato')}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(((await leads.json()) as { items: Array<{ contact_phone?: string; source: string }> }).items).toEqual([
      expect.objectContaining({ source: 'whatsapp', contact_phone: '11912340000' }),
    ]);

    // A lookup the server refuses: the host gets only the error's code.
    await plugin.getByLabel('Telefone, e-mail ou CPF/CNPJ').fill('123');
    await plugin.getByRole('button', { name: 'Buscar' }).click();
    await expect.poll(() => ofType(page, 'crm:error')).toEqual([{ type: 'crm:error', payload: { code: 'consulta_invalida' } }]);

    // The frame is sized to its content.
    expect((await ofType(page, 'crm:resize')).length).toBeGreaterThan(0);
    for (const m of await ofType(page, 'crm:resize')) expect(m.payload?.height).toBeGreaterThan(0);

    // Signing out tells the host a sign-in is needed again.
    const authBefore = (await ofType(page, 'crm:auth-required')).length;
    await plugin.getByRole('button', { name: 'Sair' }).click();
    await expect.poll(async () => (await ofType(page, 'crm:auth-required')).length).toBe(authBefore + 1);

    // No message carried a token or the document (the summary link's own token, made to be sent, is masked
    // first: random base64url text could hold "eyJ" by chance).
    const everything = JSON.stringify(await received(page)).replace(/#t=[A-Za-z0-9_-]{43}/g, '#t=…');
    expect(everything).not.toContain(cpf);
    expect(everything).not.toContain('eyJ');
    const types = new Set((await received(page)).map((m) => m.type));
    expect([...types].sort()).toEqual(
      ['crm:activity-logged', 'crm:auth-required', 'crm:client-selected', 'crm:error', 'crm:insert-text', 'crm:ready', 'crm:resize'].sort(),
    );
  } finally {
    await Promise.all([third.close(), allowed.close(), forbidden.close()]);
  }
});
