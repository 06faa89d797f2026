import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses } from '#db/schema/index';
import { CATALOG_PAGE_MAX, CourseListSchema, CourseSchema } from '#shared/schemas/catalog';
import { bearer, createCourse, createUser, enroll, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { overlaid } from '../../lib/learner-overlay';
import { firstCatalogPage } from './catalog-pages';

let t: TestApp;
let owner: TestUser;
let otherCreator: TestUser;
let student: TestUser;
let enrolledStudent: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.db.db, { role: 'creator' });
  otherCreator = await createUser(t.db.db, { role: 'creator' });
  student = await createUser(t.db.db);
  enrolledStudent = await createUser(t.db.db);
});
afterAll(() => t.close());

// No test drops a cache itself: every write below reaches the cache the way production writes do.
function list(headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: '/api/courses', headers });
}

describe('GET /api/courses', () => {
  it('lists published, not archived courses with prices as two-decimal strings', async () => {
    const published = await createCourse(t.db.db, owner.id, { title: 'Published one', priceCents: 1999, difficulty: 'Advanced' });
    const draft = await createCourse(t.db.db, owner.id, { title: 'Draft one', published: false });
    const archived = await createCourse(t.db.db, owner.id, { title: 'Archived one', archived: true });

    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = CourseListSchema.parse(response.json());
    const ids = body.map((course) => course.id);
    expect(ids).toContain(published.id);
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(archived.id);
    const course = body.find((c) => c.id === published.id);
    expect(course).toMatchObject({
      price: '19.99',
      difficulty: 'Advanced',
      published: true,
      archived: false,
      rating: null,
      studentCount: 0,
    });
    expect(Object.keys(course ?? {})).not.toContain('priceCents');
  });

  it('shows the stored student count, and a changed count at once', async () => {
    const course = await createCourse(t.db.db, owner.id);
    const before = CourseListSchema.parse((await list()).json());
    expect(before.find((c) => c.id === course.id)?.studentCount).toBe(0);

    await t.db.db.update(courses).set({ studentCount: 3 }).where(eq(courses.id, course.id));
    const after = CourseListSchema.parse((await list()).json());
    expect(after.find((c) => c.id === course.id)?.studentCount).toBe(3);
  });

  it('lists the most followed courses first ("Popular"), then the newest, and re-sorts when a count changes', async () => {
    const older = await createCourse(t.db.db, owner.id, { createdAt: new Date('2020-01-01T00:00:00Z') });
    const newer = await createCourse(t.db.db, owner.id, { createdAt: new Date('2020-01-02T00:00:00Z') });
    const followed = await createCourse(t.db.db, owner.id, { createdAt: new Date('2019-06-01T00:00:00Z'), studentCount: 2 });
    const order = async () =>
      CourseListSchema.parse((await list()).json())
        .map((c) => c.id)
        .filter((id) => [older.id, newer.id, followed.id].includes(id));

    expect(await order()).toEqual([followed.id, newer.id, older.id]);
    // Students join the oldest course (the database counts them): with 1 it passes the newer empty one,
    // with 3 the one with 2.
    await enroll(t.db.db, (await createUser(t.db.db)).id, older.id);
    expect(await order()).toEqual([followed.id, older.id, newer.id]);
    for (let i = 0; i < 2; i++) await enroll(t.db.db, (await createUser(t.db.db)).id, older.id);
    expect(await order()).toEqual([older.id, followed.id, newer.id]);
  });

  it('drops a course from the list at once when it is archived, and from its own page for strangers', async () => {
    const course = await createCourse(t.db.db, owner.id);
    expect(CourseListSchema.parse((await list()).json()).map((c) => c.id)).toContain(course.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/courses/${course.id}` })).statusCode).toBe(200);

    await t.db.db.update(courses).set({ archived: true }).where(eq(courses.id, course.id));
    expect(CourseListSchema.parse((await list()).json()).map((c) => c.id)).not.toContain(course.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/courses/${course.id}` })).statusCode).toBe(404);
  });

  it('answers 304 to a matching If-None-Match and a new ETag after a change', async () => {
    const first = await list();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ method: 'GET', url: '/api/courses', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await createCourse(t.db.db, owner.id, { title: 'Brand new' });
    const changed = await list({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('sends the list brotli- or gzip-compressed to clients that accept it, with the same content', async () => {
    const plain = await list();
    // Compression runs in the background, off the request path.
    await firstCatalogPage(await t.app.reads.catalog(), CATALOG_PAGE_MAX).compressed;
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/courses',
        headers: { 'accept-encoding': `${encoding}, deflate` },
      });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toContain('accept-encoding');
      expect(decode(response.rawPayload).toString()).toBe(plain.body);
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
    // q=0 refuses an encoding: such a client gets the other one, or none.
    for (const [accept, expected] of [
      ['gzip, br;q=0', 'gzip'],
      ['br;q=0, gzip;q=0.0', undefined],
      ['BR;Q=0.5', 'br'],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url: '/api/courses', headers: { 'accept-encoding': accept } });
      expect(response.headers['content-encoding'], accept).toBe(expected);
    }
  });

  it('serves a course page precompressed to clients that accept it, with the same content', async () => {
    const course = await createCourse(t.db.db, owner.id, { description: `<p>${'Neural networks, explained. '.repeat(60)}</p>` });
    const url = `/api/courses/${course.id}`;
    const plain = await t.app.inject({ method: 'GET', url, headers: bearer(student) });
    const doc = await t.app.reads.course(course.id);
    // The student's form (the shared course with their isEnrolled), compressed once it is asked for.
    if (doc) await overlaid(doc.json, { isEnrolled: false }).compressed;
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url, headers: { ...bearer(student), 'accept-encoding': encoding } });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(JSON.parse(decode(response.rawPayload).toString())).toEqual(plain.json());
    }
    expect(plain.json()).toMatchObject({ id: course.id, isEnrolled: false });
  });

  it('is the same for guests and signed-in users', async () => {
    const guest = await list();
    const signedIn = await list(bearer(student));
    expect(signedIn.body).toBe(guest.body);
  });
});

