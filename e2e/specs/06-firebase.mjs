import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expectPath, ROOT, signIn, startServer } from '../harness.mjs';

const FIREBASE_DIR = join(ROOT, 'e2e', 'firebase');
const FIREBASE_BIN = join(FIREBASE_DIR, 'node_modules', '.bin', 'firebase');
const PROJECT = 'demo-backoffice';
const EMULATOR = 'http://127.0.0.1:9099';

async function waitFor(url, timeoutMs) {
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

async function startEmulator() {
  const child = spawn(FIREBASE_BIN, ['emulators:start', '--only', 'auth', '--project', PROJECT], {
    cwd: FIREBASE_DIR,
    stdio: 'ignore',
    detached: true,
  });
  await waitFor(`${EMULATOR}/`, 60_000);
  return () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
}

/** An emulator account with the same uid as the backoffice user (the Admin API accepts a localId). */
async function createEmulatorAccount(localId, email, password) {
  const response = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ localId, email, password }),
  });
  assert.equal(response.status, 200, await response.text());
}

export const tests = {
  async 'Firebase mode: sign in through the Auth emulator, see /inicio, sign out'({ context }) {
    if (!existsSync(FIREBASE_BIN)) {
      console.log('      (ignorado: rode `npm ci --prefix e2e/firebase` para instalar o emulador)');
      return;
    }
    const stopEmulator = await startEmulator();
    const server = await startServer({
      extraEnv: {
        BACKOFFICE_AUTH_PROVIDER: 'firebase',
        BACKOFFICE_FIREBASE_PROJECT_ID: PROJECT,
        BACKOFFICE_FIREBASE_EMULATOR: '127.0.0.1:9099',
      },
    });
    try {
      const config = await (await fetch(`${server.baseUrl}/runtime-config.json`)).json();
      assert.equal(config.auth.provider, 'firebase');
      const email = `firebase-${Date.now()}@e2e.backoffice.com.br`;
      const uid = server.createUser(['--email', email, '--name', 'Usuária Firebase', '--role', 'ADMIN', '--password', 'Firebase@2026x', '--password-updated']);
      await createEmulatorAccount(uid, email, 'Firebase@2026x');

      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/`);
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Senha').fill('senha-errada-123');
      await page.getByRole('button', { name: 'Entrar' }).click();
      // The provider's own message is shown as is.
      await page.getByRole('alert').waitFor();

      await signIn(page, server.baseUrl, email, 'Firebase@2026x');
      await expectPath(page, '/inicio');
      const cached = JSON.parse(await page.evaluate(() => localStorage.getItem('user')));
      assert.equal(cached.email, email);
      await page.goto(`${server.baseUrl}/clientes`);
      await page.getByRole('button', { name: 'Novo cliente' }).waitFor();
      await page.getByRole('button', { name: 'Sair' }).click();
      await expectPath(page, '/');
      assert.equal(await page.evaluate(() => localStorage.getItem('user')), null);
    } finally {
      await server.stop();
      stopEmulator();
    }
  },
};
