import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, coupons, enrollments, payments } from '#db/schema/index';
import { bearer, createCourse, createUser, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';

let t: TestApp;
let now = Date.parse('2026-11-26T12:00:00Z');
let creator: TestUser;
let otherCreator: TestUser;
let student: TestUser;

beforeAll(async () => {
  // Many checkouts with codes from one test address: the budget of guesses is tested on its own below.
  t = await createTestApp({ clock: () => now, env: { RATE_LIMIT_COUPON_CHECKS_PER_MINUTE: '1000' } });
  creator = await createUser(t.db.db, { role: 'creator' });
  otherCreator = await createUser(t.db.db, { role: 'creator' });
  student = await createUser(t.db.db);
});
afterAll(() => t.close());

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2031, cvc: '123' };
const send = (method: 'GET' | 'POST' | 'DELETE', url: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });
let codes = 0;
/** A code no other test used. */
const freshCode = (prefix = 'SAVE') => `${prefix}${++codes}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;

async function makeCoupon(user: TestUser, body: Record<string, unknown>) {
  const response = await send('POST', '/api/creator/coupons', user, { code: freshCode(), ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; code: string; redemptions: number };
}
const check = async (code: string, courseId: string, user?: TestUser) => {
  const response = await send('POST', '/api/coupons/check', user, { code, courseId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
/** Checkout with the test processor: an intent, the test card, the tab's confirm. */
async function buy(user: TestUser, courseId: string, couponCode?: string) {
  const created = await send('POST', '/api/create-payment-intent', user, { courseId, ...(couponCode ? { couponCode } : {}) });
  if (created.statusCode !== 200 || created.json().enrolled) return { created, confirmed: null };
  const { paymentIntentId } = created.json();
  expect((await send('POST', `/api/test-payments/${paymentIntentId}/confirm`, user, GOOD_CARD)).json()).toEqual({
    status: 'succeeded',
  });
  return { created, confirmed: await send('POST', '/api/confirm-payment', user, { paymentIntentId, courseId }) };
}
const redemptionsOf = async (couponId: string) =>
  (await t.db.db.select({ count: coupons.redemptionCount }).from(coupons).where(eq(coupons.id, couponId)))[0]?.count;

describe('creator coupons', () => {
  it('are made, listed and deleted by the course creator only', async () => {
    const course = await createCourse(t.db.db, creator.id, { priceCents: 1999, title: 'Coupons course' });
    const body = { code: freshCode(), courseId: course.id, percentOff: 25 };
    expect((await send('POST', '/api/creator/coupons', undefined, body)).statusCode).toBe(401);
    expect((await send('POST', '/api/creator/coupons', student, body)).statusCode).toBe(403);
    // Another creator's course is not found, as if it did not exist.
    expect((await send('POST', '/api/creator/coupons', otherCreator, body)).statusCode).toBe(404);

    const made = await send('POST', '/api/creator/coupons', creator, { ...body, code: ` ${body.code.toLowerCase()} ` });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      code: body.code,
      courseId: course.id,
      courseTitle: 'Coupons course',
      percentOff: 25,
      amountOff: null,
      redemptions: 0,
    });
    const again = await send('POST', '/api/creator/coupons', creator, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`This course already has a coupon ${body.code}`);

    const listed = await send('GET', '/api/creator/coupons', creator);
    expect(listed.json().items.map((c: { id: string }) => c.id)).toContain(made.json().id);
    expect((await send('GET', '/api/creator/coupons', otherCreator)).json().items).toEqual([]);
    expect((await send('GET', '/api/creator/coupons', student)).statusCode).toBe(403);

    expect((await send('DELETE', `/api/creator/coupons/${made.json().id}`, otherCreator)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/creator/coupons/${made.json().id}`, student)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/creator/coupons/${made.json().id}`, creator)).statusCode).toBe(204);
    expect((await send('DELETE', `/api/creator/coupons/${made.json().id}`, creator)).statusCode).toBe(404);
    expect((await check(body.code, course.id)).valid).toBe(false);
    // Its code is free again for this course.
    expect((await send('POST', '/api/creator/coupons', creator, body)).statusCode).toBe(201);
  });

  it('pages the list by cursor, newest first', async () => {
    const pager = await createUser(t.db.db, { role: 'creator' });
    const course = await createCourse(t.db.db, pager.id, { priceCents: 1000 });
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await makeCoupon(pager, { courseId: course.id, percentOff: 10 + i })).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { id: string }[]; nextCursor: string | null } = (
        await send('GET', `/api/creator/coupons?limit=2${cursor ? `&cursor=${cursor}` : ''}`, pager)
      ).json();
      seen.push(...page.items.map((c) => c.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...made].reverse());
    expect((await send('GET', '/api/creator/coupons?cursor=garbage', pager)).statusCode).toBe(400);
  });

  it('refuses what is not a coupon with a 400 and a message', async () => {
    const course = await createCourse(t.db.db, creator.id, { priceCents: 1999 });
    const bad = async (body: Record<string, unknown>, message?: string) => {
      const response = await send('POST', '/api/creator/coupons', creator, { code: freshCode(), courseId: course.id, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(response.json().message).toContain(message);
    };
    await bad({ percentOff: 10, code: 'AB' }, 'A code is 4 to 32 letters');
    await bad({ percentOff: 10, code: 'SPACE IN' });
    await bad({ percentOff: 10, code: 'A'.repeat(33) });
    await bad({ percentOff: 10, code: 'TAB\tCODE' });
    await bad({}, 'Give either percentOff or amountOff');
    await bad({ percentOff: 10, amountOff: '5.00' }, 'Give either percentOff or amountOff');
    await bad({ percentOff: 0 });
    await bad({ percentOff: 101 });
    await bad({ percentOff: 12.5 });
    await bad({ amountOff: '0' }, 'amountOff must be more than 0.00');
    await bad({ amountOff: '-5' });
    await bad({ amountOff: '5.001' });
    await bad({ percentOff: 10, maxRedemptions: 0 });
    await bad({ percentOff: 10, expiresAt: 'tomorrow' });
    await bad({ percentOff: 10, expiresAt: '2026-11-26T11:59:00Z' }, 'expiresAt must be in the future');
  });
});

describe('POST /api/coupons/check', () => {
  it('prices a percentage, an amount, and stops a discount at the smallest card payment', async () => {
    const course = await createCourse(t.db.db, creator.id, { priceCents: 1999 });
    const quarter = await makeCoupon(creator, { courseId: course.id, percentOff: 25 });
    expect(await check(quarter.code.toLowerCase(), course.id)).toEqual({
      valid: true,
      price: '19.99',
      discount: '5.00',
      total: '14.99',
    });
    const five = await makeCoupon(creator, { courseId: course.id, amountOff: '5.00' });
    expect(await check(five.code, course.id)).toMatchObject({ discount: '5.00', total: '14.99' });
    const almost = await makeCoupon(creator, { courseId: course.id, amountOff: '19.80' });
    expect(await check(almost.code, course.id)).toEqual({
      valid: true,
      price: '19.99',
      discount: '19.49',
      total: '0.50',
      message: 'A card payment is at least 0.50, so the discount stops there',
    });
    const more = await makeCoupon(creator, { courseId: course.id, amountOff: '50' });
    expect(await check(more.code, course.id)).toMatchObject({ discount: '19.99', total: '0.00' });
  });

  it('says why a code does not apply: another course, unknown, expired, used up', async () => {
    const course = await createCourse(t.db.db, creator.id, { priceCents: 1000 });
    const otherCourse = await createCourse(t.db.db, creator.id, { priceCents: 1000 });
    const coupon = await makeCoupon(creator, { courseId: course.id, percentOff: 50, expiresAt: '2026-12-01T00:00:00Z' });
    expect(await check(coupon.code, otherCourse.id)).toEqual({
      valid: false,
      price: '10.00',
      discount: '0.00',
      total: '10.00',
      message: 'This code is not valid for this course',
    });
    expect((await check('NOPE-NOPE', course.id)).message).toBe('This code is not valid for this course');
    expect((await check('<script>', course.id)).valid).toBe(false);
    expect((await send('POST', '/api/coupons/check', undefined, { code: coupon.code, courseId: 'missing' })).statusCode).toBe(
      404,
    );
    expect((await send('POST', '/api/coupons/check', undefined, { code: 'X\u0000Y', courseId: course.id })).statusCode).toBe(400);

    const saved = now;
    now = Date.parse('2026-12-01T00:00:00Z');
    try {
      expect(await check(coupon.code, course.id)).toMatchObject({ valid: false, message: 'This code has expired' });
      expect(
        (await send('POST', '/api/create-payment-intent', student, { courseId: course.id, couponCode: coupon.code })).statusCode,
      ).toBe(409);
    } finally {
      now = saved;
    }
  });
});

describe('checkout with a coupon', () => {
  it('charges the discounted price, enrolls, and counts the use once (the test processor)', async () => {
    const course = await createCourse(t.db.db, creator.id, { priceCents: 4000 });
    const coupon = await makeCoupon(creator, { courseId: course.id, percentOff: 25 });
    const buyer = await createUser(t.db.db);
    const { created, confirmed } = await buy(buyer, course.id, coupon.code);
    expect(created.json().amountCents).toBe(3000);
    expect(confirmed?.statusCode, confirmed?.body).toBe(200);
    const [paid] = await t.db.db.select().from(payments).where(eq(payments.userId, buyer.id));
    expect(paid).toMatchObject({ amountCents: 3000, couponId: coupon.id, status: 'succeeded' });
    expect(await redemptionsOf(coupon.id)).toBe(1);
    // Confirmed again: still one use.
    await send('POST', '/api/confirm-payment', buyer, { paymentIntentId: paid?.providerPaymentId, courseId: course.id });
    expect(await redemptionsOf(coupon.id)).toBe(1);
    // The list shows it.
    const listed = (await send('GET', '/api/creator/coupons', creator))
      .json()
      .items.find((c: { id: string }) => c.id === coupon.id);
    expect(listed.redemptions).toBe(1);
  });

  it('refuses a code that does not apply instead of charging the full price', async () => {
    const course = await createCourse(t.db.db, creator.id, { priceCents: 4000 });
    const refused = await send('POST', '/api/create-payment-intent', student, { courseId: course.id, couponCode: 'NOT-A-CODE' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('This code is not valid for this course');
    expect(await t.db.db.select().from(payments).where(eq(payments.courseId, course.id))).toHaveLength(0);
  });

  it('enrolls at once with a 100 % code, without a payment', async () => {
    const course = await createCourse(t.db.db, creator.id, { priceCents: 2500 });
    const coupon = await makeCoupon(creator, { courseId: course.id, percentOff: 100 });
    const buyer = await createUser(t.db.db);
    const response = await send('POST', '/api/create-payment-intent', buyer, { courseId: course.id, couponCode: coupon.code });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ courseId: course.id, enrolled: true });
    expect(await t.db.db.select().from(payments).where(eq(payments.courseId, course.id))).toHaveLength(0);
    const [enrollment] = await t.db.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.userId, buyer.id), eq(enrollments.courseId, course.id)));
    expect(enrollment?.source).toBe('coupon');
    expect((await send('GET', `/api/courses/${course.id}`)).json().studentCount).toBe(1);
    const again = await send('POST', '/api/create-payment-intent', buyer, { courseId: course.id, couponCode: coupon.code });
    expect(again.statusCode).toBe(409);
    expect(await redemptionsOf(coupon.id)).toBe(1);
  });

  it('never passes a limit of 10 under 20 parallel checkouts, free or paid', async () => {
    const freeCourse = await createCourse(t.db.db, creator.id, { priceCents: 2500 });
    const free = await makeCoupon(creator, { courseId: freeCourse.id, percentOff: 100, maxRedemptions: 10 });
    const freeBuyers = await Promise.all(Array.from({ length: 20 }, () => createUser(t.db.db)));
    const freeAnswers = await Promise.all(
      freeBuyers.map((buyer) =>
        send('POST', '/api/create-payment-intent', buyer, { courseId: freeCourse.id, couponCode: free.code }),
      ),
    );
    expect(freeAnswers.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(freeAnswers.filter((r) => r.statusCode === 409)).toHaveLength(10);
    expect(await redemptionsOf(free.id)).toBe(10);
    expect(await t.db.db.select().from(enrollments).where(eq(enrollments.courseId, freeCourse.id))).toHaveLength(10);

    // Paid: every intent is made while uses remain; the payments then race for the last ones.
    const paidCourse = await createCourse(t.db.db, creator.id, { priceCents: 2000 });
    const half = await makeCoupon(creator, { courseId: paidCourse.id, percentOff: 50, maxRedemptions: 10 });
    const paidBuyers = await Promise.all(Array.from({ length: 20 }, () => createUser(t.db.db)));
    const intents = await Promise.all(
      paidBuyers.map(async (buyer) => {
        const created = await send('POST', '/api/create-payment-intent', buyer, {
          courseId: paidCourse.id,
          couponCode: half.code,
        });
        expect(created.json().amountCents, created.body).toBe(1000);
        return { buyer, paymentIntentId: created.json().paymentIntentId as string };
      }),
    );
    const outcomes = await Promise.all(
      intents.map(async ({ buyer, paymentIntentId }) => {
        await send('POST', `/api/test-payments/${paymentIntentId}/confirm`, buyer, GOOD_CARD);
        return send('POST', '/api/confirm-payment', buyer, { paymentIntentId, courseId: paidCourse.id });
      }),
    );
    expect(outcomes.filter((r) => r.statusCode === 200)).toHaveLength(10);
    const refused = outcomes.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(10);
    expect(refused[0]?.json().message).toBe(
      'Your code was used up by others before your payment arrived: the payment has been returned',
    );
    expect(await redemptionsOf(half.id)).toBe(10);
    expect(await t.db.db.select().from(enrollments).where(eq(enrollments.courseId, paidCourse.id))).toHaveLength(10);
    const statuses = (await t.db.db.select().from(payments).where(eq(payments.courseId, paidCourse.id))).map((p) => p.status);
    expect(statuses.filter((s) => s === 'succeeded')).toHaveLength(10);
    expect(statuses.filter((s) => s === 'refunded' || s === 'refund_pending')).toHaveLength(10);
    // Once used up, a new checkout is refused before any payment.
    const late = await send('POST', '/api/create-payment-intent', student, { courseId: paidCourse.id, couponCode: half.code });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This code has been used as many times as it can be');
  });

  it('lets each student use a site-wide code once', async () => {
    const first = await createCourse(t.db.db, creator.id, { priceCents: 1000 });
    const second = await createCourse(t.db.db, otherCreator.id, { priceCents: 1000 });
    const code = freshCode('SITE');
    // Site-wide codes are an admin's (the admin console comes with its own routes); made here directly.
    const [siteWide] = await t.db.db.insert(coupons).values({ code, createdBy: creator.id, percentOff: 100 }).returning();
    const buyer = await createUser(t.db.db);
    expect((await check(code, first.id, buyer)).valid).toBe(true);
    expect(
      (await send('POST', '/api/create-payment-intent', buyer, { courseId: first.id, couponCode: code })).json().enrolled,
    ).toBe(true);
    expect(await check(code, second.id, buyer)).toMatchObject({ valid: false, message: 'You have already used this code' });
    const refused = await send('POST', '/api/create-payment-intent', buyer, { courseId: second.id, couponCode: code });
    expect(refused.statusCode).toBe(409);
    expect(
      await t.db.db
        .select()
        .from(couponRedemptions)
        .where(eq(couponRedemptions.couponId, siteWide?.id ?? '')),
    ).toHaveLength(1);
  });
});

describe('guessing codes', () => {
  it('allows the configured checks a minute from one address, then answers 429 with Retry-After', async () => {
    const guesser = await createTestApp({ db: t.db, clock: () => now, env: { RATE_LIMIT_COUPON_CHECKS_PER_MINUTE: '5' } });
    try {
      const course = await createCourse(t.db.db, creator.id, { priceCents: 1000 });
      const guess = (code: string) =>
        guesser.app.inject({
          method: 'POST',
          url: '/api/coupons/check',
          remoteAddress: '203.0.113.9',
          payload: { code, courseId: course.id },
        });
      for (let i = 0; i < 5; i++) expect((await guess(`GUESS${i}X`)).statusCode).toBe(200);
      const refused = await guess('GUESS9X');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is counted on its own.
      const other = await guesser.app.inject({
        method: 'POST',
        url: '/api/coupons/check',
        remoteAddress: '203.0.113.10',
        payload: { code: 'GUESS1X', courseId: course.id },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await guesser.close();
    }
  });

  it('shares one budget between the check, the cart and a course’s checkout: exhausted through one, the others refuse the real code', async () => {
    const guesser = await createTestApp({
      db: t.db,
      clock: () => now,
      env: { RATE_LIMIT_COUPON_CHECKS_PER_MINUTE: '5', RATE_LIMIT_PAYMENT_INTENTS_PER_MINUTE: '1000' },
    });
    try {
      const course = await createCourse(t.db.db, creator.id, { priceCents: 1000 });
      const real = await makeCoupon(creator, { courseId: course.id, percentOff: 50 });
      const buyer = await createUser(t.db.db);
      let address = 20;
      const as = (remoteAddress: string) => ({
        check: (code: string) =>
          guesser.app.inject({
            method: 'POST',
            url: '/api/coupons/check',
            remoteAddress,
            payload: { code, courseId: course.id },
          }),
        cart: (couponCode?: string) =>
          guesser.app.inject({
            method: 'PUT',
            url: `/api/cart/${course.id}`,
            remoteAddress,
            headers: bearer(buyer),
            payload: couponCode === undefined ? {} : { couponCode },
          }),
        intent: (couponCode: string) =>
          guesser.app.inject({
            method: 'POST',
            url: '/api/create-payment-intent',
            remoteAddress,
            headers: bearer(buyer),
            payload: { courseId: course.id, couponCode },
          }),
      });
      const refusedWithRetry = (response: { statusCode: number; headers: Record<string, unknown> }) => {
        expect(response.statusCode).toBe(429);
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      };

      // Wrong codes in the cart use up the address's budget: the check and checkout refuse even the real code.
      const cartGuesser = as(`198.51.100.${++address}`);
      for (let i = 0; i < 5; i++) expect((await cartGuesser.cart(`WRONG${i}X`)).statusCode).toBe(400);
      refusedWithRetry(await cartGuesser.cart(real.code));
      refusedWithRetry(await cartGuesser.check(real.code));
      refusedWithRetry(await cartGuesser.intent(real.code));
      // A course put in the cart without a code tries none, and is not counted.
      expect((await cartGuesser.cart()).statusCode).toBe(200);

      // Used up by checks, the cart refuses the real code.
      const checker = as(`198.51.100.${++address}`);
      for (let i = 0; i < 5; i++) expect((await checker.check(`WRONG${i}Y`)).json().valid).toBe(false);
      refusedWithRetry(await checker.cart(real.code));
      refusedWithRetry(await checker.intent(real.code));

      // Used up by checkouts with a code, the check refuses.
      const payer = as(`198.51.100.${++address}`);
      for (let i = 0; i < 5; i++) expect((await payer.intent(`WRONG${i}Z`)).statusCode).toBe(400);
      refusedWithRetry(await payer.check(real.code));

      // Another address has its own budget: the real code applies.
      expect((await as(`198.51.100.${++address}`).cart(real.code)).json().items[0]).toMatchObject({ total: '5.00' });
    } finally {
      await guesser.close();
    }
  });
});
