import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollments, ledgerEntries, payments } from '#db/schema/index';
import { addContent, bearer, createCourse, createUser, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { postStripeWebhook, startStripeForTests, stripeEvent } from '#tests/helpers/stripe';
import type { StripeStandIn } from '#tests/helpers/stripe-stand-in';
import { sqlRows } from '../../lib/sql-rows';

/*
 * Issue 24, "Stripe webhooks for refunds applied once in any order": `charge.refunded` reports money
 * that went back, whether this app asked for it or someone refunded in Stripe's dashboard.
 */

let standIn: StripeStandIn;
let webhookSecret: string;
let t: TestApp;
let creator: TestUser;

beforeAll(async () => {
  const stripe = await startStripeForTests({ publishableKey: 'pk_test_refunds' });
  ({ standIn, webhookSecret } = stripe);
  t = await createTestApp({ paymentProvider: stripe.provider });
  creator = await createUser(t.db.db, { role: 'creator' });
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

const send = (method: 'GET' | 'POST' | 'PUT', url: string, user: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(user), ...(payload ? { payload } : {}) });

/** An event as Stripe would send it now, around the intent or its charge as they are at this moment. */
function eventOf(type: 'payment_intent.succeeded' | 'charge.refunded', intentId: string, object?: object) {
  return stripeEvent(type, object ?? (type === 'charge.refunded' ? standIn.charge(intentId) : standIn.intent(intentId)));
}
async function deliver(payload: string, secret = webhookSecret) {
  const response = await postStripeWebhook(t, payload, secret);
  expect(response.statusCode, response.body).toBe(secret === webhookSecret ? 200 : 400);
  return response;
}
const statusOf = async (intentId: string) =>
  (
    await t.db.db
      .select({ status: payments.status, reason: payments.refundReason })
      .from(payments)
      .where(eq(payments.providerPaymentId, intentId))
  )
    .map((row) => `${row.status}${row.reason ? `:${row.reason}` : ''}`)
    .sort();
async function enrolledIn(user: TestUser, courseId: string) {
  const rows = await t.db.db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.userId, user.id), eq(enrollments.courseId, courseId)));
  return rows.length === 1;
}
/** The subjects of the mail sent to `user`, once the jobs this app queued have run (ADR 0037). */
const mailsTo = async (user: TestUser) => {
  await t.app.background.drain();
  return t.mailer.sent.filter((mail) => mail.to === user.email).map((mail) => mail.subject);
};
/** The ledger's transactions that do not sum to zero (ADR 0029): none, ever. */
const unbalancedTransactions = () =>
  sqlRows<{ transactionId: string }>(
    t.db.db,
    sql`SELECT transaction_id AS "transactionId" FROM ${ledgerEntries} GROUP BY 1 HAVING sum(amount_cents) <> 0`,
  );
async function earnings() {
  const answer = await send('GET', '/api/creator/earnings', creator);
  expect(answer.statusCode, answer.body).toBe(200);
  const { gross, refunds, net } = answer.json();
  return { gross, refunds, net };
}

/** A student who bought one course with Stripe, the purchase settled by its webhook. */
async function buyOne(title: string, priceCents: number) {
  const student = await createUser(t.db.db);
  const course = await createCourse(t.db.db, creator.id, { title, priceCents });
  const created = await send('POST', '/api/create-payment-intent', student, { courseId: course.id });
  expect(created.statusCode, created.body).toBe(200);
  const intentId: string = created.json().paymentIntentId;
  await standIn.pay(intentId);
  return { student, course, intentId };
}

