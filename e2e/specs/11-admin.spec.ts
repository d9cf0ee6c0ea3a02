import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiToken, demoEmail, expect, expectPath, signIn, test } from '../support/fixtures';

const ADMIN_PAGES = ['Usuários', 'Auditoria de acesso', 'Tarefas', 'Feriados'];

/** A toast (a notification) with exactly this text. */
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

/** An option of the open Mantine Select (a listbox; the filters' native selects have options too). */
const option = (page: Page, name: string) => page.getByRole('listbox').getByRole('option', { name, exact: true });

test('an administrator finds Administração with the four pages in the menu and on /inicio', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('admin'));
  await expectPath(page, '/inicio');
  const home = page.getByRole('navigation', { name: 'Administração' });
  for (const name of ADMIN_PAGES) await expect(home.getByRole('link', { name, exact: true })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('button', { name: 'Administração' }).click();
  for (const name of ADMIN_PAGES) await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  await menu.getByRole('link', { name: 'Tarefas', exact: true }).click();
  await expectPath(page, '/admin/tarefas');
  await page.getByRole('heading', { name: 'Tarefas', level: 1 }).waitFor();
  await expect(page).toHaveTitle('Tarefas · Backoffice');
  await expect(page.getByRole('navigation', { name: 'Trilha de navegação' })).toHaveText('Administração›Tarefas');
});