describe('GET /api/courses/:id access', () => {
  it('shows a published course to everyone', async () => {
    const course = await createCourse(t.db.db, owner.id);
    for (const headers of [{}, bearer(student), bearer(otherCreator), bearer(owner)]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/courses/${course.id}`, headers });
      expect(response.statusCode).toBe(200);
      expect(CourseSchema.parse(response.json()).id).toBe(course.id);
    }
  });

  // A draft with students is a course its creator unpublished (issue 22): those who enrolled keep it.
  it('shows a draft only to its creator and the students who enrolled before it was unpublished', async () => {
    const draft = await createCourse(t.db.db, owner.id, { published: false });
    await enroll(t.db.db, enrolledStudent.id, draft.id);
    const expected: Array<[Record<string, string>, number]> = [
      [{}, 404],
      [bearer(student), 404],
      [bearer(enrolledStudent), 200],
      [bearer(otherCreator), 404],
      [bearer(owner), 200],
    ];
    for (const [headers, status] of expected) {
      const response = await t.app.inject({ method: 'GET', url: `/api/courses/${draft.id}`, headers });
      expect(response.statusCode).toBe(status);
    }
  });

  it('shows an archived course only to enrolled students and its creator', async () => {
    const course = await createCourse(t.db.db, owner.id);
    await enroll(t.db.db, enrolledStudent.id, course.id);
    await t.db.db.update(courses).set({ archived: true }).where(eq(courses.id, course.id));
    const expected: Array<[Record<string, string>, number]> = [
      [{}, 404],
      [bearer(student), 404],
      [bearer(otherCreator), 404],
      [bearer(enrolledStudent), 200],
      [bearer(owner), 200],
    ];
    for (const [headers, status] of expected) {
      const response = await t.app.inject({ method: 'GET', url: `/api/courses/${course.id}`, headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(status);
    }
    const enrolledView = await t.app.inject({
      method: 'GET',
      url: `/api/courses/${course.id}`,
      headers: bearer(enrolledStudent),
    });
    expect(enrolledView.json()).toMatchObject({ archived: true, isEnrolled: true });
  });

  it('answers 404 JSON for unknown and malformed ids, never 500', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1'; drop table courses;--", 'x'.repeat(90)]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/courses/${encodeURIComponent(id)}` });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toHaveProperty('message');
    }
    const oversized = await t.app.inject({ method: 'GET', url: `/api/courses/${'x'.repeat(150)}` });
    expect(oversized.statusCode).toBe(400);
    expect(oversized.json()).toHaveProperty('message');
  });

  it('treats a garbage bearer token as a guest', async () => {
    const course = await createCourse(t.db.db, owner.id);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/courses/${course.id}`,
      headers: { authorization: 'Bearer nope' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('isEnrolled');
  });
});

describe('the instructor of a course', () => {
  it('is named in every course JSON, and by the new name at once after the creator renames themself', async () => {
    const creator = await createUser(t.db.db, { role: 'creator', name: 'Grace Hopper' });
    const course = await createCourse(t.db.db, creator.id, { title: 'Compilers for Everyone' });
    const learner = await createUser(t.db.db);
    await enroll(t.db.db, learner.id, course.id);
    const saver = await createUser(t.db.db);
    const saved = await t.app.inject({ method: 'PUT', url: `/api/saved-courses/${course.id}`, headers: bearer(saver) });
    expect(saved.statusCode).toBe(200);

    // Every answer with this course in it, each read twice so the cached ones are what the rename must reach.
    const instructorsSeen = async () => {
      const find = (list: { id: string; instructor?: unknown }[]) => list.find((c) => c.id === course.id)?.instructor;
      const get = (url: string, user?: TestUser) =>
        t.app.inject({ method: 'GET', url, headers: user ? bearer(user) : {} }).then((response) => {
          expect(response.statusCode, url).toBe(200);
          return response.json();
        });
      await get('/api/courses');
      await get(`/api/courses/${course.id}`);
      return {
        catalogue: find(CourseListSchema.parse(await get('/api/courses'))),
        course: CourseSchema.parse(await get(`/api/courses/${course.id}`)).instructor,
        asStudent: CourseSchema.parse(await get(`/api/courses/${course.id}`, learner)).instructor,
        myCourses: find(await get('/api/my-courses', learner)),
        saved: find(await get('/api/saved-courses', saver)),
        instructorPage: find((await get(`/api/instructors/${creator.id}`)).courses),
        creatorList: find(await get('/api/creator/courses', creator)),
      };
    };
    const named = (name: string) => ({ id: creator.id, name });
    const before = await instructorsSeen();
    for (const [where, instructor] of Object.entries(before)) expect(instructor, where).toEqual(named('Grace Hopper'));

    const renamed = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: bearer(creator),
      payload: { name: 'Rear Admiral Hopper' },
    });
    expect(renamed.statusCode).toBe(200);
    const after = await instructorsSeen();
    for (const [where, instructor] of Object.entries(after)) expect(instructor, where).toEqual(named('Rear Admiral Hopper'));
  });

  it("keeps the catalogue and other creators' courses cached when someone else renames themself", async () => {
    const course = await createCourse(t.db.db, owner.id);
    await list();
    const doc = await t.app.reads.course(course.id);
    const snapshot = await t.app.reads.catalog();
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: bearer(student),
      payload: { name: 'Someone Else' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(t.app.reads.course(course.id)).toBe(doc);
    expect(t.app.reads.catalog()).toBe(snapshot);
  });
});
