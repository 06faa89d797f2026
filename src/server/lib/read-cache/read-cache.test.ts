import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeListener } from '#db/changes';
import {
  courseModules,
  courses,
  lessonProgress,
  lessons,
  lessonThreads,
  savedCourses,
  sessions,
  threadReplies,
  threadUpvotes,
  users,
} from '#db/schema/index';
import { type ThreadList, ThreadListSchema } from '#shared/schemas/discussions';
import { addContent, bearer, createCourse, createUser, enroll, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { countQueries } from '#tests/helpers/query-counter';
import { generateToken, hashToken } from '../tokens';
import { createReadCache } from './read-cache';

// Every write in these tests goes straight to the database, as another process or a script would:
// the cache must learn of it from the database itself, never from the writer.
let t: TestApp;
let creator: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  creator = await createUser(t.db.db, { role: 'creator' });
});
afterAll(() => t.close());

const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user ? bearer(user) : {} });

describe('cached reads', () => {
  it('serve a signed-in course page, My Courses and the catalogue with no query once warm', async () => {
    const student = await createUser(t.db.db);
    const course = await createCourse(t.db.db, creator.id);
    await addContent(t.db.db, course.id, { lessonCount: 2, quizCount: 1 });
    await enroll(t.db.db, student.id, course.id);
    const urls = [
      `/api/courses/${course.id}`,
      '/api/my-courses',
      '/api/courses',
      `/api/courses/${course.id}/modules`,
      '/api/auth/me',
    ];
    for (const url of urls) expect((await get(url, student)).statusCode).toBe(200);

    const queries = countQueries(t.db);
    try {
      for (let round = 0; round < 5; round++) {
        for (const url of urls) expect((await get(url, student)).statusCode).toBe(200);
      }
      expect(queries.count).toBe(0);
    } finally {
      queries.restore();
    }
  });

  it("serve a user's saved courses with no query once warm, and learn of a save or an unsave made anywhere", async () => {
    const student = await createUser(t.db.db);
    const first = await createCourse(t.db.db, creator.id, { title: 'Saved First' });
    const second = await createCourse(t.db.db, creator.id, { title: 'Saved Second' });
    const titles = async () => ((await get('/api/saved-courses', student)).json() as { title: string }[]).map((c) => c.title);
    expect(await titles()).toEqual([]);
    await t.db.db.insert(savedCourses).values({ userId: student.id, courseId: first.id, createdAt: new Date(Date.now() - 1000) });
    expect(await titles()).toEqual(['Saved First']);
    await t.db.db.insert(savedCourses).values({ userId: student.id, courseId: second.id });
    expect(await titles()).toEqual(['Saved Second', 'Saved First']);

    const queries = countQueries(t.db);
    try {
      for (let round = 0; round < 5; round++) expect(await titles()).toEqual(['Saved Second', 'Saved First']);
      expect(queries.count, queries.texts.join('; ')).toBe(0);
    } finally {
      queries.restore();
    }

    // A course taken off sale stays saved but unlisted; deleted rows leave the list.
    await t.db.db.update(courses).set({ archived: true }).where(eq(courses.id, second.id));
    expect(await titles()).toEqual(['Saved First']);
    await t.db.db.delete(savedCourses).where(eq(savedCourses.userId, student.id));
    expect(await titles()).toEqual([]);
  });

  it("answer a student's certificate eligibility with no query once warm, and learn of the progress that earns it", async () => {
    const student = await createUser(t.db.db);
    const course = await createCourse(t.db.db, creator.id);
    const content = await addContent(t.db.db, course.id, { lessonCount: 2, quizCount: 0 });
    await enroll(t.db.db, student.id, course.id);
    const eligible = async () => (await get(`/api/courses/${course.id}/certificate/eligible`, student)).json().eligible;
    expect(await eligible()).toBe(false);

    const queries = countQueries(t.db);
    try {
      for (let round = 0; round < 5; round++) expect(await eligible()).toBe(false);
      expect(queries.count, queries.texts.join('; ')).toBe(0);
    } finally {
      queries.restore();
    }

    for (const lesson of content.lessons) {
      await t.db.db.insert(lessonProgress).values({ userId: student.id, lessonId: lesson.id, completedAt: new Date() });
    }
    expect(await eligible()).toBe(true);
    // A lesson added to the course makes it unfinished again.
    await t.db.db.insert(lessons).values({ moduleId: content.module.id, title: 'One more', type: 'text', position: 9 });
    expect(await eligible()).toBe(false);
  });

  it('look up sessions arriving together in one query, each answered with its own user', async () => {
    const people = await Promise.all(Array.from({ length: 20 }, (_, i) => createUser(t.db.db, { name: `Person ${i}` })));
    const revoked = people[7] as TestUser;
    await t.db.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, revoked.id));
    const queries = countQueries(t.db);
    try {
      const answers = await Promise.all(people.map((person) => get('/api/auth/me', person)));
      expect(answers.map((answer) => (answer.statusCode === 200 ? answer.json().name : answer.statusCode))).toEqual(
        people.map((person, i) => (person === revoked ? 401 : `Person ${i}`)),
      );
      expect(queries.count, queries.texts.join('; ')).toBeLessThanOrEqual(2);
    } finally {
      queries.restore();
    }
  });

  it('refuse a token at once when its session is revoked or its user is gone', async () => {
    const student = await createUser(t.db.db);
    expect((await get('/api/auth/me', student)).statusCode).toBe(200);
    await t.db.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, student.id));
    expect((await get('/api/auth/me', student)).statusCode).toBe(401);

    const renamed = await createUser(t.db.db, { name: 'Old Name' });
    expect((await get('/api/auth/me', renamed)).json().name).toBe('Old Name');
    await t.db.db.update(users).set({ name: 'New Name' }).where(eq(users.id, renamed.id));
    expect((await get('/api/auth/me', renamed)).json().name).toBe('New Name');
  });

  it('learn of many sessions revoked by one statement from a few notifications, and refuse every token', async () => {
    const student = await createUser(t.db.db);
    const tokens = Array.from({ length: 120 }, () => generateToken());
    await t.db.db.insert(sessions).values(
      tokens.map((token) => ({
        userId: student.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    );
    for (const token of tokens)
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })).statusCode,
      ).toBe(200);

    // What this process hears from the database (each of its listening connections hears it once).
    const payloads = new Set<string>();
    const unsubscribe = t.db.changes.subscribe({ onChange: (payload) => payloads.add(payload), onReliableChange: () => {} });
    try {
      await t.db.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, student.id));
      const announced = new Set<string>();
      for (let waited = 0; waited < 2_000; waited += 20) {
        for (const payload of payloads) for (const hash of payload.replace(/^sessions:/, '').split(',')) announced.add(hash);
        if (announced.size >= 121) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(announced).toEqual(new Set([...tokens, student.token].map(hashToken)));
      // 121 rows in one statement: three notifications of at most 50 hashes, not 121.
      expect(payloads.size).toBe(3);
      for (const payload of payloads) expect(payload.startsWith('sessions:')).toBe(true);
    } finally {
      unsubscribe();
    }
    for (const token of tokens)
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })).statusCode,
      ).toBe(401);
  });

  it('refuse a session past its expiry although it is cached', async () => {
    const student = await createUser(t.db.db);
    expect((await get('/api/auth/me', student)).statusCode).toBe(200);
    const [row] = await t.db.db.select().from(sessions).where(eq(sessions.userId, student.id));
    const entry = await t.app.reads.session(row?.tokenHash ?? '');
    expect(entry?.user.id).toBe(student.id);
    // Expiry is checked on every read, without waiting for a change announcement.
    if (entry) entry.expiresAt = Date.now() - 1;
    expect((await get('/api/auth/me', student)).statusCode).toBe(401);
  });

  it('show a course edit, a new module and a new lesson at once', async () => {
    const course = await createCourse(t.db.db, creator.id, { title: 'Before' });
    const { module } = await addContent(t.db.db, course.id, { lessonCount: 1, quizCount: 0 });
    expect((await get(`/api/courses/${course.id}`)).json().title).toBe('Before');
    expect((await get(`/api/courses/${course.id}/modules`)).json()[0].lessons).toHaveLength(1);

    await t.db.db.update(courses).set({ title: 'After' }).where(eq(courses.id, course.id));
    expect((await get(`/api/courses/${course.id}`)).json().title).toBe('After');

    await t.db.db.insert(lessons).values({ moduleId: module.id, title: 'Added', type: 'text', position: 5 });
    expect((await get(`/api/courses/${course.id}/modules`)).json()[0].lessons.map((l: { title: string }) => l.title)).toContain(
      'Added',
    );
    await t.db.db.insert(courseModules).values({ courseId: course.id, title: 'Second module', position: 9 });
    expect((await get(`/api/courses/${course.id}/modules`)).json()).toHaveLength(2);
  });

  it("apply an enrollment's new student count to the catalogue and the course by reading that course alone", async () => {
    const course = await createCourse(t.db.db, creator.id, { title: 'Counted' });
    const listed = async () =>
      (await get('/api/courses')).json().find((candidate: { id: string }) => candidate.id === course.id)?.studentCount;
    const shown = async () => (await get(`/api/courses/${course.id}`)).json().studentCount;
    expect(await listed()).toBe(0);
    expect(await shown()).toBe(0);

    const learners = [await createUser(t.db.db), await createUser(t.db.db)];
    for (const learner of learners) await enroll(t.db.db, learner.id, course.id);
    const queries = countQueries(t.db);
    try {
      expect(await listed()).toBe(2);
      expect(await shown()).toBe(2);
      // At most the announced course's own row: no outline, no catalogue page is loaded again.
      expect(
        queries.texts.every((text) => / "courses"\."id" in /.test(text)),
        queries.texts.join('; '),
      ).toBe(true);
    } finally {
      queries.restore();
    }
  });

  it('answer right after an announcement it cannot read (the course is loaded again, never shown wrong)', async () => {
    const course = await createCourse(t.db.db, creator.id, { title: 'Garbled' });
    expect((await get(`/api/courses/${course.id}`)).json().title).toBe('Garbled');
    for (const payload of ['courses:not-a-uuid', 'nothing-cached:1', 'courses', ':']) {
      await t.db.db.execute(sql`select pg_notify('ga_cache', ${payload})`);
    }
    expect((await get(`/api/courses/${course.id}`)).json().title).toBe('Garbled');
    expect((await get('/api/courses')).json().find((candidate: { id: string }) => candidate.id === course.id)?.title).toBe(
      'Garbled',
    );
  });

  it('apply a change of updatedAt to the catalogue and the course by reading that course alone', async () => {
    const course = await createCourse(t.db.db, creator.id, { title: 'Touched' });
    const listed = async () =>
      (await get('/api/courses')).json().find((candidate: { id: string }) => candidate.id === course.id)?.updatedAt;
    const shown = async () => (await get(`/api/courses/${course.id}`)).json().updatedAt;
    const etag = async () => (await get('/api/courses')).headers.etag;
    await listed();
    await shown();
    const etagBefore = await etag();

    // Microseconds, as PostgreSQL keeps them: the cache must read them exactly as a load would.
    const [touched] = await t.db.db
      .update(courses)
      .set({ updatedAt: sql`'2031-02-03 04:05:06.789654+00'::timestamptz` })
      .where(eq(courses.id, course.id))
      .returning({ updatedAt: courses.updatedAt });
    const queries = countQueries(t.db);
    try {
      expect(await listed()).toBe(touched?.updatedAt.toISOString());
      expect(await shown()).toBe(touched?.updatedAt.toISOString());
      expect(await etag()).not.toBe(etagBefore);
      expect(
        queries.texts.every((text) => / "courses"\."id" in /.test(text)),
        queries.texts.join('; '),
      ).toBe(true);
    } finally {
      queries.restore();
    }

    // Any other change too.
    await t.db.db.update(courses).set({ title: 'Retitled' }).where(eq(courses.id, course.id));
    expect((await get(`/api/courses/${course.id}`)).json().title).toBe('Retitled');
    expect((await get('/api/courses')).json().find((candidate: { id: string }) => candidate.id === course.id)?.title).toBe(
      'Retitled',
    );
  });

  it('show a new enrollment and new progress in My Courses at once', async () => {
    const student = await createUser(t.db.db);
    const course = await createCourse(t.db.db, creator.id);
    const content = await addContent(t.db.db, course.id, { lessonCount: 2, quizCount: 0 });
    expect((await get('/api/my-courses', student)).json()).toEqual([]);
    expect((await get(`/api/courses/${course.id}`, student)).json().isEnrolled).toBe(false);

    await enroll(t.db.db, student.id, course.id);
    expect((await get('/api/my-courses', student)).json()).toMatchObject([{ id: course.id, progress: 0 }]);
    expect((await get(`/api/courses/${course.id}`, student)).json().isEnrolled).toBe(true);

    const [first] = content.lessons;
    await t.db.db.insert(lessonProgress).values({ userId: student.id, lessonId: first?.id ?? '', completedAt: new Date() });
    expect((await get('/api/my-courses', student)).json()[0].progress).toBe(50);

    // A third lesson changes every enrolled student's percentage.
    await t.db.db.insert(lessons).values({ moduleId: content.module.id, title: 'Third', type: 'text', position: 3 });
    expect((await get('/api/my-courses', student)).json()[0].progress).toBe(33);
  });

  it('show a course retitled or newly joined by others in a My Courses already read', async () => {
    const student = await createUser(t.db.db);
    const classmate = await createUser(t.db.db);
    const course = await createCourse(t.db.db, creator.id, { title: 'Before' });
    await enroll(t.db.db, student.id, course.id);
    expect((await get('/api/my-courses', student)).json()).toMatchObject([{ title: 'Before', studentCount: 1 }]);
    // Read again from memory: the same list, built once.
    expect((await get('/api/my-courses', student)).json()).toMatchObject([{ title: 'Before', studentCount: 1 }]);

    await t.db.db.update(courses).set({ title: 'After' }).where(eq(courses.id, course.id));
    expect((await get('/api/my-courses', student)).json()).toMatchObject([{ title: 'After', studentCount: 1 }]);

    // Only the count changes (the course read again and applied in place): the student's list shows it too.
    await enroll(t.db.db, classmate.id, course.id);
    expect((await get('/api/my-courses', student)).json()).toMatchObject([{ title: 'After', studentCount: 2 }]);
  });

  it("change only that course's progress when a lesson is added, keeping every learner's record", async () => {
    const learner = await createUser(t.db.db);
    const elsewhere = await createUser(t.db.db);
    const course = await createCourse(t.db.db, creator.id);
    const other = await createCourse(t.db.db, creator.id);
    const content = await addContent(t.db.db, course.id, { lessonCount: 2, quizCount: 0 });
    await addContent(t.db.db, other.id, { lessonCount: 2, quizCount: 0 });
    await enroll(t.db.db, learner.id, course.id);
    await enroll(t.db.db, elsewhere.id, other.id);
    const [first] = content.lessons;
    await t.db.db.insert(lessonProgress).values({ userId: learner.id, lessonId: first?.id ?? '', completedAt: new Date() });
    expect((await get('/api/my-courses', learner)).json()[0].progress).toBe(50);
    expect((await get('/api/my-courses', elsewhere)).json()[0].progress).toBe(0);

    await t.db.db
      .update(lessons)
      .set({ title: 'Renamed', content: '<p>New text</p>' })
      .where(eq(lessons.id, first?.id ?? ''));
    await t.db.db.insert(lessons).values({ moduleId: content.module.id, title: 'Third', type: 'text', position: 3 });
    const queries = countQueries(t.db);
    try {
      // A learner of another course is answered from memory: nothing of theirs depended on this course.
      expect((await get('/api/my-courses', elsewhere)).json()[0].progress).toBe(0);
      expect(queries.count, queries.texts.join('; ')).toBe(0);
      // The learner of this course gets the new percentage from the reloaded outline alone.
      expect((await get('/api/my-courses', learner)).json()[0]).toMatchObject({ progress: 33, completed: false });
      expect(
        queries.texts.every((text) => !/lesson_progress|quiz_attempts/.test(text)),
        queries.texts.join('; '),
      ).toBe(true);
    } finally {
      queries.restore();
    }
  });

  it('keep nothing that was loaded while a change was being announced', async () => {
    // Made unannounced: the insert's own announcement, heard late (on PostgreSQL it comes over the
    // network), would queue a re-read that the read below waits for, so that read would not be in flight.
    const [course] = await t.db.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      return tx.insert(courses).values({ creatorId: creator.id, title: 'Racing', published: true }).returning();
    });
    if (!course) throw new Error('the course was not made');
    // A read in flight when the change lands must not store what it read before the change.
    const inFlight = t.app.reads.course(course.id);
    t.app.reads.applyChange(`courses:${course.id}`);
    expect((await inFlight)?.course.title).toBe('Racing');
    // A change with its announcement switched off: only a cache that kept nothing can see it.
    await t.db.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(courses).set({ title: 'Raced' }).where(eq(courses.id, course.id));
    });
    expect((await t.app.reads.course(course.id))?.course.title).toBe('Raced');
  });
});

