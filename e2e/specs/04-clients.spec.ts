import { apiToken, demoEmail, expect, expectPath, signIn, test } from '../support/fixtures';

/** A valid CPF built from a seed, so every run creates a new client. */
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

test('create, view, edit, archive and restore a client; list search, masks and validation messages', async ({ page, baseUrl }) => {
  await signIn(page, baseUrl, demoEmail('admin'));
  const stamp = Date.now();
  const name = `Cliente E2E ${stamp}`;
  const document = cpf(stamp % 1_000_000_000);
  const masked = `${document.slice(0, 3)}.${document.slice(3, 6)}.${document.slice(6, 9)}-${document.slice(9)}`;

  await page.goto(`${baseUrl}/clientes`);
  await page.getByRole('button', { name: 'Novo cliente' }).click();
  await expectPath(page, '/cliente');

  // Invalid data: the server's messages appear on their fields.
  await page.getByLabel('CPF').fill('11111111111');
  await page.getByLabel('Nome *', { exact: true }).fill(name);
  await page.getByLabel('E-mail 1').fill('não-é-email');
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await page.locator('[aria-invalid="true"]').first().waitFor();
  expect(await page.locator('[aria-invalid="true"]').count()).toBeGreaterThanOrEqual(1);
  expect(await page.getByLabel('CPF').getAttribute('aria-invalid')).toBe('true');

  // Valid data, typed raw: masks format as you type.
  await page.getByLabel('CPF').fill(document);
  expect(await page.getByLabel('CPF').inputValue()).toBe(masked);
  await page.getByLabel('E-mail 1').fill(`cliente${stamp}@exemplo.com.br`);
  await page.getByLabel('Telefone 1').fill('11912345678');
  expect(await page.getByLabel('Telefone 1').inputValue()).toBe('(11) 91234-5678');
  await page.getByLabel('CEP').fill('01310100');
  expect(await page.getByLabel('CEP').inputValue()).toBe('01310-100');
  await page.getByLabel('Logradouro').fill('Avenida Paulista');
  await page.getByLabel('Número').fill('1000');
  await page.getByLabel('Bairro').fill('Bela Vista');
  await page.getByLabel('Cidade').fill('São Paulo');
  // UF is a searchable select: type, then choose.
  const uf = page.getByRole('combobox', { name: 'UF' });
  await uf.fill('sp');
  await page.getByRole('option', { name: 'SP — São Paulo' }).click();
  expect(await uf.inputValue()).toBe('SP — São Paulo');
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await page.waitForURL((url) => url.pathname === '/cliente' && url.searchParams.has('id'));
  await page.getByRole('heading', { name }).waitFor();
  const id = new URL(page.url()).searchParams.get('id');

  // Edit.
  await page.getByRole('button', { name: 'Editar' }).click();
  await page.getByLabel('Nome *', { exact: true }).fill(`${name} Editado`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await page.getByRole('heading', { name: `${name} Editado` }).waitFor();

  // Archive (after confirming: it is a destructive action) and restore.
  await page.getByRole('button', { name: 'Arquivar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Arquivar cliente' });
  await confirm.getByRole('button', { name: 'Arquivar' }).click();
  await page.getByText('Arquivado', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Restaurar' }).click();
  await page.getByRole('button', { name: 'Editar' }).waitFor();

  // Duplicate document: the 409 message on the document field.
  await page.goto(`${baseUrl}/cliente`);
  await page.getByLabel('CPF').fill(document);
  await page.getByLabel('Nome *', { exact: true }).fill('Outro nome');
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await page.getByText(/Já existe um cliente com este documento/).first().waitFor();

  // List: search by name finds it, with the masked document and a link to the client page.
  await page.goto(`${baseUrl}/clientes?q=${encodeURIComponent(String(stamp))}`);
  const link = page.getByRole('link', { name: `${name} Editado` });
  await link.waitFor();
  expect(await link.getAttribute('href')).toBe(`/cliente?id=${id}`);
  await page.getByText(masked).waitFor();
  await page.getByText('1 cliente', { exact: true }).waitFor();

  // Filters and sort are in the URL.
  await page.getByLabel('Situação').selectOption('archived');
  await page.waitForURL((url) => url.searchParams.get('status') === 'archived');
  await page.getByText('Nenhum cliente encontrado.').waitFor();
});

test("a salesperson sees the client's opportunities, adds one from the tab and opens its funnel card", async ({ page, baseUrl }) => {
  const stamp = Date.now();
  const name = `Cliente Oportunidades ${stamp}`;
  const token = await apiToken(baseUrl, demoEmail('salesperson'));
  const response = await fetch(`${baseUrl}/api/v1/crm/clients`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, document: cpf((stamp + 7) % 1_000_000_000) }),
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };

  await signIn(page, baseUrl, demoEmail('salesperson'), undefined, `/cliente?id=${id}`);
  await page.getByRole('heading', { name }).waitFor();
  await page.getByRole('tab', { name: 'Oportunidades' }).click();
  await expect(page.getByText('Nenhuma oportunidade deste cliente.')).toBeVisible();

  // "Nova oportunidade": the funnel's form, already for this client.
  const title = `Clareamento ${stamp}`;
  await page.getByRole('button', { name: 'Nova oportunidade' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova oportunidade' });
  await expect(dialog.getByLabel('Cliente')).toHaveValue(name);
  await dialog.getByLabel('Título *').fill(title);
  await dialog.getByLabel('Valor esperado').fill('2.300,00');
  await dialog.getByLabel('Origem *').selectOption({ label: 'Indicação' });
  await dialog.getByRole('button', { name: 'Criar oportunidade' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('table', { name: 'Oportunidades do cliente' }).getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('Aberta');
  await expect(row).toContainText('R$ 2.300,00');
  await expect(row).toContainText('Indicação');

  // The title links to its card on the funnel, opened.
  await row.getByRole('link', { name: title }).click();
  await expectPath(page, '/crm');
  await expect(page.getByRole('dialog', { name: title })).toBeVisible();
});