describe('a refund made in Stripe’s dashboard (charge.refunded)', () => {
  it('ends the enrollment, reverses the sale in the ledger and mails the refund receipt, once however often it is delivered', async () => {
    const before = await earnings();
    const { student, course, intentId } = await buyOne('Refunded at Stripe', 2900);
    await deliver(eventOf('payment_intent.succeeded', intentId));
    expect(await enrolledIn(student, course.id)).toBe(true);

    await standIn.refundInDashboard(intentId);
    const refunded = eventOf('charge.refunded', intentId);
    await Promise.all([deliver(refunded), deliver(refunded), deliver(refunded)]);

    expect(await statusOf(intentId)).toEqual(['refunded:provider']);
    expect(await enrolledIn(student, course.id)).toBe(false);
    expect((await send('GET', `/api/courses/${course.id}/certificate`, student)).statusCode).toBe(403);
    expect(await mailsTo(student)).toEqual(['Your receipt: Refunded at Stripe', 'Refund: Refunded at Stripe']);
    // The money went back through Stripe once: the app asked for no refund of its own.
    expect(standIn.refunds(intentId)).toHaveLength(1);
    // Gross counts the sale, refunds count it back, and the creator keeps nothing of it.
    const after = await earnings();
    const cents = (price: string) => Math.round(Number(price) * 100);
    expect(cents(after.gross) - cents(before.gross)).toBe(2900);
    expect(cents(after.refunds) - cents(before.refunds)).toBe(2900);
    expect(after.net).toBe(before.net);
    expect(await unbalancedTransactions()).toEqual([]);

    // The student's purchases no longer list a sale that went back.
    const purchases = (await send('GET', '/api/purchases', student)).json();
    expect(purchases.items.map((item: { status: string }) => item.status)).not.toContain('succeeded');
  });

  it("revokes the student's certificate and removes their review", async () => {
    const { student, course, intentId } = await buyOne('Finished, then refunded at Stripe', 2500);
    const { lessons } = await addContent(t.db.db, course.id, { lessonCount: 1, quizCount: 0 });
    await deliver(eventOf('payment_intent.succeeded', intentId));
    await send('POST', '/api/progress', student, { lessonId: lessons[0]?.id, completed: true });
    const certificateId = (await send('GET', `/api/courses/${course.id}/certificate`, student)).headers['x-certificate-id'];
    expect((await send('PUT', `/api/courses/${course.id}/review`, student, { rating: 4 })).statusCode).toBe(200);

    await standIn.refundInDashboard(intentId);
    await deliver(eventOf('charge.refunded', intentId));

    expect((await send('GET', `/api/certificates/${certificateId}`, student)).json()).toMatchObject({
      revokedReason: 'The course was refunded',
      revokedAt: expect.any(String),
    });
    expect((await send('GET', `/api/courses/${course.id}/reviews`, student)).json().summary.count).toBe(0);
  });

  it('arriving before the payment’s own success report, leaves nobody enrolled when that report comes', async () => {
    const before = await earnings();
    const { student, course, intentId } = await buyOne('Refunded before it was reported paid', 3100);
    const succeeded = eventOf('payment_intent.succeeded', intentId);
    await standIn.refundInDashboard(intentId);

    await deliver(eventOf('charge.refunded', intentId));
    expect(await statusOf(intentId)).toEqual(['refunded:provider']);
    await deliver(succeeded);

    expect(await statusOf(intentId)).toEqual(['refunded:provider']);
    expect(await enrolledIn(student, course.id)).toBe(false);
    expect(standIn.refunds(intentId)).toHaveLength(1);
    // Never a sale: no purchase receipt, no refund receipt, and the creator's figures did not move.
    expect(await mailsTo(student)).toEqual([]);
    expect(await earnings()).toEqual(before);
    expect(await unbalancedTransactions()).toEqual([]);
  });

  it('confirms a refund the buyer asked for here, and changes nothing more', async () => {
    const { student, course, intentId } = await buyOne('Refund asked in the app', 2000);
    await deliver(eventOf('payment_intent.succeeded', intentId));
    const asked = await send('POST', `/api/courses/${course.id}/refund`, student);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(await statusOf(intentId)).toEqual(['refunded:requested']);

    await deliver(eventOf('charge.refunded', intentId));
    expect(await statusOf(intentId)).toEqual(['refunded:requested']);
    expect(await mailsTo(student)).toEqual(['Your receipt: Refund asked in the app', 'Refund: Refund asked in the app']);
    expect(standIn.refunds(intentId)).toHaveLength(1);
  });

  it('finishes a refund of this app’s still waiting on the provider’s answer', async () => {
    const { student, course, intentId } = await buyOne('Refund still pending', 2200);
    await deliver(eventOf('payment_intent.succeeded', intentId));
    // The app decided the refund and Stripe returned the money, but the app's own step after it never ran (a crash).
    await t.db.db
      .update(payments)
      .set({ status: 'refund_pending', refundReason: 'requested' })
      .where(eq(payments.providerPaymentId, intentId));
    await t.db.db.delete(enrollments).where(and(eq(enrollments.userId, student.id), eq(enrollments.courseId, course.id)));
    await standIn.refundInDashboard(intentId);

    await deliver(eventOf('charge.refunded', intentId));
    expect(await statusOf(intentId)).toEqual(['refunded:requested']);
    expect(await unbalancedTransactions()).toEqual([]);
  });

  it('of part of a cart that nobody asked for here, refunds no course until the whole charge is back', async () => {
    const student = await createUser(t.db.db);
    const first = await createCourse(t.db.db, creator.id, { title: 'Cart part one', priceCents: 1500 });
    const second = await createCourse(t.db.db, creator.id, { title: 'Cart part two', priceCents: 2500 });
    for (const course of [first, second]) expect((await send('PUT', `/api/cart/${course.id}`, student, {})).statusCode).toBe(200);
    const checkout = await send('POST', '/api/cart/checkout', student);
    expect(checkout.statusCode, checkout.body).toBe(200);
    const intentId: string = checkout.json().paymentIntentId;
    await standIn.pay(intentId);
    await deliver(eventOf('payment_intent.succeeded', intentId));

    await standIn.refundInDashboard(intentId, 1500);
    await deliver(eventOf('charge.refunded', intentId));
    expect(await statusOf(intentId)).toEqual(['succeeded', 'succeeded']);
    expect(await enrolledIn(student, first.id)).toBe(true);
    expect(await enrolledIn(student, second.id)).toBe(true);

    // The buyer then asks for the second course back in the app: with its part, the whole charge is back,
    // so the course whose money went back at Stripe is refunded here too.
    expect((await send('POST', `/api/courses/${second.id}/refund`, student)).statusCode).toBe(200);
    expect(await statusOf(intentId)).toEqual(['refunded:requested', 'succeeded']);
    await deliver(eventOf('charge.refunded', intentId));
    expect(await statusOf(intentId)).toEqual(['refunded:provider', 'refunded:requested']);
    expect(await enrolledIn(student, first.id)).toBe(false);
    expect(standIn.refunds(intentId).map((refund) => refund.amount)).toEqual([1500, 2500]);
    expect(await unbalancedTransactions()).toEqual([]);
  });

  it('ignores a forged or foreign report: a bad signature, an unknown intent, an amount this app never charged', async () => {
    const { student, course, intentId } = await buyOne('Not refunded', 1800);
    await deliver(eventOf('payment_intent.succeeded', intentId));
    await standIn.refundInDashboard(intentId);
    const charge = standIn.charge(intentId);

    await deliver(eventOf('charge.refunded', intentId), 'whsec_forged');
    await deliver(eventOf('charge.refunded', 'pi_unknown', { ...charge, payment_intent: 'pi_unknown' }));
    await deliver(eventOf('charge.refunded', intentId, { ...charge, amount: 99_00, amount_refunded: 99_00 }));
    await deliver(eventOf('charge.refunded', intentId, { ...charge, currency: 'eur' }));
    await deliver(eventOf('charge.refunded', intentId, { ...charge, payment_intent: null }));

    expect(await statusOf(intentId)).toEqual(['succeeded']);
    expect(await enrolledIn(student, course.id)).toBe(true);
  });
});