describe("a slide's questions", () => {
  it('answer their first page with no query once warm, and show a new reply, an upvote, a hide and a rename on the next read', async () => {
    const asker = await createUser(t.db.db, { name: 'First Asker' });
    const classmate = await createUser(t.db.db, { name: 'First Classmate' });
    const course = await createCourse(t.db.db, creator.id);
    const { lessons: slides } = await addContent(t.db.db, course.id, { lessonCount: 1, quizCount: 0 });
    const lessonId = slides[0]?.id ?? '';
    for (const learner of [asker, classmate]) await enroll(t.db.db, learner.id, course.id);
    const [thread] = await t.db.db
      .insert(lessonThreads)
      .values({ lessonId, courseId: course.id, userId: asker.id, body: 'Why softmax?' })
      .returning();
    const threadId = thread?.id ?? '';
    /**
     * The list as `user` reads it: once as the change left the cache, then again, which must come from
     * memory (no query) byte for byte the same, in the keys and order of the route's schema.
     */
    const read = async (user: TestUser, query = '') => {
      const url = `/api/lessons/${lessonId}/threads${query}`;
      const first = await get(url, user);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.body).toBe(JSON.stringify(ThreadListSchema.parse(first.json())));
      const queries = countQueries(t.db);
      try {
        expect((await get(url, user)).body).toBe(first.body);
        expect(queries.count, queries.texts.join('; ')).toBe(0);
      } finally {
        queries.restore();
      }
      return (first.json() as ThreadList).items;
    };
    const pages = ['', '?sort=top', '?unanswered=true'];
    for (const query of pages) expect((await read(classmate, query)).map((item) => item.body)).toEqual(['Why softmax?']);

    await t.db.db.insert(threadReplies).values({ threadId, userId: classmate.id, body: 'Because it normalises.' });
    for (const query of pages) {
      expect((await read(asker, query))[0]?.replies.map((reply) => [reply.user.name, reply.body])).toEqual([
        ['First Classmate', 'Because it normalises.'],
      ]);
    }

    await t.db.db.insert(threadUpvotes).values({ threadId, userId: classmate.id });
    expect((await read(classmate))[0]).toMatchObject({ upvotes: 1, upvoted: true });
    expect((await read(asker, '?sort=top'))[0]).toMatchObject({ upvotes: 1, upvoted: false });
    await t.db.db.delete(threadUpvotes).where(eq(threadUpvotes.userId, classmate.id));
    expect((await read(classmate))[0]).toMatchObject({ upvotes: 0, upvoted: false });

    await t.db.db.update(users).set({ name: 'Renamed Classmate' }).where(eq(users.id, classmate.id));
    await t.db.db.update(users).set({ name: 'Renamed Asker' }).where(eq(users.id, asker.id));
    const renamed = (await read(classmate))[0];
    expect([renamed?.user.name, renamed?.replies[0]?.user.name]).toEqual(['Renamed Asker', 'Renamed Classmate']);

    await t.db.db.update(threadReplies).set({ hiddenAt: new Date() }).where(eq(threadReplies.threadId, threadId));
    expect((await read(classmate))[0]?.replies).toEqual([]);
    await t.db.db.update(lessonThreads).set({ answeredAt: new Date() }).where(eq(lessonThreads.id, threadId));
    expect((await read(classmate))[0]?.answered).toBe(true);
    expect(await read(classmate, '?unanswered=true')).toEqual([]);
    await t.db.db.update(lessonThreads).set({ hiddenAt: new Date() }).where(eq(lessonThreads.id, threadId));
    for (const query of pages) expect(await read(asker, query)).toEqual([]);
  });
});

