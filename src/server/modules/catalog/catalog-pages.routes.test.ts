import { randomUUID } from 'node:crypto';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses } from '#db/schema/index';
import { type Course, CourseListSchema, type Difficulty } from '#shared/schemas/catalog';
import { createUser, enroll, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { countQueries } from '#tests/helpers/query-counter';

// GET /api/courses a page at a time (docs/product.md, Catalogue and course pages: limit, cursor, difficulty;
// the next page in a Link header). Every write goes straight to the database, as another process's would.

type CourseInsert = typeof courses.$inferInsert;
/** A row to insert; a column may be SQL (a creation time to the microsecond). */
type NewCourse = { [K in keyof CourseInsert]?: CourseInsert[K] | SQL };

function pagesOf(t: () => TestApp) {
  const get = (url: string, headers: Record<string, string> = {}) => t().app.inject({ method: 'GET', url, headers });
  const nextOf = (response: LightMyRequestResponse): string | null => {
    const link = response.headers.link;
    if (link === undefined) return null;
    const match = /^<(\/api\/courses\?[^>]+)>; rel="next"$/.exec(String(link));
    expect(match, String(link)).not.toBeNull();
    return match?.[1] ?? null;
  };
  const idsOf = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(200);
    return CourseListSchema.parse(response.json()).map((course) => course.id);
  };
  /** Every page from `url` on, following each Link; `between` runs while each next page is asked for. */
  const walk = async (url: string, between: () => Promise<unknown> = async () => {}) => {
    const seen: string[] = [];
    let next: string | null = url;
    for (let pages = 0; next !== null; pages++) {
      if (pages > 200) throw new Error('the pages never end');
      const [response] = await Promise.all([get(next), between()]);
      seen.push(...idsOf(response));
      next = nextOf(response);
    }
    return seen;
  };
  /** The truth: the ids of every course on sale (of one difficulty) in Popular order, from the database. */
  const onSale = async (difficulty?: Difficulty) =>
    (
      await t()
        .db.db.select({ id: courses.id })
        .from(courses)
        .where(
          and(
            eq(courses.published, true),
            eq(courses.archived, false),
            difficulty ? eq(courses.difficulty, difficulty) : undefined,
          ),
        )
        .orderBy(desc(courses.studentCount), desc(courses.createdAt), desc(courses.id))
    ).map((row) => row.id);
  const addCourses = async (creator: TestUser, values: NewCourse[]) =>
    (
      await t()
        .db.db.insert(courses)
        .values(
          values.map((value) => ({
            creatorId: creator.id,
            title: `Course ${randomUUID().slice(0, 8)}`,
            published: true,
            ...value,
          })),
        )
        .returning({ id: courses.id })
    ).map((row) => row.id);
  return { get, nextOf, idsOf, walk, onSale, addCourses };
}

