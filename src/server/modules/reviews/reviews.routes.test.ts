import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, courses, reviews } from '#db/schema/index';
import { addContent, bearer, createCourse, createUser, enroll, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';

let t: TestApp;
let creator: TestUser;
let otherCreator: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  creator = await createUser(t.db.db, { role: 'creator' });
  otherCreator = await createUser(t.db.db, { role: 'creator' });
  admin = await createUser(t.db.db, { role: 'admin' });
});
afterAll(() => t.close());

type Method = 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });

/** A published course with two slides, and students enrolled in it who finished its first slide. */
async function courseWithLearners(learnerCount: number, overrides: Parameters<typeof createCourse>[2] = {}) {
  const course = await createCourse(t.db.db, creator.id, overrides);
  const { lessons } = await addContent(t.db.db, course.id, { lessonCount: 2, quizCount: 0 });
  const learners: TestUser[] = [];
  for (let i = 0; i < learnerCount; i++) {
    const learner = await createUser(t.db.db, { name: `Learner ${i + 1}` });
    await enroll(t.db.db, learner.id, course.id);
    const done = await call('POST', '/api/progress', learner, { lessonId: lessons[0]?.id, completed: true });
    expect(done.statusCode, done.body).toBe(200);
    learners.push(learner);
  }
  return { course, lessons, learners };
}

const courseJson = async (id: string) =>
  (await call('GET', `/api/courses/${id}`)).json() as { rating: number | null; ratingCount: number };

