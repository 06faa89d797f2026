import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';

// These start the real server process (src/server/server.ts through tsx) on a PGlite DATA_DIR.
const isPglite = inject('dbKind') === 'pglite';

type Running = { child: ChildProcess; url: string; output: () => string; exited: Promise<number | null> };
const started: ChildProcess[] = [];
const dirs: string[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function spawnServer(dataDir: string, port: number) {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      RATE_LIMIT_SIGNUP_PER_HOUR: '100000',
      RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function startServer(dataDir: string): Promise<Running> {
  const port = await freePort();
  const server = spawnServer(dataDir, port);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  let exitCode: number | null | undefined;
  void server.exited.then((code) => {
    exitCode = code;
  });
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

function tempDataDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ga-process-'));
  dirs.push(dir);
  return dir;
}

afterAll(async () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!isPglite)('the server process on an embedded database', () => {
  it('refuses a second server on the same DATA_DIR with one clear line while the first keeps serving', async () => {
    const dataDir = tempDataDir();
    const first = await startServer(dataDir);
    const second = spawnServer(dataDir, await freePort());
    expect(await second.exited).toBe(1);
    const lines = second.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/DATA_DIR .* is in use by another Gradient Academy server \(pid \d+\)/);

    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  }, 120_000);

  it('loses no acknowledged sign-up when killed with SIGKILL mid-write, and restarts on the same DATA_DIR', async () => {
    const dataDir = tempDataDir();
    const server = await startServer(dataDir);
    const acknowledged: string[] = [];
    let killed = false;
    const signUp = async (n: number) => {
      const email = `durable-${n}@kill.test`;
      try {
        const response = await fetch(`${server.url}/api/auth/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'durable-pass', name: `Durable ${n}` }),
        });
        if (response.status === 201) acknowledged.push(email);
      } catch {
        // Requests in flight when the process dies get no answer; they were never acknowledged.
      }
    };
    const workers = Array.from({ length: 8 }, async (_, worker) => {
      for (let n = worker; !killed; n += 8) await signUp(n);
    });
    while (acknowledged.length < 40) await new Promise((resolve) => setTimeout(resolve, 20));
    server.child.kill('SIGKILL');
    killed = true;
    await Promise.all(workers);
    await server.exited;

    const restarted = await startServer(dataDir);
    const statuses = new Map<string, number>();
    const pending = [...acknowledged];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let email = pending.pop(); email; email = pending.pop()) {
          const login = await fetch(`${restarted.url}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password: 'durable-pass' }),
          });
          statuses.set(email, login.status);
        }
      }),
    );
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);
    expect(acknowledged.filter((email) => statuses.get(email) !== 200)).toEqual([]);
    restarted.child.kill('SIGTERM');
    await restarted.exited;
  }, 180_000);
});
