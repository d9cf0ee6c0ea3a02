import { demoEmail, expect, signIn, test } from '../support/fixtures';

test('a salesperson logs an activity and completes it with an outcome, which the form requires', async ({ page, baseUrl }) => {
  const subject = `Ligar E2E ${Date.now()}`;
  await signIn(page, baseUrl, demoEmail('salesperson'), undefined, '/crm/atividades');
  await expect(page.getByRole('heading', { name: 'Atividades', level: 1 })).toBeVisible();
  // The demo day: today's calls are in "Hoje".
  await expect(page.getByRole('row', { name: 'Confirmar avaliação de amanhã' })).toBeVisible();

  await page.getByRole('button', { name: 'Nova atividade' }).click();
  const form = page.getByRole('dialog', { name: 'Nova atividade' });
  await form.getByLabel('Assunto *').fill(subject);
  await form.getByLabel('Horário *').fill('23:59');
  await form.getByRole('button', { name: 'Criar atividade' }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('row', { name: subject });
  await expect(row).toContainText('Pendente');

  await row.getByRole('button', { name: `Concluir ${subject}` }).click();
  const complete = page.getByRole('dialog', { name: `Concluir: ${subject}` });
  await complete.getByRole('button', { name: 'Concluir' }).click();
  await expect(complete.getByText('Informe o resultado.')).toBeVisible();
  await complete.getByLabel('Resultado *').selectOption('respondeu');
  await complete.getByLabel('Anotações').fill('Pediu retorno na semana que vem.');
  await complete.getByRole('button', { name: 'Concluir' }).click();
  await expect(complete).toBeHidden();
  await expect(page.getByRole('row', { name: subject })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Concluídas' }).click();
  const done = page.getByRole('row', { name: subject });
  await expect(done).toContainText('Respondeu');
  await expect(done).toContainText('Pediu retorno na semana que vem.');
  await expect(done.getByRole('button', { name: `Concluir ${subject}` })).toHaveCount(0);
});

test('a manager reassigns a selected activity to a salesperson of the team; a salesperson has no bulk actions', async ({ page, browser, baseUrl }) => {
  const subject = `Reatribuir E2E ${Date.now()}`;
  await signIn(page, baseUrl, demoEmail('sales-manager'), undefined, '/crm/atividades');
  await page.getByRole('button', { name: 'Nova atividade' }).click();
  const form = page.getByRole('dialog', { name: 'Nova atividade' });
  await form.getByLabel('Assunto *').fill(subject);
  await form.getByLabel('Horário *').fill('23:58');
  await form.getByRole('button', { name: 'Criar atividade' }).click();
  await expect(form).toBeHidden();

  await page.getByRole('checkbox', { name: `Selecionar ${subject}` }).check();
  await expect(page.getByText('1 selecionada(s)')).toBeVisible();
  await page.getByRole('button', { name: 'Reatribuir', exact: true }).click();
  const bulk = page.getByRole('dialog', { name: 'Reatribuir atividades' });
  await bulk.getByLabel('Novo responsável *').click();
  await page.getByRole('option', { name: 'Lucas Oliveira' }).click();
  await bulk.getByRole('button', { name: 'Reatribuir 1' }).click();
  await expect(bulk).toBeHidden();
  await expect(page.getByRole('row', { name: subject })).toContainText('Lucas Oliveira');

  const context = await browser.newContext();
  const seller = await context.newPage();
  await signIn(seller, baseUrl, demoEmail('salesperson'), undefined, '/crm/atividades');
  await expect(seller.getByRole('heading', { name: 'Atividades', level: 1 })).toBeVisible();
  await expect(seller.getByRole('checkbox', { name: /^Selecionar/ })).toHaveCount(0);
  await context.close();
});