describe('reviews', () => {
  it('need an enrolled student with a completed slide, one review each, which they can edit and delete', async () => {
    const { course, learners } = await courseWithLearners(1);
    const [learner] = learners as [TestUser];
    const stranger = await createUser(t.db.db);
    const enrolledIdle = await createUser(t.db.db);
    await enroll(t.db.db, enrolledIdle.id, course.id);
    const url = `/api/courses/${course.id}/review`;

    expect((await call('PUT', url, undefined, { rating: 5 })).statusCode).toBe(401);
    const notEnrolled = await call('PUT', url, stranger, { rating: 5 });
    expect(notEnrolled.statusCode).toBe(403);
    expect(notEnrolled.json().message).toBe('Enroll in this course to review it');
    const noProgress = await call('PUT', url, enrolledIdle, { rating: 5 });
    expect(noProgress.statusCode).toBe(403);
    expect(noProgress.json().message).toBe('Complete at least one slide of this course before reviewing it');
    expect((await call('PUT', url, creator, { rating: 5 })).statusCode).toBe(403);

    const first = await call('PUT', url, learner, { rating: 4, body: '  Clear and practical.\nGood exercises.  ' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      rating: 4,
      body: 'Clear and practical.\nGood exercises.',
      user: { id: learner.id },
      reply: null,
    });
    const second = await call('PUT', url, learner, { rating: 2 });
    expect(second.json()).toMatchObject({ id: first.json().id, rating: 2, body: '' });

    const list = (await call('GET', `/api/courses/${course.id}/reviews`, learner)).json();
    expect(list.items).toHaveLength(1);
    expect(list.mine).toMatchObject({ id: first.json().id, rating: 2 });
    expect(list.canReview).toBe(true);
    expect((await call('GET', `/api/courses/${course.id}/reviews`, stranger)).json()).toMatchObject({
      mine: null,
      canReview: false,
    });

    expect((await call('DELETE', url, learner)).statusCode).toBe(204);
    expect((await call('DELETE', url, learner)).statusCode).toBe(404);
    expect(await courseJson(course.id)).toMatchObject({ rating: null, ratingCount: 0 });
  });

  it('keep the course rating in the database: average to one decimal, count and distribution', async () => {
    const { course, learners } = await courseWithLearners(3);
    const [a, b, c] = learners as [TestUser, TestUser, TestUser];
    await call('PUT', `/api/courses/${course.id}/review`, a, { rating: 5 });
    await call('PUT', `/api/courses/${course.id}/review`, b, { rating: 4 });
    await call('PUT', `/api/courses/${course.id}/review`, c, { rating: 4 });
    expect(await courseJson(course.id)).toMatchObject({ rating: 4.3, ratingCount: 3 });
    const { summary } = (await call('GET', `/api/courses/${course.id}/reviews`)).json();
    expect(summary).toEqual({ average: 4.3, count: 3, distribution: { '1': 0, '2': 0, '3': 0, '4': 2, '5': 1 } });

    // Written by the database whoever changes the row, even outside the API.
    await t.db.db
      .update(reviews)
      .set({ rating: 1 })
      .where(and(eq(reviews.userId, a.id), eq(reviews.courseId, course.id)));
    const [row] = await t.db.db.select({ total: courses.ratingTotal }).from(courses).where(eq(courses.id, course.id));
    expect(row?.total).toBe(9);
    expect(await courseJson(course.id)).toMatchObject({ rating: 3, ratingCount: 3 });

    // The card in the catalogue shows it too.
    const cards = (await call('GET', '/api/courses')).json() as { id: string; rating: number | null; ratingCount: number }[];
    expect(cards.find((card) => card.id === course.id)).toMatchObject({ rating: 3, ratingCount: 3 });
  });

  it('concurrent reviews of one course all count', async () => {
    const { course, learners } = await courseWithLearners(8);
    const answers = await Promise.all(
      learners.map((learner, i) => call('PUT', `/api/courses/${course.id}/review`, learner, { rating: (i % 5) + 1 })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(learners.map(() => 200));
    expect(await courseJson(course.id)).toMatchObject({ ratingCount: 8, rating: 2.6 });
  });

  it('refuse bad input: a rating outside 1–5, a text too long or with control characters', async () => {
    const { course, learners } = await courseWithLearners(1);
    const [learner] = learners as [TestUser];
    const url = `/api/courses/${course.id}/review`;
    for (const payload of [
      { rating: 0 },
      { rating: 6 },
      { rating: 4.5 },
      { rating: '5' },
      {},
      { rating: 3, body: 'x'.repeat(2001) },
      { rating: 3, body: 'bell\u0007' },
      { rating: 3, body: 'null\u0000byte' },
      { rating: 3, body: ['not', 'text'] },
    ]) {
      const answer = await call('PUT', url, learner, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().message).toBeTruthy();
    }
    expect((await call('PUT', url, learner, { rating: 3, body: 'x'.repeat(2000) })).statusCode).toBe(200);
    // Rich text is not interpreted: it is stored and returned as the text it is.
    const html = await call('PUT', url, learner, { rating: 3, body: '<b>bold</b><script>alert(1)</script>' });
    expect(html.json().body).toBe('<b>bold</b><script>alert(1)</script>');
  });

  it('the creator replies once per review; others may not', async () => {
    const { course, learners } = await courseWithLearners(2);
    const [learner, peer] = learners as [TestUser, TestUser];
    const review = (await call('PUT', `/api/courses/${course.id}/review`, learner, { rating: 3, body: 'Too fast.' })).json();
    const url = `/api/reviews/${review.id}/reply`;
    expect((await call('PUT', url, undefined, { body: 'Thanks' })).statusCode).toBe(401);
    expect((await call('PUT', url, peer, { body: 'Thanks' })).statusCode).toBe(403);
    expect((await call('PUT', url, learner, { body: 'Thanks' })).statusCode).toBe(403);
    expect((await call('PUT', url, otherCreator, { body: 'Thanks' })).statusCode).toBe(403);
    expect((await call('PUT', url, creator, { body: '' })).statusCode).toBe(400);
    const replied = await call('PUT', url, creator, { body: 'Thanks, a slower module is coming.' });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json().reply).toMatchObject({ body: 'Thanks, a slower module is coming.' });
    const edited = (await call('PUT', url, creator, { body: 'Thanks: a slower module is out.' })).json();
    expect(edited.reply.body).toBe('Thanks: a slower module is out.');
    expect(edited.reply.createdAt).toBe(replied.json().reply.createdAt);
    expect(
      (await call('PUT', '/api/reviews/00000000-0000-4000-8000-000000000000/reply', creator, { body: 'x' })).statusCode,
    ).toBe(404);
    expect((await call('PUT', '/api/reviews/not-an-id/reply', creator, { body: 'x' })).statusCode).toBe(404);
  });

  it('a report keeps the review visible; only an admin hides it, which takes it out of the list and the rating', async () => {
    const { course, learners } = await courseWithLearners(2);
    const [learner, peer] = learners as [TestUser, TestUser];
    const review = (await call('PUT', `/api/courses/${course.id}/review`, learner, { rating: 1, body: 'Spam spam' })).json();
    await call('PUT', `/api/courses/${course.id}/review`, peer, { rating: 5 });
    const reporter = await createUser(t.db.db);

    expect((await call('POST', `/api/reviews/${review.id}/report`)).statusCode).toBe(401);
    expect((await call('POST', `/api/reviews/${review.id}/report`, learner)).statusCode).toBe(400);
    expect((await call('POST', `/api/reviews/${review.id}/report`, reporter)).json()).toEqual({ reported: true });
    expect((await call('POST', `/api/reviews/${review.id}/report`, reporter)).statusCode).toBe(200);
    // The course's creator reports too, as anyone: they reply and report, and hide nothing.
    expect((await call('POST', `/api/reviews/${review.id}/report`, creator)).json()).toEqual({ reported: true });
    expect((await call('GET', `/api/courses/${course.id}/reviews`)).json().items).toHaveLength(2);
    const reported = (await call('GET', '/api/admin/reviews', admin)).json();
    expect(reported.items.find((item: { id: string }) => item.id === review.id)).toMatchObject({ reportCount: 2, hidden: false });

    expect((await call('PUT', `/api/reviews/${review.id}/hidden`, creator, { hidden: true })).statusCode).toBe(404);
    expect((await call('PUT', `/api/admin/reviews/${review.id}/hidden`, creator, { hidden: true })).statusCode).toBe(403);
    expect((await call('PUT', `/api/admin/reviews/${review.id}/hidden`, admin, { hidden: true })).statusCode).toBe(200);
    const list = (await call('GET', `/api/courses/${course.id}/reviews`)).json();
    expect(list.items.map((item: { id: string }) => item.id)).not.toContain(review.id);
    expect(list.summary).toMatchObject({ average: 5, count: 1 });
    expect(await courseJson(course.id)).toMatchObject({ rating: 5, ratingCount: 1 });
    // Its author still sees it, to edit or delete.
    expect((await call('GET', `/api/courses/${course.id}/reviews`, learner)).json().mine).toMatchObject({ id: review.id });

    // The creator cannot show again what an admin hid; an admin can, and both are in the audit log.
    expect((await call('PUT', `/api/reviews/${review.id}/hidden`, creator, { hidden: false })).statusCode).toBe(404);
    expect(await courseJson(course.id)).toMatchObject({ rating: 5, ratingCount: 1 });
    expect((await call('PUT', `/api/admin/reviews/${review.id}/hidden`, admin, { hidden: false })).statusCode).toBe(200);
    expect(await courseJson(course.id)).toMatchObject({ rating: 3, ratingCount: 2 });
    const audit = await t.db.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, review.id));
    expect(audit.map((row) => row.action).sort()).toEqual(['review.hide', 'review.unhide']);
  });

  it('the cached first page follows every change: a new review, an edit, a rename of its author, a hide, a change made in the database', async () => {
    const { course, learners } = await courseWithLearners(2);
    const [author, other] = learners as [TestUser, TestUser];
    const firstPage = async () => (await call('GET', `/api/courses/${course.id}/reviews`)).json();
    expect((await firstPage()).items).toEqual([]);
    const review = (await call('PUT', `/api/courses/${course.id}/review`, author, { rating: 4, body: 'Good' })).json();
    expect((await firstPage()).items.map((item: { body: string }) => item.body)).toEqual(['Good']);
    await call('PUT', `/api/courses/${course.id}/review`, author, { rating: 2, body: 'Worse on a second look' });
    expect((await firstPage()).items[0]).toMatchObject({ rating: 2, body: 'Worse on a second look' });
    expect((await firstPage()).summary).toMatchObject({ average: 2, count: 1, distribution: { '2': 1, '4': 0 } });

    expect((await call('PATCH', '/api/auth/me', author, { name: 'Renamed Reviewer' })).statusCode).toBe(200);
    expect((await firstPage()).items[0].user.name).toBe('Renamed Reviewer');

    await call('PUT', `/api/courses/${course.id}/review`, other, { rating: 5 });
    await call('PUT', `/api/admin/reviews/${review.id}/hidden`, admin, { hidden: true });
    expect((await firstPage()).items.map((item: { rating: number }) => item.rating)).toEqual([5]);

    await t.db.db.update(reviews).set({ body: 'Edited in the database' }).where(eq(reviews.userId, other.id));
    await expect.poll(async () => (await firstPage()).items[0].body, { timeout: 5_000 }).toBe('Edited in the database');
  });

  it('reviews of a draft are as undiscoverable as the draft', async () => {
    const { course } = await courseWithLearners(0, { published: false });
    const student = await createUser(t.db.db);
    expect((await call('GET', `/api/courses/${course.id}/reviews`)).statusCode).toBe(404);
    expect((await call('GET', `/api/courses/${course.id}/reviews`, student)).statusCode).toBe(404);
    expect((await call('PUT', `/api/courses/${course.id}/review`, student, { rating: 4 })).statusCode).toBe(404);
    expect((await call('GET', `/api/courses/${course.id}/reviews`, creator)).statusCode).toBe(200);
    expect((await call('GET', '/api/courses/not-an-id/reviews')).statusCode).toBe(404);
  });

  it('page by cursor, newest or most helpful first, never repeating or skipping a review while others arrive', async () => {
    const { course, learners } = await courseWithLearners(7);
    for (const [i, learner] of learners.slice(0, 5).entries()) {
      await call('PUT', `/api/courses/${course.id}/review`, learner, { rating: 5, body: 'word '.repeat(i).trim() });
    }
    const pages = async (sort: 'newest' | 'helpful', during?: () => Promise<unknown>) => {
      const seen: { id: string; body: string }[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
        const page = (await call('GET', `/api/courses/${course.id}/reviews?${query}`)).json();
        seen.push(...page.items);
        cursor = page.nextCursor;
        if (during) await during();
      } while (cursor);
      return seen;
    };
    const newest = await pages('newest');
    expect(newest.map((review) => review.body)).toEqual(['word word word word', 'word word word', 'word word', 'word', '']);
    // Nobody voted yet: the most helpful are the newest.
    const helpful = await pages('helpful');
    expect(helpful.map((review) => review.id)).toEqual(newest.map((review) => review.id));

    // New reviews arriving while paging come before the pages already read: none is seen twice or missed.
    const late = learners.slice(5);
    const during = await pages('newest', async () => {
      const next = late.shift();
      if (next) await call('PUT', `/api/courses/${course.id}/review`, next, { rating: 4 });
    });
    expect(new Set(during.map((review) => review.id)).size).toBe(during.length);
    expect(during.slice(0, 5).map((review) => review.id)).toEqual(newest.map((review) => review.id));

    expect((await call('GET', `/api/courses/${course.id}/reviews?cursor=garbage`)).statusCode).toBe(400);
    expect((await call('GET', `/api/courses/${course.id}/reviews?limit=101`)).statusCode).toBe(400);
    expect((await call('GET', `/api/courses/${course.id}/reviews?sort=best`)).statusCode).toBe(400);
  });
});

