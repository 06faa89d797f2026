import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '#db/schema/index';
import { formatBytes } from '#shared/schemas/storage';
import { bearer, createCourse, createUser, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { PNG_BYTES } from '#tests/helpers/media-bytes';
import { startS3Server } from '#tests/helpers/s3-server';
import type { ObjectStore } from '../../lib/object-store/object-store';
import { createS3Store } from '../../lib/object-store/s3-store';
import { purgeExpired } from '../../lib/purge';

/*
 * Issue 21 §9: a creator's storage quota (413 with the usage and the limit; concurrent uploads
 * cannot pass it together), the studio's figures, and the purge of uploads nothing uses.
 */

const HOUR = 60 * 60 * 1000;
const QUOTA = 10_000;

/** A PNG of exactly `size` bytes: its signature, then padding the type check never reads. */
function png(size: number): Buffer {
  return Buffer.concat([PNG_BYTES, Buffer.alloc(size - PNG_BYTES.length, 7)]);
}

/** `bytes` in small pieces with pauses, so several uploads are in flight at once. */
function slowly(bytes: Buffer, pieces = 4): Readable {
  const size = Math.ceil(bytes.length / pieces);
  return Readable.from(
    (async function* () {
      for (let offset = 0; offset < bytes.length; offset += size) {
        await sleep(20);
        yield bytes.subarray(offset, offset + size);
      }
    })(),
  );
}

const stores: [string, () => Promise<{ objectStore?: ObjectStore; close: () => Promise<void> }>][] = [
  ['local disk store', async () => ({ close: async () => {} })],
  [
    'S3 store',
    async () => {
      const s3 = await startS3Server();
      return { objectStore: createS3Store(s3.config), close: s3.close };
    },
  ],
];

describe.each(stores)('storage on the %s', (_name, createStore) => {
  let t: TestApp;
  let now = Date.parse('2026-11-23T10:00:00Z');
  let student: TestUser;
  let closeStore: () => Promise<void>;

  beforeAll(async () => {
    const store = await createStore();
    closeStore = store.close;
    t = await createTestApp({
      clock: () => now,
      env: { STORAGE_QUOTA_BYTES: String(QUOTA) },
      // The tests run the purge themselves, at the moments they choose.
      config: { purgeIntervalMs: Number.POSITIVE_INFINITY },
      ...(store.objectStore ? { objectStore: store.objectStore } : {}),
    });
    student = await createUser(t.db.db);
  });
  afterAll(async () => {
    await t?.close();
    await closeStore?.();
  });

  const creator = () => createUser(t.db.db, { role: 'creator' });

  async function grant(user: TestUser) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: bearer(user),
      payload: { kind: 'image' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { uploadURL: string }).uploadURL;
  }
  function put(uploadURL: string, body: Buffer | Readable, headers: Record<string, string> = {}) {
    return t.app.inject({
      method: 'PUT',
      url: uploadURL,
      headers: { 'content-type': 'image/png', ...headers },
      payload: body as Buffer,
    });
  }
  /** Uploads a PNG of `size` bytes and answers its object path. */
  async function upload(user: TestUser, size: number) {
    const response = await put(await grant(user), png(size));
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { objectPath: string }).objectPath;
  }
  async function usage(user?: TestUser) {
    return t.app.inject({ method: 'GET', url: '/api/creator/storage', headers: user ? bearer(user) : {} });
  }
  async function usedBytes(user: TestUser) {
    const response = await usage(user);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { usedBytes: number }).usedBytes;
  }

  describe('GET /api/creator/storage', () => {
    it('is for creators, each seeing their own figures: 401 for guests, 403 for students', async () => {
      const [owner, other] = [await creator(), await creator()];
      await upload(owner, 1_000);
      await upload(owner, 2_500);
      expect((await usage()).statusCode).toBe(401);
      expect((await usage(student)).statusCode).toBe(403);
      expect((await usage(owner)).json()).toEqual({ usedBytes: 3_500, quotaBytes: QUOTA });
      expect((await usage(other)).json()).toEqual({ usedBytes: 0, quotaBytes: QUOTA });
    });

    it('counts finished uploads only: not an address never used, nor a refused file', async () => {
      const owner = await creator();
      await grant(owner);
      const refused = await put(await grant(owner), Buffer.concat([Buffer.from('not a png at all'), Buffer.alloc(4_000)]));
      expect(refused.statusCode).toBe(415);
      expect(await usedBytes(owner)).toBe(0);
    });
  });

  describe('the quota', () => {
    it('refuses a file that would pass it with 413 naming the usage and the limit, keeps nothing, and leaves the address usable', async () => {
      const owner = await creator();
      await upload(owner, 6_000);
      const uploadURL = await grant(owner);
      const refused = await put(uploadURL, png(5_000));
      expect(refused.statusCode).toBe(413);
      expect(refused.json().message).toBe(
        `Not enough storage: ${formatBytes(6_000)} of ${formatBytes(QUOTA)} used, and this file needs ${formatBytes(5_000)}.`,
      );
      expect(await usedBytes(owner)).toBe(6_000);
      // Refused on its headers, before a byte was read: the address still takes a file that fits.
      const fits = await put(uploadURL, png(4_000));
      expect(fits.statusCode, fits.body).toBe(200);
      expect(await usedBytes(owner)).toBe(QUOTA);
    });

    it('refuses a new upload address once the quota is used up, with the usage and the limit', async () => {
      const owner = await creator();
      await upload(owner, QUOTA);
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/objects/upload',
        headers: bearer(owner),
        payload: { kind: 'image' },
      });
      expect(refused.statusCode).toBe(413);
      expect(refused.json().message).toBe(
        `Your storage is full: ${formatBytes(QUOTA)} of ${formatBytes(QUOTA)} used. Files that no course or slide uses are deleted 24 hours after upload.`,
      );
      // Another creator's quota is their own.
      await upload(await creator(), 1_000);
    });

    it('holds under concurrent uploads: together they never pass it', async () => {
      const owner = await creator();
      const addresses = await Promise.all(Array.from({ length: 6 }, () => grant(owner)));
      const file = png(3_000);
      // Each body takes a while, so every claim is made before any upload has finished.
      const results = await Promise.all(
        addresses.map((uploadURL) => put(uploadURL, slowly(file), { 'content-length': String(file.length) })),
      );
      const statuses = results.map((result) => result.statusCode).sort();
      expect(statuses).toEqual([200, 200, 200, 413, 413, 413]);
      expect(await usedBytes(owner)).toBe(9_000);
      for (const refused of results.filter((result) => result.statusCode === 413)) {
        expect(refused.json().message).toMatch(/^Not enough storage: /);
      }
    });

    it('reserves the largest file of its kind for a body sent without Content-Length', async () => {
      const owner = await creator();
      const chunked = await put(await grant(owner), Readable.from([png(1_000)]));
      expect(chunked.statusCode).toBe(413);
      expect(chunked.json().message).toBe(
        `Not enough storage: ${formatBytes(0)} of ${formatBytes(QUOTA)} used, and this file needs 5 MB.`,
      );
      expect((await put(await grant(owner), png(1_000))).statusCode).toBe(200);
    });

    it('gives back the bytes of an upload refused after its claim', async () => {
      const owner = await creator();
      // Its type is checked on its first bytes, after the address was claimed and the bytes reserved.
      const notPng = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(9_000)]);
      expect((await put(await grant(owner), notPng)).statusCode).toBe(415);
      expect(await usedBytes(owner)).toBe(0);
      expect((await put(await grant(owner), png(9_000))).statusCode).toBe(200);
    });
  });

  describe('uploads nothing uses', () => {
    /** A module of a fresh course of `owner`, ready for slides. */
    async function moduleOf(owner: TestUser) {
      const course = await createCourse(t.db.db, owner.id, { published: false });
      const created = await t.app.inject({
        method: 'POST',
        url: `/api/courses/${course.id}/modules`,
        headers: bearer(owner),
        payload: { title: 'Module' },
      });
      expect(created.statusCode, created.body).toBe(201);
      return { courseId: course.id, moduleId: created.json().id as string };
    }
    async function imageSlide(owner: TestUser, moduleId: string, imageUrl: string) {
      const created = await t.app.inject({
        method: 'POST',
        url: `/api/modules/${moduleId}/lessons`,
        headers: bearer(owner),
        payload: { title: 'Picture', type: 'image', imageUrl },
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().id as string;
    }
    async function setImage(owner: TestUser, lessonId: string, imageUrl: string) {
      const changed = await t.app.inject({
        method: 'PATCH',
        url: `/api/lessons/${lessonId}`,
        headers: bearer(owner),
        payload: { imageUrl },
      });
      expect(changed.statusCode, changed.body).toBe(200);
    }
    const purge = () => purgeExpired({ db: t.db.db, now, store: t.app.objectStore, retention: t.config.retention });
    const keyOf = (objectPath: string) => objectPath.slice('/objects/'.length);
    async function isKept(objectPath: string) {
      const rows = await t.db.db
        .select()
        .from(uploads)
        .where(eq(uploads.objectKey, keyOf(objectPath)));
      const object = await t.app.objectStore.stat(keyOf(objectPath));
      expect(rows.length === 1, `${objectPath}: its row and its object go together`).toBe(object !== null);
      return object !== null;
    }

    it('are deleted a day after upload, from the store and the database; what a slide or a course uses is kept', async () => {
      const owner = await creator();
      const { courseId, moduleId } = await moduleOf(owner);
      const onSlide = await upload(owner, 500);
      const thumbnail = await upload(owner, 600);
      const unused = await upload(owner, 700);
      const replaced = await upload(owner, 800);
      const reused = await upload(owner, 900);
      const slide = await imageSlide(owner, moduleId, onSlide);
      const other = await imageSlide(owner, moduleId, replaced);
      const third = await imageSlide(owner, moduleId, reused);
      const thumb = await t.app.inject({
        method: 'PATCH',
        url: `/api/courses/${courseId}`,
        headers: bearer(owner),
        payload: { thumbnail },
      });
      expect(thumb.statusCode, thumb.body).toBe(200);

      now += HOUR;
      const replacement = await upload(owner, 1_000);
      await setImage(owner, other, replacement);
      // Left unused for a while, then used again within the day.
      await setImage(owner, third, replacement);
      now += 9 * HOUR;
      await setImage(owner, third, reused);
      now += 13 * HOUR;
      const lateUpload = await upload(owner, 1_100);

      // 23 hours after the first uploads: nothing is old enough yet.
      await purge();
      for (const path of [onSlide, thumbnail, unused, replaced, reused, replacement, lateUpload]) {
        expect(await isKept(path), path).toBe(true);
      }

      now += 2 * HOUR;
      const before = await usedBytes(owner);
      const deleted = await purge();
      expect(deleted.orphanedUploads).toBeGreaterThanOrEqual(2);
      expect(await isKept(unused)).toBe(false);
      expect(await isKept(replaced)).toBe(false);
      for (const path of [onSlide, thumbnail, reused, replacement, lateUpload]) expect(await isKept(path), path).toBe(true);
      expect(await usedBytes(owner)).toBe(before - 700 - 800);
      expect((await t.app.inject({ method: 'GET', url: unused })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: onSlide })).statusCode).toBe(200);
      // A slide that is deleted lets its file go too, once it is a day old.
      const removed = await t.app.inject({ method: 'DELETE', url: `/api/lessons/${slide}`, headers: bearer(owner) });
      expect(removed.statusCode, removed.body).toBeLessThan(300);

      now += 24 * HOUR;
      await purge();
      expect(await isKept(lateUpload)).toBe(false);
      expect(await isKept(onSlide)).toBe(false);
      for (const path of [thumbnail, reused, replacement]) expect(await isKept(path), path).toBe(true);
      // A later purge finds nothing more to do.
      expect((await purge()).orphanedUploads).toBe(0);
    });

    it('keeps the row of an upload still arriving when its address expires, so it finishes and counts', async () => {
      const owner = await creator();
      const file = png(2_000);
      const body = new Readable({ read() {} });
      const uploadURL = await grant(owner);
      const pending = put(uploadURL, body, { 'content-length': String(file.length) });
      body.push(file.subarray(0, 100));
      const deadline = Date.now() + 10_000;
      const claimed = async () => {
        const rows = await t.db.db.select().from(uploads).where(eq(uploads.userId, owner.id));
        return rows.some((row) => row.claimedAt !== null);
      };
      while (!(await claimed()) && Date.now() < deadline) await sleep(10);
      // The address expires 15 minutes after it was given; the purge runs meanwhile.
      now += 20 * 60 * 1000;
      await purge();
      body.push(file.subarray(100));
      body.push(null);
      const finished = await pending;
      expect(finished.statusCode, finished.body).toBe(200);
      expect(await usedBytes(owner)).toBe(2_000);
      expect(await isKept(finished.json().objectPath)).toBe(true);
    });

    it('removes what a crashed upload left once it can no longer be under way, and frees its reservation', async () => {
      const owner = await creator();
      await grant(owner);
      // As a process killed between storing the bytes and recording them would leave it.
      const [row] = await t.db.db
        .update(uploads)
        .set({ claimedAt: new Date(now), sizeBytes: QUOTA })
        .where(eq(uploads.userId, owner.id))
        .returning();
      const key = row?.objectKey as string;
      await t.app.objectStore.put({ key, body: Readable.from([png(300)]), contentType: 'image/png', maxBytes: 300 });
      const askAddress = () =>
        t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: bearer(owner), payload: { kind: 'image' } });
      expect((await askAddress()).statusCode).toBe(413);

      now += 5 * HOUR;
      await purge();
      expect(await t.app.objectStore.stat(key)).not.toBeNull();
      now += 2 * HOUR;
      await purge();
      expect(await t.app.objectStore.stat(key)).toBeNull();
      expect(await t.db.db.select().from(uploads).where(eq(uploads.objectKey, key))).toHaveLength(0);
      expect((await askAddress()).statusCode).toBe(200);
    });
  });
});
