import { apiToken, demoEmail, expect, signIn, test } from '../support/fixtures';

/** A valid CPF from 9 digits (the check digits computed). */
function cpf(base: string): string {
  const digits = base.split('').map(Number);
  const check = (ds: number[]) => {
    const sum = ds.reduce((acc, d, i) => acc + d * (ds.length + 1 - i), 0);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  digits.push(check(digits));
  digits.push(check(digits));
  return digits.join('');
}

test('a manager builds a cadence, enrolls a client, the step falls due through the job and its activity appears', async ({ page, baseUrl, server }) => {
  const stamp = Date.now();
  const cadence = `Cadência E2E ${stamp}`;
  const clientName = `Cliente Cadência ${stamp}`;
  // A client of the demo salesperson (the manager's team) who consented to WhatsApp.
  const seller = await apiToken(baseUrl, demoEmail('salesperson'));
  const headers = { Authorization: `Bearer ${seller}`, 'Content-Type': 'application/json' };
  const created = await fetch(`${baseUrl}/api/v1/crm/clients`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ document: cpf(String(stamp).slice(-9)), name: clientName, phones: ['(11) 98888-7777'] }),
  });
  expect(created.status).toBe(201);
  const client = (await created.json()) as { id: string };
  const consent = await fetch(`${baseUrl}/api/v1/crm/clients/${client.id}/consents`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ channel: 'whatsapp', granted: true, source: 'formulário' }),
  });
  expect(consent.status).toBe(200);

  await signIn(page, baseUrl, demoEmail('sales-manager'), undefined, '/crm/atividades/cadencias');
  await expect(page.getByRole('heading', { name: 'Cadências', level: 1 })).toBeVisible();
  // The demo cadences are listed with their metrics.
  await expect(page.getByRole('row', { name: /Boas-vindas a novos leads/ })).toBeVisible();

  await page.getByRole('button', { name: 'Nova cadência' }).click();
  const builder = page.getByRole('dialog', { name: 'Nova cadência' });
  await builder.getByLabel('Nome').fill(cadence);
  await builder.getByLabel('Time').selectOption({ label: 'Time Centro' });
  // One business day after the start: never due at once, whatever the hour the spec runs.
  await builder.getByLabel('Dia útil (D+)').fill('1');
  await builder.getByLabel('Mensagem').fill('Oi, {primeiro_nome}! Aqui é {consultor}.');
  // The preview calendar: a start on Saturday 05/12 counts from Monday 07/12, so D+1 is Tuesday 08/12.
  await builder.getByLabel('Prévia a partir de').fill('2026-12-05');
  await builder.getByRole('button', { name: 'Ver calendário' }).click();
  await expect(builder.getByRole('table', { name: 'Calendário das etapas' })).toContainText('08/12/2026');
  await builder.getByRole('button', { name: 'Salvar cadência' }).click();
  await expect(builder).toBeHidden();

  const detail = page.getByLabel(`Cadência ${cadence}`, { exact: true });
  await detail.getByRole('tab', { name: 'Inscrever clientes' }).click();
  await detail.getByLabel('Buscar clientes').fill(clientName);
  await detail.getByRole('checkbox', { name: `Selecionar ${clientName}` }).check();
  await detail.getByRole('button', { name: 'Inscrever 1 cliente(s)' }).click();
  const enrolled = detail.getByRole('row', { name: clientName });
  await expect(enrolled).toContainText('Ativa');

  // The step is due tomorrow at the earliest: move it (and its job) into the past; the server's job worker
  // picks it up (the enrollment first: a job that ran before it would find the step not yet due and do nothing).
  const past = "'2000-01-03T12:00:00+00:00'";
  const enrollment = `(SELECT id FROM crm_cadence_enrollments WHERE client_id = '${client.id}' AND status = 'ativa')`;
  await server.execSql(`UPDATE crm_cadence_enrollments SET next_due_at = ${past} WHERE client_id = '${client.id}' AND status = 'ativa'`);
  await server.execSql(
    `UPDATE platform_jobs SET run_at = ${past} WHERE kind = 'crm.cadence_step' AND status = 'queued' AND payload LIKE '%' || ${enrollment} || '%'`,
  );
  await expect(async () => {
    await page.reload();
    await page.getByRole('button', { name: `Abrir ${cadence}` }).click();
    await page.getByRole('tab', { name: 'Inscrições' }).click();
    await expect(page.getByRole('row', { name: clientName })).toContainText('Concluída', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  // The activity: a WhatsApp task of the salesperson with the wa.me link, once.
  await page.goto(`${baseUrl}/crm/atividades`);
  await page.getByRole('tab', { name: 'Atrasadas' }).click();
  const activity = page.getByRole('row', { name: new RegExp(`${cadence} — etapa 1`) });
  await expect(activity).toHaveCount(1);
  await expect(activity).toContainText('https://wa.me/5511988887777');
  await expect(activity).toContainText(clientName);
});
