import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollments, ledgerEntries, payments } from '#db/schema/index';
import { addContent, bearer, createCourse, createUser, enroll, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { isTestProcessor } from '../../lib/payments/test-processor';
import { sqlRows } from '../../lib/sql-rows';

let t: TestApp;
let now = Date.now();
let creator: TestUser;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  creator = await createUser(t.db.db, { role: 'creator' });
});
afterAll(() => t.close());

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2031, cvc: '123' };
const send = (method: 'GET' | 'POST', url: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });
const refund = (user: TestUser | undefined, courseId: string) => send('POST', `/api/courses/${courseId}/refund`, user);

/** A paid course of two slides (or `lessonCount`), bought by a new student through the API. */
async function bought(priceCents = 4000, lessonCount = 2) {
  const course = await createCourse(t.db.db, creator.id, { priceCents });
  const content = await addContent(t.db.db, course.id, { lessonCount, quizCount: 0 });
  const buyer = await createUser(t.db.db);
  const { paymentIntentId } = (await send('POST', '/api/create-payment-intent', buyer, { courseId: course.id })).json();
  await send('POST', `/api/test-payments/${paymentIntentId}/confirm`, buyer, GOOD_CARD);
  expect((await send('POST', '/api/confirm-payment', buyer, { paymentIntentId, courseId: course.id })).statusCode).toBe(200);
  return { course, buyer, content, paymentIntentId };
}

