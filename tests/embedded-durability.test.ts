import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { createDb, type DbHandle } from '#db/client';
import { loadConfig } from '#server/env';
import { copyPgliteTemplate } from './helpers/db';
import { cleanUpProcesses, spawnEntry, tempDataDir } from './helpers/process';

// docs/performance.md, Durable commits: the embedded engine acknowledges a commit only after fsync(2) has put
// its WAL on disk. How much a power cut takes without it is measured by bench/durability.mjs, not here.
describe.skipIf(inject('dbKind') !== 'pglite')('the embedded database on disk', () => {
  const dirs: string[] = [];
  let handle: DbHandle | undefined;

  afterEach(async () => {
    await handle?.close();
    handle = undefined;
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  async function open(fsync: boolean | undefined) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ga-durable-'));
    dirs.push(dir);
    handle = await createDb({ kind: 'pglite', dataDir: copyPgliteTemplate(dir), ...(fsync === undefined ? {} : { fsync }) });
    return handle;
  }

  const setting = async (db: DbHandle, name: string) =>
    (await db.pool.query<{ value: string }>('select current_setting($1) as value', [name])).rows[0]?.value;

  it('syncs every commit to disk by default, with PostgreSQL fsync on', async () => {
    const db = await open(undefined);
    expect(await setting(db, 'fsync')).toBe('on');
    expect(await setting(db, 'wal_sync_method')).toBe('fsync');
    await db.execute('create table durable_probe (id int primary key)');
    const before = await db.embedded?.syncCount();
    for (let id = 1; id <= 5; id++) await db.pool.query('insert into durable_probe values ($1)', [id]);
    const after = await db.embedded?.syncCount();
    // One WAL flush per commit at least.
    expect((after ?? 0) - (before ?? 0)).toBeGreaterThanOrEqual(5);
  });

  it('leaves it to the kernel with EMBEDDED_DB_FSYNC=false', async () => {
    expect(loadConfig({ EMBEDDED_DB_FSYNC: 'false' }).embeddedFsync).toBe(false);
    // Production syncs unless told not to; elsewhere (a laptop's demo, tests, the bench) it is asked for.
    expect(loadConfig({}).embeddedFsync).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'test' }).embeddedFsync).toBe(true);
    expect(loadConfig({ EMBEDDED_DB_FSYNC: 'true' }).embeddedFsync).toBe(true);
    expect(() => loadConfig({ EMBEDDED_DB_FSYNC: 'sometimes' })).toThrow(/EMBEDDED_DB_FSYNC/);
    const db = await open(false);
    expect(await setting(db, 'fsync')).toBe('off');
    await db.execute('create table durable_probe (id int primary key)');
    await db.pool.query('insert into durable_probe values (1)');
    expect(await db.embedded?.syncCount()).toBe(0);
  });
});

afterAll(cleanUpProcesses);

describe.skipIf(inject('dbKind') !== 'pglite')('a production server with live Stripe keys on the embedded database', () => {
  const LIVE = { STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_PUBLISHABLE_KEY: 'pk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };

  it('refuses to start with EMBEDDED_DB_FSYNC=false, and starts with fsync on or on PostgreSQL', async () => {
    const server = spawnEntry('dist/server/server.js', [], {
      ...LIVE,
      PAYMENT_PROVIDER: '',
      DATABASE_URL: '',
      EMBEDDED_DB_FSYNC: 'false',
      DATA_DIR: tempDataDir(),
      PORT: '0',
    });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(
      'Invalid configuration: EMBEDDED_DB_FSYNC=false with live Stripe keys in production would let a power cut lose acknowledged payments; unset it (or use DATABASE_URL)',
    );
    const production = { ...LIVE, NODE_ENV: 'production' };
    expect(loadConfig(production).embeddedFsync).toBe(true);
    expect(loadConfig({ ...production, EMBEDDED_DB_FSYNC: 'false', DATABASE_URL: 'postgres://u:p@db/app' }).embeddedFsync).toBe(
      false,
    );
    expect(
      loadConfig({
        ...production,
        EMBEDDED_DB_FSYNC: 'false',
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      }).embeddedFsync,
    ).toBe(false);
  });
});
