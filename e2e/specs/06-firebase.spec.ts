import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, expectExactPath, expectPath, signIn, signOut, test } from '../support/fixtures';
import { ROOT } from '../support/server';

const FIREBASE_DIR = join(ROOT, 'e2e', 'firebase');
const FIREBASE_BIN = join(FIREBASE_DIR, 'node_modules', '.bin', 'firebase');
const PROJECT = 'demo-backoffice';
const EMULATOR = 'http://127.0.0.1:9099';

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} não respondeu`);
}

/**
 * The emulator listens on fixed ports (firebase.json), and scripts/web-test.sh runs the SQLite and PostgreSQL
 * projects side by side: one project at a time holds it, through a lock folder (mkdir is atomic).
 */
const EMULATOR_LOCK = join(tmpdir(), 'backoffice-e2e-firebase-emulator.lock');

async function lockEmulator(timeoutMs: number): Promise<() => void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      mkdirSync(EMULATOR_LOCK);
      return () => rmSync(EMULATOR_LOCK, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock older than any run of this test was left by a killed run.
      if (Date.now() - statSync(EMULATOR_LOCK).mtimeMs > 10 * 60_000) rmSync(EMULATOR_LOCK, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`o emulador do Firebase continua ocupado (${EMULATOR_LOCK})`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** Starts the Auth emulator in its own process group; returns how to stop it (and wait until it is gone). */
async function startEmulator(): Promise<() => Promise<void>> {
  const unlock = await lockEmulator(150_000);
  try {
    const stop = await spawnEmulator();
    return async () => {
      try {
        await stop();
      } finally {
        unlock();
      }
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

async function spawnEmulator(): Promise<() => Promise<void>> {
  const child = spawn(FIREBASE_BIN, ['emulators:start', '--only', 'auth', '--project', PROJECT], {
    cwd: FIREBASE_DIR,
    stdio: 'ignore',
    detached: true,
  });
  const exited = new Promise((r) => child.once('exit', r));
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  };
  try {
    await waitFor(`${EMULATOR}/`, 90_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

/** An emulator account with the same uid as the backoffice user (the Admin API accepts a localId). */
async function createEmulatorAccount(localId: string, email: string, password: string): Promise<void> {
  const response = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ localId, email, password }),
  });
  expect(response.status, await response.text()).toBe(200);
}

test('Firebase mode: sign in through the Auth emulator, see /inicio, sign out', async ({ page, launchServer }) => {
  // Outside CI a machine without the emulator skips it; CI installs it (scripts/web-test.sh), so there it must run.
  test.skip(!process.env.CI && !existsSync(FIREBASE_BIN), 'emulador do Firebase ausente: rode `npm ci --prefix e2e/firebase`');
  test.setTimeout(400_000);
  const stopEmulator = await startEmulator();
  try {
    const server = await launchServer({
      BACKOFFICE_AUTH_PROVIDER: 'firebase',
      BACKOFFICE_FIREBASE_PROJECT_ID: PROJECT,
      BACKOFFICE_FIREBASE_EMULATOR: '127.0.0.1:9099',
    });
    const config = (await (await fetch(`${server.baseUrl}/runtime-config.json`)).json()) as { auth: { provider: string } };
    expect(config.auth.provider).toBe('firebase');
    const email = `firebase-${Date.now()}@e2e.backoffice.com.br`;
    const uid = await server.createUser(['--email', email, '--name', 'Usuária Firebase', '--role', 'ADMIN', '--password', 'Firebase@2026x', '--password-updated']);
    await createEmulatorAccount(uid, email, 'Firebase@2026x');

    await page.goto(`${server.baseUrl}/`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Senha').fill('senha-errada-123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    // The provider's own message is shown as is.
    await page.getByRole('alert').waitFor();

    await signIn(page, server.baseUrl, email, 'Firebase@2026x');
    await expectPath(page, '/inicio');
    const cached = JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? 'null') as { email: string };
    expect(cached.email).toBe(email);
    await page.goto(`${server.baseUrl}/clientes`);
    await page.getByRole('button', { name: 'Novo cliente' }).waitFor();
    await signOut(page);
    await expectExactPath(page, '/');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  } finally {
    await stopEmulator();
  }
});