describe('a change feed that goes down', () => {
  /** A change feed the test cuts and restores; what the database announces never reaches it. */
  function cuttableFeed() {
    let listener: ChangeListener | undefined;
    const feed = {
      isReliable: true,
      subscribe(l: ChangeListener) {
        listener = l;
        return () => {
          listener = undefined;
        };
      },
      set connected(value: boolean) {
        feed.isReliable = value;
        listener?.onReliableChange(value);
      },
    };
    return feed;
  }

  it('never answers a token revoked during the outage, nor after the feed is back', async () => {
    const feed = cuttableFeed();
    const reads = createReadCache({ handle: { db: t.db.db, changes: feed } });
    try {
      const student = await createUser(t.db.db);
      const tokenHash = hashToken(student.token);
      expect((await reads.session(tokenHash))?.user.id).toBe(student.id);

      feed.connected = false;
      // Read during the outage, before the logout: loaded, handed out, but never the answer to a later read.
      expect((await reads.session(tokenHash))?.user.id).toBe(student.id);
      await t.db.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, tokenHash));
      expect(await reads.session(tokenHash)).toBeNull();

      feed.connected = true;
      expect(await reads.session(tokenHash)).toBeNull();
    } finally {
      reads.close();
    }
  });

  it('forgets what it held before a blink of the feed, whose announcements it may have missed', async () => {
    const feed = cuttableFeed();
    const reads = createReadCache({ handle: { db: t.db.db, changes: feed } });
    try {
      const course = await createCourse(t.db.db, creator.id, { title: 'Before the blink' });
      expect((await reads.course(course.id))?.course.title).toBe('Before the blink');
      feed.connected = false;
      await t.db.db.update(courses).set({ title: 'Changed while the feed was down' }).where(eq(courses.id, course.id));
      feed.connected = true;
      expect((await reads.course(course.id))?.course.title).toBe('Changed while the feed was down');
    } finally {
      reads.close();
    }
  });
});

