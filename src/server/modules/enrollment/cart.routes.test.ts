import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartItems,
  couponRedemptions,
  coupons,
  courses,
  enrollments,
  ledgerEntries,
  payments,
  testPaymentIntents,
} from '#db/schema/index';
import { bearer, createCourse, createUser, enroll, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { type StripeStandIn, startStripeStandIn } from '#tests/helpers/stripe-stand-in';
import type { RefundPart } from '../../lib/payments/payment-provider';
import { createStripeProvider } from '../../lib/payments/stripe-provider';
import { createDbTestIntentStore } from '../../lib/payments/test-intent-db-store';
import { createTestProcessor } from '../../lib/payments/test-processor';
import { sqlRows } from '../../lib/sql-rows';

/*
 * The cart (docs/product.md, Prices, coupons and the cart; ADR 0031) on both payment providers: the built-in test processor, and
 * Stripe through its SDK against the local stand-in of its API.
 */

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2031, cvc: '123' };
const SECRET_KEY = `sk_test_${randomBytes(18).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('hex')}`;

type Harness = {
  t: TestApp;
  /** The buyer pays the intent the provider's own way (a test card; the customer at Stripe). */
  pay: (intentId: string, buyer: TestUser) => Promise<void>;
  /** Cents returned of an intent, as the provider keeps them. */
  refunded: (intentId: string) => Promise<number>;
  /** Intents the provider was asked to make so far. */
  intentsMade: () => Promise<number>;
  /** Stripe only: the signed payment_intent.succeeded event for the intent as it is now. */
  webhook?: (intentId: string) => Promise<number>;
  close: () => Promise<void>;
};

async function testProcessorHarness(): Promise<Harness> {
  const t = await createTestApp();
  return {
    t,
    pay: async (intentId, buyer) => {
      const paid = await t.app.inject({
        method: 'POST',
        url: `/api/test-payments/${intentId}/confirm`,
        headers: bearer(buyer),
        payload: GOOD_CARD,
      });
      expect(paid.json(), paid.body).toEqual({ status: 'succeeded' });
    },
    refunded: async (intentId) =>
      (await t.db.db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId)))[0]?.refundedCents ?? 0,
    intentsMade: async () => (await t.db.db.select({ id: testPaymentIntents.id }).from(testPaymentIntents)).length,
    close: () => t.close(),
  };
}

async function stripeHarness(): Promise<Harness> {
  const standIn: StripeStandIn = await startStripeStandIn();
  const stripe = new Stripe(SECRET_KEY, {
    host: standIn.host,
    port: standIn.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
  const paymentProvider = createStripeProvider({
    secretKey: SECRET_KEY,
    publishableKey: 'pk_test_cart',
    webhookSecret: WEBHOOK_SECRET,
    stripe,
  });
  const t = await createTestApp({ paymentProvider });
  return {
    t,
    pay: (intentId) => standIn.pay(intentId),
    refunded: async (intentId) => standIn.refunds(intentId).reduce((sum, refund) => sum + refund.amount, 0),
    intentsMade: async () =>
      standIn.requests.filter((request) => request.method === 'POST' && request.path === '/v1/payment_intents').length,
    webhook: async (intentId) => {
      const payload = JSON.stringify({
        id: `evt_${randomBytes(8).toString('hex')}`,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        type: 'payment_intent.succeeded',
        data: { object: standIn.intent(intentId) },
      });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
        payload,
      });
      return response.statusCode;
    },
    close: async () => {
      await t.close();
      await standIn.close();
    },
  };
}

