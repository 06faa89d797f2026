import { afterAll, describe, expect, inject, it } from 'vitest';
import { cleanUpProcesses, freePort, migratedDataDir, postJson, spawnServer, startServer } from './helpers/process';

// These start the real server process (dist/server/server.js, as npm start runs it) on a PGlite DATA_DIR.
const isPglite = inject('dbKind') === 'pglite';

afterAll(cleanUpProcesses);

describe.skipIf(!isPglite)('the server process on an embedded database', () => {
  it('refuses a second server on the same DATA_DIR with one clear line while the first keeps serving', async () => {
    const dataDir = await migratedDataDir();
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

  it('refuses a configuration that would trust every client or take test payments in production, with one clear line', async () => {
    const refused: Array<[Record<string, string>, RegExp]> = [
      [{ TRUST_PROXY: '0.0.0.0/0' }, /^Invalid configuration: TRUST_PROXY 0\.0\.0\.0\/0 takes in clients, not just proxies/],
      [{ TRUST_PROXY: '10.0.0.1,::/0' }, /^Invalid configuration: TRUST_PROXY ::\/0 takes in clients, not just proxies/],
      // NODE_ENV=production, no Stripe keys, PAYMENT_PROVIDER unset (empty is unset).
      [{ PAYMENT_PROVIDER: '' }, /^Invalid configuration: production takes payments through Stripe .*PAYMENT_PROVIDER=test/],
    ];
    const runs = await Promise.all(refused.map(async ([env]) => spawnServer(await migratedDataDir(), await freePort(), env)));
    for (const [index, [env, message]] of refused.entries()) {
      const run = runs[index];
      expect(await run?.exited, JSON.stringify(env)).toBe(1);
      const lines = run?.output().trim().split('\n');
      expect(lines, run?.output()).toHaveLength(1);
      expect(lines?.[0]).toMatch(message);
    }
  }, 120_000);

  it('finishes the requests of clients that hung up before it closes its database on SIGTERM', async () => {
    const dataDir = await migratedDataDir();
    const server = await startServer(dataDir);
    // Sign-ups wait in the password queue, then write: many of them are still running when their
    // clients give up and the server is told to stop, with no connection left open to wait for.
    const abandoned = Array.from({ length: 24 }, (_, n) => {
      const controller = new AbortController();
      const sent = postJson(
        `${server.url}/api/auth/signup`,
        {
          email: `hung-up-${n}@shutdown.test`,
          password: 'hung-up-pass',
          name: `Hung Up ${n}`,
        },
        controller.signal,
      ).catch(() => undefined);
      return { controller, sent };
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    for (const { controller } of abandoned) controller.abort();
    await Promise.all(abandoned.map(({ sent }) => sent));
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toMatch(/request failed|Cannot use a pool|after calling end/);
  }, 120_000);

  it('loses no acknowledged sign-up when killed with SIGKILL mid-write, and restarts on the same DATA_DIR', async () => {
    const dataDir = await migratedDataDir();
    const server = await startServer(dataDir);
    const acknowledged: string[] = [];
    let killed = false;
    const signUp = async (n: number) => {
      const email = `durable-${n}@kill.test`;
      try {
        const response = await postJson(`${server.url}/api/auth/signup`, {
          email,
          password: 'durable-pass',
          name: `Durable ${n}`,
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
          const login = await postJson(`${restarted.url}/api/auth/login`, { email, password: 'durable-pass' });
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