describe('announcements that arrive late', () => {
  /** The announcements the database makes while `act` runs, in order. */
  async function announced(act: () => Promise<unknown>): Promise<string[]> {
    const payloads: string[] = [];
    const unsubscribe = t.db.changes.subscribe({ onChange: (payload) => payloads.push(payload), onReliableChange: () => {} });
    try {
      await act();
      return payloads;
    } finally {
      unsubscribe();
    }
  }

  it('never let a late announcement bring back an older student count, in the course or the catalogue', async () => {
    const course = await createCourse(t.db.db, creator.id, { title: 'Counted twice' });
    const [first, second] = [await createUser(t.db.db), await createUser(t.db.db)];
    const shown = async () => (await get(`/api/courses/${course.id}`)).json().studentCount;
    const listed = async () =>
      (await get('/api/courses')).json().find((candidate: { id: string }) => candidate.id === course.id)?.studentCount;
    expect([await shown(), await listed()]).toEqual([0, 0]);

    const payloads = await announced(async () => {
      await enroll(t.db.db, first.id, course.id);
      await enroll(t.db.db, second.id, course.id);
    });
    const counts = payloads.filter((payload) => payload === `courses:${course.id}`);
    expect(counts).toHaveLength(2);
    expect([await shown(), await listed()]).toEqual([2, 2]);
    const etag = (await get('/api/courses')).headers.etag;

    // The first enrollment's announcement arrives late (as over the other connection), after the second's.
    t.app.reads.applyChange(counts[0] ?? '');
    expect([await shown(), await listed()]).toEqual([2, 2]);
    expect((await get('/api/courses')).headers.etag).toBe(etag);
  });

  it('learn every change from any of its announcements, in whatever order they arrive', async () => {
    const course = await createCourse(t.db.db, creator.id, { title: 'Gap' });
    const learner = await createUser(t.db.db);
    // A second instance's cache, whose announcements the test delivers by hand, in the order they arrive.
    const reads = createReadCache({ handle: { db: t.db.db, changes: { isReliable: true, subscribe: () => () => {} } } });
    try {
      const before = await reads.course(course.id);
      const payloads = await announced(async () => {
        await t.db.db
          .update(courses)
          .set({ updatedAt: new Date('2031-01-01T00:00:00Z') })
          .where(eq(courses.id, course.id));
        await enroll(t.db.db, learner.id, course.id);
      });
      const [touched, counted] = payloads.filter((payload) => payload === `courses:${course.id}`);
      expect([touched, counted]).toEqual([`courses:${course.id}`, `courses:${course.id}`]);

      // The enrollment's announcement arrives first: the course as it is now, both changes.
      reads.applyChange(counted ?? '');
      const after = await reads.course(course.id);
      expect(after).not.toBe(before);
      expect(after?.course).toMatchObject({ studentCount: 1, updatedAt: '2031-01-01T00:00:00.000Z' });
      reads.applyChange(touched ?? '');
      expect((await reads.course(course.id))?.course).toMatchObject({ studentCount: 1, updatedAt: '2031-01-01T00:00:00.000Z' });
    } finally {
      reads.close();
    }
  });
});