describe.each([
  ['the test processor', testProcessorHarness],
  ['Stripe (the SDK against its stand-in)', stripeHarness],
])('the cart with %s', (_name, makeHarness) => {
  let h: Harness;
  let t: TestApp;
  let creator: TestUser;

  beforeAll(async () => {
    h = await makeHarness();
    t = h.t;
    creator = await createUser(t.db.db, { role: 'creator' });
  });
  afterAll(() => h?.close());

  const send = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, user?: TestUser, payload?: object) =>
    t.app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });
  const put = (user: TestUser, courseId: string, payload: object = {}) => send('PUT', `/api/cart/${courseId}`, user, payload);
  const checkout = (user: TestUser) => send('POST', '/api/cart/checkout', user);
  const confirm = (user: TestUser, paymentIntentId: string) => send('POST', '/api/confirm-payment', user, { paymentIntentId });
  const paid = (priceCents: number) => createCourse(t.db.db, creator.id, { priceCents });
  const enrolledIn = async (userId: string, courseIds: string[]) =>
    (
      await t.db.db
        .select({ courseId: enrollments.courseId })
        .from(enrollments)
        .where(and(eq(enrollments.userId, userId), inArray(enrollments.courseId, courseIds)))
    )
      .map((row) => row.courseId)
      .sort();
  const paymentsOf = (intentId: string) => t.db.db.select().from(payments).where(eq(payments.providerPaymentId, intentId));
  const studentCount = async (courseId: string) => (await send('GET', `/api/courses/${courseId}`)).json().studentCount;
  const cashOf = async (courseId: string) => {
    const [row] = await sqlRows<{ cents: string | null }>(
      t.db.db,
      sql`SELECT sum(amount_cents) AS cents FROM ${ledgerEntries} WHERE course_id = ${courseId} AND account = 'cash'`,
    );
    return Number(row?.cents ?? 0);
  };
  async function makeCode(courseId: string, change: object) {
    const code = `CART${randomBytes(4).toString('hex').toUpperCase()}`;
    const made = await send('POST', '/api/creator/coupons', creator, { code, courseId, ...change });
    expect(made.statusCode, made.body).toBe(201);
    return { id: made.json().id as string, code };
  }

  it('refuses a guest on every cart route', async () => {
    const course = await paid(1000);
    expect((await send('GET', '/api/cart')).statusCode).toBe(401);
    expect((await send('PUT', `/api/cart/${course.id}`, undefined, {})).statusCode).toBe(401);
    expect((await send('DELETE', `/api/cart/${course.id}`)).statusCode).toBe(401);
    expect((await send('POST', '/api/cart/checkout')).statusCode).toBe(401);
  });

  it('drops a course owned meanwhile with a notice, and pays the other two with one payment that enrolls in both', async () => {
    const buyer = await createUser(t.db.db);
    const [first, second, owned] = [await paid(2000), await paid(3050), await paid(1500)];
    for (const course of [first, second, owned]) expect((await put(buyer, course.id)).statusCode).toBe(200);
    // Bought elsewhere (another tab, another device) while it sat in the cart.
    await enroll(t.db.db, buyer.id, owned.id);
    await t.db.db.insert(cartItems).values({ userId: buyer.id, courseId: owned.id }).onConflictDoNothing();

    const read = await send('GET', '/api/cart', buyer);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().items.map((item: { course: { id: string } }) => item.course.id)).toEqual([first.id, second.id]);
    expect(read.json().total).toBe('50.50');
    const notice = {
      course: { id: owned.id, title: owned.title },
      reason: 'owned',
      message: `"${owned.title}" is yours already: there is nothing to pay for it`,
    };
    expect(read.json().notices).toEqual([notice]);
    // Reading writes nothing: every tab and device sees the notice until checkout takes the course out.
    expect((await send('GET', '/api/cart', buyer)).json().notices).toEqual([notice]);

    const before = await h.intentsMade();
    const started = await checkout(buyer);
    expect(started.statusCode, started.body).toBe(200);
    const { paymentIntentId, amountCents, courseIds, enrolledCourseIds } = started.json();
    expect({ amountCents, courseIds, enrolledCourseIds }).toEqual({
      amountCents: 5050,
      courseIds: [first.id, second.id],
      enrolledCourseIds: [],
    });
    expect(await h.intentsMade()).toBe(before + 1);
    const rows = await paymentsOf(paymentIntentId);
    expect(rows.map((row) => [row.courseId, row.amountCents]).sort()).toEqual(
      [
        [first.id, 2000],
        [second.id, 3050],
      ].sort(),
    );
    expect(new Set(rows.map((row) => row.checkoutId)).size).toBe(1);
    expect(rows[0]?.checkoutId).not.toBeNull();

    // Not paid yet: nothing enrolls.
    expect((await confirm(buyer, paymentIntentId)).statusCode).toBe(409);
    await h.pay(paymentIntentId, buyer);
    // The tab confirms twice at once (a double click), and with Stripe the webhook comes too: enrolled once.
    const answers = await Promise.all([
      confirm(buyer, paymentIntentId),
      confirm(buyer, paymentIntentId),
      ...(h.webhook ? [h.webhook(paymentIntentId)] : []),
    ]);
    const [one, two] = answers as [Awaited<ReturnType<typeof confirm>>, Awaited<ReturnType<typeof confirm>>];
    expect(one.statusCode, one.body).toBe(200);
    expect(two.statusCode, two.body).toBe(200);
    expect(one.json()).toMatchObject({ enrolled: true });
    expect(
      one
        .json()
        .items.map((item: { courseId: string }) => item.courseId)
        .sort(),
    ).toEqual([first.id, second.id].sort());
    expect(await enrolledIn(buyer.id, [first.id, second.id])).toEqual([first.id, second.id].sort());
    expect(await studentCount(first.id)).toBe(1);
    expect(await studentCount(second.id)).toBe(1);
    expect((await paymentsOf(paymentIntentId)).map((row) => row.status)).toEqual(['succeeded', 'succeeded']);
    // Each course's sale is its own in the ledger, as for a course bought alone.
    expect(await cashOf(first.id)).toBe(2000);
    expect(await cashOf(second.id)).toBe(3050);
    const mine = (await send('GET', '/api/my-courses', buyer)).json().map((course: { id: string }) => course.id);
    expect(mine).toEqual(expect.arrayContaining([first.id, second.id, owned.id]));
    // Bought: the cart is empty, and a receipt for each course was mailed.
    expect((await send('GET', '/api/cart', buyer)).json()).toEqual({ items: [], total: '0.00', notices: [] });
    await t.app.background.drain();
    expect(t.mailer.sent.filter((mail) => mail.to === buyer.email && mail.subject.startsWith('Your receipt'))).toHaveLength(2);
    const purchases = (await send('GET', '/api/purchases', buyer)).json().items;
    expect(purchases.map((item: { amount: string }) => item.amount).sort()).toEqual(['20.00', '30.50']);
  });

  it('enrolls in every course or in none: a course archived before the payment arrives returns the whole payment', async () => {
    const buyer = await createUser(t.db.db);
    const [kept, archived] = [await paid(2500), await paid(1000)];
    await put(buyer, kept.id);
    await put(buyer, archived.id);
    const { paymentIntentId } = (await checkout(buyer)).json();
    await t.db.db.update(courses).set({ archived: true }).where(eq(courses.id, archived.id));
    await h.pay(paymentIntentId, buyer);
    if (h.webhook) expect(await h.webhook(paymentIntentId)).toBe(200);

    const refused = await confirm(buyer, paymentIntentId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/stopped being sold before your payment arrived: the whole payment has been returned/);
    expect(await enrolledIn(buyer.id, [kept.id, archived.id])).toEqual([]);
    const rows = await paymentsOf(paymentIntentId);
    expect(rows.map((row) => row.status)).toEqual(['refunded', 'refunded']);
    expect(rows.map((row) => row.refundReason)).toEqual(['course_unavailable', 'course_unavailable']);
    expect(await h.refunded(paymentIntentId)).toBe(3500);
    // Never a sale: no ledger entry, no student.
    expect(await cashOf(kept.id)).toBe(0);
    expect(await studentCount(kept.id)).toBe(0);
    // Asked again, it says so again and returns nothing more.
    expect((await confirm(buyer, paymentIntentId)).statusCode).toBe(409);
    expect(await h.refunded(paymentIntentId)).toBe(3500);
    // The course still sold stays in the cart, to pay again; the other is told apart until removed.
    const cart = (await send('GET', '/api/cart', buyer)).json();
    expect(cart.items.map((item: { course: { id: string } }) => item.course.id)).toEqual([kept.id]);
    expect(cart.notices).toEqual([
      {
        course: { id: archived.id, title: archived.title },
        reason: 'unavailable',
        message: `"${archived.title}" is no longer sold`,
      },
    ]);
    expect((await send('DELETE', `/api/cart/${archived.id}`, buyer)).json().notices).toEqual([]);
  });

  it('keeps nothing of a cart declined halfway: the code counted before the one that ran out is given back', async () => {
    const buyer = await createUser(t.db.db);
    const [x, y] = [await paid(2000), await paid(3000)];
    const codes = [
      await makeCode(x.id, { percentOff: 50, maxRedemptions: 1 }),
      await makeCode(y.id, { percentOff: 50, maxRedemptions: 1 }),
    ];
    await put(buyer, x.id, { couponCode: codes[0]?.code });
    await put(buyer, y.id, { couponCode: codes[1]?.code });
    const { paymentIntentId, amountCents } = (await checkout(buyer)).json();
    expect(amountCents).toBe(1000 + 1500);
    // Codes are counted in id order: the first is counted, then the second is found used up by others.
    const [first, last] = codes.map((code) => code?.id ?? '').sort();
    await t.db.db
      .update(coupons)
      .set({ redemptionCount: 1 })
      .where(eq(coupons.id, last ?? ''));
    await h.pay(paymentIntentId, buyer);

    const refused = await confirm(buyer, paymentIntentId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Your code was used up by others before your payment arrived: the payment has been returned',
    );
    const [counted] = await t.db.db
      .select()
      .from(coupons)
      .where(eq(coupons.id, first ?? ''));
    expect(counted?.redemptionCount).toBe(0);
    expect(await t.db.db.select().from(couponRedemptions).where(eq(couponRedemptions.userId, buyer.id))).toEqual([]);
    expect(await enrolledIn(buyer.id, [x.id, y.id])).toEqual([]);
    const rows = await paymentsOf(paymentIntentId);
    expect(rows.map((row) => [row.status, row.refundReason])).toEqual([
      ['refunded', 'coupon_used_up'],
      ['refunded', 'coupon_used_up'],
    ]);
    expect(await h.refunded(paymentIntentId)).toBe(2500);
  });

  it('returns the whole payment when one course was bought alone meanwhile, and cancels a cart left open by a purchase', async () => {
    const buyer = await createUser(t.db.db);
    const [a, b] = [await paid(1200), await paid(1300)];
    await put(buyer, a.id);
    await put(buyer, b.id);
    const { paymentIntentId } = (await checkout(buyer)).json();
    // The buyer buys course a alone in another tab, and then pays the cart anyway.
    const single = (await send('POST', '/api/create-payment-intent', buyer, { courseId: a.id })).json();
    await h.pay(single.paymentIntentId, buyer);
    expect(
      (await send('POST', '/api/confirm-payment', buyer, { paymentIntentId: single.paymentIntentId, courseId: a.id })).statusCode,
    ).toBe(200);
    // The cart's intent was open: it was cancelled with every course of it.
    expect((await paymentsOf(paymentIntentId)).map((row) => row.status)).toEqual(['canceled', 'canceled']);
    expect(
      (await send('GET', '/api/cart', buyer)).json().items.map((item: { course: { id: string } }) => item.course.id),
    ).toEqual([b.id]);

    // A cart paid after a course of it was bought elsewhere: all of it goes back.
    const [c, d] = [await paid(1400), await paid(1500)];
    await put(buyer, c.id);
    await put(buyer, d.id);
    const cart = (await checkout(buyer)).json();
    expect(cart.courseIds.sort()).toEqual([b.id, c.id, d.id].sort());
    await enroll(t.db.db, buyer.id, d.id);
    await h.pay(cart.paymentIntentId, buyer);
    const refused = await confirm(buyer, cart.paymentIntentId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `You already own "${d.title}": the whole payment has been returned and no course was enrolled`,
    );
    expect(await enrolledIn(buyer.id, [b.id, c.id])).toEqual([]);
    expect(await h.refunded(cart.paymentIntentId)).toBe(1300 + 1400 + 1500);
  });

  it('applies each course its own code, enrolls a 100 % course at checkout, and counts every use once', async () => {
    const buyer = await createUser(t.db.db);
    const [half, whole, plain] = [await paid(4000), await paid(2500), await paid(1999)];
    const halfCode = await makeCode(half.id, { percentOff: 50 });
    const wholeCode = await makeCode(whole.id, { percentOff: 100 });
    await put(buyer, half.id, { couponCode: halfCode.code.toLowerCase() });
    await put(buyer, whole.id, { couponCode: wholeCode.code });
    const read = await put(buyer, plain.id);
    expect(read.json().items).toEqual([
      expect.objectContaining({
        price: '40.00',
        discount: '20.00',
        total: '20.00',
        coupon: { code: halfCode.code, valid: true },
      }),
      expect.objectContaining({
        price: '25.00',
        discount: '25.00',
        total: '0.00',
        coupon: { code: wholeCode.code, valid: true },
      }),
      expect.objectContaining({ price: '19.99', discount: '0.00', total: '19.99', coupon: null }),
    ]);
    expect(read.json().total).toBe('39.99');

    const started = await checkout(buyer);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ amountCents: 3999, enrolledCourseIds: [whole.id] });
    expect(started.json().courseIds.sort()).toEqual([half.id, plain.id].sort());
    // The free one is the buyer's now; the others wait for the payment.
    expect(await enrolledIn(buyer.id, [half.id, whole.id, plain.id])).toEqual([whole.id]);
    await h.pay(started.json().paymentIntentId, buyer);
    expect((await confirm(buyer, started.json().paymentIntentId)).statusCode).toBe(200);
    expect(await enrolledIn(buyer.id, [half.id, whole.id, plain.id])).toEqual([half.id, whole.id, plain.id].sort());
    const counted = await t.db.db
      .select()
      .from(coupons)
      .where(inArray(coupons.id, [halfCode.id, wholeCode.id]));
    expect(counted.map((coupon) => coupon.redemptionCount)).toEqual([1, 1]);
    const half40 = (await paymentsOf(started.json().paymentIntentId)).find((row) => row.courseId === half.id);
    expect(half40).toMatchObject({ amountCents: 2000, listPriceCents: 4000, couponId: halfCode.id });
  });

  it('answers { enrolled: true } without a payment when codes make the whole cart free', async () => {
    const buyer = await createUser(t.db.db);
    const [a, b] = [await paid(3000), await paid(1000)];
    const codeA = await makeCode(a.id, { percentOff: 100 });
    const codeB = await makeCode(b.id, { amountOff: '10.00' });
    await put(buyer, a.id, { couponCode: codeA.code });
    const read = await put(buyer, b.id, { couponCode: codeB.code });
    expect(read.json().total).toBe('0.00');
    const before = await h.intentsMade();
    const free = await checkout(buyer);
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json()).toMatchObject({ enrolled: true });
    expect(
      free
        .json()
        .items.map((item: { courseId: string }) => item.courseId)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    expect(await h.intentsMade()).toBe(before);
    expect(await enrolledIn(buyer.id, [a.id, b.id])).toEqual([a.id, b.id].sort());
    expect(
      (await t.db.db.select().from(couponRedemptions).where(eq(couponRedemptions.userId, buyer.id)))
        .map((row) => row.courseId)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    // Nothing left to buy.
    expect((await checkout(buyer)).json().message).toBe('Your cart is empty');
  });

  it("never confirms someone else's cart, nor a cart's payment as one course's", async () => {
    const buyer = await createUser(t.db.db);
    const stranger = await createUser(t.db.db);
    const [a, b] = [await paid(1100), await paid(1200)];
    await put(buyer, a.id);
    await put(buyer, b.id);
    const { paymentIntentId } = (await checkout(buyer)).json();
    expect((await confirm(stranger, paymentIntentId)).statusCode).toBe(404);
    await h.pay(paymentIntentId, buyer);
    expect((await confirm(stranger, paymentIntentId)).statusCode).toBe(404);
    expect(await enrolledIn(stranger.id, [a.id, b.id])).toEqual([]);
    const asOneCourse = await send('POST', '/api/confirm-payment', buyer, { paymentIntentId, courseId: a.id });
    expect(asOneCourse.statusCode).toBe(400);
    expect(asOneCourse.json().message).toBe('This payment is for a cart: confirm it without a courseId');
    expect((await confirm(buyer, paymentIntentId)).statusCode).toBe(200);
    expect(await enrolledIn(buyer.id, [a.id, b.id])).toEqual([a.id, b.id].sort());
  });

  it('refunds one course of a cart payment: its amount only, through the provider; the other course stays bought', async () => {
    const buyer = await createUser(t.db.db);
    const [kept, returned] = [await paid(3000), await paid(2000)];
    const code = await makeCode(returned.id, { percentOff: 25 });
    await put(buyer, kept.id);
    await put(buyer, returned.id, { couponCode: code.code });
    const { paymentIntentId, amountCents } = (await checkout(buyer)).json();
    expect(amountCents).toBe(4500);
    await h.pay(paymentIntentId, buyer);
    expect((await confirm(buyer, paymentIntentId)).statusCode).toBe(200);

    const [first, again] = await Promise.all([
      send('POST', `/api/courses/${returned.id}/refund`, buyer),
      send('POST', `/api/courses/${returned.id}/refund`, buyer),
    ]);
    const answers = [first, again].map((response) => response.statusCode).sort();
    expect(answers).toEqual([200, 409]);
    expect([first, again].find((response) => response.statusCode === 200)?.json()).toEqual({
      status: 'refunded',
      amount: '15.00',
    });
    expect(await h.refunded(paymentIntentId)).toBe(1500);
    expect(await enrolledIn(buyer.id, [kept.id, returned.id])).toEqual([kept.id]);
    const rows = await paymentsOf(paymentIntentId);
    expect(rows.find((row) => row.courseId === kept.id)?.status).toBe('succeeded');
    expect(rows.find((row) => row.courseId === returned.id)?.status).toBe('refunded');
    expect(await cashOf(returned.id)).toBe(0);
    expect(await cashOf(kept.id)).toBe(3000);
    // A confirm afterwards changes nothing: the refunded course stays refunded.
    const late = await confirm(buyer, paymentIntentId);
    expect(late.statusCode).toBe(200);
    expect(late.json().items.map((item: { courseId: string }) => item.courseId)).toEqual([kept.id]);
    expect(await enrolledIn(buyer.id, [kept.id, returned.id])).toEqual([kept.id]);

    // The other course refunded too: the whole intent is back, each part once.
    expect((await send('POST', `/api/courses/${kept.id}/refund`, buyer)).json()).toEqual({ status: 'refunded', amount: '30.00' });
    expect(await h.refunded(paymentIntentId)).toBe(4500);
  });
});