describe('POST /api/courses/{id}/refund', () => {
  it('returns the money, ends the enrollment and takes the sale back out of the figures', async () => {
    const { course, buyer, content } = await bought();
    expect((await send('GET', `/api/courses/${course.id}`)).json().studentCount).toBe(1);
    expect((await send('GET', `/api/modules/${content.module.id}/lessons`, buyer)).statusCode).toBe(200);

    const refunded = await refund(buyer, course.id);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toEqual({ status: 'refunded', amount: '40.00' });

    const [payment] = await t.db.db.select().from(payments).where(eq(payments.userId, buyer.id));
    expect(payment).toMatchObject({ status: 'refunded', refundReason: 'requested' });
    expect(
      await t.db.db
        .select()
        .from(enrollments)
        .where(and(eq(enrollments.userId, buyer.id), eq(enrollments.courseId, course.id))),
    ).toHaveLength(0);
    // The course leaves My Courses, its content closes, its count and its creator's figures follow.
    expect((await send('GET', '/api/my-courses', buyer)).json().map((c: { id: string }) => c.id)).not.toContain(course.id);
    expect((await send('GET', `/api/modules/${content.module.id}/lessons`, buyer)).statusCode).toBe(403);
    expect((await send('GET', `/api/courses/${course.id}`)).json().studentCount).toBe(0);
    const figures = (await send('GET', '/api/creator/earnings', creator)).json();
    const row = figures.byCourse.find((c: { courseId: string }) => c.courseId === course.id);
    // The refund returned its fee: the platform keeps nothing of a sale that went back.
    expect(row).toMatchObject({ gross: '40.00', fees: '0.00', refunds: '40.00', net: '0.00' });
    const unbalanced = await sqlRows(
      t.db.db,
      sql`SELECT transaction_id FROM ${ledgerEntries} WHERE payment_id = ${payment?.id} GROUP BY 1 HAVING sum(amount_cents) <> 0`,
    );
    expect(unbalanced).toEqual([]);
    // The certificate route answers as for anyone not enrolled.
    expect((await send('GET', `/api/courses/${course.id}/certificate`, buyer)).statusCode).toBe(403);
  });

  it('refunds once, however often and however concurrently asked', async () => {
    const { course, buyer } = await bought();
    const answers = await Promise.all([refund(buyer, course.id), refund(buyer, course.id), refund(buyer, course.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().message).toBe('This payment has already been refunded');
    const again = await refund(buyer, course.id);
    expect(again.statusCode).toBe(409);
    const reversals = await t.db.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.courseId, course.id), eq(ledgerEntries.kind, 'refund')));
    expect(reversals).toHaveLength(3);
  });

  it('refuses after 30 days and from 30 % progress, saying why', async () => {
    const late = await bought();
    const saved = now;
    now = Date.now() + 31 * 24 * 3_600_000;
    try {
      const refused = await refund(late.buyer, late.course.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/^A refund can be asked within 30 days of buying; you bought this course on /);
    } finally {
      now = saved;
    }

    const studied = await bought();
    const lesson = studied.content.lessons[0];
    const done = await send('POST', '/api/progress', studied.buyer, { courseId: studied.course.id, lessonId: lesson?.id });
    expect(done.statusCode, done.body).toBe(200);
    const refused = await refund(studied.buyer, studied.course.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A refund can be asked before 30 % of the course is done; you have done 50 %');
    expect(await t.db.db.select().from(enrollments).where(eq(enrollments.userId, studied.buyer.id))).toHaveLength(1);
  });

  it('refunds the payment that bought the course, whatever newer duplicate was returned since', async () => {
    const course = await createCourse(t.db.db, creator.id, { priceCents: 2500 });
    await addContent(t.db.db, course.id, { lessonCount: 4, quizCount: 0 });
    const buyer = await createUser(t.db.db);
    const open = async () =>
      (await send('POST', '/api/create-payment-intent', buyer, { courseId: course.id })).json().paymentIntentId as string;
    const [first, second] = [await open(), await open()];
    // The second tab's card went through at the processor before the app heard of it; the first tab
    // buys the course, and the second payment, arriving for a course its buyer owns, goes back.
    const processor = t.app.payments;
    if (!isTestProcessor(processor)) throw new Error('the test processor is expected');
    await processor.confirm({ intentId: second, ...GOOD_CARD });
    expect((await send('POST', `/api/test-payments/${first}/confirm`, buyer, GOOD_CARD)).json()).toEqual({ status: 'succeeded' });
    const statusOf = async (intentId: string) =>
      (await t.db.db.select().from(payments).where(eq(payments.providerPaymentId, intentId)))[0];
    expect(await statusOf(second)).toMatchObject({ status: 'refunded', refundReason: 'already_owned' });

    const refunded = await refund(buyer, course.id);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toEqual({ status: 'refunded', amount: '25.00' });
    expect(await statusOf(first)).toMatchObject({ status: 'refunded', refundReason: 'requested' });
    expect((await refund(buyer, course.id)).json().message).toBe('This payment has already been refunded');
  });

  describe('judges the most of the course the buyer ever did', () => {
    const mark = (user: TestUser, lessonId: string | undefined, completed: boolean) =>
      send('POST', '/api/progress', user, { lessonId, completed });

    it('refuses after the buyer undid the slides of a course they finished', async () => {
      const { course, buyer, content } = await bought();
      for (const lesson of content.lessons) expect((await mark(buyer, lesson.id, true)).statusCode).toBe(200);
      for (const lesson of content.lessons) expect((await mark(buyer, lesson.id, false)).statusCode).toBe(200);
      expect((await send('GET', `/api/courses/${course.id}/progress`, buyer)).json().lessons).toEqual(
        content.lessons.map((lesson) => expect.objectContaining({ lessonId: lesson.id, completed: false })),
      );
      const refused = await refund(buyer, course.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('A refund can be asked before 30 % of the course is done; you have done 100 %');
    });

    it('refuses after the creator added slides to a course the buyer had finished', async () => {
      const { course, buyer, content } = await bought();
      // At once, so the marks share one statement: each counts the other.
      await Promise.all(content.lessons.map((lesson) => mark(buyer, lesson.id, true)));
      await addContent(t.db.db, course.id, { lessonCount: 8, quizCount: 0 });
      expect((await send('GET', `/api/my-courses`, buyer)).json().find((c: { id: string }) => c.id === course.id).progress).toBe(
        20,
      );
      const refused = await refund(buyer, course.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('A refund can be asked before 30 % of the course is done; you have done 100 %');
    });

    it('counts a passed quiz in the peak', async () => {
      const course = await createCourse(t.db.db, creator.id, { priceCents: 3000 });
      const content = await addContent(t.db.db, course.id, { lessonCount: 2, quizCount: 1, questionsPerQuiz: 1 });
      const buyer = await createUser(t.db.db);
      const { paymentIntentId } = (await send('POST', '/api/create-payment-intent', buyer, { courseId: course.id })).json();
      await send('POST', `/api/test-payments/${paymentIntentId}/confirm`, buyer, GOOD_CARD);
      const quizId = content.quizzes[0]?.id;
      const attempt = (await send('POST', `/api/quizzes/${quizId}/attempts`, buyer)).json();
      const [question] = (await send('GET', `/api/quizzes/${quizId}/questions`, buyer)).json();
      await send('POST', `/api/quiz-attempts/${attempt.id}/answers`, buyer, { questionId: question.id, selectedOption: 1 });
      const done = await t.app.inject({
        method: 'PATCH',
        url: `/api/quiz-attempts/${attempt.id}/complete`,
        headers: bearer(buyer),
      });
      expect(done.json()).toMatchObject({ status: 'completed', score: 1 });
      // One item of three done (33 %); two more slides bring today's percent to 20 %, under the threshold.
      await addContent(t.db.db, course.id, { lessonCount: 2, quizCount: 0 });
      const refused = await refund(buyer, course.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('A refund can be asked before 30 % of the course is done; you have done 33 %');
    });

    it('refuses once the certificate was issued, even after every slide was undone', async () => {
      const { course, buyer, content } = await bought();
      for (const lesson of content.lessons) await mark(buyer, lesson.id, true);
      const certificate = await send('GET', `/api/courses/${course.id}/certificate`, buyer);
      expect(certificate.statusCode).toBe(200);
      for (const lesson of content.lessons) await mark(buyer, lesson.id, false);
      const refused = await refund(buyer, course.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('A refund cannot be asked once the certificate of the course has been issued');
      const verified = await send('GET', `/api/certificates/${certificate.headers['x-certificate-id']}`);
      expect(verified.json()).toMatchObject({ revokedAt: null, revokedReason: null });
    });

    it('still refunds below 30 %, with the slide undone or not', async () => {
      const course = await createCourse(t.db.db, creator.id, { priceCents: 1000 });
      const content = await addContent(t.db.db, course.id, { lessonCount: 4, quizCount: 0 });
      const buyer = await createUser(t.db.db);
      const { paymentIntentId } = (await send('POST', '/api/create-payment-intent', buyer, { courseId: course.id })).json();
      await send('POST', `/api/test-payments/${paymentIntentId}/confirm`, buyer, GOOD_CARD);
      await mark(buyer, content.lessons[0]?.id, true);
      await mark(buyer, content.lessons[0]?.id, false);
      expect((await refund(buyer, course.id)).json()).toEqual({ status: 'refunded', amount: '10.00' });
    });
  });

  it("removes the refunded buyer's review from the list and the rating, cached or not", async () => {
    const { course, buyer, content } = await bought(4000, 4);
    const other = await createUser(t.db.db);
    await enroll(t.db.db, other.id, course.id);
    for (const [user, rating] of [
      [buyer, 1],
      [other, 5],
    ] as const) {
      await send('POST', '/api/progress', user, { lessonId: content.lessons[0]?.id, completed: true });
      const reviewed = await t.app.inject({
        method: 'PUT',
        url: `/api/courses/${course.id}/review`,
        headers: bearer(user),
        payload: { rating, body: `Rated ${rating}` },
      });
      expect(reviewed.statusCode, reviewed.body).toBe(200);
    }
    // Votes go with the review (migration 0034's cascade, its count kept by trigger).
    const buyerReview = (await send('GET', `/api/courses/${course.id}/reviews`, buyer)).json().mine;
    expect((await send('POST', `/api/reviews/${buyerReview.id}/helpful`, other)).json()).toMatchObject({ helpfulCount: 1 });
    // Read once, so the read cache holds the page and the course's rating.
    const before = (await send('GET', `/api/courses/${course.id}/reviews`)).json();
    expect(before.summary).toMatchObject({ average: 3, count: 2 });
    expect((await send('GET', `/api/courses/${course.id}`)).json()).toMatchObject({ rating: 3, ratingCount: 2 });

    expect((await refund(buyer, course.id)).json()).toMatchObject({ status: 'refunded' });
    const after = (await send('GET', `/api/courses/${course.id}/reviews`)).json();
    expect(after.items.map((review: { user: { id: string } }) => review.user.id)).toEqual([other.id]);
    expect(after.summary).toEqual({ average: 5, count: 1, distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 1 } });
    expect((await send('GET', `/api/courses/${course.id}`)).json()).toMatchObject({ rating: 5, ratingCount: 1 });
  });

  it('has nothing to refund without a payment: guests, free enrollments, other people, unknown courses', async () => {
    const { course, buyer } = await bought();
    expect((await refund(undefined, course.id)).statusCode).toBe(401);
    const stranger = await createUser(t.db.db);
    const none = await refund(stranger, course.id);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('You have no payment for this course to refund');
    const free = await createCourse(t.db.db, creator.id, { priceCents: 0 });
    await enroll(t.db.db, stranger.id, free.id);
    expect((await refund(stranger, free.id)).statusCode).toBe(409);
    expect((await refund(creator, course.id)).statusCode).toBe(409);
    expect((await refund(buyer, 'not-a-course')).statusCode).toBe(404);
    // Still enrolled after all the refusals.
    expect((await send('GET', '/api/my-courses', buyer)).json().map((c: { id: string }) => c.id)).toContain(course.id);
  });
});
