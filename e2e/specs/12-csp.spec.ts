import { demoEmail, expect, signIn, test } from '../support/fixtures';

/**
 * The server's Content-Security-Policy forbids `eval`/`new Function`. A library that probes for them (zod's compiled
 * fast path did) is refused by the browser and reported as a violation: pages still work, but the report is noise and
 * hides real ones. The page records every `securitypolicyviolation` event from its first script on.
 */
test('no Content-Security-Policy violation on sign-in, a list and a form', async ({ page, baseUrl }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const violations = async () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

  await signIn(page, baseUrl, demoEmail('admin'));
  expect(await violations()).toEqual([]);

  await page.goto(`${baseUrl}/clientes`);
  await expect(page.getByRole('heading', { name: 'Clientes' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  expect(await violations()).toEqual([]);

  // A zod schema probes for `new Function` when it first parses: submit a form empty.
  await page.goto(`${baseUrl}/perfil`);
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Informe a senha atual.').first()).toBeVisible();
  expect(await violations()).toEqual([]);
});
