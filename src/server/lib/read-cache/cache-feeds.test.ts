import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CACHE_FEEDS, type CacheName } from '#db/cache-feeds';
import * as schema from '#db/schema/index';
import { addContent, bearer, createCourse, createUser, enroll } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { countQueries } from '#tests/helpers/query-counter';
import { hashToken } from '../tokens';
import { createReadCache, type ReadCache } from './read-cache';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TABLES = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  .concat('course_search', 'course_search_words');

/** The tables named in what was sent to the database: quoted by Drizzle, bare in hand-written SQL. */
function tablesIn(texts: readonly string[]): Set<string> {
  const found = new Set<string>();
  for (const text of texts) {
    for (const table of TABLES) if (new RegExp(`(^|[^\\w])"?${table}"?([^\\w]|$)`).test(text)) found.add(table);
  }
  return found;
}

/** The tables the map says feed a cache. */
const fedBy = (cache: CacheName): string[] =>
  Object.entries(CACHE_FEEDS)
    .filter(([, feed]) => (feed.feeds as readonly string[]).includes(cache))
    .map(([table]) => table);

describe('the cache-feeds map', () => {
  it('names every table each cached read queries, so no cache misses a change of what it holds', async () => {
    const db = t.db.db;
    const creator = await createUser(db, { role: 'creator' });
    const student = await createUser(db);
    const course = await createCourse(db, creator.id);
    const { module, lessons } = await addContent(db, course.id, { questionsPerQuiz: 1 });
    const lessonId = lessons[0]?.id ?? '';
    await enroll(db, student.id, course.id);
    await t.app.inject({
      method: 'POST',
      url: `/api/courses/${course.id}/reviews`,
      headers: bearer(student),
      payload: { rating: 5 },
    });
    const threads = `/api/lessons/${lessonId}/threads`;
    const asked = await t.app.inject({ method: 'POST', url: threads, headers: bearer(creator), payload: { body: 'Why?' } });
    const threadId = (asked.json() as { id: string }).id;
    await t.app.inject({
      method: 'POST',
      url: `/api/threads/${threadId}/replies`,
      headers: bearer(student),
      payload: { body: 'So.' },
    });
    await t.app.inject({ method: 'POST', url: `/api/threads/${threadId}/upvote`, headers: bearer(student) });
    // A cache of its own, which holds nothing yet: every read below loads.
    const reads = createReadCache({ handle: { db, changes: { isReliable: true, subscribe: () => () => {} } } });
    /** Each cache's read, as its callers make it (review and thread pages, searches and earnings are loaded by their routes). */
    const samples: Record<CacheName, (cache: ReadCache) => unknown> = {
      sessions: (cache) => cache.session(hashToken(student.token)),
      courses: (cache) => cache.course(course.id),
      enrollments: (cache) => cache.enrollments(student.id),
      saved_courses: (cache) => cache.savedCourseIds(student.id),
      learners: (cache) => cache.learnerRecord(student.id),
      catalog: (cache) => cache.catalog('all'),
      course_parts: (cache) => cache.coursePart('module', module.id),
      lessons: (cache) => cache.lessons(module.id),
      review_pages: () => t.app.inject({ method: 'GET', url: `/api/courses/${course.id}/reviews` }),
      searches: () => t.app.inject({ method: 'GET', url: `/api/courses/search?q=${course.title.split(' ')[0]}&sort=newest` }),
      earnings: () => t.app.inject({ method: 'GET', url: '/api/creator/earnings?from=2020-01-01', headers: bearer(creator) }),
      thread_pages: () => t.app.inject({ method: 'GET', url: threads, headers: bearer(student) }),
      upvoted_threads: (cache) => cache.upvotedThreadIds(student.id),
    };
    try {
      // Every cache has a sample: a cache added without one fails here.
      expect(Object.keys(samples).sort()).toEqual(
        reads
          .cacheStats()
          .map((stats) => stats.name)
          .sort(),
      );
      // What a route reads besides its cache (the caller's session, the reviewed course) is read first, so it is not counted;
      // the course part's course was read by the courses sample before it.
      await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(creator) });
      // The reviews route's course is read with another order's page, so the sample counts only its page.
      await t.app.inject({ method: 'GET', url: `/api/courses/${course.id}/reviews?sort=helpful` });
      // Likewise the threads route's slide and the caller's upvotes, read with another order's page.
      await t.app.inject({ method: 'GET', url: `${threads}?sort=top`, headers: bearer(student) });
      for (const [cache, read] of Object.entries(samples) as [CacheName, (cache: ReadCache) => unknown][]) {
        const queries = countQueries(t.db);
        try {
          await read(reads);
        } finally {
          queries.restore();
        }
        const tables = [...tablesIn(queries.texts)];
        expect(tables.length, `${cache} read nothing: ${queries.texts.join('; ')}`).toBeGreaterThan(0);
        expect(
          tables.filter((table) => !fedBy(cache).includes(table)),
          `${cache} reads tables the map does not give it`,
        ).toEqual([]);
      }
    } finally {
      reads.close();
    }
  });
});
