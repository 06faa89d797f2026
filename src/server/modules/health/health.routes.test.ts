import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createChangeFeed } from '#db/changes';
import type { DbHandle } from '#db/client';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/env';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { createTestDb } from '#tests/helpers/db';

/*
 * docs/product.md, Operations: live is the process answering; ready is the database reachable, every
 * shipped migration applied and the change feed listening. Each cause of a 503 on its own, on the
 * engine of the run.
 */

const isPostgres = inject('dbKind') === 'postgres';
const get = (app: TestApp['app'], url: string) => app.inject({ method: 'GET', url });

/** Polls `check` every 50 ms; throws after 10 s. */
async function until(check: () => Promise<boolean>) {
  for (const deadline = Date.now() + 10_000; !(await check()); ) {
    if (Date.now() > deadline) throw new Error('not within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('GET /api/health/live and /api/health/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('answers live, and ready with every check ok', async () => {
    expect((await get(t.app, '/api/health/live')).json()).toEqual({ status: 'ok' });
    const ready = await get(t.app, '/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok', migrations: 'ok', changeFeed: 'ok', missing: [] });
  });
});

describe('503 when a shipped migration is not applied', () => {
  let t: TestApp;
  let db: DbHandle;
  beforeAll(async () => {
    db = await createTestDb();
    t = await createTestApp({ db });
  });
  afterAll(async () => {
    await t?.close();
    await db?.close();
  });

  it('says migrations are pending, and is ready again once the migration is recorded', async () => {
    const removed = (await db.execute(
      'delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning hash, created_at',
    )) as { rows: { hash: string; created_at: string }[] };
    const ready = await get(t.app, '/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'unavailable',
      database: 'ok',
      migrations: 'pending',
      changeFeed: 'ok',
      missing: ['migrations are not applied'],
    });
    // Live asks nothing of the database: the process still answers.
    expect((await get(t.app, '/api/health/live')).statusCode).toBe(200);

    const [row] = removed.rows;
    await db.execute(
      `insert into drizzle.__drizzle_migrations (hash, created_at) values ('${row?.hash}', ${Number(row?.created_at)})`,
    );
    expect((await get(t.app, '/api/health/ready')).statusCode).toBe(200);
  });
});

describe('503 while the change feed cannot listen', () => {
  it('says the change feed is not connected while the database itself answers', async () => {
    const db = await createTestDb();
    // A real feed whose database address refuses (nothing listens on port 1), beside a reachable database.
    const unreachable = createChangeFeed(
      db.kind === 'postgres'
        ? { connectionString: 'postgres://postgres@127.0.0.1:1/postgres', connectionTimeoutMillis: 500 }
        : { host: '/nonexistent-ga-socket-dir', user: 'postgres', database: 'postgres' },
    );
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ga-test-'));
    // Built without createTestApp, which would wait for this feed to listen.
    const app = await buildApp({
      config: {
        ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
        purgeIntervalMs: Number.POSITIVE_INFINITY,
        payoutIntervalMs: Number.POSITIVE_INFINITY,
      },
      db: { ...db, changes: unreachable },
      logger: false,
    });
    try {
      await app.ready();
      const ready = await get(app, '/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'unavailable',
        database: 'ok',
        migrations: 'ok',
        changeFeed: 'disconnected',
        missing: ['the change feed is not connected'],
      });
      expect((await get(app, '/api/health/live')).statusCode).toBe(200);
    } finally {
      await app.close();
      await unreachable.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('503 when the database cannot be reached', () => {
  it('says the database is unreachable and the migrations unknown; live still answers', async () => {
    const db = await createTestDb();
    const t = await createTestApp({ db });
    try {
      expect((await get(t.app, '/api/health/ready')).statusCode).toBe(200);
      // The embedded engine stopped, or the server's database dropped: every query fails.
      await db.close();
      const ready = await get(t.app, '/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', database: 'unreachable', migrations: 'unknown' });
      expect(ready.json().missing).toEqual(expect.arrayContaining(['the database is unreachable', 'migrations are unknown']));
      expect((await get(t.app, '/api/health')).statusCode).toBe(503);
      expect((await get(t.app, '/api/health/live')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it.skipIf(!isPostgres)('on PostgreSQL refusing connections, then ready again once it takes them', async () => {
    const db = await createTestDb();
    const t = await createTestApp({ db });
    const name = new URL(String(db.connection.connectionString)).pathname.slice(1);
    const admin = await createTestDb();
    try {
      await admin.execute(`alter database ${name} allow_connections false`);
      await admin.execute(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
      // The listener learns of its terminated backend a moment later.
      await until(async () => (await get(t.app, '/api/health/ready')).json().changeFeed === 'disconnected');
      const ready = await get(t.app, '/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ database: 'unreachable', changeFeed: 'disconnected' });

      await admin.execute(`alter database ${name} allow_connections true`);
      await until(async () => (await get(t.app, '/api/health/ready')).statusCode === 200);
    } finally {
      await t.close();
      await db.close();
      await admin.close();
    }
  });
});
