import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, enrollments, paymentEvents, payments } from '#db/schema/index';
import { bearer, createCourse, createUser, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { postStripeWebhook, startStripeForTests, stripeEvent } from '#tests/helpers/stripe';
import type { StripeStandIn } from '#tests/helpers/stripe-stand-in';

let standIn: StripeStandIn;
let webhookSecret: string;
let t: TestApp;
let creator: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  const stripe = await startStripeForTests({ publishableKey: 'pk_test_123' });
  ({ standIn, webhookSecret } = stripe);
  t = await createTestApp({ paymentProvider: stripe.provider });
  creator = await createUser(t.db.db, { role: 'creator' });
  buyer = await createUser(t.db.db);
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

const post = (url: string, user: TestUser, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(user), payload });
/** A webhook event as Stripe would send it now: the intent as it is at this moment. */
function eventOf(type: string, intentId: string) {
  return stripeEvent(type, standIn.intent(intentId));
}
function webhook(type: string, intentId: string, secret = webhookSecret) {
  return deliver(eventOf(type, intentId), secret);
}
function deliver(payload: string, secret = webhookSecret) {
  return postStripeWebhook(t, payload, secret);
}
async function enrolled(userId: string, courseId: string) {
  return (
    await t.db.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
  ).length;
}

describe('paying with Stripe (the SDK against a local stand-in of its API)', () => {
  it("creates the intent at the server's price, enrolls on the signed webhook, and a confirm afterwards changes nothing", async () => {
    const course = await createCourse(t.db.db, creator.id, { priceCents: 3900 });
    const created = await post('/api/create-payment-intent', buyer, { courseId: course.id });
    expect(created.statusCode, created.body).toBe(200);
    const { paymentIntentId, provider, publishableKey, clientSecret } = created.json();
    expect({ provider, publishableKey }).toEqual({ provider: 'stripe', publishableKey: 'pk_test_123' });
    expect(clientSecret).toContain('_secret_');
    expect(standIn.intent(paymentIntentId)).toMatchObject({ amount: 3900, currency: 'usd' });
    // The test processor's card route does not exist with Stripe.
    expect(
      (
        await post(`/api/test-payments/${paymentIntentId}/confirm`, buyer, {
          cardNumber: '4242',
          expMonth: 1,
          expYear: 2030,
          cvc: '1',
        })
      ).statusCode,
    ).toBe(404);

    expect((await post('/api/confirm-payment', buyer, { paymentIntentId, courseId: course.id })).statusCode).toBe(409);
    await standIn.pay(paymentIntentId);
    expect((await webhook('payment_intent.succeeded', paymentIntentId, 'whsec_wrong')).statusCode).toBe(400);
    expect(await enrolled(buyer.id, course.id)).toBe(0);
    const received = await webhook('payment_intent.succeeded', paymentIntentId);
    expect(received.statusCode, received.body).toBe(200);
    expect(await enrolled(buyer.id, course.id)).toBe(1);
    // The webhook again, and the tab's own confirm: still one enrollment.
    await webhook('payment_intent.succeeded', paymentIntentId);
    const confirmed = await post('/api/confirm-payment', buyer, { paymentIntentId, courseId: course.id });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await enrolled(buyer.id, course.id)).toBe(1);
  });

  it('enrolls nobody for a declined card, and confirm-payment says why', async () => {
    const course = await createCourse(t.db.db, creator.id, { priceCents: 1200 });
    const { paymentIntentId } = (await post('/api/create-payment-intent', buyer, { courseId: course.id })).json();
    await standIn.decline(paymentIntentId, 'Your card was declined.');
    expect((await webhook('payment_intent.payment_failed', paymentIntentId)).statusCode).toBe(200);
    const confirm = await post('/api/confirm-payment', buyer, { paymentIntentId, courseId: course.id });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().message).toBe('Your card was declined.');
    expect(await enrolled(buyer.id, course.id)).toBe(0);
  });
});

