/**
 * The Playwright fixtures every spec uses: per worker, one SMTP capture (`mailbox`) and one real server on the
 * project's database engine (`server`, started with the mailbox as its SMTP relay); per test, a fresh browser
 * context (Playwright's default) and helpers to sign in and to wait for a path.
 */
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { startMailbox, type Mailbox } from './mailbox';
import { startServer, type Engine, type Server } from './server';

export { expect };
export type { Engine, Server };

export const DEMO_PASSWORD = 'Demo@2026';
export const demoEmail = (name: string): string => `${name}@demo.backoffice.com.br`;

interface WorkerFixtures {
  /** The database engine of the project (`sqlite` or `postgres`). */
  engine: Engine;
  mailbox: Mailbox;
  server: Server;
}

interface TestFixtures {
  baseUrl: string;
  /** Starts another server on the project's engine (stopped after the test), e.g. in Firebase mode. */
  launchServer: (extraEnv: Record<string, string>) => Promise<Server>;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  engine: ['sqlite', { scope: 'worker', option: true }],
  mailbox: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern.
    async ({}, use) => {
      const mailbox = await startMailbox();
      await use(mailbox);
      await mailbox.close();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ engine, mailbox }, use) => {
      const server = await startServer({ engine, extraEnv: { BACKOFFICE_SMTP_URL: mailbox.url } });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseUrl: async ({ server }, use) => use(server.baseUrl),
  baseURL: async ({ server }, use) => use(server.baseUrl),
  launchServer: async ({ engine }, use) => {
    const started: Server[] = [];
    await use(async (extraEnv) => {
      const server = await startServer({ engine, extraEnv });
      started.push(server);
      return server;
    });
    for (const server of started) await server.stop();
  },
});

/** Sign in through the UI and wait until the app leaves the sign-in page. */
export async function signIn(page: Page, baseUrl: string, email: string, password = DEMO_PASSWORD, path = '/'): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL((url) => url.pathname !== '/' && url.pathname !== '/entrar', { timeout: 15_000 });
}

/** The header's user menu button (only pages inside the layout have it). */
export function userMenu(page: Page): Locator {
  return page.getByRole('button', { name: /^Menu do usuário/ });
}

/** Sign out through the header's user menu ("Sair"). */
export async function signOut(page: Page): Promise<void> {
  const leave = page.getByRole('menuitem', { name: 'Sair' });
  // A click on "Sair" while the menu is still opening can be lost (a run without traces, faster, met it once on
  // 29-hub-dispatch: the menu stayed open). So: open the menu if it is closed, click, and try again until the
  // sign-in page shows. Signing out revokes the session on the server first: a navigation before it ends would find
  // the session alive, hence the wait for "Entrar".
  const signInButton = page.getByRole('button', { name: 'Entrar' });
  await expect(async () => {
    if (await signInButton.isVisible()) return;
    if (!(await leave.isVisible())) await userMenu(page).click();
    await leave.click({ timeout: 5_000 });
    await signInButton.waitFor({ timeout: 10_000 });
  }).toPass({ timeout: 45_000 });
}

/** An API token for checks the UI does not show (the audit list). */
export async function apiToken(baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in via API falhou: ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** The page's path with its query string. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** Wait until the page settles on `expected` (path, or path + query; the guard redirects asynchronously). */
export async function expectPath(page: Page, expected: string, timeout = 10_000): Promise<void> {
  await page.waitForURL((url) => `${url.pathname}${url.search}` === expected || url.pathname === expected, { timeout });
}

/** Wait until the page is exactly on `expected`: the same path and query, nothing more (`/`, not `/?redirect=…`). */
export async function expectExactPath(page: Page, expected: string, timeout = 10_000): Promise<void> {
  try {
    await page.waitForURL((url) => `${url.pathname}${url.search}` === expected, { timeout });
  } catch (error) {
    throw new Error(`esperava exatamente ${expected}, mas a página está em ${pathOf(page)}`, { cause: error });
  }
}
