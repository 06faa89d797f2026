import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '#db/schema/index';
import { bearer, createCourse, createUser, enroll, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { generatedBody, mp4Bytes, PNG_BYTES, SVG_BYTES, WEBM_BYTES } from '#tests/helpers/media-bytes';
import { startS3Server } from '#tests/helpers/s3-server';
import type { ObjectStore } from '../../lib/object-store/object-store';
import { createS3Store } from '../../lib/object-store/s3-store';

/** Every store the app can run on; the routes must behave the same on each. */
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

describe.each(stores)('uploads on the %s', (_name, createStore) => {
  let t: TestApp;
  let now = Date.parse('2026-11-23T10:00:00Z');
  let creator: TestUser;
  let otherCreator: TestUser;
  let student: TestUser;
  let closeStore: () => Promise<void>;

  beforeAll(async () => {
    const store = await createStore();
    closeStore = store.close;
    t = await createTestApp({ clock: () => now, ...(store.objectStore ? { objectStore: store.objectStore } : {}) });
    creator = await createUser(t.db.db, { role: 'creator' });
    otherCreator = await createUser(t.db.db, { role: 'creator' });
    student = await createUser(t.db.db);
  });
  afterAll(async () => {
    await t?.close();
    await closeStore?.();
  });

  async function grant(user: TestUser = creator, kind?: 'image' | 'video') {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: bearer(user),
      payload: kind ? { kind } : {},
    });
    expect(response.statusCode, response.body).toBe(200);
    const { uploadURL } = response.json() as { uploadURL: string };
    expect(uploadURL).toMatch(/^\/api\/uploads\/[A-Za-z0-9_-]{43}$/);
    return uploadURL;
  }
  function put(
    uploadURL: string,
    body: Buffer | NodeJS.ReadableStream,
    contentType: string,
    headers: Record<string, string> = {},
  ) {
    return t.app.inject({
      method: 'PUT',
      url: uploadURL,
      headers: { 'content-type': contentType, ...headers },
      payload: body as Buffer,
    });
  }
  async function upload(user: TestUser, kind: 'image' | 'video', body: Buffer, contentType: string) {
    const uploadURL = await grant(user, kind);
    const response = await put(uploadURL, body, contentType);
    expect(response.statusCode, response.body).toBe(200);
    const thumb = await t.app.inject({
      method: 'PUT',
      url: '/api/course-thumbnails',
      headers: bearer(user),
      payload: { thumbnailURL: uploadURL },
    });
    expect(thumb.statusCode, thumb.body).toBe(200);
    return (thumb.json() as { objectPath: string }).objectPath;
  }

  describe('POST /api/objects/upload', () => {
    it('is for creators: 401 for guests, 403 for students', async () => {
      expect((await t.app.inject({ method: 'POST', url: '/api/objects/upload', payload: {} })).statusCode).toBe(401);
      const asStudent = await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: bearer(student), payload: {} });
      expect(asStudent.statusCode).toBe(403);
    });

    it('gives an address for a request with no body at all', async () => {
      const answer = await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: bearer(creator) });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().uploadURL).toMatch(/^\/api\/uploads\//);
    });

    it('refuses an unknown kind and stores only the grant hash', async () => {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/objects/upload',
        headers: bearer(creator),
        payload: { kind: 'pdf' },
      });
      expect(bad.statusCode).toBe(400);
      const uploadURL = await grant();
      const secret = uploadURL.split('/').at(-1) ?? '';
      const rows = await t.db.db.select().from(uploads).where(eq(uploads.userId, creator.id));
      expect(rows.some((row) => row.grantHash === secret)).toBe(false);
      expect(JSON.stringify(rows)).not.toContain(secret);
    });
  });

  describe('PUT to the upload address', () => {
    it('stores a PNG, serves it back, and hands its object path to its uploader only', async () => {
      const uploadURL = await grant();
      const stored = await put(uploadURL, PNG_BYTES, 'image/png');
      expect(stored.statusCode, stored.body).toBe(200);
      const { objectPath } = stored.json() as { objectPath: string };
      expect(objectPath).toMatch(/^\/objects\/images\/[0-9a-f-]{36}$/);

      const thumbnail = (user?: TestUser, thumbnailURL: string = uploadURL) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/course-thumbnails',
          headers: user ? bearer(user) : {},
          payload: { thumbnailURL },
        });
      expect((await thumbnail()).statusCode).toBe(401);
      expect((await thumbnail(student)).statusCode).toBe(403);
      expect((await thumbnail(otherCreator)).statusCode).toBe(403);
      expect((await thumbnail(creator, `${t.config.publicUrl}${uploadURL}`)).json()).toEqual({ objectPath });
      expect((await thumbnail(creator)).json()).toEqual({ objectPath });
      expect((await thumbnail(creator, '/objects/images/whatever')).statusCode).toBe(400);
      expect((await thumbnail(creator, 'javascript:alert(1)')).statusCode).toBe(400);

      const served = await t.app.inject({ method: 'GET', url: objectPath });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
      expect(served.headers['cache-control']).toContain('immutable');
    });

    it('refuses the address of an upload that has not finished', async () => {
      const uploadURL = await grant();
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/course-thumbnails',
        headers: bearer(creator),
        payload: { thumbnailURL: uploadURL },
      });
      expect(response.statusCode).toBe(409);
    });

    it('stores MP4, WebM and MOV videos on a video address', async () => {
      for (const [bytes, type] of [
        [mp4Bytes(100), 'video/mp4'],
        [WEBM_BYTES, 'video/webm'],
        [
          Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypqt  '), Buffer.from([0, 0, 2, 0]), Buffer.from('qt  ')]),
          'video/quicktime',
        ],
      ] as const) {
        const response = await put(await grant(creator, 'video'), bytes, type);
        expect(response.statusCode, `${type}: ${response.body}`).toBe(200);
      }
    });

    it('refuses a media type of the wrong family or not on the list with 415', async () => {
      const onImage = await put(await grant(), mp4Bytes(), 'video/mp4');
      expect(onImage.statusCode).toBe(415);
      expect(onImage.json().message).toMatch(/PNG, JPEG, GIF or WebP/);
      expect((await put(await grant(), SVG_BYTES, 'image/svg+xml')).statusCode).toBe(415);
      expect((await put(await grant(creator, 'video'), PNG_BYTES, 'image/png')).statusCode).toBe(415);
      expect((await put(await grant(creator, 'video'), Buffer.from('x'), 'video/x-msvideo')).statusCode).toBe(415);
    });

    it('refuses a JSON or unlabelled body before it has arrived, and reads the rest into nothing', async () => {
      for (const headers of [{ 'content-type': 'application/json' }, { 'content-type': 'text/plain' }, {}]) {
        let chunksRead = 0;
        // A body that stops arriving after its first chunks: the answer must not wait for it.
        const body = new Readable({
          read() {
            chunksRead++;
            if (chunksRead <= 10) this.push(Buffer.alloc(65_536, 0x20));
          },
        });
        const response = await t.app.inject({ method: 'PUT', url: await grant(), headers, payload: body as never });
        body.push(null);
        expect(chunksRead, JSON.stringify(headers)).toBeLessThanOrEqual(11);
        expect(response.statusCode).toBe(415);
        // Not closed with bytes unread, which resets the connection and can lose the answer (ADR 0043).
        expect(response.headers.connection).not.toBe('close');
        expect(response.json().message).toMatch(
          /^Send an image \(PNG, JPEG, GIF or WebP\), a video \(MP4, WebM or MOV\), a notebook \(application\/x-ipynb\+json\) or captions \(text\/vtt\)/,
        );
      }
    });

    it('refuses bytes that are not what their type says, and keeps nothing', async () => {
      const cases: [Buffer, string, 'image' | 'video'][] = [
        [Buffer.from('just some text pretending'), 'image/png', 'image'],
        [SVG_BYTES, 'image/png', 'image'],
        [Buffer.from('<!doctype html><script>alert(1)</script>'), 'video/mp4', 'video'],
        [PNG_BYTES, 'image/jpeg', 'image'],
        [Buffer.alloc(0), 'image/png', 'image'],
      ];
      for (const [bytes, type, kind] of cases) {
        const uploadURL = await grant(creator, kind);
        const response = await put(uploadURL, bytes, type);
        expect(response.statusCode, `${type}: ${response.body}`).toBe(415);
      }
      // Nothing was completed, so no object exists for any of them.
      const incomplete = await t.db.db.select().from(uploads).where(eq(uploads.userId, creator.id));
      for (const row of incomplete.filter((r) => r.completedAt === null && r.claimedAt !== null)) {
        expect(await t.app.objectStore.stat(row.objectKey)).toBeNull();
      }
    });

    it('refuses an image over 5 MB and a video over 100 MB with 413, keeping nothing', async () => {
      const big = await put(await grant(), generatedBody(PNG_BYTES, 5_242_881) as never, 'image/png');
      expect(big.statusCode).toBe(413);
      expect(big.json().message).toBe('The file is larger than 5 MB');
      const declared = await put(await grant(creator, 'video'), mp4Bytes(), 'video/mp4', { 'content-length': '104857601' });
      expect(declared.statusCode).toBe(413);
      const streamed = await put(await grant(creator, 'video'), generatedBody(mp4Bytes(), 104_857_601) as never, 'video/mp4');
      expect(streamed.statusCode).toBe(413);
      const claimed = await t.db.db.select().from(uploads).where(eq(uploads.userId, creator.id));
      for (const row of claimed.filter((r) => r.completedAt === null && r.claimedAt !== null)) {
        expect(await t.app.objectStore.stat(row.objectKey)).toBeNull();
      }
    });

    it('leaves an address refused on its headers alone unused, for the right file', async () => {
      const uploadURL = await grant();
      expect((await put(uploadURL, mp4Bytes(), 'video/mp4')).statusCode).toBe(415);
      expect((await put(uploadURL, PNG_BYTES, 'image/png', { 'content-length': '5242881' })).statusCode).toBe(413);
      const response = await put(uploadURL, PNG_BYTES, 'image/png');
      expect(response.statusCode, response.body).toBe(200);
    });

    it('takes an image of exactly 5 MB', async () => {
      const response = await put(await grant(), generatedBody(PNG_BYTES, 5_242_880) as never, 'image/png');
      expect(response.statusCode, response.body).toBe(200);
    });

    it('refuses a reused address with 409, and an unknown one with 404', async () => {
      const uploadURL = await grant();
      expect((await put(uploadURL, PNG_BYTES, 'image/png')).statusCode).toBe(200);
      const again = await put(uploadURL, PNG_BYTES, 'image/png');
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(/already been used/);
      const unknown = await put(`/api/uploads/${'A'.repeat(43)}`, PNG_BYTES, 'image/png');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Upload address not found');
      expect((await put('/api/uploads/..%2F..%2Fetc', PNG_BYTES, 'image/png')).statusCode).toBe(404);
    });

    it('refuses an address used after 15 minutes', async () => {
      const uploadURL = await grant();
      now += 15 * 60 * 1000 + 1;
      try {
        const response = await put(uploadURL, PNG_BYTES, 'image/png');
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toMatch(/expired/);
      } finally {
        now += 1;
      }
    });

    it('ignores an Authorization header: the address alone is the credential', async () => {
      const uploadURL = await grant();
      const asOther = await put(uploadURL, PNG_BYTES, 'image/png', bearer(otherCreator));
      expect(asOther.statusCode, asOther.body).toBe(200);
      const bogus = await put(await grant(), PNG_BYTES, 'image/png', { authorization: 'Bearer not-a-token' });
      expect(bogus.statusCode, bogus.body).toBe(200);
      const byOther = await t.app.inject({
        method: 'PUT',
        url: '/api/course-thumbnails',
        headers: bearer(otherCreator),
        payload: { thumbnailURL: uploadURL },
      });
      expect(byOther.statusCode).toBe(403);
    });

    it('lets exactly one of two simultaneous PUTs use an address', async () => {
      const uploadURL = await grant();
      const results = await Promise.all([put(uploadURL, PNG_BYTES, 'image/png'), put(uploadURL, PNG_BYTES, 'image/png')]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    });

    it('caps the open addresses a creator may hold', async () => {
      const user = await createUser(t.db.db, { role: 'creator' });
      for (let i = 0; i < 50; i++) await grant(user);
      const refused = await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: bearer(user), payload: {} });
      expect(refused.statusCode).toBe(429);
    });
  });

  describe('GET /objects/…', () => {
    let objectPath: string;
    const bytes = Buffer.concat([PNG_BYTES, Buffer.from('0123456789')]);
    beforeAll(async () => {
      objectPath = await upload(creator, 'image', bytes, 'image/png');
    });

    it('answers ranges with 206, an impossible one with 416, and HEAD without a body', async () => {
      const part = await t.app.inject({ method: 'GET', url: objectPath, headers: { range: 'bytes=0-7' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 0-7/${bytes.length}`);
      expect(part.rawPayload.equals(bytes.subarray(0, 8))).toBe(true);
      const suffix = await t.app.inject({ method: 'GET', url: objectPath, headers: { range: 'bytes=-10' } });
      expect(suffix.body).toBe('0123456789');
      const open = await t.app.inject({ method: 'GET', url: objectPath, headers: { range: `bytes=${bytes.length - 3}-` } });
      expect(open.body).toBe('789');
      const impossible = await t.app.inject({ method: 'GET', url: objectPath, headers: { range: `bytes=${bytes.length}-` } });
      expect(impossible.statusCode).toBe(416);
      expect(impossible.headers['content-range']).toBe(`bytes */${bytes.length}`);
      const nonsense = await t.app.inject({ method: 'GET', url: objectPath, headers: { range: 'bytes=abc' } });
      expect(nonsense.statusCode).toBe(200);
      const head = await t.app.inject({ method: 'HEAD', url: objectPath });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(bytes.length));
      expect(head.body).toBe('');
    });

    it('answers 304 to its ETag', async () => {
      const first = await t.app.inject({ method: 'GET', url: objectPath });
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);
      expect(first.headers['last-modified']).toBeTruthy();
      const again = await t.app.inject({ method: 'GET', url: objectPath, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });

    it('answers 404 to missing objects and to keys that try to leave the store', async () => {
      for (const url of [
        '/objects/images/00000000-0000-0000-0000-000000000000',
        '/objects/../package.json',
        '/objects/images/..%2F..%2Fpackage.json',
        '/objects/%2Fetc%2Fpasswd',
        '/objects/images%5C..%5C..%5Cpackage.json',
        '/objects/images/a%00b',
      ]) {
        const response = await t.app.inject({ method: 'GET', url });
        expect([400, 404], url).toContain(response.statusCode);
        expect(response.body).not.toContain('"name"');
      }
    });

    it('serves a stored SVG or HTML file only as an inert download', async () => {
      // Uploads refuse them; this guards against anything that reached the store another way.
      for (const [body, contentType] of [
        [SVG_BYTES, 'image/svg+xml'],
        [Buffer.from('<!doctype html><script>alert(1)</script>'), 'text/html'],
      ] as const) {
        const key = `images/${randomUUID()}`;
        await t.app.objectStore.put({ key, body: Readable.from([body]), contentType, maxBytes: 1_000 });
        const served = await t.app.inject({ method: 'GET', url: `/objects/${key}` });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-disposition']).toBe('attachment');
        expect(served.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
        expect(served.headers['x-content-type-options']).toBe('nosniff');
      }
      const png = await t.app.inject({ method: 'GET', url: objectPath });
      expect(png.headers['content-disposition']).toBe('inline');
    });

    /** A published course of `creator` with one slide showing `media` (object paths of creator's uploads). */
    async function courseWithSlide(priceCents: number, media: { videoUrl?: string; imageUrl?: string }, thumbnail?: string) {
      const course = await createCourse(t.db.db, creator.id, { priceCents, published: true, thumbnail: thumbnail ?? null });
      const moduleResponse = await t.app.inject({
        method: 'POST',
        url: `/api/courses/${course.id}/modules`,
        headers: bearer(creator),
        payload: { title: 'A module' },
      });
      expect(moduleResponse.statusCode, moduleResponse.body).toBe(201);
      const moduleId = moduleResponse.json().id as string;
      const slide = await t.app.inject({
        method: 'POST',
        url: `/api/modules/${moduleId}/lessons`,
        headers: bearer(creator),
        payload: { title: 'A slide', type: media.videoUrl ? 'video' : 'image', ...media },
      });
      expect(slide.statusCode, slide.body).toBe(201);
      now += 60_000; // past the short memory of which objects are public
      return { course, moduleId };
    }

    it('serves thumbnails and the media of free courses to anyone, without a signature', async () => {
      const freeVideo = await upload(creator, 'video', mp4Bytes(32), 'video/mp4');
      const thumbnail = await upload(creator, 'image', PNG_BYTES, 'image/png');
      await courseWithSlide(0, { videoUrl: freeVideo });
      const paidVideo = await upload(creator, 'video', mp4Bytes(48), 'video/mp4');
      await courseWithSlide(2900, { videoUrl: paidVideo }, thumbnail);
      for (const path of [freeVideo, thumbnail]) {
        const served = await t.app.inject({ method: 'GET', url: path });
        expect(served.statusCode, path).toBe(200);
        expect(served.headers['cache-control']).toMatch(/^public/);
      }
      expect((await t.app.inject({ method: 'GET', url: paidVideo })).statusCode).toBe(403);
    });

    it('gives signed addresses of paid media to the creator and enrolled students only', async () => {
      const image = await upload(creator, 'image', PNG_BYTES, 'image/png');
      const { course, moduleId } = await courseWithSlide(4900, { imageUrl: image });
      const enrolled = await createUser(t.db.db);
      await enroll(t.db.db, enrolled.id, course.id);
      const lessonsAs = (user?: TestUser, url = `/api/modules/${moduleId}/lessons`) =>
        t.app.inject({ method: 'GET', url, headers: user ? bearer(user) : {} });

      expect((await lessonsAs()).statusCode).toBe(401);
      expect((await lessonsAs(student)).statusCode).toBe(403);
      expect((await lessonsAs(otherCreator)).statusCode).toBe(403);
      expect((await lessonsAs(otherCreator, `/api/preview/modules/${moduleId}/lessons`)).statusCode).toBe(403);
      for (const [user, url] of [
        [creator, `/api/modules/${moduleId}/lessons`],
        [creator, `/api/preview/modules/${moduleId}/lessons`],
        [enrolled, `/api/modules/${moduleId}/lessons`],
      ] as const) {
        const lessons = await lessonsAs(user, url);
        expect(lessons.statusCode, lessons.body).toBe(200);
        const signed = lessons.json()[0].imageUrl as string;
        expect(signed.startsWith(`${image}?exp=`)).toBe(true);
        expect((await t.app.inject({ method: 'GET', url: signed })).statusCode).toBe(200);
      }
      for (const user of [undefined, student, otherCreator, creator, enrolled]) {
        const unsigned = await t.app.inject({ method: 'GET', url: image, headers: user ? bearer(user) : {} });
        expect(unsigned.statusCode).toBe(403);
        expect(unsigned.json().message).toMatch(/paid lesson/);
      }
      // A signature is bound to its path: it opens no other object.
      const other = await upload(creator, 'image', PNG_BYTES, 'image/png');
      await courseWithSlide(4900, { imageUrl: other });
      const query = ((await lessonsAs(enrolled)).json()[0].imageUrl as string).split('?')[1];
      expect((await t.app.inject({ method: 'GET', url: `${other}?${query}` })).statusCode).toBe(403);
    });

    it('serves the media of a paid course only through a signed, unexpired address', async () => {
      const videoPath = await upload(creator, 'video', mp4Bytes(64), 'video/mp4');
      const course = await createCourse(t.db.db, creator.id, { priceCents: 4900, published: true });
      const moduleResponse = await t.app.inject({
        method: 'POST',
        url: `/api/courses/${course.id}/modules`,
        headers: bearer(creator),
        payload: { title: 'Paid module' },
      });
      const moduleId = moduleResponse.json().id as string;
      const slide = await t.app.inject({
        method: 'POST',
        url: `/api/modules/${moduleId}/lessons`,
        headers: bearer(creator),
        payload: { title: 'Paid video', type: 'video', videoUrl: videoPath },
      });
      expect(slide.statusCode, slide.body).toBe(201);
      now += 60_000; // past the short memory of which objects are public

      expect((await t.app.inject({ method: 'GET', url: videoPath })).statusCode).toBe(403);
      const student2 = await createUser(t.db.db);
      await enroll(t.db.db, student2.id, course.id);
      const lessons = await t.app.inject({ method: 'GET', url: `/api/modules/${moduleId}/lessons`, headers: bearer(student2) });
      expect(lessons.statusCode, lessons.body).toBe(200);
      const signedUrl = lessons.json()[0].videoUrl as string;
      expect(signedUrl).toMatch(/^\/objects\/videos\/[0-9a-f-]{36}\?exp=\d+&sig=[A-Za-z0-9_-]+$/);
      const served = await t.app.inject({ method: 'GET', url: signedUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toContain('private');

      const tampered = signedUrl.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
      expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
      const laterExpiry = signedUrl.replace(/exp=(\d+)/, (_m, exp: string) => `exp=${Number(exp) + 3600}`);
      expect((await t.app.inject({ method: 'GET', url: laterExpiry })).statusCode).toBe(403);

      now += 5 * 60 * 60 * 1000;
      expect((await t.app.inject({ method: 'GET', url: signedUrl })).statusCode).toBe(403);
    });
  });
});
