import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, quizAttempts } from '#db/schema/index';
import { addContent, bearer, createCourse, createUser, enroll, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';

/*
 * Issue 21 §11: starting quiz attempts and payment intents costs rows, so each is limited per user
 * and minute (429 with Retry-After), with generous defaults no learner meets.
 */

const MINUTE = 60_000;
// In the middle of a minute: a test's window never turns under it unless the test moves the clock.
let now = Date.UTC(2030, 0, 1, 12, 0, 15);
let t: TestApp;
let creator: TestUser;
let quizId: string;
let quizCourseId: string;
let paidCourseId: string;

beforeAll(async () => {
  t = await createTestApp({
    clock: () => now,
    env: { RATE_LIMIT_QUIZ_ATTEMPTS_PER_MINUTE: '3', RATE_LIMIT_PAYMENT_INTENTS_PER_MINUTE: '2' },
    // Its clock is years after the rows' own times: a purge would take the intents the tests count.
    config: { purgeIntervalMs: Number.POSITIVE_INFINITY },
  });
  creator = await createUser(t.db.db, { role: 'creator' });
  const course = await createCourse(t.db.db, creator.id);
  quizCourseId = course.id;
  quizId = (await addContent(t.db.db, course.id, { lessonCount: 1, quizCount: 1 })).quizzes[0]?.id as string;
  paidCourseId = (await createCourse(t.db.db, creator.id, { priceCents: 2500 })).id;
});
afterAll(() => t?.close());

async function learner() {
  const user = await createUser(t.db.db);
  await enroll(t.db.db, user.id, quizCourseId);
  return user;
}
const startAttempt = (user: TestUser) =>
  t.app.inject({ method: 'POST', url: `/api/quizzes/${quizId}/attempts`, headers: bearer(user), payload: {} });
const attemptsOf = async (user: TestUser) =>
  (await t.db.db.select().from(quizAttempts).where(eq(quizAttempts.userId, user.id))).length;
const createIntent = (user: TestUser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: bearer(user),
    payload: { courseId: paidCourseId },
  });

function expectLimited(response: Awaited<ReturnType<typeof startAttempt>>) {
  expect(response.statusCode, response.body).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(response.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds?\.$/);
}

describe('POST /api/quizzes/{id}/attempts', () => {
  it('answers 429 with Retry-After past the limit a minute, per user, and again after the minute', async () => {
    const [learnerA, learnerB] = [await learner(), await learner()];
    for (let i = 0; i < 3; i++) expect((await startAttempt(learnerA)).statusCode).toBe(200);
    const before = await attemptsOf(learnerA);
    expectLimited(await startAttempt(learnerA));
    expectLimited(await startAttempt(learnerA));
    // A refused call starts nothing.
    expect(await attemptsOf(learnerA)).toBe(before);
    // Another learner has a limit of their own.
    expect((await startAttempt(learnerB)).statusCode).toBe(200);
    now += MINUTE;
    expect((await startAttempt(learnerA)).statusCode).toBe(200);
  });

  it('counts nothing for callers it refuses anyway', async () => {
    const stranger = await createUser(t.db.db);
    for (let i = 0; i < 5; i++) expect((await startAttempt(stranger)).statusCode).toBe(403);
    const guest = await t.app.inject({ method: 'POST', url: `/api/quizzes/${quizId}/attempts`, payload: {} });
    expect(guest.statusCode).toBe(401);
  });
});

describe('POST /api/create-payment-intent', () => {
  it('answers 429 with Retry-After past the limit a minute, per user, recording no payment', async () => {
    const [buyerA, buyerB] = [await createUser(t.db.db), await createUser(t.db.db)];
    for (let i = 0; i < 2; i++) expect((await createIntent(buyerA)).statusCode).toBe(200);
    expectLimited(await createIntent(buyerA));
    expect(await t.db.db.select().from(payments).where(eq(payments.userId, buyerA.id))).toHaveLength(2);
    expect((await createIntent(buyerB)).statusCode).toBe(200);
    now += MINUTE;
    expect((await createIntent(buyerA)).statusCode).toBe(200);
  });
});

describe('the default limits', () => {
  it('let a learner start 30 attempts and a buyer create 30 intents a minute', async () => {
    const defaults = await createTestApp({ db: t.db, clock: () => now, config: { purgeIntervalMs: Number.POSITIVE_INFINITY } });
    try {
      const [user, buyer] = [await learner(), await createUser(t.db.db)];
      const call = (url: string, who: TestUser, payload: object) =>
        defaults.app.inject({ method: 'POST', url, headers: bearer(who), payload });
      for (let i = 0; i < 30; i++) {
        expect((await call(`/api/quizzes/${quizId}/attempts`, user, {})).statusCode).toBe(200);
        expect((await call('/api/create-payment-intent', buyer, { courseId: paidCourseId })).statusCode).toBe(200);
      }
      expectLimited(await call(`/api/quizzes/${quizId}/attempts`, user, {}));
      expectLimited(await call('/api/create-payment-intent', buyer, { courseId: paidCourseId }));
    } finally {
      await defaults.close();
    }
  });
});
