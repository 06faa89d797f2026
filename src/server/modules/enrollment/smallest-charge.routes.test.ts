import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, coupons, courses, payments } from '#db/schema/index';
import { bearer, createCourse, createUser, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';

/*
 * A card payment is at least 0.50: a paid course costs at least that, and no discount leaves
 * 0.01–0.49 to pay. The course forms, the coupon check, a course's checkout and the cart's agree.
 */

let t: TestApp;
let creator: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT_PAYMENT_INTENTS_PER_MINUTE: '1000', RATE_LIMIT_COUPON_CHECKS_PER_MINUTE: '1000' },
  });
  creator = await createUser(t.db.db, { role: 'creator' });
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PATCH' | 'PUT' | 'GET', url: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });
let codes = 0;
async function makeCoupon(body: Record<string, unknown>): Promise<{ id: string; code: string }> {
  const response = await send('POST', '/api/creator/coupons', creator, {
    code: `FLOOR${++codes}${Date.now() % 100000}`,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}
const redemptionsOf = async (couponId: string) =>
  (await t.db.db.select({ count: coupons.redemptionCount }).from(coupons).where(eq(coupons.id, couponId)))[0]?.count;

describe('a course price', () => {
  it('is free or at least 0.50 on POST and PATCH /api/courses: 400 naming the price, nothing written', async () => {
    for (const price of ['0.01', '0.3', '0.49', 0.25]) {
      const refused = await send('POST', '/api/courses', creator, { title: `Cheap ${price}`, price });
      expect(refused.statusCode, String(price)).toBe(400);
      expect(refused.json().errors).toEqual({ price: 'A course is free (0) or costs at least 0.50' });
    }
    expect(await t.db.db.select().from(courses).where(eq(courses.creatorId, creator.id))).toEqual([]);

    for (const [price, stored] of [
      ['0', 0],
      ['', 0],
      ['0.50', 50],
      [19.99, 1999],
    ] as const) {
      const made = await send('POST', '/api/courses', creator, { title: `Priced ${price}`, price });
      expect(made.statusCode, made.body).toBe(201);
      const [row] = await t.db.db.select().from(courses).where(eq(courses.id, made.json().id));
      expect(row?.priceCents).toBe(stored);
    }

    const course = await createCourse(t.db.db, creator.id, { priceCents: 1000 });
    const patched = await send('PATCH', `/api/courses/${course.id}`, creator, { price: '0.45', title: 'Renamed' });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().errors).toEqual({ price: 'A course is free (0) or costs at least 0.50' });
    const [unchanged] = await t.db.db.select().from(courses).where(eq(courses.id, course.id));
    expect(unchanged).toMatchObject({ priceCents: 1000, title: course.title });
  });

  it('stored below 0.50 before the check: every way to buy it answers 409 saying why, never a 500, counting no code', async () => {
    const course = await createCourse(t.db.db, creator.id, { priceCents: 30, title: 'Thirty cents' });
    const coupon = await makeCoupon({ courseId: course.id, percentOff: 50 });
    const buyer = await createUser(t.db.db);
    const why =
      'This course cannot be bought now: its price is below 0.50, the smallest card payment, until its creator changes it';

    for (const body of [{ courseId: course.id }, { courseId: course.id, couponCode: coupon.code }]) {
      const intent = await send('POST', '/api/create-payment-intent', buyer, body);
      expect(intent.statusCode, intent.body).toBe(409);
      expect(intent.json().message).toBe(why);
    }
    const checked = await send('POST', '/api/coupons/check', buyer, { code: coupon.code, courseId: course.id });
    expect(checked.json()).toEqual({ valid: false, price: '0.30', discount: '0.00', total: '0.30', message: why });
    expect(await redemptionsOf(coupon.id)).toBe(0);

    const added = await send('PUT', `/api/cart/${course.id}`, buyer, {});
    expect(added.statusCode).toBe(409);
    expect(added.json().message).toBe(why);

    // In a cart from before: listed apart with the reason, never priced or charged.
    const other = await createCourse(t.db.db, creator.id, { priceCents: 1500, title: 'Fifteen' });
    await t.db.db.insert(cartItems).values({ userId: buyer.id, courseId: course.id });
    expect((await send('PUT', `/api/cart/${other.id}`, buyer, {})).statusCode).toBe(200);
    const cart = (await send('GET', '/api/cart', buyer)).json();
    expect(cart.total).toBe('15.00');
    expect(cart.notices).toEqual([
      {
        course: { id: course.id, title: 'Thirty cents' },
        reason: 'unavailable',
        message: `"Thirty cents" cannot be bought now: its price is below 0.50, the smallest card payment, until its creator changes it`,
      },
    ]);
    const checkout = await send('POST', '/api/cart/checkout', buyer);
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(checkout.json()).toMatchObject({ amountCents: 1500, courseIds: [other.id] });
    expect(await t.db.db.select().from(payments).where(eq(payments.courseId, course.id))).toEqual([]);
  });
});

describe('a discount', () => {
  it('never leaves 0.01–0.49 to pay: it stops at 0.50, alike in the check, a course’s checkout and the cart', async () => {
    const course = await createCourse(t.db.db, creator.id, { priceCents: 1000 });
    for (const off of [{ percentOff: 97 }, { amountOff: '9.99' }, { amountOff: '9.51' }]) {
      const coupon = await makeCoupon({ courseId: course.id, ...off });
      const buyer = await createUser(t.db.db);
      const checked = await send('POST', '/api/coupons/check', buyer, { code: coupon.code, courseId: course.id });
      expect(checked.json(), JSON.stringify(off)).toEqual({
        valid: true,
        price: '10.00',
        discount: '9.50',
        total: '0.50',
        message: 'A card payment is at least 0.50, so the discount stops there',
      });
      const intent = await send('POST', '/api/create-payment-intent', buyer, { courseId: course.id, couponCode: coupon.code });
      expect(intent.json().amountCents).toBe(50);
      const otherBuyer = await createUser(t.db.db);
      const cart = (await send('PUT', `/api/cart/${course.id}`, otherBuyer, { couponCode: coupon.code })).json();
      expect(cart.items[0]).toMatchObject({ discount: '9.50', total: '0.50' });
      expect((await send('POST', '/api/cart/checkout', otherBuyer)).json().amountCents).toBe(50);
    }
    // A discount of the whole price leaves nothing: free, no card.
    const whole = await makeCoupon({ courseId: course.id, amountOff: '10.00' });
    const buyer = await createUser(t.db.db);
    const free = await send('POST', '/api/create-payment-intent', buyer, { courseId: course.id, couponCode: whole.code });
    expect(free.json()).toMatchObject({ enrolled: true });
  });
});
