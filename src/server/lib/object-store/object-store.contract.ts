import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  InvalidContentTypeError,
  InvalidObjectKeyError,
  type ObjectStore,
  ObjectTooLargeError,
  RangeNotSatisfiableError,
} from './object-store';

/*
 * What every ObjectStore promises. The local disk store runs it now; an S3-protocol store runs the
 * same suite against a local S3 server, so the two cannot drift apart.
 */

export type StoreFixture = { store: ObjectStore; cleanup: () => Promise<void> };

export const BAD_KEYS: [string, string][] = [
  ['empty', ''],
  ['parent segment', '../escape'],
  ['parent segment inside', 'uploads/../../etc/passwd'],
  ['current segment', './uploads/a'],
  ['absolute path', '/etc/passwd'],
  ['empty segment', 'uploads//a'],
  ['trailing slash', 'uploads/'],
  ['NUL', 'uploads/a\u0000.png'],
  ['line feed', 'uploads/a\nb'],
  ['DEL', 'uploads/a\u007f'],
  ['C1 control', 'uploads/a\u0085'],
  ['backslash', 'uploads\\..\\a'],
  ['drive letter', 'C:/Windows/win.ini'],
  ['space', 'uploads/my file.png'],
  ['non-ASCII', 'uploads/ünïcode.png'],
  ['too long', 'k'.repeat(1025)],
];

export function bodyOf(...chunks: (string | Buffer)[]): Readable {
  return Readable.from(chunks.map((chunk) => Buffer.from(chunk)));
}

/** Yields the bytes in small pieces with pauses, so concurrent writers interleave. */
export function slowBody(bytes: Buffer, pieceSize = 16 * 1024): Readable {
  return Readable.from(
    (async function* () {
      for (let offset = 0; offset < bytes.length; offset += pieceSize) {
        await sleep(Math.floor(Math.random() * 3));
        yield bytes.subarray(offset, offset + pieceSize);
      }
    })(),
  );
}

export async function readAll(body: Readable): Promise<Buffer> {
  return Buffer.concat(await body.toArray());
}