test('users: create one, change its role, grant a permission with a reason (an exception), deactivate it', async ({ page, baseUrl }) => {
  const stamp = Date.now();
  const name = `Teste Admin ${stamp}`;
  const email = `teste.admin.${stamp}@exemplo.com.br`;
  await signIn(page, baseUrl, demoEmail('admin'), undefined, '/admin/usuarios');
  await page.getByRole('heading', { name: 'Usuários', level: 1 }).waitFor();

  // Create: the form checks before asking the server, then the server's answer.
  await page.getByRole('button', { name: 'Novo usuário' }).click();
  const create = page.getByRole('dialog', { name: 'Novo usuário' });
  await create.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(create.getByRole('alert')).toHaveText('Corrija os campos Nome, E-mail, Perfil e Senha inicial.');
  await create.getByLabel('Nome *', { exact: true }).fill(name);
  await create.getByLabel('E-mail *', { exact: true }).fill(email);
  await create.getByLabel('Perfil *', { exact: true }).click();
  await option(page, 'Vendedor').click();
  await create.getByLabel('Senha inicial *', { exact: true }).fill('Inicial2026');
  await create.getByRole('checkbox', { name: 'Acessa o hub' }).check();
  await create.getByRole('button', { name: 'Cadastrar' }).click();
  await toast(page, `Usuário ${name} cadastrado.`).waitFor();
  await expect(create).toHaveCount(0);

  // Find it and open its drawer.
  await page.getByLabel('Buscar').fill(String(stamp));
  await expect(page).toHaveURL(new RegExp(`[?&]q=${stamp}`));
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Vendedor');
  await expect(row).toContainText('Acessa o hub');
  await expect(row).toContainText('Ativo');
  await row.click();
  const drawer = page.getByRole('dialog', { name: name });
  await drawer.getByText(email).first().waitFor();

  // Change its role.
  await drawer.getByLabel('Perfil *', { exact: true }).click();
  await option(page, 'Assistente de compras').click();
  await drawer.getByRole('button', { name: 'Salvar alterações' }).click();
  await toast(page, `Usuário ${name} alterado.`).waitFor();
  await expect(row).toContainText('Assistente de compras');

  // Grant a permission the role does not give, with a reason: listed as an exception.
  await drawer.getByRole('tab', { name: 'Permissões' }).click();
  const permissions = drawer.getByRole('table', { name: 'Permissões do usuário' });
  const archiving = permissions.getByRole('row').filter({ hasText: 'Arquivar e restaurar clientes' });
  await expect(archiving).toContainText('Não tem');
  await archiving.getByRole('button', { name: 'Conceder arquivar e restaurar clientes' }).click();
  const grant = page.getByRole('dialog', { name: 'Conceder permissão' });
  await grant.getByLabel('Motivo *', { exact: true }).fill('curto');
  await grant.getByRole('button', { name: 'Conceder', exact: true }).click();
  await grant.getByText('O motivo deve ter pelo menos 10 caracteres.').waitFor();
  await grant.getByLabel('Motivo *', { exact: true }).fill('Supervisiona a carteira de clientes durante as férias');
  await grant.getByRole('button', { name: 'Conceder', exact: true }).click();
  await expect(grant).toHaveCount(0);
  const exceptions = drawer.getByRole('list', { name: 'Exceções ao perfil' });
  await expect(exceptions).toContainText('Arquivar e restaurar clientes');
  await expect(exceptions).toContainText('Concedida');
  await expect(exceptions).toContainText('Supervisiona a carteira de clientes durante as férias');
  await expect(archiving).toContainText('Concedida como exceção');
  // What the role gives is said as such.
  await expect(permissions.getByRole('row').filter({ hasText: 'Consultar clientes' })).toContainText('Pelo perfil');

  // Deactivate, after confirming.
  await drawer.getByRole('button', { name: 'Desativar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Desativar usuário' });
  await expect(confirm).toContainText('não poderá mais entrar');
  await confirm.getByRole('button', { name: 'Desativar' }).click();
  await toast(page, `Usuário ${name} desativado.`).waitFor();
  await expect(drawer.getByRole('button', { name: 'Reativar' })).toBeVisible();
  await expect(row).toContainText('Inativo');
  // The history says all of it.
  for (const action of ['Permissão concedida', 'Usuário desativado']) await expect(drawer.getByText(action).first()).toBeVisible();

  // The deactivated user can no longer sign in.
  const refused = await fetch(`${baseUrl}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'Inicial2026' }),
  });
  expect(refused.ok).toBe(false);
});

test('audit: the list filters, and the CSV and XLSX exports hold the filtered rows', async ({ page, baseUrl }) => {
  // Two checks of the dispatch area by a salesperson, one allowed and one denied.
  const seller = demoEmail('salesperson');
  const token = await apiToken(baseUrl, seller);
  for (const [content, has_permission] of [
    ['/hub/despachos', true],
    ['/hub/despachos/aprovacoes', false],
  ] as const) {
    const response = await fetch(`${baseUrl}/dispatch/conciliation/pega-xereta`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ content, has_permission }),
    });
    expect(response.status).toBe(201);
  }

  await signIn(page, baseUrl, demoEmail('admin'), undefined, '/admin/auditoria');
  await page.getByRole('heading', { name: 'Auditoria de acesso', level: 1 }).waitFor();
  await page.getByLabel('Buscar').fill(seller);
  // The search reaches the address after a pause in typing; choose the next filter after that.
  await expect(page).toHaveURL(/[?&]q=salesperson/);
  const table = page.getByRole('table', { name: 'Auditoria de acesso' });
  await expect(table.getByRole('row').filter({ hasText: '/hub/despachos/aprovacoes' })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: seller })).toHaveCount(2);
  await page.getByLabel('Resultado').selectOption({ label: 'Negados' });
  await expect(page).toHaveURL(/has_permission=false/);
  await expect(table.getByRole('row').filter({ hasText: seller })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: seller })).toContainText('/hub/despachos/aprovacoes');

  // Export the filtered set and read the file.
  await page.getByRole('button', { name: 'Exportar' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const path = await download.path();
  const csv = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toContain('E-mail');
  expect(lines[0]).toContain('Acesso');
  const rows = lines.slice(1);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toContain(seller);
  expect(rows[0]).toContain('/hub/despachos/aprovacoes');
  expect(rows[0]).toContain('Não');

  // The same set as XLSX.
  await page.getByRole('button', { name: 'Exportar' }).click();
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'XLSX' }).click()]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await xlsx.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('planilha vazia');
  const cells: string[][] = [];
  sheet.eachRow((row) => cells.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ''))));
  expect(cells[0]).toEqual(expect.arrayContaining(['E-mail', 'Acesso', 'Permitido']));
  expect(cells.slice(1)).toHaveLength(1);
  expect(cells[1]).toEqual(expect.arrayContaining([seller, '/hub/despachos/aprovacoes', 'Não']));
});

test('"Testar fila" shows the job’s progress bar moving, then that it ended well', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('admin'), undefined, '/admin/tarefas');
  // Every value the counts take, as the page draws them (an observer in the page misses none of them).
  await page.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { __jobCounts: seen });
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="job-progress-counts"]')?.textContent?.trim();
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole('button', { name: 'Testar fila' }).click();
  await page.getByRole('progressbar', { name: 'Teste da fila' }).waitFor();
  await expect(page.getByText('A fila está funcionando: a tarefa de diagnóstico foi executada até o fim.')).toBeVisible({ timeout: 30_000 });
  const seen = await page.evaluate(() => (window as unknown as { __jobCounts: string[] }).__jobCounts);
  const values = new Set(seen.filter((text) => /^\d+ de 20$/.test(text)));
  expect(values.size, `valores vistos: ${seen.join(', ')}`).toBeGreaterThanOrEqual(2);
  // The finished job is in the list.
  await expect(page.getByRole('table', { name: 'Tarefas', exact: true }).getByRole('row').filter({ hasText: 'system.probe' }).first()).toContainText('Concluída');
});

test('the jobs chart stacks the week’s jobs by kind and state, and a bar filters the list by its kind', async ({ page, baseUrl }) => {
  const token = await apiToken(baseUrl, demoEmail('admin'));
  const probe = await fetch(`${baseUrl}/api/v1/system/job-probes`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ jobs: 3, work_ms: 0 }),
  });
  expect(probe.status).toBe(201);
  await signIn(page, baseUrl, demoEmail('admin'), undefined, '/admin/tarefas');
  const chart = page.getByRole('figure', { name: 'Tarefas dos últimos 7 dias por tipo e situação' });
  // The figures, as a screen reader reads them: the probes, done.
  const row = chart.getByRole('row', { name: /system\.probe/ });
  await expect(async () => {
    await page.reload();
    await expect(row).toBeAttached();
    const cells = await row.getByRole('cell').allTextContents();
    expect(Number(cells.at(-1)?.replace(/\./g, ''))).toBeGreaterThanOrEqual(3);
  }).toPass({ timeout: 20_000 });
  await expect(chart.getByRole('columnheader', { name: 'Concluídas' })).toBeAttached();
  // The drawing: a bar per kind and state, drawn by recharts.
  const bars = page.locator('[data-chart="Tarefas dos últimos 7 dias por tipo e situação"] .recharts-bar-rectangle path');
  await expect(bars.first()).toBeVisible();
  const kinds = await chart.getByRole('row').count();
  expect(await bars.count()).toBeGreaterThanOrEqual(kinds - 1);
  // A bar clicked: the list shows that kind alone.
  // The bar on the same line as the axis label "system.probe".
  const tick = page.locator('[data-chart] svg text').filter({ hasText: /^system\.probe$/ });
  await expect(tick).toBeVisible();
  const tickBox = await tick.boundingBox();
  let clicked = false;
  for (const bar of await bars.all()) {
    const box = await bar.boundingBox();
    if (box && tickBox && Math.abs(box.y + box.height / 2 - (tickBox.y + tickBox.height / 2)) < box.height / 2 + 2) {
      await bar.click();
      clicked = true;
      break;
    }
  }
  expect(clicked, 'uma barra na altura de system.probe').toBe(true);
  await expect(page).toHaveURL(/kind=system\.probe/);
  const list = page.getByRole('table', { name: 'Tarefas', exact: true });
  await expect(async () => {
    const rows = await list.locator('tbody tr').allTextContents();
    expect(rows.length).toBeGreaterThan(0);
    for (const text of rows) expect(text).toContain('system.probe');
  }).toPass({ timeout: 10_000 });
});

test('holidays: national ones are marked and fixed; an added one can be removed after confirming', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('admin'), undefined, '/admin/feriados?ano=2030');
  const table = page.getByRole('table', { name: 'Feriados de 2030' });
  const newYear = table.getByRole('row').filter({ hasText: '01/01/2030' });
  await expect(newYear).toContainText('Nacional');
  await expect(newYear.getByRole('button')).toHaveCount(0);

  const form = page.getByRole('form', { name: 'Adicionar feriado' });
  await form.getByLabel('Data *', { exact: true }).fill('25/01/2030');
  await form.getByLabel('Nome *', { exact: true }).fill('Aniversário da cidade de teste');
  await form.getByRole('button', { name: 'Adicionar' }).click();
  await toast(page, 'Feriado de 25/01/2030 adicionado.').waitFor();
  const added = table.getByRole('row').filter({ hasText: 'Aniversário da cidade de teste' });
  await expect(added).toContainText('25/01/2030');
  await expect(added).toContainText('sexta-feira');

  // The same day again: the server refuses it on the date field.
  await form.getByLabel('Data *', { exact: true }).fill('25/01/2030');
  await form.getByLabel('Nome *', { exact: true }).fill('Outra vez');
  await form.getByRole('button', { name: 'Adicionar' }).click();
  await expect(form.getByRole('alert')).toHaveText('Corrija o campo Data.');
  await form.getByText('25/01/2030 já é feriado: Aniversário da cidade de teste.').waitFor();

  await added.getByRole('button', { name: /^Remover/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Remover feriado' });
  await confirm.getByRole('button', { name: 'Remover' }).click();
  await toast(page, 'Feriado de 25/01/2030 removido.').waitFor();
  await expect(added).toHaveCount(0);
});

test('holidays: one unit’s holiday shows its unit, is filtered by unit, refuses a company-wide one that day, is edited and removed', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('admin'), undefined, '/admin/feriados?ano=2031');
  const table = page.getByRole('table', { name: 'Feriados de 2031' });
  await expect(table.getByRole('row').filter({ hasText: '01/01/2031' })).toContainText('Todas as unidades');

  const form = page.getByRole('form', { name: 'Adicionar feriado' });
  await form.getByLabel('Data *', { exact: true }).fill('19/03/2031');
  await form.getByLabel('Nome *', { exact: true }).fill('São José de teste');
  await form.getByLabel('Unidade', { exact: true }).selectOption({ label: 'CLI-CAMPINAS — Clínica Campinas' });
  await form.getByRole('button', { name: 'Adicionar' }).click();
  await toast(page, 'Feriado de 19/03/2031 adicionado.').waitFor();
  const added = table.getByRole('row').filter({ hasText: 'São José de teste' });
  await expect(added).toContainText('Clínica Campinas');

  // Another unit's calendar does not have it; Campinas' does.
  const filter = page.getByLabel('Filtrar por unidade', { exact: true });
  await filter.selectOption({ label: 'CLI-MOEMA — Clínica Moema' });
  await expect(page).toHaveURL(/unidade=/);
  await expect(table.getByRole('row').filter({ hasText: '01/01/2031' })).toHaveCount(1);
  await expect(added).toHaveCount(0);
  await filter.selectOption({ label: 'CLI-CAMPINAS — Clínica Campinas' });
  await expect(added).toHaveCount(1);
  await filter.selectOption({ label: 'Todas as unidades' });
  await expect(page).not.toHaveURL(/unidade=/);

  // A holiday of every unit on that day is refused on the date.
  await form.getByLabel('Data *', { exact: true }).fill('19/03/2031');
  await form.getByLabel('Nome *', { exact: true }).fill('Feriado geral');
  await form.getByRole('button', { name: 'Adicionar' }).click();
  await expect(form.getByRole('alert')).toHaveText('Corrija o campo Data.');
  await form.getByText(/^19\/03\/2031 já é feriado da unidade Clínica Campinas: São José de teste\./).waitFor();

  // Edited: moved to every unit.
  await added.getByRole('button', { name: /^Editar/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar feriado' });
  await dialog.getByLabel('Nome *', { exact: true }).fill('São José (todas)');
  await dialog.getByLabel('Unidade', { exact: true }).selectOption({ label: 'Todas as unidades' });
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await toast(page, 'Feriado de 19/03/2031 alterado.').waitFor();
  const edited = table.getByRole('row').filter({ hasText: 'São José (todas)' });
  await expect(edited).toContainText('Todas as unidades');
  await expect(edited).toContainText('Adicionado');

  await edited.getByRole('button', { name: /^Remover/ }).click();
  await page.getByRole('dialog', { name: 'Remover feriado' }).getByRole('button', { name: 'Remover' }).click();
  await toast(page, 'Feriado de 19/03/2031 removido.').waitFor();
  await expect(edited).toHaveCount(0);
});

test('a salesperson is offered none of the administration pages and is refused /admin/usuarios', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('salesperson'));
  await expectPath(page, '/inicio');
  expect(await page.getByRole('navigation', { name: 'Administração' }).count()).toBe(0);
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await menu.getByRole('button', { name: 'Vendas e CRM' }).waitFor();
  const adminGroup = menu.getByRole('button', { name: 'Administração' });
  // The seed's registers (chart of accounts…) sit in Administração too; none of the four pages is offered.
  if ((await adminGroup.count()) > 0) await adminGroup.click();
  for (const name of ADMIN_PAGES) expect(await menu.getByRole('link', { name, exact: true }).count(), name).toBe(0);

  await page.goto(`${baseUrl}/admin/usuarios`);
  await expectPath(page, '/inicio');
  await expect(page.getByRole('alert').filter({ hasText: 'Você não tem acesso a esta página.' })).toBeVisible();
});
