import { demoEmail, expect, signIn, signOut, test } from '../support/fixtures';

// A dispatch requested by a clinic, approved (lowered) by another user, picked and shipped by the central keeper,
// and received with a shortfall that stays in transit (brief §3, §4 and §8 scenarios 7 and 10).
test('a dispatch is requested, approved by another user, picked, shipped and received with a shortfall', async ({ page, baseUrl }) => {
  test.setTimeout(120_000);
  // The clinic asks for 10 UN of máscaras.
  await signIn(page, baseUrl, demoEmail('clinic-staff'), undefined, '/hub/despachos');
  await expect(page.getByRole('heading', { name: 'Despachos', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Nova solicitação' }).click();
  const form = page.getByRole('dialog', { name: 'Nova solicitação' });
  await form.getByLabel('Buscar material').fill('MAS-001');
  await form.getByLabel('Material', { exact: true }).selectOption({ label: 'MAS-001 — Máscara cirúrgica 001 (UN)' });
  await form.getByLabel('Quantidade').fill('10');
  await form.getByRole('button', { name: 'Adicionar item' }).click();
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(form).toBeHidden();
  const drawer = page.getByRole('dialog', { name: 'Despacho' });
  const heading = drawer.getByRole('heading', { name: /^DSP-/ });
  await expect(heading).toHaveText(/^DSP-\d{4}-\d{6}$/);
  const number = (await heading.textContent()) ?? '';
  await expect(drawer).toContainText('Solicitado');
  const dispatchUrl = new URL(page.url());
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await signOut(page);

  // Another user approves 6 of the 10, beside the clinic's balance and consumption.
  await signIn(page, baseUrl, demoEmail('stock-manager'), undefined, '/hub/despachos/aprovacoes');
  const request = page.getByRole('region', { name: `Solicitação ${number}` });
  await expect(request).toContainText('Saldo na clínica');
  await request.getByLabel('Quantidade aprovada de MAS-001').fill('6');
  await request.getByRole('button', { name: 'Aprovar' }).click();
  await expect(request).toBeHidden();
  await signOut(page);

  // The central keeper picks (FEFO list) and ships.
  await signIn(page, baseUrl, demoEmail('stock-keeper'), undefined, `/hub/despachos${dispatchUrl.search}`);
  await expect(drawer).toContainText('Aprovado');
  await expect(drawer.getByRole('table', { name: 'Itens do despacho' })).toContainText('Lista de separação (FEFO)');
  await drawer.getByRole('button', { name: 'Iniciar separação' }).click();
  await expect(drawer).toContainText('Em separação');
  await drawer.getByLabel('Transportador ou motorista').fill('Motorista E2E');
  await drawer.getByRole('button', { name: 'Enviar' }).click();
  await expect(drawer).toContainText('Enviado');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await signOut(page);

  // The clinic confirms 5: one stays in transit, the dispatch is received with a divergence.
  await signIn(page, baseUrl, demoEmail('clinic-staff'), undefined, `/hub/despachos${dispatchUrl.search}`);
  await drawer.getByLabel(/^Recebido — MAS-001/).fill('5');
  await drawer.getByRole('button', { name: 'Confirmar recebimento' }).click();
  await expect(drawer.getByRole('alert')).toContainText('motivo');
  await drawer.getByLabel('Motivo da divergência — MAS-001').fill('avaria');
  await drawer.getByRole('button', { name: 'Confirmar recebimento' }).click();
  await expect(drawer).toContainText('Recebido com divergência');
  const lines = drawer.getByRole('table', { name: 'Itens do despacho' });
  await expect(lines).toContainText('Divergência: avaria');
  await expect(lines.getByRole('row').nth(1)).toContainText('1 UN');
});

// A request saved as a draft, edited by its author (quantity and notes) and submitted later; the keeper picks a lot by hand (not the FEFO suggestion) and
// less than approved, with a reason; the clinic sees the shortfall. Then a request cancelled with a reason (§4).
test('a draft is submitted later, picked short from a lot chosen by hand, and a request is cancelled', async ({ page, baseUrl }) => {
  test.setTimeout(120_000);
  await signIn(page, baseUrl, demoEmail('clinic-staff'), undefined, '/hub/despachos');
  await page.getByRole('button', { name: 'Nova solicitação' }).click();
  const form = page.getByRole('dialog', { name: 'Nova solicitação' });
  await form.getByLabel('Buscar material').fill('LUVA-001');
  await form.getByLabel('Material', { exact: true }).selectOption({ label: 'LUVA-001 — Luva de procedimento 001 (UN)' });
  await form.getByLabel('Quantidade').fill('6');
  await form.getByRole('button', { name: 'Adicionar item' }).click();
  await form.getByRole('button', { name: 'Salvar rascunho' }).click();
  await expect(form).toBeHidden();
  const drawer = page.getByRole('dialog', { name: 'Despacho' });
  await expect(drawer.getByText('Rascunho: ninguém foi avisado ainda.')).toBeVisible();
  const number = (await drawer.getByRole('heading', { name: /^DSP-/ }).textContent()) ?? '';
  const dispatchUrl = new URL(page.url());
  // Edited before submitting: the same form, prefilled; 6 becomes 8 and a note is added.
  await drawer.getByRole('button', { name: 'Editar' }).click();
  const editing = page.getByRole('dialog', { name: `Editar rascunho ${number}` });
  await expect(editing.getByRole('table', { name: 'Itens da solicitação' })).toContainText('6 UN');
  await expect(editing.getByLabel('Clínica')).toBeDisabled();
  await editing.getByLabel('Buscar material').fill('LUVA-001');
  await editing.getByLabel('Material', { exact: true }).selectOption({ label: 'LUVA-001 — Luva de procedimento 001 (UN)' });
  await editing.getByLabel('Quantidade').fill('8');
  await editing.getByRole('button', { name: 'Adicionar item' }).click();
  await editing.getByLabel('Observações').fill('Reposição da semana');
  await editing.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(editing).toBeHidden();
  await expect(drawer).toContainText('Observações: Reposição da semana');
  await expect(drawer.getByRole('table', { name: 'Itens do despacho' }).getByRole('row').nth(1)).toContainText('8 UN');
  await expect(drawer).toContainText('Rascunho editado');
  await drawer.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(drawer.getByText('Rascunho: ninguém foi avisado ainda.')).toBeHidden();
  await expect(drawer.getByRole('button', { name: 'Cancelar despacho' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await signOut(page);

  await signIn(page, baseUrl, demoEmail('stock-manager'), undefined, '/hub/despachos/aprovacoes');
  const request = page.getByRole('region', { name: `Solicitação ${number}` });
  await request.getByRole('button', { name: 'Aprovar' }).click();
  await expect(request).toBeHidden();
  await signOut(page);

  // The keeper: FEFO suggests L2; they choose L1 by hand and pick 5 of the 8, with the reason.
  await signIn(page, baseUrl, demoEmail('stock-keeper'), undefined, `/hub/despachos${dispatchUrl.search}`);
  await drawer.getByRole('button', { name: 'Iniciar separação' }).click();
  const picking = drawer.getByRole('form', { name: 'Separação' });
  const lot = picking.getByLabel('Lote — LUVA-001 (1)');
  await expect(lot.locator('option:checked')).toHaveText(/^L2 /);
  const l1 = await lot.locator('option', { hasText: /^L1 / }).getAttribute('value');
  await lot.selectOption(l1 ?? '');
  await picking.getByLabel('Quantidade — LUVA-001 (1)').fill('5');
  await picking.getByRole('button', { name: 'Salvar separação' }).click();
  await expect(picking.getByRole('alert')).toContainText('motivo');
  await picking.getByLabel('Motivo da separação parcial — LUVA-001').fill('Caixas do lote L2 avariadas na prateleira');
  await picking.getByRole('button', { name: 'Salvar separação' }).click();
  const lines = drawer.getByRole('table', { name: 'Itens do despacho' });
  await expect(lines).toContainText('Separação parcial: Caixas do lote L2 avariadas na prateleira');
  await expect(lines).toContainText(/L1 .*5 UN/);
  await drawer.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(drawer).toContainText('Enviado parcialmente');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await signOut(page);

  // The clinic sees what was shipped (5 of the 8 approved) and why.
  await signIn(page, baseUrl, demoEmail('clinic-staff'), undefined, `/hub/despachos${dispatchUrl.search}`);
  await expect(lines).toContainText('Separação parcial: Caixas do lote L2 avariadas na prateleira');
  await expect(lines.getByRole('row').nth(1)).toContainText('8 UN');
  await expect(lines.getByRole('row').nth(1)).toContainText('5 UN');
  await expect(drawer).toContainText('Enviado parcialmente');
  await page.keyboard.press('Escape');

  // A request cancelled by its requester, with a reason.
  await page.getByRole('button', { name: 'Nova solicitação' }).click();
  await form.getByLabel('Buscar material').fill('MAS-001');
  await form.getByLabel('Material', { exact: true }).selectOption({ label: 'MAS-001 — Máscara cirúrgica 001 (UN)' });
  await form.getByLabel('Quantidade').fill('2');
  await form.getByRole('button', { name: 'Adicionar item' }).click();
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(form).toBeHidden();
  await drawer.getByRole('button', { name: 'Cancelar despacho' }).click();
  await drawer.getByLabel('Motivo do cancelamento').fill('curto');
  await drawer.getByRole('button', { name: 'Confirmar cancelamento' }).click();
  await expect(drawer.getByRole('alert')).toContainText('motivo');
  await drawer.getByLabel('Motivo do cancelamento').fill('A clínica recebeu doação de máscaras');
  await drawer.getByRole('button', { name: 'Confirmar cancelamento' }).click();
  await expect(drawer.getByText('Cancelado', { exact: true }).first()).toBeVisible();
  await expect(drawer).toContainText('Motivo do cancelamento: A clínica recebeu doação de máscaras');
});