describe('answers from memory', () => {
  it('are exactly what the same request answers when it must read the database', async () => {
    const owner = await createUser(t.db.db, { role: 'creator' });
    const otherCreator = await createUser(t.db.db, { role: 'creator' });
    const student = await createUser(t.db.db);
    const enrolled = await createUser(t.db.db);
    const published = await createCourse(t.db.db, owner.id);
    const draft = await createCourse(t.db.db, owner.id, { published: false });
    const archived = await createCourse(t.db.db, owner.id, { archived: true });
    for (const course of [published, draft, archived]) {
      await addContent(t.db.db, course.id, { lessonCount: 2, quizCount: 1 });
      await enroll(t.db.db, enrolled.id, course.id);
    }
    const revoked = await createUser(t.db.db);
    await t.db.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, revoked.id));
    const callers = [undefined, owner, otherCreator, student, enrolled, revoked];
    const unknownId = '00000000-0000-4000-8000-000000000000';
    const urls = ['/api/courses', '/api/my-courses', `/api/courses/${unknownId}`, '/api/courses/not-a-uuid'];
    for (const course of [published, draft, archived]) {
      urls.push(`/api/courses/${course.id}`, `/api/courses/${course.id}/modules`, `/api/courses/${course.id}/quizzes`);
    }
    // Announcements that drop what is held (a course's outline, its creator's name, the caller's rows).
    const forget = (caller: TestUser | undefined) => {
      for (const course of [published, draft, archived]) t.app.reads.applyChange(`course_modules:${course.id}`);
      t.app.reads.applyChange(`users:${owner.id}`);
      if (!caller) return;
      for (const table of ['users', 'enrollments', 'lesson_progress']) t.app.reads.applyChange(`${table}:${caller.id}`);
    };
    const answer = async (url: string, caller: TestUser | undefined) => {
      const response = await get(url, caller);
      const { date, 'x-request-id': _id, ...headers } = response.headers;
      return { status: response.statusCode, headers, body: response.body };
    };

    for (const caller of callers) {
      for (const url of urls) {
        forget(caller);
        const fromDatabase = await answer(url, caller);
        const fromMemory = await answer(url, caller);
        expect({ url, caller: caller?.email, ...fromMemory }).toEqual({ url, caller: caller?.email, ...fromDatabase });
      }
    }
    // The matrix reached every kind of answer.
    const statuses = new Set<number>();
    for (const caller of callers) for (const url of urls) statuses.add((await get(url, caller)).statusCode);
    expect([...statuses].sort()).toEqual([200, 401, 404]);
  });

  it('refuse a cached session past its expiry on every route', async () => {
    const student = await createUser(t.db.db);
    const course = await createCourse(t.db.db, creator.id);
    const [row] = await t.db.db.select().from(sessions).where(eq(sessions.userId, student.id));
    // Only the cached copy expires, so only a check made on the cached entry can refuse it.
    const expireCachedSession = () => {
      const entry = t.app.reads.session(row?.tokenHash ?? '');
      // Held, so answered synchronously.
      expect(entry).not.toBeInstanceOf(Promise);
      if (entry && !(entry instanceof Promise)) entry.expiresAt = Date.now() - 1;
    };

    expect((await get('/api/my-courses', student)).statusCode).toBe(200);
    expireCachedSession();
    expect((await get('/api/my-courses', student)).statusCode).toBe(401);

    expect((await get(`/api/courses/${course.id}`, student)).json().isEnrolled).toBe(false);
    expireCachedSession();
    // A dead token is no token: the course is shown as to a guest, without isEnrolled.
    expect((await get(`/api/courses/${course.id}`, student)).json()).not.toHaveProperty('isEnrolled');
  });
});

describe('GET /api/my-courses', () => {
  // Archived, or unpublished back to a draft (issue 22): those who enrolled keep the course.
  it('keeps listing a course its students enrolled in after it is archived or unpublished', async () => {
    const student = await createUser(t.db.db);
    const draft = await createCourse(t.db.db, creator.id, { published: false });
    const archived = await createCourse(t.db.db, creator.id, { archived: true });
    await enroll(t.db.db, student.id, draft.id);
    await enroll(t.db.db, student.id, archived.id);
    const ids = (await get('/api/my-courses', student)).json().map((c: { id: string }) => c.id);
    expect(ids.sort()).toEqual([archived.id, draft.id].sort());
  });
});
