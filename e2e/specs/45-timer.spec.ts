import { apiToken, demoEmail, expect, signIn, test } from '../support/fixtures';

/** Today in São Paulo (UTC−3 all year), `aaaa-mm-dd`. */
const todayInSaoPaulo = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);

test('a salesperson times an activity, finds it still running after a reload, and stops it with an outcome', async ({ page, baseUrl }) => {
  const subject = `Cronometrar E2E ${Date.now()}`;
  const token = await apiToken(baseUrl, demoEmail('salesperson'));
  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${baseUrl}/api/v1/crm${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  // One timer per user: a retry must not find the previous attempt's (404 when there is none).
  expect([204, 404]).toContain((await api('DELETE', '/timer')).status);
  const created = await api('POST', '/activities', { kind: 'ligacao', subject, due_at: `${todayInSaoPaulo()}T23:57:00-03:00` });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await signIn(page, baseUrl, demoEmail('salesperson'), undefined, '/crm/atividades');
  await page.getByRole('row', { name: subject }).getByRole('link', { name: `Cronômetro de ${subject}` }).click();
  await expect(page).toHaveURL(/\/timer\?atividade=/);
  await expect(page.getByRole('heading', { name: 'Cronômetro de atendimento', level: 1 })).toBeVisible();
  await expect(page.getByText(subject)).toBeVisible();
  await page.getByRole('button', { name: 'Iniciar' }).click();

  const digits = page.getByRole('timer', { name: 'Tempo do atendimento' });
  await expect(page.getByText('Em andamento')).toBeVisible();
  await expect(digits).toHaveText(/^00:00:0[1-9]$/, { timeout: 10_000 });

  // The timer is the server's: a reload shows it still running, counted on.
  await page.reload();
  await expect(page.getByText('Em andamento')).toBeVisible();
  await expect(page.getByText(subject)).toBeVisible();
  await expect(digits).toHaveText(/^00:00:\d{2}$/);
  await page.getByRole('button', { name: 'Pausar' }).click();
  await expect(page.getByText('Pausado')).toBeVisible();
  await page.getByRole('button', { name: 'Retomar' }).click();
  await expect(page.getByText('Em andamento')).toBeVisible();

  await page.getByRole('button', { name: 'Encerrar', exact: true }).click();
  const stop = page.getByRole('dialog', { name: 'Encerrar atendimento' });
  // Encerrar pauses the clock while the outcome is typed.
  await expect(page.getByText('Pausado')).toBeVisible();
  await stop.getByRole('button', { name: 'Encerrar atendimento' }).click();
  await expect(stop.getByText('Informe o resultado.')).toBeVisible();
  await stop.getByLabel('Resultado *').selectOption('atendeu');
  await stop.getByLabel('Anotações').fill('Agendou retorno pelo cronômetro.');
  await stop.getByRole('button', { name: 'Encerrar atendimento' }).click();
  await expect(page.getByText('Atendimento encerrado', { exact: true })).toBeVisible();
  await expect(page.getByText(`${subject}: 00:00:`)).toBeVisible();

  await page.getByRole('link', { name: 'Voltar às atividades' }).click();
  await expect(page.getByRole('heading', { name: 'Atividades', level: 1 })).toBeVisible();
  await expect(page.getByRole('row', { name: subject })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Concluídas' }).click();
  const done = page.getByRole('row', { name: subject });
  await expect(done).toContainText('Atendeu');
  await expect(done).toContainText('Agendou retorno pelo cronômetro.');
  // The activity took the seconds counted; nothing is left running.
  const activity = (await (await api('GET', `/activities/${id}`)).json()) as { duration_s?: number; origin: string };
  expect(activity.duration_s).toBeGreaterThanOrEqual(1);
  expect((await api('GET', '/timer')).status).toBe(204);
});
