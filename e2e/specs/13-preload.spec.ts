import { demoEmail, expect, signIn, test } from '../support/fixtures';

/**
 * Route preloading (docs/web.md, PWA): once the page is up, the shell's other pages are fetched as files (the list
 * the build wrote into index.html), so opening one later downloads nothing. The sign-in page itself must not fetch
 * them before its first render (they are not part of the first load).
 */
test('the next pages are fetched in the background once the page is up, not before', async ({ page, baseUrl }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const adminUsersChunk = (path: string) => /^\/admin-users\.[0-9a-f]{8}\.js$/.test(path);

  await page.goto(`${baseUrl}/`);
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  const beforeFirstPage = [...requested];
  expect(beforeFirstPage.some(adminUsersChunk)).toBe(false);

  await signIn(page, baseUrl, demoEmail('admin'));
  await expect.poll(() => requested.some(adminUsersChunk), { timeout: 20_000 }).toBe(true);
});
