import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalDiskStore } from './local-disk-store';
import { InvalidObjectKeyError, ObjectTooLargeError } from './object-store';
import { BAD_KEYS, bodyOf, describeObjectStoreContract, readAll, slowBody } from './object-store.contract';

function tempDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'ga-objects-'));
}

/** Every file below `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

describeObjectStoreContract('local disk store', async () => {
  const dir = tempDir();
  return {
    store: createLocalDiskStore({ root: path.join(dir, 'objects') }),
    cleanup: async () => rmSync(dir, { recursive: true }),
  };
});

describe('local disk store on disk', () => {
  let dir: string;
  let root: string;

  beforeEach(() => {
    dir = tempDir();
    root = path.join(dir, 'objects');
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('uses the SHA-256 of the content as etag', async () => {
    const store = createLocalDiskStore({ root });
    const bytes = randomBytes(10_000);
    const put = await store.put({
      key: 'a',
      body: slowBody(bytes, 999),
      contentType: 'application/octet-stream',
      maxBytes: 10_000,
    });
    expect(put.etag).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('takes lastModified from its clock', async () => {
    const store = createLocalDiskStore({ root, now: () => Date.UTC(2030, 0, 2, 3, 4, 5) });
    await store.put({ key: 'a', body: bodyOf('x'), contentType: 'text/plain', maxBytes: 1 });
    expect((await store.stat('a'))?.lastModified.toISOString()).toBe('2030-01-02T03:04:05.000Z');
  });

  it('keeps one file an object, under the root, and no temporary files', async () => {
    const store = createLocalDiskStore({ root });
    await store.put({ key: 'uploads/a.png', body: bodyOf('a'), contentType: 'image/png', maxBytes: 1 });
    await store.put({ key: 'uploads/a.png', body: bodyOf('b'), contentType: 'image/png', maxBytes: 1 });
    await store.put({ key: 'uploads/b.png', body: bodyOf('b'), contentType: 'image/png', maxBytes: 1 });
    await expect(
      store.put({ key: 'uploads/c.png', body: bodyOf('too large'), contentType: 'image/png', maxBytes: 1 }),
    ).rejects.toThrow(ObjectTooLargeError);
    const files = filesUnder(root);
    expect(files).toHaveLength(2);
    expect(files.every((file) => /^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}$/.test(file.split(path.sep).join('/')))).toBe(true);
    expect(readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });

  it('names the key inside the object file, so a file can be identified', async () => {
    const store = createLocalDiskStore({ root });
    await store.put({ key: 'uploads/a.png', body: bodyOf('a'), contentType: 'image/png', maxBytes: 1 });
    const [file] = filesUnder(root);
    expect(readFileSync(path.join(root, file as string), 'utf8')).toContain('"key":"uploads/a.png"');
  });

  it.each(BAD_KEYS)('creates nothing anywhere for a key with %s', async (_, key) => {
    const outside = path.join(dir, 'outside');
    mkdirSync(outside);
    const store = createLocalDiskStore({ root });
    await expect(store.put({ key, body: bodyOf('x'), contentType: 'text/plain', maxBytes: 1 })).rejects.toBeInstanceOf(
      InvalidObjectKeyError,
    );
    expect(readdirSync(dir).sort()).toEqual(['outside']);
    expect(readdirSync(outside)).toEqual([]);
  });

  it('never reads a file outside the root, even one a traversal key would name', async () => {
    writeFileSync(path.join(dir, 'secret'), 'secret');
    const store = createLocalDiskStore({ root });
    await expect(store.get({ key: '../secret' })).rejects.toBeInstanceOf(InvalidObjectKeyError);
    expect(await store.get({ key: 'secret' })).toBeNull();
  });

  it('finds objects written by an earlier instance', async () => {
    await createLocalDiskStore({ root }).put({ key: 'a', body: bodyOf('kept'), contentType: 'text/plain', maxBytes: 10 });
    const got = await createLocalDiskStore({ root }).get({ key: 'a' });
    expect((await readAll(got?.body as Readable)).toString()).toBe('kept');
  });

  it('serves a download begun before a replacement from the old version, whole', async () => {
    const store = createLocalDiskStore({ root });
    const before = randomBytes(500_000);
    await store.put({ key: 'v', body: bodyOf(before), contentType: 'video/mp4', maxBytes: before.length });
    const download = await store.get({ key: 'v' });
    await store.put({ key: 'v', body: bodyOf(randomBytes(1_000)), contentType: 'video/mp4', maxBytes: 1_000 });
    await store.delete('v');
    expect((await readAll(download?.body as Readable)).equals(before)).toBe(true);
  });

  it('refuses a damaged object file instead of serving it', async () => {
    const store = createLocalDiskStore({ root });
    await store.put({ key: 'a', body: bodyOf('complete'), contentType: 'text/plain', maxBytes: 10 });
    const file = path.join(root, filesUnder(root)[0] as string);
    writeFileSync(file, readFileSync(file).subarray(0, -3));
    await expect(store.get({ key: 'a' })).rejects.toThrow(/corrupt object file/);
  });

  it('removes temporary files of crashed writes once they are a day old', async () => {
    const temp = path.join(root, '.tmp');
    mkdirSync(temp, { recursive: true });
    const stale = path.join(temp, 'stale.part');
    const fresh = path.join(temp, 'fresh.part');
    writeFileSync(stale, 'x');
    writeFileSync(fresh, 'x');
    const dayAndMinuteAgo = (Date.now() - 24 * 60 * 60 * 1000 - 60_000) / 1000;
    utimesSync(stale, dayAndMinuteAgo, dayAndMinuteAgo);
    await createLocalDiskStore({ root }).put({ key: 'a', body: bodyOf('x'), contentType: 'text/plain', maxBytes: 1 });
    expect(readdirSync(temp)).toEqual(['fresh.part']);
  });

  it('refuses a maxBytes that is not a byte count', async () => {
    const store = createLocalDiskStore({ root });
    await expect(store.put({ key: 'a', body: bodyOf('x'), contentType: 'text/plain', maxBytes: Number.NaN })).rejects.toThrow(
      RangeError,
    );
    await expect(store.put({ key: 'a', body: bodyOf('x'), contentType: 'text/plain', maxBytes: -1 })).rejects.toThrow(RangeError);
  });
});
