import { demoEmail, expect, signIn, test } from '../support/fixtures';

test('a manager creates a link with the UTM builder; /l/<code> redirects to the destination and the click is counted', async ({ page, baseUrl, request }) => {
  await signIn(page, baseUrl, demoEmail('sales-manager'));
  const label = `Link E2E ${Date.now()}`;

  await page.goto(`${baseUrl}/crm/marketing/links`);
  await page.getByRole('button', { name: 'Novo link' }).click();
  const drawer = page.getByRole('dialog', { name: 'Novo link' });
  await drawer.getByLabel('Nome', { exact: false }).first().fill(label);
  await drawer.getByLabel(/^Destino/).fill('https://wa.me/5511999990000?text=Oi');
  // A host off the allow-list is flagged while typing.
  await drawer.getByLabel(/^Destino/).fill('https://evil.example/');
  await drawer.getByText(/fora da lista permitida/).waitFor();
  await drawer.getByLabel(/^Destino/).fill('https://wa.me/5511999990000?text=Oi');
  await drawer.getByLabel(/^Origem/).selectOption('whatsapp');
  await drawer.getByLabel(/^Mídia/).selectOption('mensagem');
  await drawer.getByLabel('Campanha (utm_campaign)').fill('Teste E2E Verão');
  const expected = 'https://wa.me/5511999990000?text=Oi&utm_source=whatsapp&utm_medium=mensagem&utm_campaign=teste-e2e-verao';
  // The live preview is the URL the server will answer with.
  await expect(drawer.getByTestId('utm-preview')).toHaveText(expected);
  await drawer.getByRole('button', { name: 'Criar link' }).click();
  await expect(drawer).toBeHidden();

  const row = page.getByRole('row', { name: new RegExp(label) });
  await row.waitFor();
  const code = (await row.getByRole('cell').nth(1).innerText()).trim();
  expect(code).toMatch(/^[0-9A-Za-z]{7}$/);

  // The short link answers 302 to the destination with the UTMs (checked without following it).
  const answer = await request.get(`${baseUrl}/l/${code}`, { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  expect(answer.headers()['location']).toBe(expected);
  // A preview bot is not a click.
  const preview = await request.get(`${baseUrl}/l/${code}`, { maxRedirects: 0, headers: { 'User-Agent': 'WhatsApp/2.23.20.0 A' } });
  expect(preview.status()).toBe(302);
  // An unknown code is 404, a page in Portuguese.
  const unknown = await request.get(`${baseUrl}/l/zzzzzz9`, { maxRedirects: 0 });
  expect(unknown.status()).toBe(404);
  expect(await unknown.text()).toContain('Link não encontrado');

  // Clicks are written in batches (every ~200 ms): the list shows 1 click and 1 preview once written.
  await expect
    .poll(
      async () => {
        await page.reload();
        const cells = page.getByRole('row', { name: new RegExp(label) }).getByRole('cell');
        return [(await cells.nth(4).innerText()).trim(), (await cells.nth(5).innerText()).trim()];
      },
      { timeout: 10_000 },
    )
    .toEqual(['1', '1']);
});