describe('GET /api/courses, a page at a time', () => {
  let t: TestApp;
  let creator: TestUser;
  const { get, nextOf, idsOf, walk, onSale, addCourses } = pagesOf(() => t);

  beforeAll(async () => {
    t = await createTestApp();
    creator = await createUser(t.db.db, { role: 'creator' });
  });
  afterAll(() => t.close());

  it('answers a plain array of every course while there are at most 100, then 100 and the rest through Link', async () => {
    await addCourses(
      creator,
      Array.from({ length: 30 }, (_, i) => ({ studentCount: i % 7, difficulty: 'Beginner' as const })),
    );
    const small = await get('/api/courses');
    expect(idsOf(small)).toEqual(await onSale());
    expect(small.headers.link).toBeUndefined();

    await addCourses(
      creator,
      Array.from({ length: 80 }, (_, i) => ({ studentCount: i % 11, difficulty: 'Beginner' as const })),
    );
    const all = await onSale();
    expect(all).toHaveLength(110);
    const first = await get('/api/courses');
    expect(idsOf(first)).toEqual(all.slice(0, 100));
    const next = nextOf(first);
    expect(next).toMatch(/^\/api\/courses\?limit=100&cursor=[A-Za-z0-9_-]+$/);
    const second = await get(next ?? '');
    expect(idsOf(second)).toEqual(all.slice(100));
    expect(second.headers.link).toBeUndefined();
    expect(second.headers['cache-control']).toBe('public, no-cache');
  });

  it('takes a limit and a difficulty, keeping the Popular order and both in the next address', async () => {
    await addCourses(
      creator,
      Array.from({ length: 6 }, (_, i) => ({ studentCount: 20 - i, difficulty: 'Advanced' as const })),
    );
    const all = await onSale();
    // More limits than memory keeps pages made for: each still the right slice, again and again.
    for (let round = 0; round < 2; round++) {
      for (let limit = 1; limit <= 12; limit++)
        expect(idsOf(await get(`/api/courses?limit=${limit}`))).toEqual(all.slice(0, limit));
    }
    const three = await get('/api/courses?limit=3');
    expect(idsOf(three)).toEqual(all.slice(0, 3));
    expect(nextOf(three)).toMatch(/^\/api\/courses\?limit=3&cursor=/);

    const advanced = await onSale('Advanced');
    const firstFour = await get('/api/courses?difficulty=Advanced&limit=4');
    const body = CourseListSchema.parse(firstFour.json());
    expect(body.map((course) => course.id)).toEqual(advanced.slice(0, 4));
    expect(body.every((course: Course) => course.difficulty === 'Advanced')).toBe(true);
    const next = nextOf(firstFour);
    expect(next).toMatch(/^\/api\/courses\?difficulty=Advanced&limit=4&cursor=/);
    const rest = await get(next ?? '');
    expect(idsOf(rest)).toEqual(advanced.slice(4));
    expect(rest.headers.link).toBeUndefined();

    // A limit past the end is simply the rest; a difficulty with nothing on sale is an empty list.
    expect(idsOf(await get('/api/courses?difficulty=Advanced&limit=100'))).toEqual(advanced);
    expect(idsOf(await get('/api/courses?difficulty=Intermediate'))).toEqual(await onSale('Intermediate'));
  });

  it('refuses a bad limit, difficulty or cursor with 400 JSON, never 500', async () => {
    const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const goodTime = '2026-01-02T03:04:05.123456Z';
    const bad = [
      'limit=0',
      'limit=101',
      'limit=-5',
      'limit=abc',
      'limit=2.5',
      'limit=',
      'difficulty=Expert',
      'difficulty=beginner',
      'cursor=',
      'cursor=!!!',
      `cursor=${'A'.repeat(300)}`,
      `cursor=${cursor({})}`,
      `cursor=${cursor([1, goodTime])}`,
      `cursor=${cursor([1, 'yesterday', randomUUID()])}`,
      `cursor=${cursor([1, '2026-02-30T00:00:00.000000Z', randomUUID()])}`,
      `cursor=${cursor([1, '0000-01-01T00:00:00.000000Z', randomUUID()])}`,
      `cursor=${cursor([-1, goodTime, randomUUID()])}`,
      `cursor=${cursor([1e20, goodTime, randomUUID()])}`,
      `cursor=${cursor([1.5, goodTime, randomUUID()])}`,
      `cursor=${cursor(['1', goodTime, randomUUID()])}`,
      `cursor=${cursor([1, goodTime, 'not-a-uuid'])}`,
      `cursor=${cursor([1, goodTime, "'; drop table courses;--"])}`,
    ];
    for (const query of bad) {
      const response = await get(`/api/courses?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual(expect.objectContaining({ message: expect.any(String) }));
    }
    // A well-formed cursor past every course is simply the end.
    const end = await get(`/api/courses?cursor=${cursor([0, '1971-01-01T00:00:00.000000Z', randomUUID()])}`);
    expect(idsOf(end)).toEqual([]);
    expect(end.headers.link).toBeUndefined();
  });

  it('never repeats or skips a course while courses are added as the pages are read', async () => {
    // Equal counts and equal creation times too, to the microsecond and within one millisecond: the
    // order still has one place for each course.
    const sameInstant = sql`'2026-03-04 05:06:07.123456+00'::timestamptz`;
    const sameMillisecond = sql`'2026-03-04 05:06:07.123789+00'::timestamptz`;
    await addCourses(creator, [
      ...Array.from({ length: 6 }, () => ({ studentCount: 4, createdAt: sameInstant, difficulty: 'Intermediate' as const })),
      ...Array.from({ length: 3 }, () => ({ studentCount: 4, createdAt: sameMillisecond, difficulty: 'Intermediate' as const })),
      ...Array.from({ length: 36 }, (_, i) => ({ studentCount: i % 9, difficulty: 'Intermediate' as const })),
    ]);
    let added = 0;
    // While each page is asked for, two more courses arrive: one far up the list, one anywhere.
    const addTwo = () =>
      addCourses(creator, [
        { studentCount: 50 + (added++ % 5), difficulty: 'Intermediate' },
        { studentCount: added++ % 9, difficulty: added % 2 === 0 ? 'Intermediate' : 'Beginner', createdAt: sameInstant },
      ]);
    for (const [url, difficulty] of [
      ['/api/courses?difficulty=Intermediate&limit=7', 'Intermediate'],
      ['/api/courses?limit=9', undefined],
    ] as const) {
      const before = await onSale(difficulty);
      const seen = await walk(url, addTwo);
      expect(new Set(seen).size, `${url}: a course came twice`).toBe(seen.length);
      expect(
        before.filter((id) => !seen.includes(id)),
        `${url}: courses skipped`,
      ).toEqual([]);
    }
  });
});

describe('the first page, kept in memory', () => {
  let t: TestApp;
  let creator: TestUser;
  const { get, idsOf, onSale, addCourses } = pagesOf(() => t);
  /** Beginner courses counted 1 … 103: memory holds the top 100 (103 … 4) and knows there are more. */
  let byCount: string[];

  beforeAll(async () => {
    t = await createTestApp();
    creator = await createUser(t.db.db, { role: 'creator' });
    const ids = await addCourses(
      creator,
      Array.from({ length: 103 }, (_, i) => ({ studentCount: i + 1, difficulty: 'Beginner' as const })),
    );
    byCount = [undefined, ...ids] as string[];
  });
  afterAll(() => t.close());

  const setCount = (id: string | undefined, studentCount: number) =>
    t.db.db
      .update(courses)
      .set({ studentCount })
      .where(eq(courses.id, id ?? ''));
  const noQueries = async (work: () => Promise<void>) => {
    const queries = countQueries(t.db);
    try {
      await work();
      expect(queries.count, queries.texts.join('; ')).toBe(0);
    } finally {
      queries.restore();
    }
  };
  const firstPages = ['/api/courses?difficulty=Beginner', '/api/courses?difficulty=Beginner&limit=5', '/api/courses'];
  /** Each first page is what the database holds now; with `fromMemory`, answered without a query. */
  const expectFirstPagesTrue = async ({ fromMemory = false } = {}) => {
    const beginner = await onSale('Beginner');
    const all = await onSale();
    const expected = [beginner.slice(0, 100), beginner.slice(0, 5), all.slice(0, 100)];
    const check = async () => {
      for (const [index, url] of firstPages.entries()) expect(idsOf(await get(url)), url).toEqual(expected[index]);
    };
    await (fromMemory ? noQueries(check) : check());
  };

  it('answers from memory, with an ETag, and follows a count that changes inside it without a query', async () => {
    await expectFirstPagesTrue();
    const etag = String((await get(firstPages[1] ?? '')).headers.etag);
    await noQueries(async () => {
      for (const url of firstPages) expect((await get(url)).statusCode).toBe(200);
      expect((await get(firstPages[1] ?? '', { 'if-none-match': etag })).statusCode).toBe(304);
    });

    // A course from far down the top 100 overtakes them all.
    await setCount(byCount[10], 500);
    await expectFirstPagesTrue({ fromMemory: true });
    const changed = await get(firstPages[1] ?? '', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(idsOf(changed)[0]).toBe(byCount[10]);
  });

  it('keeps memory when a course below it gains students but stays below, and reloads when one may enter', async () => {
    // Course 2 (held: 103 … 4, and course 10 on top now) rises to 3: still below the last held, 4.
    await setCount(byCount[2], 3);
    await expectFirstPagesTrue({ fromMemory: true });
    // Two enrollments bring it to 5: it enters the top 100 of Beginner and of everything.
    for (let i = 0; i < 2; i++) await enroll(t.db.db, (await createUser(t.db.db)).id, byCount[2] ?? '');
    await expectFirstPagesTrue();
    expect(idsOf(await get(firstPages[0] ?? ''))).toContain(byCount[2]);
  });

  it('reloads when a held course falls to the bottom, where courses it never held may pass it', async () => {
    const beginner = await onSale('Beginner');
    const lastHeld = beginner[99];
    const firstUnheld = beginner[100];
    // The top course falls to 4 … and below.
    await setCount(beginner[0], 1);
    await expectFirstPagesTrue();
    const page = idsOf(await get(firstPages[0] ?? ''));
    expect(page).not.toContain(beginner[0]);
    expect(page).toContain(lastHeld);
    expect(page).toContain(firstUnheld);
  });

  it('drops a course taken off sale, and shows a new or edited one, at once', async () => {
    const top = (await onSale('Beginner'))[0];
    await t.db.db
      .update(courses)
      .set({ archived: true })
      .where(eq(courses.id, top ?? ''));
    await expectFirstPagesTrue();
    expect(idsOf(await get(firstPages[1] ?? ''))).not.toContain(top);

    const [added] = await addCourses(creator, [{ studentCount: 10_000, difficulty: 'Beginner', title: 'Brand new' }]);
    await expectFirstPagesTrue();
    expect(idsOf(await get(firstPages[1] ?? ''))[0]).toBe(added);

    // Moved to another difficulty: out of Beginner's pages, into Advanced's.
    await t.db.db
      .update(courses)
      .set({ difficulty: 'Advanced' })
      .where(eq(courses.id, added ?? ''));
    await expectFirstPagesTrue();
    expect(idsOf(await get('/api/courses?difficulty=Advanced'))).toEqual([added]);
  });
});