describe('the cart: what it accepts', () => {
  let t: TestApp;
  let creator: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    creator = await createUser(t.db.db, { role: 'creator' });
  });
  afterAll(() => t.close());
  const send = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, user?: TestUser, payload?: object) =>
    t.app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });
  const enrollmentsOf = (userId: string) => t.db.db.select().from(enrollments).where(eq(enrollments.userId, userId));

  it('adds sold courses the student does not own, sets and removes codes, and refuses the rest with a reason', async () => {
    const student = await createUser(t.db.db);
    const course = await createCourse(t.db.db, creator.id, { priceCents: 2000 });
    const free = await createCourse(t.db.db, creator.id, { priceCents: 0 });
    const draft = await createCourse(t.db.db, creator.id, { priceCents: 2000, published: false });
    const owned = await createCourse(t.db.db, creator.id, { priceCents: 2000 });
    await enroll(t.db.db, student.id, owned.id);

    expect((await send('PUT', `/api/cart/${draft.id}`, student, {})).statusCode).toBe(404);
    expect((await send('PUT', '/api/cart/not-a-course', student, {})).statusCode).toBe(404);
    const mine = await send('PUT', `/api/cart/${course.id}`, creator, {});
    expect(mine.statusCode).toBe(409);
    const alreadyOwned = await send('PUT', `/api/cart/${owned.id}`, student, {});
    expect(alreadyOwned.statusCode).toBe(409);
    expect(alreadyOwned.json().message).toBe('You already own this course');
    const unknownCode = await send('PUT', `/api/cart/${course.id}`, student, { couponCode: 'NOSUCHCODE' });
    expect(unknownCode.statusCode).toBe(400);
    expect(unknownCode.json().message).toBe('This code is not valid for this course');
    expect((await send('PUT', `/api/cart/${free.id}`, student, { couponCode: 'ANYCODE1' })).statusCode).toBe(400);
    expect((await send('GET', '/api/cart', student)).json().items).toEqual([]);

    // A free course may sit in the cart; it is enrolled at checkout.
    expect((await send('PUT', `/api/cart/${free.id}`, student, {})).statusCode).toBe(200);
    const added = await send('PUT', `/api/cart/${course.id}`, student, {});
    expect(added.json().items.map((item: { course: { id: string } }) => item.course.id)).toEqual([free.id, course.id]);
    expect(added.json().total).toBe('20.00');
    // Putting it again changes nothing but its code; its place in the cart stays.
    const code = `TEN${randomBytes(3).toString('hex').toUpperCase()}`;
    expect((await send('POST', '/api/creator/coupons', creator, { code, courseId: course.id, percentOff: 10 })).statusCode).toBe(
      201,
    );
    const withCode = await send('PUT', `/api/cart/${course.id}`, student, { couponCode: ` ${code.toLowerCase()} ` });
    expect(withCode.statusCode, withCode.body).toBe(200);
    expect(withCode.json().items[1]).toMatchObject({ discount: '2.00', total: '18.00', coupon: { code, valid: true } });
    const withoutCode = await send('PUT', `/api/cart/${course.id}`, student, {});
    expect(withoutCode.json().items[1]).toMatchObject({ discount: '0.00', total: '20.00', coupon: null });

    const removed = await send('DELETE', `/api/cart/${course.id}`, student);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().items.map((item: { course: { id: string } }) => item.course.id)).toEqual([free.id]);
    // Removing what is not there answers the cart as it is.
    expect((await send('DELETE', `/api/cart/${course.id}`, student)).statusCode).toBe(200);
    expect((await send('DELETE', '/api/cart/not-a-course', student)).statusCode).toBe(404);
  });

  it('uses a site-wide code on one course of the cart only, and keeps a code that stopped applying until it is changed', async () => {
    const student = await createUser(t.db.db);
    const first = await createCourse(t.db.db, creator.id, { priceCents: 1000 });
    const second = await createCourse(t.db.db, creator.id, { priceCents: 1000 });
    const code = `SITE${randomBytes(3).toString('hex').toUpperCase()}`;
    const [siteWide] = await t.db.db.insert(coupons).values({ code, createdBy: creator.id, percentOff: 20 }).returning();
    expect((await send('PUT', `/api/cart/${first.id}`, student, { couponCode: code })).statusCode).toBe(200);
    const twice = await send('PUT', `/api/cart/${second.id}`, student, { couponCode: code });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This code is applied to another course of your cart, and each student uses a code once');
    expect((await send('PUT', `/api/cart/${second.id}`, student, {})).statusCode).toBe(200);

    // The code is withdrawn: the cart says so, charges nothing off, and checkout refuses until it is removed.
    await t.db.db
      .update(coupons)
      .set({ deletedAt: new Date() })
      .where(eq(coupons.id, siteWide?.id ?? ''));
    const read = (await send('GET', '/api/cart', student)).json();
    expect(read.items[0]).toMatchObject({
      discount: '0.00',
      total: '10.00',
      coupon: { code, valid: false, message: 'This code is not valid for this course' },
    });
    const refused = await send('POST', '/api/cart/checkout', student);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `The code ${code} for "${first.title}" does not apply: This code is not valid for this course`,
    );
    expect((await send('PUT', `/api/cart/${first.id}`, student, {})).statusCode).toBe(200);
    expect((await send('POST', '/api/cart/checkout', student)).json().amountCents).toBe(2000);
  });

  it('refuses to check out a cart with nothing to buy, and leaves out what is no longer sold', async () => {
    const student = await createUser(t.db.db);
    expect((await send('POST', '/api/cart/checkout', student)).json().message).toBe('Your cart is empty');
    const course = await createCourse(t.db.db, creator.id, { priceCents: 1000 });
    const other = await createCourse(t.db.db, creator.id, { priceCents: 1500 });
    await send('PUT', `/api/cart/${course.id}`, student, {});
    await send('PUT', `/api/cart/${other.id}`, student, {});
    await t.db.db.update(courses).set({ published: false }).where(eq(courses.id, course.id));
    await t.db.db.update(courses).set({ archived: true }).where(eq(courses.id, other.id));
    const nothing = await send('POST', '/api/cart/checkout', student);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe('Nothing in your cart can be bought now');
    expect((await send('GET', '/api/cart', student)).json().notices).toHaveLength(2);

    await t.db.db.update(courses).set({ published: true }).where(eq(courses.id, course.id));
    const started = await send('POST', '/api/cart/checkout', student);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ amountCents: 1000, courseIds: [course.id] });
    // The course no longer sold dropped out with the checkout.
    expect((await send('GET', '/api/cart', student)).json()).toMatchObject({ notices: [], total: '10.00' });
  });

  it('never passes a code limit of 10 under 20 parallel cart checkouts: the carts that lose are returned whole', async () => {
    const limited = await createCourse(t.db.db, creator.id, { priceCents: 2000 });
    const other = await createCourse(t.db.db, creator.id, { priceCents: 1000 });
    const code = `LIMIT${randomBytes(3).toString('hex').toUpperCase()}`;
    const made = await send('POST', '/api/creator/coupons', creator, {
      code,
      courseId: limited.id,
      percentOff: 50,
      maxRedemptions: 10,
    });
    expect(made.statusCode).toBe(201);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => createUser(t.db.db)));
    // Every cart is checked out while uses remain; the payments then race for the last ones.
    const intents = await Promise.all(
      buyers.map(async (buyer) => {
        await send('PUT', `/api/cart/${limited.id}`, buyer, { couponCode: code });
        await send('PUT', `/api/cart/${other.id}`, buyer, {});
        const started = await send('POST', '/api/cart/checkout', buyer);
        expect(started.json().amountCents, started.body).toBe(2000);
        return { buyer, paymentIntentId: started.json().paymentIntentId as string };
      }),
    );
    const outcomes = await Promise.all(
      intents.map(async ({ buyer, paymentIntentId }) => {
        await send('POST', `/api/test-payments/${paymentIntentId}/confirm`, buyer, GOOD_CARD);
        return send('POST', '/api/confirm-payment', buyer, { paymentIntentId });
      }),
    );
    expect(
      outcomes.filter((r) => r.statusCode === 200),
      outcomes.map((r) => `${r.statusCode} ${r.body}`).join('\n'),
    ).toHaveLength(10);
    const refused = outcomes.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(10);
    expect(refused[0]?.json().message).toBe(
      'Your code was used up by others before your payment arrived: the payment has been returned',
    );
    const [coupon] = await t.db.db.select().from(coupons).where(eq(coupons.id, made.json().id));
    expect(coupon?.redemptionCount).toBe(10);
    // All or none: each of the 10 winners owns both courses, each loser neither.
    expect(await t.db.db.select().from(enrollments).where(eq(enrollments.courseId, limited.id))).toHaveLength(10);
    expect(await t.db.db.select().from(enrollments).where(eq(enrollments.courseId, other.id))).toHaveLength(10);
    const refunds = await t.db.db
      .select({ refunded: testPaymentIntents.refundedCents })
      .from(testPaymentIntents)
      .where(
        inArray(
          testPaymentIntents.id,
          intents.map((intent) => intent.paymentIntentId),
        ),
      );
    expect(refunds.map((row) => row.refunded).sort((a, b) => a - b)).toEqual([...Array(10).fill(0), ...Array(10).fill(2000)]);
  });

  it('retries a cart refund the provider could not take, returning each course its part once', async () => {
    const processor = createTestProcessor({ intents: createDbTestIntentStore(t.db.db) });
    let isDown = true;
    const flaky = {
      ...processor,
      refundIntent: async (id: string, part?: RefundPart) => {
        if (isDown) throw new Error('the processor is unreachable');
        return processor.refundIntent(id, part);
      },
    };
    const shop = await createTestApp({
      db: t.db,
      paymentProvider: flaky,
      jobTimings: { backoffBaseMs: 100, backoffMaxMs: 400, pollMs: 200 },
    });
    try {
      const buyer = await createUser(t.db.db);
      const kept = await createCourse(t.db.db, creator.id, { priceCents: 1200 });
      const gone = await createCourse(t.db.db, creator.id, { priceCents: 800 });
      const as = (method: 'PUT' | 'POST', url: string, payload: object = {}) =>
        shop.app.inject({ method, url, headers: bearer(buyer), payload });
      await as('PUT', `/api/cart/${kept.id}`);
      await as('PUT', `/api/cart/${gone.id}`);
      const { paymentIntentId } = (await as('POST', '/api/cart/checkout')).json();
      await t.db.db.update(courses).set({ published: false }).where(eq(courses.id, gone.id));
      await as('POST', `/api/test-payments/${paymentIntentId}/confirm`, GOOD_CARD);
      expect((await as('POST', '/api/confirm-payment', { paymentIntentId })).statusCode).toBe(409);
      const statuses = async () =>
        (await t.db.db.select().from(payments).where(eq(payments.providerPaymentId, paymentIntentId))).map((row) => row.status);
      expect(await statuses()).toEqual(['refund_pending', 'refund_pending']);

      // Each payment's own job tries again after a backoff, once the provider is back.
      isDown = false;
      await expect.poll(statuses, { timeout: 10_000 }).toEqual(['refunded', 'refunded']);
      expect(await processor.intents.find(paymentIntentId)).toMatchObject({ status: 'refunded', refundedCents: 2000 });
      expect(await enrollmentsOf(buyer.id)).toEqual([]);
    } finally {
      await shop.close();
    }
  });
});
