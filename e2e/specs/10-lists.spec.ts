import { readFileSync } from 'node:fs';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO_PASSWORD, demoEmail, expect, signIn, test } from '../support/fixtures';

/** A valid CPF built from a seed (as in 04-clients). */
function cpf(seed: number): string {
  const base = String(seed).padStart(9, '0').slice(-9).split('').map(Number);
  const digit = (nums: number[], weightStart: number) => {
    const sum = nums.reduce((acc, n, i) => acc + n * (weightStart - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const d1 = digit(base, 10);
  const d2 = digit([...base, d1], 11);
  return [...base, d1, d2].join('');
}

const MANAGER = demoEmail('financial-manager');
const COUNT = 25;

async function apiToken(request: APIRequestContext, baseUrl: string): Promise<string> {
  const response = await request.post(`${baseUrl}/api/v1/auth/sign-in`, { data: { email: MANAGER, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A known set: `Lista E2E {stamp} 01` … `25`, created through the API; the first one changed once (its history). */
async function createClients(request: APIRequestContext, baseUrl: string, stamp: number) {
  const headers = { Authorization: `Bearer ${await apiToken(request, baseUrl)}` };
  const clients: Array<{ id: string; name: string; email: string }> = [];
  for (let i = 1; i <= COUNT; i += 1) {
    const name = `Lista E2E ${stamp} ${String(i).padStart(2, '0')}`;
    const email = `lista${stamp}-${i}@e2e.backoffice.com.br`;
    const response = await request.post(`${baseUrl}/api/v1/crm/clients`, {
      headers,
      data: { kind: 'person', document: cpf((stamp % 1_000_000) * 100 + i), name, emails: [email], status: 'active' },
    });
    expect(response.status(), await response.text()).toBe(201);
    clients.push({ id: ((await response.json()) as { id: string }).id, name, email });
  }
  const first = clients[0];
  if (!first) throw new Error('nenhum cliente criado');
  const patch = await request.patch(`${baseUrl}/api/v1/crm/clients/${first.id}`, { headers, data: { notes: 'Nota E2E' } });
  expect(patch.status(), await patch.text()).toBe(200);
  return clients;
}

const table = (page: Page) => page.getByRole('table', { name: 'Clientes' });
/** The names in the list, in the order shown (the first column's links). */
const shownNames = (page: Page) => table(page).locator('tbody').getByRole('link').allTextContents();
const search = (page: Page) => new URL(page.url()).searchParams;

/** The CSV's client names (first column), without the header. */
function csvNames(text: string): string[] {
  const lines = text.split(/\r?\n/).filter((line) => line.length > 0);
  return lines.slice(1).map((line) => (line.split(';')[0] ?? '').replace(/^"|"$/g, ''));
}

async function save(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFileSync(path);
}

test('the clients list: filter, sort, page size and pages in the URL (Back included), drawer with history, CSV/XLSX export of the filter, bulk archive', async ({
  page,
  baseUrl,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const clients = await createClients(request, baseUrl, stamp);
  const names = clients.map((c) => c.name);
  const descending = [...names].reverse();

  await signIn(page, baseUrl, MANAGER);
  await page.goto(`${baseUrl}/clientes`);
  await table(page).waitFor();

  // Filter: the URL carries it (after the typing pause), and a reload reproduces the view.
  await page.getByLabel('Buscar').fill(String(stamp));
  await page.waitForURL((url) => url.searchParams.get('q') === String(stamp));
  await page.getByText(`${COUNT} clientes`, { exact: true }).waitFor();
  await expect.poll(() => shownNames(page)).toEqual(names.slice(0, 20));
  await page.reload();
  await expect(page.getByLabel('Buscar')).toHaveValue(String(stamp));
  await page.getByText(`${COUNT} clientes`, { exact: true }).waitFor();
  await expect.poll(() => shownNames(page)).toEqual(names.slice(0, 20));

  // Sort by a header: the server's order is by name (ascending, shown on its header); a click asks descending.
  const nameHeader = table(page).getByRole('columnheader', { name: /Nome/ });
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await nameHeader.getByRole('button').click();
  await page.waitForURL((url) => url.searchParams.get('sort') === '-name');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => shownNames(page)).toEqual(descending.slice(0, 20));

  // Page size: 50 shows the whole set on one page; back to 20.
  await page.getByLabel('Por página').selectOption('50');
  await page.waitForURL((url) => url.searchParams.get('page_size') === '50');
  await expect.poll(() => shownNames(page)).toEqual(descending);
  await page.getByText('Página 1 de 1', { exact: true }).waitFor();
  await page.getByLabel('Por página').selectOption('20');
  await page.waitForURL((url) => !url.searchParams.has('page_size'));
  await page.getByText('Página 1 de 2', { exact: true }).waitFor();

  // Page 2, then the browser's Back returns to page 1.
  await page.getByRole('button', { name: 'Próxima' }).click();
  await page.waitForURL((url) => url.searchParams.get('page') === '2');
  await page.getByText('Página 2 de 2', { exact: true }).waitFor();
  await expect.poll(() => shownNames(page)).toEqual(descending.slice(20));
  await page.goBack();
  await page.waitForURL((url) => !url.searchParams.has('page') && url.searchParams.get('sort') === '-name');
  await page.getByText('Página 1 de 2', { exact: true }).waitFor();
  await expect.poll(() => shownNames(page)).toEqual(descending.slice(0, 20));
  expect(search(page).get('q')).toBe(String(stamp));

  // A row opens the drawer: the summary, the way to the client's page, and its history.
  const first = clients[0];
  if (!first) throw new Error('sem clientes');
  await page.getByRole('button', { name: 'Próxima' }).click();
  await page.waitForURL((url) => url.searchParams.get('page') === '2');
  await table(page).getByRole('cell', { name: first.email }).click();
  const drawer = page.getByRole('dialog', { name: first.name });
  await drawer.waitFor();
  await expect(drawer.getByRole('link', { name: 'Abrir cadastro' })).toHaveAttribute('href', `/cliente?id=${first.id}`);
  await drawer.getByText('Cliente cadastrado').waitFor();
  await drawer.getByText('Cliente alterado').waitFor();
  await drawer.getByText('Observações:').waitFor();
  await drawer.getByText('(vazio) → Nota E2E').waitFor();
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await page.goBack();
  await page.waitForURL((url) => !url.searchParams.has('page'));

  // Export: the whole filtered set in the list's order, CSV and XLSX, through the browser's download.
  await page.getByRole('button', { name: 'Exportar' }).click();
  const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'CSV' }).click()]);
  expect(csvDownload.suggestedFilename()).toMatch(/^clientes.*\.csv$/);
  const csv = await save(csvDownload);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csvText = csv.subarray(3).toString('utf8');
  const header = csvText.split(/\r?\n/)[0] ?? '';
  expect(header.split(';').slice(0, 4)).toEqual(['Nome', 'Nome fantasia', 'Tipo', 'CPF/CNPJ']);
  expect(csvNames(csvText)).toEqual(descending);

  await page.getByRole('button', { name: 'Exportar' }).click();
  const [xlsxDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'XLSX' }).click()]);
  expect(xlsxDownload.suggestedFilename()).toMatch(/^clientes.*\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await xlsxDownload.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('planilha vazia');
  const rows: string[] = [];
  sheet.eachRow((row) => rows.push(row.getCell(1).text));
  expect(rows[0]).toBe('Nome');
  expect(rows.slice(1)).toEqual(descending);

  // Bulk archive two selected clients: they leave the active list and are found among the archived.
  const archived = descending.slice(0, 2);
  for (const name of archived) await table(page).getByRole('checkbox', { name: `Selecionar linha ${name}` }).check();
  const bar = page.getByRole('region', { name: 'Ações em lote' });
  await bar.getByText('2 selecionados').waitFor();
  await bar.getByRole('button', { name: 'Arquivar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Arquivar clientes' });
  await confirm.getByText('Arquivar 2 clientes?').waitFor();
  await confirm.getByRole('button', { name: 'Arquivar' }).click();
  await page.getByText('2 clientes arquivados.').waitFor();
  await page.getByText(`${COUNT - 2} clientes`, { exact: true }).waitFor();
  await expect.poll(() => shownNames(page)).toEqual(descending.slice(2, 22));
  await page.getByLabel('Situação').selectOption('archived');
  await page.waitForURL((url) => url.searchParams.get('status') === 'archived');
  await page.getByText('2 clientes', { exact: true }).waitFor();
  await expect.poll(() => shownNames(page)).toEqual(archived);
});

test('at 390 px the list scrolls sideways inside its box with the name fixed; hidden columns stay hidden after a reload', async ({ page, baseUrl }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, baseUrl, MANAGER);
  await page.goto(`${baseUrl}/clientes`);
  const firstName = table(page).locator('tbody tr').first().locator('td').first();
  await firstName.getByRole('link').waitFor();
  const box = page.getByTestId('crm.clients-scroll');
  const before = await firstName.boundingBox();
  const email = table(page).getByRole('columnheader', { name: 'E-mail' });
  const emailBefore = await email.boundingBox();
  await box.evaluate((element) => element.scrollBy({ left: 300 }));
  await expect.poll(async () => (await email.boundingBox())?.x).toBeLessThan((emailBefore?.x ?? 0) - 100);
  // The name column (with the row's checkbox) did not move; the page itself never scrolls sideways.
  expect((await firstName.boundingBox())?.x).toBeCloseTo(before?.x ?? -1, 0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: 'Colunas' }).click();
  await page.getByRole('checkbox', { name: 'E-mail' }).uncheck();
  await expect(email).toHaveCount(0);
  await page.reload();
  await firstName.getByRole('link').waitFor();
  await expect(table(page).getByRole('columnheader', { name: 'Documento' })).toHaveCount(1);
  await expect(email).toHaveCount(0);
});
