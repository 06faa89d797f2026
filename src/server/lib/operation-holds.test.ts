import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '#db/client';
import { operationHolds, uploads } from '#db/schema/index';
import { createUpload, createUser } from '#tests/factories';
import { createTestDb } from '#tests/helpers/db';
import { loadConfig } from '../env';
import { createLocalDiskStore } from './object-store/local-disk-store';
import type { ObjectStore } from './object-store/object-store';
import { holdUploadPurge } from './operation-holds';
import { purgeExpired } from './purge';

/*
 * A backup's hold on the upload purge (ADR 0043), on either engine: a purge batch deletes nothing while
 * a backup holds it, a hold waits for a batch in flight, and a dead backup's hold lapses by time.
 */
let handle: DbHandle;
let storeDir: string;
let store: ObjectStore;
const retention = loadConfig({}).retention;
const DAY = 24 * 60 * 60 * 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  handle = await createTestDb();
  storeDir = mkdtempSync(path.join(os.tmpdir(), 'ga-holds-'));
  store = createLocalDiskStore({ root: storeDir });
});
afterEach(async () => {
  await handle.db.delete(operationHolds).where(like(operationHolds.name, 'backup:%'));
});
afterAll(async () => {
  await handle?.close();
  if (storeDir) rmSync(storeDir, { recursive: true, force: true });
});

/** A finished upload nobody uses, with its object: the purge's to delete a day later. */
async function orphanedUpload(): Promise<string> {
  const user = await createUser(handle.db);
  const key = (await createUpload(handle.db, user.id)).slice('/objects/'.length);
  // As the upload route records it: only a claimed address can have stored an object.
  await handle.db.update(uploads).set({ claimedAt: new Date() }).where(eq(uploads.objectKey, key));
  await store.put({ key, body: Readable.from([Buffer.from('png')]), contentType: 'image/png', maxBytes: 3 });
  return key;
}

async function isKept(key: string): Promise<boolean> {
  const rows = await handle.db.select({ id: uploads.id }).from(uploads).where(eq(uploads.objectKey, key));
  const object = await store.stat(key);
  expect(rows.length === 1).toBe(object !== null);
  return object !== null;
}

const purge = (on = store) => purgeExpired({ db: handle.db, now: Date.now() + 2 * DAY, store: on, retention });

async function withClient<T>(work: (client: import('pg').PoolClient) => Promise<T>): Promise<T> {
  const client = await handle.pool.connect();
  try {
    return await work(client);
  } finally {
    client.release();
  }
}

describe("a backup's hold on the upload purge", () => {
  it('keeps every upload while a backup holds it, and lets the purge go on once released', async () => {
    const key = await orphanedUpload();
    await withClient(async (client) => {
      const hold = await holdUploadPurge(client);
      const held = await purge();
      expect(held.uploadsHeldByBackup).toBe(true);
      expect(held.orphanedUploads).toBe(0);
      expect(await isKept(key)).toBe(true);
      await hold.release();
    });
    expect(await handle.db.select().from(operationHolds).where(like(operationHolds.name, 'backup:%'))).toEqual([]);
    const free = await purge();
    expect(free.uploadsHeldByBackup).toBe(false);
    expect(await isKept(key)).toBe(false);
  });

  it("frees the purge by time when a backup dies without releasing it, and one backup's end never frees another's", async () => {
    const key = await orphanedUpload();
    await withClient(async (client) => {
      const first = await holdUploadPurge(client, { seconds: 1 });
      const second = await holdUploadPurge(client);
      await first.release();
      expect((await purge()).uploadsHeldByBackup).toBe(true);
      expect(await isKept(key)).toBe(true);
      await second.release();
      // A backup that died: its hold is never renewed and never released.
      await holdUploadPurge(client, { seconds: 1, renewEveryMs: 3_600_000 });
    });
    expect((await purge()).uploadsHeldByBackup).toBe(true);
    await sleep(1_200);
    expect((await purge()).uploadsHeldByBackup).toBe(false);
    expect(await isKept(key)).toBe(false);
  });

  it('is renewed while the backup runs, beyond the time one hold lasts', async () => {
    const key = await orphanedUpload();
    await withClient(async (client) => {
      const hold = await holdUploadPurge(client, { seconds: 1, renewEveryMs: 200 });
      await sleep(1_500);
      expect((await purge()).uploadsHeldByBackup).toBe(true);
      expect(await isKept(key)).toBe(true);
      await hold.release();
    });
  });

  it('waits for a purge batch in flight, so the snapshot read after it sees that batch committed', async () => {
    const key = await orphanedUpload();
    let letDeletesFinish: () => void = () => {};
    const deletesMayFinish = new Promise<void>((resolve) => {
      letDeletesFinish = resolve;
    });
    let deleteStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      deleteStarted = resolve;
    });
    // The batch stops inside its transaction, where it removes the objects before it commits.
    const slowStore: ObjectStore = {
      ...store,
      delete: async (deleted) => {
        deleteStarted();
        await deletesMayFinish;
        await store.delete(deleted);
      },
    };
    const purging = purge(slowStore);
    await started;
    const client = await handle.pool.connect();
    try {
      let isHeld = false;
      const holding = holdUploadPurge(client).then((hold) => {
        isHeld = true;
        return hold;
      });
      await sleep(500);
      expect(isHeld).toBe(false);
      letDeletesFinish();
      expect((await purging).orphanedUploads).toBeGreaterThanOrEqual(1);
      const hold = await holding;
      // What a backup reads now has neither the row nor the object.
      expect(await isKept(key)).toBe(false);
      await hold.release();
    } finally {
      client.release();
    }
  });
});
