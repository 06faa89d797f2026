import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, enrollments, payments } from '#db/schema/index';
import { bearer, createCourse, createUser, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { createDbTestIntentStore } from '../../lib/payments/test-intent-db-store';
import { createTestProcessor, isTestProcessor } from '../../lib/payments/test-processor';

let t: TestApp;
let creator: TestUser;
let student: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  creator = await createUser(t.db.db, { role: 'creator' });
  student = await createUser(t.db.db);
  other = await createUser(t.db.db);
});
afterAll(() => t.close());

function post(url: string, user: TestUser | undefined, payload: unknown) {
  return t.app.inject({ method: 'POST', url, headers: user ? bearer(user) : {}, payload: payload as object });
}
async function enrollmentsOf(userId: string, courseId: string) {
  return t.db.db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)));
}
/** The count shown on the course's card and page. */
async function studentCountOf(courseId: string): Promise<number> {
  return (await t.app.inject({ method: 'GET', url: `/api/courses/${courseId}` })).json().studentCount;
}
const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2031, cvc: '123' };
const DECLINED_CARD = { ...GOOD_CARD, cardNumber: '4000 0000 0000 0002' };

describe('POST /api/enroll-free', () => {
  it('enrolls a signed-in user in a free course once, however often asked', async () => {
    const course = await createCourse(t.db.db, creator.id);
    expect((await post('/api/enroll-free', undefined, { courseId: course.id })).statusCode).toBe(401);
    const first = await post('/api/enroll-free', student, { courseId: course.id });
    expect(first.statusCode, first.body).toBe(200);
    const [again, concurrent] = await Promise.all([
      post('/api/enroll-free', student, { courseId: course.id }),
      post('/api/enroll-free', student, { courseId: course.id }),
    ]);
    expect(again.json().enrolledAt).toBe(first.json().enrolledAt);
    expect(concurrent.json().enrolledAt).toBe(first.json().enrolledAt);
    expect(await enrollmentsOf(student.id, course.id)).toHaveLength(1);
    const mine = await t.app.inject({ method: 'GET', url: '/api/my-courses', headers: bearer(student) });
    expect(mine.json().map((c: { id: string }) => c.id)).toContain(course.id);
    expect(await studentCountOf(course.id)).toBe(1);
  });

  it("refuses the course's own creator, who reads it already, and counts nothing", async () => {
    const course = await createCourse(t.db.db, creator.id);
    const refused = await post('/api/enroll-free', creator, { courseId: course.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('You created this course, so you can already open it without enrolling');
    expect(await enrollmentsOf(creator.id, course.id)).toHaveLength(0);
    expect(await studentCountOf(course.id)).toBe(0);
    // Its own content stays open to it, enrolled or not.
    const progress = await t.app.inject({ method: 'GET', url: `/api/courses/${course.id}/progress`, headers: bearer(creator) });
    expect(progress.statusCode, progress.body).toBe(200);
    // Another creator joins like any student.
    const otherCreator = await createUser(t.db.db, { role: 'creator' });
    expect((await post('/api/enroll-free', otherCreator, { courseId: course.id })).statusCode).toBe(200);
  });

  it('refuses paid, draft, archived and unknown courses and bad bodies', async () => {
    const paid = await createCourse(t.db.db, creator.id, { priceCents: 1999 });
    const draft = await createCourse(t.db.db, creator.id, { published: false });
    const archived = await createCourse(t.db.db, creator.id, { archived: true });
    expect((await post('/api/enroll-free', student, { courseId: paid.id })).statusCode).toBe(400);
    expect((await post('/api/enroll-free', student, { courseId: draft.id })).statusCode).toBe(404);
    expect((await post('/api/enroll-free', student, { courseId: archived.id })).statusCode).toBe(404);
    expect((await post('/api/enroll-free', student, { courseId: 'not-a-uuid' })).statusCode).toBe(404);
    expect((await post('/api/enroll-free', student, {})).statusCode).toBe(400);
    expect((await post('/api/enroll-free', student, { courseId: 'x'.repeat(5000) })).statusCode).toBe(400);
    expect(await enrollmentsOf(student.id, paid.id)).toHaveLength(0);
  });
});

describe('paying for a course with the test processor', () => {
  it("charges the server's price, enrolls after a good card only, and confirms once", async () => {
    const course = await createCourse(t.db.db, creator.id, { priceCents: 4900 });
    expect((await post('/api/create-payment-intent', undefined, { courseId: course.id })).statusCode).toBe(401);
    const created = await post('/api/create-payment-intent', student, { courseId: course.id, amount: 1 });
    expect(created.statusCode, created.body).toBe(200);
    const { paymentIntentId, clientSecret, provider, amountCents } = created.json();
    expect({ provider, amountCents }).toEqual({ provider: 'test', amountCents: 4900 });
    expect(clientSecret).toContain('_secret_');

    // Not paid yet: no enrollment.
    const early = await post('/api/confirm-payment', student, { paymentIntentId, courseId: course.id });
    expect(early.statusCode).toBe(409);

    // Another user can neither pay nor confirm this intent.
    expect((await post(`/api/test-payments/${paymentIntentId}/confirm`, other, GOOD_CARD)).statusCode).toBe(404);

    const declined = await post(`/api/test-payments/${paymentIntentId}/confirm`, student, DECLINED_CARD);
    expect(declined.json()).toEqual({ status: 'requires_payment_method', error: 'Your card was declined.' });
    expect(await enrollmentsOf(student.id, course.id)).toHaveLength(0);
    const stillDeclined = await post('/api/confirm-payment', student, { paymentIntentId, courseId: course.id });
    expect(stillDeclined.statusCode).toBe(409);
    expect(stillDeclined.json().message).toBe('Your card was declined.');

    const paid = await post(`/api/test-payments/${paymentIntentId}/confirm`, student, GOOD_CARD);
    expect(paid.json()).toEqual({ status: 'succeeded' });
    const confirms = await Promise.all([
      post('/api/confirm-payment', student, { paymentIntentId, courseId: course.id }),
      post('/api/confirm-payment', student, { paymentIntentId, courseId: course.id }),
    ]);
    for (const confirm of confirms) expect(confirm.statusCode, confirm.body).toBe(200);
    expect(await enrollmentsOf(student.id, course.id)).toHaveLength(1);
    expect(await studentCountOf(course.id)).toBe(1);
    const [recorded] = await t.db.db.select().from(payments).where(eq(payments.providerPaymentId, paymentIntentId));
    expect(recorded).toMatchObject({
      userId: student.id,
      courseId: course.id,
      amountCents: 4900,
      status: 'succeeded',
      provider: 'test',
    });

    // Paying twice is refused: already enrolled.
    expect((await post('/api/create-payment-intent', student, { courseId: course.id })).statusCode).toBe(409);
    // The intent cannot enroll another user or buy another course.
    expect((await post('/api/confirm-payment', other, { paymentIntentId, courseId: course.id })).statusCode).toBe(404);
    const otherCourse = await createCourse(t.db.db, creator.id, { priceCents: 100 });
    const wrongCourse = await post('/api/confirm-payment', student, { paymentIntentId, courseId: otherCourse.id });
    expect(wrongCourse.statusCode).toBe(400);
    expect(await enrollmentsOf(student.id, otherCourse.id)).toHaveLength(0);
  });

  it('keeps the price an intent was made for when the creator changes it afterwards', async () => {
    const course = await createCourse(t.db.db, creator.id, { priceCents: 2500 });
    const buyer = await createUser(t.db.db);
    const { paymentIntentId } = (await post('/api/create-payment-intent', buyer, { courseId: course.id })).json();
    await t.db.db.update(courses).set({ priceCents: 9900 }).where(eq(courses.id, course.id));
    await post(`/api/test-payments/${paymentIntentId}/confirm`, buyer, GOOD_CARD);
    const confirmed = await post('/api/confirm-payment', buyer, { paymentIntentId, courseId: course.id });
    expect(confirmed.statusCode).toBe(200);
    const [recorded] = await t.db.db.select().from(payments).where(eq(payments.providerPaymentId, paymentIntentId));
    expect(recorded?.amountCents).toBe(2500);
  });

  it('refuses free, draft and unknown courses, unknown intents, and a webhook without Stripe', async () => {
    const free = await createCourse(t.db.db, creator.id);
    const draft = await createCourse(t.db.db, creator.id, { priceCents: 500, published: false });
    expect((await post('/api/create-payment-intent', student, { courseId: free.id })).statusCode).toBe(400);
    expect((await post('/api/create-payment-intent', student, { courseId: draft.id })).statusCode).toBe(404);
    // Its own creator pays nothing for it: no intent, no payment row to count as revenue.
    const paid = await createCourse(t.db.db, creator.id, { priceCents: 2500 });
    const own = await post('/api/create-payment-intent', creator, { courseId: paid.id });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe('You created this course, so you can already open it without enrolling');
    expect(await t.db.db.select().from(payments).where(eq(payments.courseId, paid.id))).toHaveLength(0);
    expect((await post('/api/confirm-payment', student, { paymentIntentId: 'pi_nope', courseId: free.id })).statusCode).toBe(404);
    expect((await post('/api/test-payments/pi_nope/confirm', student, GOOD_CARD)).statusCode).toBe(404);
    expect((await post('/api/test-payments/x/confirm', student, { cardNumber: 1 })).statusCode).toBe(400);
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: { type: 'payment_intent.succeeded' },
    });
    expect(webhook.statusCode).toBe(404);
  });
});