export function describeObjectStoreContract(name: string, createFixture: () => Promise<StoreFixture>) {
  describe(`${name}: the ObjectStore contract`, () => {
    let fixture: StoreFixture;
    let store: ObjectStore;

    beforeEach(async () => {
      fixture = await createFixture();
      store = fixture.store;
    });
    afterEach(async () => {
      await fixture.cleanup();
    });

    it('round-trips content, content type, size and etag', async () => {
      const put = await store.put({
        key: 'uploads/a.txt',
        body: bodyOf('hello ', 'world'),
        contentType: 'text/plain',
        maxBytes: 100,
      });
      expect(put).toMatchObject({ key: 'uploads/a.txt', size: 11 });
      expect(put.etag).toEqual(expect.any(String));

      const got = await store.get({ key: 'uploads/a.txt' });
      expect(got).toMatchObject({ key: 'uploads/a.txt', size: 11, contentType: 'text/plain', etag: put.etag });
      expect(got?.range).toBeUndefined();
      expect(got?.lastModified).toBeInstanceOf(Date);
      expect((await readAll(got?.body as Readable)).toString()).toBe('hello world');
    });

    it('stores binary content byte for byte, across many chunks', async () => {
      const bytes = randomBytes(300_000);
      await store.put({ key: 'videos/clip.mp4', body: slowBody(bytes, 7_001), contentType: 'video/mp4', maxBytes: bytes.length });
      const got = await store.get({ key: 'videos/clip.mp4' });
      expect((await readAll(got?.body as Readable)).equals(bytes)).toBe(true);
    });

    it('keeps parameters of the content type', async () => {
      await store.put({ key: 'a', body: bodyOf('x'), contentType: 'text/plain; charset=utf-8', maxBytes: 1 });
      expect((await store.stat('a'))?.contentType).toBe('text/plain; charset=utf-8');
    });

    it('stores an empty object', async () => {
      const put = await store.put({ key: 'empty', body: bodyOf(), contentType: 'application/octet-stream', maxBytes: 0 });
      expect(put.size).toBe(0);
      const got = await store.get({ key: 'empty' });
      expect(got?.size).toBe(0);
      expect((await readAll(got?.body as Readable)).length).toBe(0);
    });

    it('keeps keys that would be a file and a folder on a disk apart', async () => {
      await store.put({ key: 'courses/1', body: bodyOf('one'), contentType: 'text/plain', maxBytes: 10 });
      await store.put({ key: 'courses/1/thumb', body: bodyOf('thumb'), contentType: 'text/plain', maxBytes: 10 });
      expect((await readAll((await store.get({ key: 'courses/1' }))?.body as Readable)).toString()).toBe('one');
      expect((await readAll((await store.get({ key: 'courses/1/thumb' }))?.body as Readable)).toString()).toBe('thumb');
    });

    it('answers null for a key that holds nothing', async () => {
      expect(await store.get({ key: 'missing' })).toBeNull();
      expect(await store.get({ key: 'missing', range: { start: 0 } })).toBeNull();
      expect(await store.stat('missing')).toBeNull();
    });

    it('states an object without reading it', async () => {
      const put = await store.put({ key: 'docs/s.json', body: bodyOf('{}'), contentType: 'application/json', maxBytes: 2 });
      expect(await store.stat('docs/s.json')).toEqual({
        key: 'docs/s.json',
        size: 2,
        contentType: 'application/json',
        etag: put.etag,
        lastModified: expect.any(Date),
      });
    });

    it('replaces an object, with a new etag', async () => {
      const first = await store.put({ key: 'a', body: bodyOf('first'), contentType: 'text/plain', maxBytes: 10 });
      const second = await store.put({ key: 'a', body: bodyOf('second'), contentType: 'text/html', maxBytes: 10 });
      expect(second.etag).not.toBe(first.etag);
      const got = await store.get({ key: 'a' });
      expect(got).toMatchObject({ size: 6, contentType: 'text/html', etag: second.etag });
      expect((await readAll(got?.body as Readable)).toString()).toBe('second');
    });

    it('gives the same content the same etag', async () => {
      const a = await store.put({ key: 'a', body: bodyOf('same'), contentType: 'text/plain', maxBytes: 10 });
      const b = await store.put({ key: 'b', body: bodyOf('sa', 'me'), contentType: 'text/plain', maxBytes: 10 });
      expect(a.etag).toBe(b.etag);
    });

    describe('range reads', () => {
      const content = '0123456789';
      beforeEach(async () => {
        await store.put({ key: 'r', body: bodyOf(content), contentType: 'text/plain', maxBytes: 10 });
      });

      async function readRange(range: Parameters<ObjectStore['get']>[0]['range']) {
        const got = await store.get({ key: 'r', range });
        return { size: got?.size, range: got?.range, text: (await readAll(got?.body as Readable)).toString() };
      }

      it('reads start to end, both inclusive', async () => {
        expect(await readRange({ start: 2, end: 5 })).toEqual({ size: 10, range: { start: 2, end: 5 }, text: '2345' });
      });

      it('reads one byte', async () => {
        expect(await readRange({ start: 0, end: 0 })).toEqual({ size: 10, range: { start: 0, end: 0 }, text: '0' });
      });

      it('reads from a start to the end', async () => {
        expect(await readRange({ start: 7 })).toEqual({ size: 10, range: { start: 7, end: 9 }, text: '789' });
      });

      it('clamps an end past the object', async () => {
        expect(await readRange({ start: 8, end: 1_000 })).toEqual({ size: 10, range: { start: 8, end: 9 }, text: '89' });
      });

      it('reads the last bytes by suffix length', async () => {
        expect(await readRange({ suffixLength: 3 })).toEqual({ size: 10, range: { start: 7, end: 9 }, text: '789' });
        expect(await readRange({ suffixLength: 50 })).toEqual({ size: 10, range: { start: 0, end: 9 }, text: content });
      });

      it.each([
        ['a start at the size', { start: 10 }],
        ['a start past the size', { start: 11, end: 20 }],
        ['an end before the start', { start: 5, end: 4 }],
        ['a negative start', { start: -1 }],
        ['a fractional start', { start: 1.5 }],
        ['an empty suffix', { suffixLength: 0 }],
      ])('refuses %s with the size', async (_, range) => {
        const error = await store.get({ key: 'r', range }).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(RangeNotSatisfiableError);
        expect(error).toMatchObject({ code: 'RANGE_NOT_SATISFIABLE', size: 10 });
      });

      it('refuses any range of an empty object', async () => {
        await store.put({ key: 'e', body: bodyOf(), contentType: 'text/plain', maxBytes: 0 });
        await expect(store.get({ key: 'e', range: { start: 0 } })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
      });
    });

    describe('size limit', () => {
      it('accepts exactly maxBytes', async () => {
        await expect(
          store.put({ key: 'a', body: bodyOf('12345'), contentType: 'text/plain', maxBytes: 5 }),
        ).resolves.toMatchObject({
          size: 5,
        });
      });

      it('refuses a body over maxBytes and keeps nothing', async () => {
        const body = slowBody(randomBytes(200_000), 10_000);
        const error = await store
          .put({ key: 'big', body, contentType: 'video/mp4', maxBytes: 50_000 })
          .catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(ObjectTooLargeError);
        expect(error).toMatchObject({ code: 'TOO_LARGE', maxBytes: 50_000 });
        expect(await store.stat('big')).toBeNull();
        // Left to the caller, so an HTTP route can still answer 413.
        expect(body.destroyed).toBe(false);
        body.destroy();
      });

      it('keeps the previous object when a replacement is too large', async () => {
        const first = await store.put({ key: 'a', body: bodyOf('small'), contentType: 'text/plain', maxBytes: 10 });
        await expect(
          store.put({ key: 'a', body: bodyOf('far too large'), contentType: 'text/plain', maxBytes: 10 }),
        ).rejects.toBeInstanceOf(ObjectTooLargeError);
        const got = await store.get({ key: 'a' });
        expect(got?.etag).toBe(first.etag);
        expect((await readAll(got?.body as Readable)).toString()).toBe('small');
      });
    });

    it('keeps nothing when the body fails midway', async () => {
      const body = Readable.from(
        (async function* () {
          yield Buffer.from('partial');
          throw new Error('client went away');
        })(),
      );
      await expect(store.put({ key: 'a', body, contentType: 'text/plain', maxBytes: 100 })).rejects.toThrow('client went away');
      expect(await store.stat('a')).toBeNull();
    });

    it('keeps nothing when the body closes before its end', async () => {
      const body = new Readable({ read() {} });
      body.push('partial');
      const put = store.put({ key: 'a', body, contentType: 'text/plain', maxBytes: 100 });
      setImmediate(() => body.destroy());
      await expect(put).rejects.toThrow();
      expect(await store.stat('a')).toBeNull();
    });

    describe('keys', () => {
      it.each(BAD_KEYS)('refuses a key with %s on every operation', async (_, key) => {
        await expect(store.put({ key, body: bodyOf('x'), contentType: 'text/plain', maxBytes: 1 })).rejects.toBeInstanceOf(
          InvalidObjectKeyError,
        );
        await expect(store.get({ key })).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(store.stat(key)).rejects.toBeInstanceOf(InvalidObjectKeyError);
        await expect(store.delete(key)).rejects.toMatchObject({ code: 'INVALID_KEY' });
      });

      it.each(['uploads/0b9e-4c1f.mp4', 'a', "x!-_.*'()y", 'a/b/c/d/e', '.hidden', 'k'.repeat(1024)])(
        'accepts %s',
        async (key) => {
          await store.put({ key, body: bodyOf('ok'), contentType: 'text/plain', maxBytes: 2 });
          expect((await store.stat(key))?.key).toBe(key);
        },
      );
    });

    it.each(['', 'text', 'text/', 'text/plain\r\nX-Evil: 1', 'text/plain; charset', `text/${'x'.repeat(300)}`])(
      'refuses the content type %j',
      async (contentType) => {
        await expect(store.put({ key: 'a', body: bodyOf('x'), contentType, maxBytes: 1 })).rejects.toBeInstanceOf(
          InvalidContentTypeError,
        );
      },
    );

    it('deletes, and deleting again succeeds', async () => {
      await store.put({ key: 'a', body: bodyOf('x'), contentType: 'text/plain', maxBytes: 1 });
      await store.put({ key: 'b', body: bodyOf('y'), contentType: 'text/plain', maxBytes: 1 });
      await store.delete('a');
      expect(await store.get({ key: 'a' })).toBeNull();
      expect(await store.stat('a')).toBeNull();
      await expect(store.delete('a')).resolves.toBeUndefined();
      await expect(store.delete('never-existed')).resolves.toBeUndefined();
      expect(await store.stat('b')).not.toBeNull();
    });

    it('ends concurrent puts of one key with one complete object', async () => {
      const bodies = Array.from({ length: 8 }, () => randomBytes(256 * 1024));
      const results = await Promise.all(
        bodies.map((bytes, index) =>
          store.put({ key: 'race', body: slowBody(bytes), contentType: `application/x-${index}`, maxBytes: bytes.length }),
        ),
      );
      const got = await store.get({ key: 'race' });
      const content = await readAll(got?.body as Readable);
      const winner = bodies.findIndex((bytes) => bytes.equals(content));
      expect(winner).toBeGreaterThanOrEqual(0);
      // Content, type and etag all come from the same put.
      expect(got).toMatchObject({ size: content.length, contentType: `application/x-${winner}`, etag: results[winner]?.etag });
    });
  });
}
