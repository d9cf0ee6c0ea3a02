import { demoEmail, expect, expectPath, signIn, test } from '../support/fixtures';

test('a salesperson creates a lead, drags it to the next stage and marks it lost with a reason', async ({ page, baseUrl }) => {
  const title = `Lead E2E ${Date.now()}`;
  await signIn(page, baseUrl, demoEmail('salesperson'), undefined, '/crm');
  const novo = page.getByRole('region', { name: 'Etapa Novo lead' });
  await expect(novo).toBeVisible();
  // The demo funnel: every column says how many and how much.
  await expect(novo.getByTestId('column-totals')).toHaveText(/^\d+ · R\$ [\d.]+,\d\d$/);
  // Beside the board, today's agenda (the demo salesperson has activities due today and overdue).
  const agenda = page.getByRole('complementary', { name: 'Agenda de hoje' });
  await expect(agenda.getByText(/^\d+ atrasadas?$/)).toBeVisible();
  await expect(agenda.getByRole('link', { name: 'Abrir atividades' })).toBeVisible();

  await page.getByRole('button', { name: 'Novo lead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo lead' });
  await dialog.getByLabel('Título *').fill(title);
  await dialog.getByLabel('Nome do contato *').fill('Joana Prado');
  await dialog.getByLabel('Telefone').fill('11987654321');
  await dialog.getByLabel('Valor esperado').fill('4.500,00');
  await dialog.getByLabel('Origem *').selectOption({ label: 'Instagram' });
  await dialog.getByRole('button', { name: 'Criar lead' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('article', { name: `Oportunidade ${title}` });
  await expect(novo.getByLabel(`Oportunidade ${title}`)).toBeVisible();
  await expect(card).toContainText('R$ 4.500,00');
  await expect(card).toContainText('Joana Prado');

  // Dragged to "Em contato": it moves at once and stays there once the page is read again.
  const contato = page.getByRole('region', { name: 'Etapa Em contato' });
  // Grabbed by its value line (the title is the button that opens it), dropped on the column's header.
  await card.getByText('R$ 4.500,00').dragTo(contato, { targetPosition: { x: 60, y: 16 } });
  await expect(contato.getByLabel(`Oportunidade ${title}`)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Etapa Em contato' }).getByLabel(`Oportunidade ${title}`)).toBeVisible();

  // Opened, it is lost with a reason; "Outro" without a note is refused on the form.
  await page.getByRole('article', { name: `Oportunidade ${title}` }).getByRole('button', { name: new RegExp(`^${title}`) }).click();
  const drawer = page.getByRole('dialog', { name: title });
  await expect(drawer.getByText('Joana Prado')).toBeVisible();
  await drawer.getByRole('button', { name: 'Marcar como perdida' }).click();
  const lose = page.getByRole('dialog', { name: `Marcar ${title} como perdida` });
  await lose.getByLabel('Motivo *').selectOption({ label: 'Outro' });
  await lose.getByRole('button', { name: 'Marcar como perdida' }).click();
  await expect(lose.getByText('Descreva o motivo quando ele é "Outro".').first()).toBeVisible();
  await lose.getByLabel('Motivo *').selectOption({ label: 'Preço' });
  await lose.getByRole('button', { name: 'Marcar como perdida' }).click();
  await expect(lose).toBeHidden();
  await expect(drawer.getByText('Perdida', { exact: true })).toBeVisible();
  await drawer.getByRole('tab', { name: 'Histórico' }).click();
  await expect(drawer.getByText('Oportunidade perdida')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: 'Etapa Perdido' }).getByLabel(`Oportunidade ${title}`)).toBeVisible();

  // The list view, with the filters in the URL.
  await page.locator('label', { hasText: /^Lista$/ }).click();
  await expect(page).toHaveURL(/view=lista/);
  await page.getByLabel('Buscar').fill(title);
  await expect(page.getByRole('table', { name: 'Oportunidades' }).getByRole('row', { name: new RegExp(title) })).toContainText('Perdida');
});

test('a manager sees the team funnel; the legal assistant has no funnel', async ({ page, browser, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('sales-manager'), undefined, '/crm');
  await expect(page.getByTestId('funnel-totals')).toHaveText(/^[\d.]+ oportunidades abertas · R\$ [\d.]+,\d\d$/);
  // Idle filter: every card shown has been idle for more than 15 days.
  await page.getByLabel('Parado há').selectOption({ label: 'Mais de 15 dias' });
  await expect(page).toHaveURL(/idle_days=15/);
  const badges = page.getByRole('region', { name: 'Etapa Novo lead' }).getByText(/parado há \d+ dias/);
  await expect(badges.first()).toBeVisible();
  const fewest = async () => Math.min(...(await badges.allTextContents()).map((t) => Number(/\d+/.exec(t)?.[0])));
  await expect.poll(fewest).toBeGreaterThan(15);

  const context = await browser.newContext();
  const legal = await context.newPage();
  await signIn(legal, baseUrl, demoEmail('legal-assistant'), undefined, '/crm');
  await expectPath(legal, '/clientes');
  await context.close();
});