describe('two checkout tabs for one course', () => {
  /** The course's revenue on its analytics: its net, counted once per sale. */
  const revenueOf = async (courseId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/creator/courses/${courseId}/analytics`, headers: bearer(creator) })).json()
      .revenue;
  const paymentStatusOf = async (intentId: string) =>
    (await t.db.db.select({ status: payments.status }).from(payments).where(eq(payments.providerPaymentId, intentId)))[0]?.status;
  /** A buyer with two intents for one course, as two open tabs make. */
  async function twoTabs() {
    const buyer = await createUser(t.db.db);
    const course = await createCourse(t.db.db, creator.id, { priceCents: 3999 });
    const open = async () =>
      (await post('/api/create-payment-intent', buyer, { courseId: course.id })).json().paymentIntentId as string;
    return { buyer, course, first: await open(), second: await open() };
  }

  it('charges once: paying in one tab cancels the other, which can no longer be paid', async () => {
    const { buyer, course, first, second } = await twoTabs();
    expect((await post(`/api/test-payments/${first}/confirm`, buyer, GOOD_CARD)).json()).toEqual({ status: 'succeeded' });
    expect(await paymentStatusOf(second)).toBe('canceled');

    const late = await post(`/api/test-payments/${second}/confirm`, buyer, GOOD_CARD);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This checkout was closed: if you bought the course in another tab, it is yours already');
    expect(await enrollmentsOf(buyer.id, course.id)).toHaveLength(1);
    expect(await revenueOf(course.id)).toBe('31.99'); // One sale of 39.99, less its 20 % fee.
  });

  it('refunds at once a payment that still arrives for the course the buyer owns, and never counts it', async () => {
    const { buyer, course, first, second } = await twoTabs();
    // The second tab's card went through at the processor before the app heard of it.
    const processor = t.app.payments;
    if (!isTestProcessor(processor)) throw new Error('the test processor is expected');
    await processor.confirm({ intentId: second, ...GOOD_CARD });

    expect((await post(`/api/test-payments/${first}/confirm`, buyer, GOOD_CARD)).json()).toEqual({ status: 'succeeded' });
    expect(await paymentStatusOf(first)).toBe('succeeded');
    expect(await paymentStatusOf(second)).toBe('refunded');
    expect((await processor.intents.find(second))?.status).toBe('refunded');

    // The second tab confirms after all: enrolled (once), and told its payment came back.
    const confirmed = await post('/api/confirm-payment', buyer, { paymentIntentId: second, courseId: course.id });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ courseId: course.id, enrolled: true, refunded: true });
    expect(await enrollmentsOf(buyer.id, course.id)).toHaveLength(1);
    expect(await revenueOf(course.id)).toBe('31.99'); // One sale of 39.99, less its 20 % fee.
    expect(await studentCountOf(course.id)).toBe(1);
  });

  it('cancels the open checkouts of a course that became free and was joined without paying', async () => {
    const { buyer, course, first } = await twoTabs();
    await t.db.db.update(courses).set({ priceCents: 0 }).where(eq(courses.id, course.id));
    expect((await post('/api/enroll-free', buyer, { courseId: course.id })).statusCode).toBe(200);
    expect(await paymentStatusOf(first)).toBe('canceled');
    expect((await post(`/api/test-payments/${first}/confirm`, buyer, GOOD_CARD)).statusCode).toBe(409);
    expect(await revenueOf(course.id)).toBe('0.00');
  });
});

/** A retry's backoff short enough for a test (ADR 0037, 0041). */
const QUICK_RETRIES = { backoffBaseMs: 100, backoffMaxMs: 400, pollMs: 200 };

describe('a refund the provider cannot take at the time', () => {
  it('leaves the payment refund_pending, never counted, until its job retries it', async () => {
    const processor = createTestProcessor({ intents: createDbTestIntentStore(t.db.db) });
    let isDown = true;
    const flaky = {
      ...processor,
      refundIntent: async (id: string) => {
        if (isDown) throw new Error('the processor is unreachable');
        return processor.refundIntent(id);
      },
    };
    const shop = await createTestApp({ db: t.db, paymentProvider: flaky, jobTimings: QUICK_RETRIES });
    try {
      const buyer = await createUser(t.db.db);
      const course = await createCourse(t.db.db, creator.id, { priceCents: 3999 });
      const open = async () =>
        (
          await shop.app.inject({
            method: 'POST',
            url: '/api/create-payment-intent',
            headers: bearer(buyer),
            payload: { courseId: course.id },
          })
        ).json().paymentIntentId as string;
      const [first, second] = [await open(), await open()];
      await processor.confirm({ intentId: second, ...GOOD_CARD });
      const paid = await shop.app.inject({
        method: 'POST',
        url: `/api/test-payments/${first}/confirm`,
        headers: bearer(buyer),
        payload: GOOD_CARD,
      });
      expect(paid.json()).toEqual({ status: 'succeeded' });
      const statusOf = async (intentId: string) =>
        (await t.db.db.select({ status: payments.status }).from(payments).where(eq(payments.providerPaymentId, intentId)))[0]
          ?.status;
      expect(await statusOf(second)).toBe('refund_pending');

      // Its own job tries again after a backoff, and the provider takes it once it is back.
      isDown = false;
      await expect.poll(() => statusOf(second), { timeout: 10_000 }).toBe('refunded');
      expect((await processor.intents.find(second))?.status).toBe('refunded');
    } finally {
      await shop.close();
    }
  });
});
