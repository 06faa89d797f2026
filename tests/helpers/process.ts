import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { copyPgliteTemplate } from './db';

/**
 * Runs the real entry points as child processes, for tests of the process itself: the server as
 * `npm start` runs it (dist/server, built before the tests as the drawn pages' renderer is), the
 * invite and admin CLIs as built beside it, or a TypeScript entry through tsx.
 */
export type Spawned = { child: ChildProcess; output: () => string; exited: Promise<number | null> };
export type RunningServer = Spawned & { url: string };

const children: ChildProcess[] = [];
const dirs: string[] = [];

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export function tempDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ga-process-'));
  dirs.push(dir);
  return dir;
}

/**
 * A DATA_DIR whose database is already created and migrated (a copy of the test run's template), so
 * a process test copies files instead of paying ~5 s to create the database or ~3 s to load a dump.
 */
export async function migratedDataDir(): Promise<string> {
  const dir = tempDataDir();
  copyPgliteTemplate(dir);
  return dir;
}

export function spawnEntry(entry: string, args: string[], env: Record<string, string>): Spawned {
  let output = '';
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...loader, entry, ...args], {
    // Production without Stripe keys takes test payments only when told to (a test that refuses it unsets it).
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_DEMO: 'false', PAYMENT_PROVIDER: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** `env` adds to or overrides the server's environment, e.g. DATABASE_URL to run on PostgreSQL. */
export function spawnServer(dataDir: string, port: number, env: Record<string, string> = {}): Spawned {
  return spawnEntry('dist/server/server.js', [], {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    RATE_LIMIT_SIGNUP_PER_HOUR: '100000',
    RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
    RATE_LIMIT_LOGIN_SUCCESS_PER_MINUTE: '100000',
    ...env,
  });
}

/** Starts a server and resolves once /api/health answers. */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const server = spawnServer(dataDir, port, env);
  const url = `http://127.0.0.1:${port}`;
  let exitCode: number | null | undefined;
  void server.exited.then((code) => {
    exitCode = code;
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && exitCode === undefined) {
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { ...server, url };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start:\n${server.output()}`);
}

export function postJson(url: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal });
}

/** For afterAll: kills what is still running and removes the data directories. */
export function cleanUpProcesses() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
