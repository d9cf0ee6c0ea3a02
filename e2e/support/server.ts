/**
 * The real `backoffice` server for the browser tests: a fresh database (a SQLite file, or a new PostgreSQL
 * database that is dropped afterwards), the demo users, and the built apps served from the repository.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const ROOT = resolve(__dirname, '..', '..');

/** The database engine a Playwright project runs the specs against. */
export type Engine = 'sqlite' | 'postgres';

/** PostgreSQL for the `postgres` project (trust auth on the machine's cluster); a database is created per server. */
export const PG_ADMIN_URL = (process.env.E2E_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, '');

export interface Server {
  engine: Engine;
  baseUrl: string;
  databaseUrl: string;
  /** The server's output so far (both streams), for failure messages. */
  log(): string;
  /** `backoffice users create …` against the same database; returns the printed uid. */
  createUser(args: string[]): Promise<string>;
  /**
   * An in-app notification for `uid`, written straight into the database (nothing in the product publishes one
   * yet); the bell reads it through the real API.
   */
  addNotification(uid: string, notification: { title: string; body: string; url: string }): Promise<void>;
  /**
   * Runs one SQL statement against the server's database (psql or sqlite3): what a spec cannot wait for in real
   * time, such as a cadence step due days from now, is moved into the past here.
   */
  execSql(sql: string): Promise<void>;
  stop(): Promise<void>;
}

export interface StartOptions {
  engine: Engine;
  /** Added to the server's environment (SMTP relay, Firebase settings…). */
  extraEnv?: Record<string, string>;
}

export function serverBinary(): string {
  return resolve(ROOT, process.env.BACKOFFICE_BIN ?? 'target/debug/backoffice');
}

/**
 * The bank's answer to a remessa, as `backoffice banking simular-retorno` writes it (CNAB 240): every entrada
 * confirmed, the first `settle` titles paid, and optionally one payment of a nosso número the remessa does not have.
 */
export async function simulateRetorno(remessaPath: string, options: { settle?: number; unknownCents?: number } = {}): Promise<Buffer> {
  const args = ['banking', 'simular-retorno', remessaPath];
  if (options.settle) args.push('--liquidar', String(options.settle));
  if (options.unknownCents) args.push('--nao-localizado', String(options.unknownCents));
  const { stdout } = await run(serverBinary(), args, { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}

async function psql(sql: string): Promise<void> {
  await run('psql', ['-q', '-v', 'ON_ERROR_STOP=1', '-d', `${PG_ADMIN_URL}/postgres`, '-c', sql], { timeout: 30_000 });
}

/** A new, empty PostgreSQL database; fails (never skips) when PostgreSQL cannot be reached. */
export async function createPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `e2e_${Date.now()}_${randomBytes(4).toString('hex')}`;
  try {
    await psql(`CREATE DATABASE ${name}`);
  } catch (error) {
    const detail = (error as { stderr?: string }).stderr?.trim() || String(error);
    throw new Error(`PostgreSQL não está acessível em ${PG_ADMIN_URL} (o projeto postgres dos testes no navegador precisa dele): ${detail}`);
  }
  return {
    url: `${PG_ADMIN_URL}/${name}`,
    drop: () => psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** The environment without any BACKOFFICE_* setting of the caller's shell (each test server sets its own). */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('BACKOFFICE_')));
}

async function waitForHealth(baseUrl: string, child: ChildProcess, log: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`o servidor terminou com código ${child.exitCode}:\n${log().slice(-4000)}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`o servidor não respondeu a /healthz a tempo:\n${log().slice(-4000)}`);
}

export async function startServer({ engine, extraEnv = {} }: StartOptions): Promise<Server> {
  const bin = serverBinary();
  const dir = mkdtempSync(join(tmpdir(), `backoffice-e2e-${engine}-`));
  const pg = engine === 'postgres' ? await createPgDatabase() : null;
  const databaseUrl = pg ? pg.url : `sqlite://${join(dir, 'e2e.db')}`;
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...cleanEnv(),
    BACKOFFICE_DATABASE_URL: databaseUrl,
    BACKOFFICE_PORT: String(port),
    BACKOFFICE_WEB_ROOT: ROOT,
    BACKOFFICE_FILES_DIR: join(dir, 'files'),
    ...extraEnv,
  };
  const cleanup = async () => {
    await pg?.drop().catch((error: unknown) => console.error(`não foi possível apagar o banco ${databaseUrl}:`, error));
    rmSync(dir, { recursive: true, force: true });
  };

  let child: ChildProcess;
  let log = '';
  try {
    await run(bin, ['migrate'], { env, timeout: 120_000 });
    await run(bin, ['demo-data'], { env, timeout: 120_000 });
    child = spawn(bin, ['serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-200_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
  } catch (error) {
    await cleanup();
    throw error;
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    await cleanup();
  };
  try {
    await waitForHealth(baseUrl, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    engine,
    baseUrl,
    databaseUrl,
    log: () => log,
    async addNotification(uid, { title, body, url }) {
      const id = randomBytes(16).toString('hex');
      const values = [id, uid, title, body, url].map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');
      if (pg) {
        await run('psql', ['-q', '-v', 'ON_ERROR_STOP=1', '-d', databaseUrl, '-c',
          `INSERT INTO system_notifications (id, uid, title, body, url, created_at) VALUES (${values}, now())`], { timeout: 30_000 });
      } else {
        // The text form sqlx writes for a UTC instant.
        const now = new Date().toISOString().replace('Z', '+00:00');
        await run('sqlite3', [join(dir, 'e2e.db'),
          `INSERT INTO system_notifications (id, uid, title, body, url, created_at) VALUES (${values}, '${now}')`], { timeout: 30_000 });
      }
    },
    async execSql(sql) {
      if (pg) {
        await run('psql', ['-q', '-v', 'ON_ERROR_STOP=1', '-d', databaseUrl, '-c', sql], { timeout: 30_000 });
      } else {
        await run('sqlite3', [join(dir, 'e2e.db'), sql], { timeout: 30_000 });
      }
    },
    async createUser(args) {
      const { stdout } = await run(bin, ['users', 'create', ...args], { env, encoding: 'utf8' });
      const uid = stdout.trim().split(/\s+/).pop();
      if (!uid) throw new Error(`users create não imprimiu o uid: ${stdout}`);
      return uid;
    },
    stop,
  };
}