describe('Stripe reports that arrive late, twice or for a course already owned', () => {
  const paymentOf = async (intentId: string) =>
    (await t.db.db.select().from(payments).where(eq(payments.providerPaymentId, intentId)))[0];
  /** The course's revenue on its analytics: its net, counted once per sale. */
  const revenueOf = async (courseId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/creator/courses/${courseId}/analytics`, headers: bearer(creator) })).json()
      .revenue;

  it('never lets a late failure of an earlier declined try un-pay a succeeded payment', async () => {
    const student = await createUser(t.db.db);
    const course = await createCourse(t.db.db, creator.id, { priceCents: 3999 });
    const { paymentIntentId } = (await post('/api/create-payment-intent', student, { courseId: course.id })).json();
    await standIn.decline(paymentIntentId, 'Your card was declined.');
    // Stripe sends the failure now, but it is delivered only after the retry with another card succeeded.
    const lateFailure = eventOf('payment_intent.payment_failed', paymentIntentId);
    await standIn.pay(paymentIntentId);
    expect((await webhook('payment_intent.succeeded', paymentIntentId)).statusCode).toBe(200);
    expect((await paymentOf(paymentIntentId))?.status).toBe('succeeded');

    expect((await deliver(lateFailure)).statusCode).toBe(200);
    expect((await paymentOf(paymentIntentId))?.status).toBe('succeeded');
    expect(await enrolled(student.id, course.id)).toBe(1);
    expect(await revenueOf(course.id)).toBe('31.99'); // One sale of 39.99, less its 20 % fee.
  });

  it('applies a redelivered event once, recording its id', async () => {
    const student = await createUser(t.db.db);
    const course = await createCourse(t.db.db, creator.id, { priceCents: 2500 });
    const { paymentIntentId } = (await post('/api/create-payment-intent', student, { courseId: course.id })).json();
    await standIn.pay(paymentIntentId);
    const event = eventOf('payment_intent.succeeded', paymentIntentId);
    const answers = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const recorded = await t.db.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, JSON.parse(event).id));
    expect(recorded).toHaveLength(1);
    expect(await enrolled(student.id, course.id)).toBe(1);
  });

  it("cancels the other tab's intent, and refunds it at once when it was paid too", async () => {
    const student = await createUser(t.db.db);
    const course = await createCourse(t.db.db, creator.id, { priceCents: 3999 });
    const open = async () =>
      (await post('/api/create-payment-intent', student, { courseId: course.id })).json().paymentIntentId as string;
    const [first, second, third] = [await open(), await open(), await open()];
    // Two tabs paid before any report reached the app; the third was left open.
    await standIn.pay(first);
    await standIn.pay(second);
    expect((await webhook('payment_intent.succeeded', first)).statusCode).toBe(200);

    expect(standIn.intent(third)?.status).toBe('canceled');
    expect((await paymentOf(third))?.status).toBe('canceled');
    expect(standIn.refunds(second)).toHaveLength(1);
    expect((await paymentOf(second))?.status).toBe('refunded');
    // Its own report comes afterwards and changes nothing.
    expect((await webhook('payment_intent.succeeded', second)).statusCode).toBe(200);
    expect(standIn.refunds(second)).toHaveLength(1);
    expect(standIn.refunds(first)).toHaveLength(0);
    expect(await enrolled(student.id, course.id)).toBe(1);
    expect(await revenueOf(course.id)).toBe('31.99'); // One sale of 39.99, less its 20 % fee.
  });
});

describe('a coupon with Stripe', () => {
  it('charges the discounted amount at Stripe and counts the use on the webhook; a 100 % code never calls Stripe', async () => {
    const course = await createCourse(t.db.db, creator.id, { priceCents: 4000 });
    const code = `STRIPE${randomBytes(3).toString('hex').toUpperCase()}`;
    const made = await post('/api/creator/coupons', creator, { code, courseId: course.id, percentOff: 25 });
    expect(made.statusCode, made.body).toBe(201);
    const student = await createUser(t.db.db);
    const created = await post('/api/create-payment-intent', student, { courseId: course.id, couponCode: code });
    const { paymentIntentId, amountCents } = created.json();
    expect(amountCents).toBe(3000);
    expect(standIn.intent(paymentIntentId)).toMatchObject({ amount: 3000, currency: 'usd' });
    await standIn.pay(paymentIntentId);
    expect((await webhook('payment_intent.succeeded', paymentIntentId)).statusCode).toBe(200);
    expect(await enrolled(student.id, course.id)).toBe(1);
    await webhook('payment_intent.succeeded', paymentIntentId);
    const [coupon] = await t.db.db.select().from(coupons).where(eq(coupons.id, made.json().id));
    expect(coupon?.redemptionCount).toBe(1);

    const freeCode = `FREE${randomBytes(3).toString('hex').toUpperCase()}`;
    expect(
      (await post('/api/creator/coupons', creator, { code: freeCode, courseId: course.id, percentOff: 100 })).statusCode,
    ).toBe(201);
    const another = await createUser(t.db.db);
    const calls = standIn.requests.length;
    const free = await post('/api/create-payment-intent', another, { courseId: course.id, couponCode: freeCode });
    expect(free.json()).toMatchObject({ enrolled: true, courseId: course.id });
    expect(standIn.requests.length).toBe(calls);
    expect(await enrolled(another.id, course.id)).toBe(1);
  });
});