describe('helpful votes', () => {
  const vote = (reviewId: string, user?: TestUser) => call('POST', `/api/reviews/${reviewId}/helpful`, user);
  const unvote = (reviewId: string, user?: TestUser) => call('DELETE', `/api/reviews/${reviewId}/helpful`, user);

  it('one per signed-in person, counted once however often cast, withdrawn as often; never on one’s own review or course', async () => {
    const { course, learners } = await courseWithLearners(1);
    const [author] = learners as [TestUser];
    const review = (await call('PUT', `/api/courses/${course.id}/review`, author, { rating: 4, body: 'Useful' })).json();
    expect(review).toMatchObject({ helpfulCount: 0, votedHelpful: false });
    const [reader, other] = [await createUser(t.db.db), await createUser(t.db.db)];
    const firstPage = async (user?: TestUser) =>
      (await call('GET', `/api/courses/${course.id}/reviews`, user)).json().items[0] as Record<string, unknown>;
    expect(await firstPage()).toMatchObject({ helpfulCount: 0, votedHelpful: false });

    expect((await vote(review.id)).statusCode).toBe(401);
    const own = await vote(review.id, author);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot vote on your own review');
    expect((await vote(review.id, creator)).json()).toEqual({ message: 'You cannot vote on reviews of your own course' });

    expect((await vote(review.id, reader)).json()).toEqual({ id: review.id, helpfulCount: 1, votedHelpful: true });
    const [again, concurrent] = await Promise.all([vote(review.id, reader), vote(review.id, reader)]);
    expect(again.json()).toMatchObject({ helpfulCount: 1, votedHelpful: true });
    expect(concurrent.json()).toMatchObject({ helpfulCount: 1, votedHelpful: true });
    expect((await vote(review.id, other)).json()).toMatchObject({ helpfulCount: 2 });
    // The first page is cached for everyone; whether the caller voted is their own.
    expect(await firstPage(reader)).toMatchObject({ helpfulCount: 2, votedHelpful: true });
    expect(await firstPage()).toMatchObject({ helpfulCount: 2, votedHelpful: false });
    expect(await firstPage(author)).toMatchObject({ helpfulCount: 2, votedHelpful: false });

    expect((await unvote(review.id, other)).json()).toEqual({ id: review.id, helpfulCount: 1, votedHelpful: false });
    expect((await unvote(review.id, other)).json()).toMatchObject({ helpfulCount: 1, votedHelpful: false });
    expect(await firstPage(other)).toMatchObject({ helpfulCount: 1, votedHelpful: false });

    // A hidden review, an unknown one and a draft's are all not there.
    expect((await call('PUT', `/api/admin/reviews/${review.id}/hidden`, admin, { hidden: true })).statusCode).toBe(200);
    expect((await vote(review.id, other)).statusCode).toBe(404);
    expect((await unvote(review.id, reader)).statusCode).toBe(404);
    expect((await vote('00000000-0000-4000-8000-000000000000', reader)).statusCode).toBe(404);
    expect((await vote('not-an-id', reader)).statusCode).toBe(404);
    const draft = await courseWithLearners(1, { published: false });
    await t.db.db.insert(reviews).values({ courseId: draft.course.id, userId: draft.learners[0]?.id ?? '', rating: 3 });
    const [drafted] = await t.db.db.select().from(reviews).where(eq(reviews.courseId, draft.course.id));
    expect((await vote(drafted?.id ?? '', reader)).statusCode).toBe(404);
  });

  it('"Most helpful" orders by votes, then newest, a page at a time', async () => {
    const { course, learners } = await courseWithLearners(4);
    const made: string[] = [];
    for (const [i, learner] of learners.entries()) {
      made.push((await call('PUT', `/api/courses/${course.id}/review`, learner, { rating: 5, body: `Review ${i}` })).json().id);
    }
    const voters = [await createUser(t.db.db), await createUser(t.db.db)];
    const votesFor = [0, 2, 1, 2];
    for (const [i, count] of votesFor.entries()) {
      for (const voter of voters.slice(0, count)) expect((await vote(made[i] ?? '', voter)).statusCode).toBe(200);
    }
    const seen: { body: string; helpfulCount: number }[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `sort=helpful&limit=1${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await call('GET', `/api/courses/${course.id}/reviews?${query}`)).json();
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    // Two votes each: the newer first; then one vote; then none.
    expect(seen.map((review) => [review.body, review.helpfulCount])).toEqual([
      ['Review 3', 2],
      ['Review 1', 2],
      ['Review 2', 1],
      ['Review 0', 0],
    ]);
    const first = (await call('GET', `/api/courses/${course.id}/reviews?sort=helpful`)).json();
    expect(first.items.map((review: { body: string }) => review.body)).toEqual(['Review 3', 'Review 1', 'Review 2', 'Review 0']);
    // A vote moves a review up at once, in the cached first page too.
    await vote(made[0] ?? '', voters[0]);
    await vote(made[0] ?? '', voters[1]);
    await vote(made[0] ?? '', await createUser(t.db.db));
    const after = (await call('GET', `/api/courses/${course.id}/reviews?sort=helpful`)).json();
    expect(after.items[0]).toMatchObject({ body: 'Review 0', helpfulCount: 3 });
  });

  it('are limited per person and minute', async () => {
    const limited = await createTestApp({ db: t.db, env: { RATE_LIMIT_REVIEW_VOTES_PER_MINUTE: '3' } });
    try {
      const { course, learners } = await courseWithLearners(1);
      const review = (await call('PUT', `/api/courses/${course.id}/review`, learners[0], { rating: 3 })).json();
      const reader = await createUser(t.db.db);
      const send = (method: 'POST' | 'DELETE') =>
        limited.app.inject({ method, url: `/api/reviews/${review.id}/helpful`, headers: bearer(reader) });
      expect((await send('POST')).statusCode).toBe(200);
      expect((await send('DELETE')).statusCode).toBe(200);
      expect((await send('POST')).statusCode).toBe(200);
      const refused = await send('DELETE');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
