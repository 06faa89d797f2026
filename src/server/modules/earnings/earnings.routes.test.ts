import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, ledgerEntries, payments, payouts } from '#db/schema/index';
import { bearer, createCourse, createUser, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { countQueries } from '#tests/helpers/query-counter';
import { movePayment } from '../../lib/payments/payment-status';
import { sqlRows } from '../../lib/sql-rows';

let t: TestApp;
let now = Date.now();

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2031, cvc: '123' };
const send = (method: 'GET' | 'POST', url: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });

/** A purchase through the API with the test processor; answers the recorded payment's id. */
async function buy(buyer: TestUser, courseId: string, couponCode?: string): Promise<string> {
  const created = await send('POST', '/api/create-payment-intent', buyer, { courseId, ...(couponCode ? { couponCode } : {}) });
  const { paymentIntentId } = created.json();
  await send('POST', `/api/test-payments/${paymentIntentId}/confirm`, buyer, GOOD_CARD);
  expect((await send('POST', '/api/confirm-payment', buyer, { paymentIntentId, courseId })).statusCode).toBe(200);
  const [payment] = await t.db.db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.providerPaymentId, paymentIntentId));
  return payment?.id ?? '';
}
const earnings = async (user: TestUser, query = '') => {
  const response = await send('GET', `/api/creator/earnings${query}`, user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('GET /api/creator/earnings', () => {
  it('is for creators, each seeing their own: 401 for guests, 403 for students', async () => {
    const creator = await createUser(t.db.db, { role: 'creator' });
    expect((await send('GET', '/api/creator/earnings')).statusCode).toBe(401);
    expect((await send('GET', '/api/creator/earnings', await createUser(t.db.db))).statusCode).toBe(403);
    expect(await earnings(creator)).toEqual({
      currency: 'usd',
      gross: '0.00',
      fees: '0.00',
      refunds: '0.00',
      net: '0.00',
      available: '0.00',
      paidOut: '0.00',
      byCourse: [],
      byMonth: [],
    });
    for (const bad of ['?from=yesterday', '?to=2026-13-01', '?from=2026-11-30&to=2026-11-01']) {
      expect((await send('GET', `/api/creator/earnings${bad}`, creator)).statusCode, bad).toBe(400);
    }
  });

  it('adds up sales, the 20 % fee on what was paid, by course and by month; the balance opens after 30 days', async () => {
    const creator = await createUser(t.db.db, { role: 'creator' });
    const other = await createUser(t.db.db, { role: 'creator' });
    const deep = await createCourse(t.db.db, creator.id, { priceCents: 4000, title: 'Deep nets' });
    const cheap = await createCourse(t.db.db, creator.id, { priceCents: 1999, title: 'Cheap tricks' });
    const coupon = await send('POST', '/api/creator/coupons', creator, { code: 'EARN25', courseId: cheap.id, percentOff: 25 });
    expect(coupon.statusCode).toBe(201);
    await buy(await createUser(t.db.db), deep.id);
    await buy(await createUser(t.db.db), cheap.id, 'EARN25');

    const mine = await earnings(creator);
    // 40.00 + 14.99 paid; fees 8.00 + 3.00 (20 % of 14.99 is 2.998).
    expect(mine).toMatchObject({
      gross: '54.99',
      fees: '11.00',
      refunds: '0.00',
      net: '43.99',
      available: '0.00',
      paidOut: '0.00',
    });
    expect(mine.byCourse).toEqual([
      { courseId: deep.id, title: 'Deep nets', gross: '40.00', fees: '8.00', refunds: '0.00', net: '32.00', sales: 1 },
      { courseId: cheap.id, title: 'Cheap tricks', gross: '14.99', fees: '3.00', refunds: '0.00', net: '11.99', sales: 1 },
    ]);
    expect(mine.byMonth).toEqual([
      { month: new Date().toISOString().slice(0, 7), gross: '54.99', fees: '11.00', refunds: '0.00', net: '43.99', sales: 2 },
    ]);
    // Another creator's figures are their own.
    expect((await earnings(other)).gross).toBe('0.00');
    // A range before the sales finds none.
    expect((await earnings(creator, '?from=2020-01-01&to=2020-12-31')).gross).toBe('0.00');

    const saved = now;
    now = Date.now() + 31 * 24 * 3_600_000;
    try {
      expect((await earnings(creator)).available).toBe('43.99');
    } finally {
      now = saved;
    }
  });

  it('takes the fee on what is kept: a refund returns its fee, so gross − refunds − fees = net', async () => {
    const creator = await createUser(t.db.db, { role: 'creator' });
    const course = await createCourse(t.db.db, creator.id, { priceCents: 5000, title: 'Half refunded' });
    await buy(await createUser(t.db.db), course.id);
    const refunded = await buy(await createUser(t.db.db), course.id);
    expect(await movePayment(t.db.db, refunded, 'refunded')).toBe(true);

    const figures = { gross: '100.00', fees: '10.00', refunds: '50.00', net: '40.00' };
    const mine = await earnings(creator);
    expect(mine).toMatchObject(figures);
    expect(mine.byCourse).toEqual([{ courseId: course.id, title: 'Half refunded', ...figures, sales: 2 }]);
    expect(mine.byMonth).toEqual([{ month: new Date().toISOString().slice(0, 7), ...figures, sales: 2 }]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await earnings(creator, `?from=${today}&to=${today}`)).toMatchObject(figures);
  });

  it('answers again from memory until an entry of the creator, a course title or the refund window changes it', async () => {
    const creator = await createUser(t.db.db, { role: 'creator' });
    const course = await createCourse(t.db.db, creator.id, { priceCents: 2500, title: 'Cached figures' });
    const paymentId = await buy(await createUser(t.db.db), course.id);
    expect((await earnings(creator)).gross).toBe('25.00');

    const queries = countQueries(t.db);
    try {
      expect((await earnings(creator)).gross).toBe('25.00');
      // The session is cached too: the second answer sent no statement at all.
      expect(queries.count, queries.texts.join('; ')).toBe(0);
    } finally {
      queries.restore();
    }

    // A refund made in the database, not through this app, is announced by the ledger's trigger.
    expect(await movePayment(t.db.db, paymentId, 'refunded')).toBe(true);
    expect(await earnings(creator)).toMatchObject({ gross: '25.00', refunds: '25.00', net: '0.00' });

    // A course renamed in the database renames its row.
    await t.db.db.update(courses).set({ title: 'Renamed figures' }).where(eq(courses.id, course.id));
    expect((await earnings(creator)).byCourse).toMatchObject([{ courseId: course.id, title: 'Renamed figures' }]);

    // A sale still inside the refund window becomes available once it leaves it, with nothing written.
    await buy(await createUser(t.db.db), course.id);
    expect((await earnings(creator)).available).toBe('0.00');
    const saved = now;
    now = Date.now() + 31 * 24 * 3_600_000;
    try {
      expect((await earnings(creator)).available).toBe('20.00');
    } finally {
      now = saved;
    }
  });

  it('takes PLATFORM_FEE_PERCENT as it was when the payment was made', async () => {
    const thirty = await createTestApp({ db: t.db, env: { PLATFORM_FEE_PERCENT: '30' } });
    try {
      const creator = await createUser(t.db.db, { role: 'creator' });
      const course = await createCourse(t.db.db, creator.id, { priceCents: 1000 });
      const buyer = await createUser(t.db.db);
      const created = await thirty.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: bearer(buyer),
        payload: { courseId: course.id },
      });
      const { paymentIntentId } = created.json();
      await thirty.app.inject({
        method: 'POST',
        url: `/api/test-payments/${paymentIntentId}/confirm`,
        headers: bearer(buyer),
        payload: GOOD_CARD,
      });
      // Read through the default app (20 %): the payment keeps its 30 %.
      expect(await earnings(creator)).toMatchObject({ gross: '10.00', fees: '3.00', net: '7.00' });
    } finally {
      await thirty.close();
    }
  });

  it('keeps every ledger transaction balanced, and the totals right, through random purchases, refunds and payouts', async () => {
    const creator = await createUser(t.db.db, { role: 'creator' });
    const admin = await createUser(t.db.db, { role: 'admin' });
    const prices = [999, 1999, 4000, 50];
    const catalogue = await Promise.all(prices.map((priceCents) => createCourse(t.db.db, creator.id, { priceCents })));
    const cents = (money: string) => Math.round(Number(money) * 100);
    const fee = (priceCents: number) => Math.round((priceCents * 20) / 100);
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    /** What every figure must satisfy, in every total, course, month and range. */
    const addsUp = (figures: { gross: string; refunds: string; fees: string; net: string }, where: string) =>
      expect(cents(figures.gross) - cents(figures.refunds) - cents(figures.fees), where).toBe(cents(figures.net));
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            course: fc.nat({ max: prices.length - 1 }),
            // How long ago the sale was: past the refund window, often in another month than its refund.
            daysAgo: fc.integer({ min: 31, max: 120 }),
            refund: fc.boolean(),
            // A payout after the purchase, of this share of what is available (none when null); sometimes sent back.
            payoutPercent: fc.option(fc.integer({ min: 1, max: 100 }), { nil: null }),
            reversed: fc.boolean(),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.integer({ min: 0, max: 130 }),
        fc.integer({ min: 0, max: 130 }),
        async (steps, rangeStart, rangeLength) => {
          const before = await earnings(creator);
          const change = { paid: 0, fees: 0, refunded: 0, refundedFees: 0, paidOut: 0 };
          for (const step of steps) {
            const course = catalogue[step.course];
            if (!course) continue;
            const paymentId = await buy(await createUser(t.db.db), course.id);
            // Each sale is moved past the refund window at once: what the creator keeps is available to pay out.
            await t.db.db
              .update(ledgerEntries)
              .set({ createdAt: sql`${ledgerEntries.createdAt} - make_interval(days => ${step.daysAgo})` })
              .where(eq(ledgerEntries.paymentId, paymentId));
            change.paid += course.priceCents;
            change.fees += fee(course.priceCents);
            if (step.refund) {
              // A refund moves the payment's status; the ledger follows whatever moves it.
              expect(await movePayment(t.db.db, paymentId, 'refunded')).toBe(true);
              change.refunded += course.priceCents;
              change.refundedFees += fee(course.priceCents);
            }
            const available = cents((await earnings(creator)).available);
            if (step.payoutPercent === null || available === 0) continue;
            const amountCents = Math.max(1, Math.floor((available * step.payoutPercent) / 100));
            const recorded = await send('POST', '/api/admin/payouts', admin, {
              creatorId: creator.id,
              amount: (amountCents / 100).toFixed(2),
              reference: `PROPERTY-${amountCents}`,
            });
            expect(recorded.statusCode, recorded.body).toBe(201);
            change.paidOut += amountCents;
            if (step.reversed) {
              // The bank sent it back: the ledger reverses the payout (the Stripe side comes with transfers).
              await t.db.db.update(payouts).set({ status: 'reversed' }).where(eq(payouts.id, recorded.json().id));
              change.paidOut -= amountCents;
            }
          }
          const unbalanced = await sqlRows<{ transactionId: string }>(
            t.db.db,
            sql`SELECT transaction_id AS "transactionId" FROM ${ledgerEntries} GROUP BY 1 HAVING sum(amount_cents) <> 0`,
          );
          expect(unbalanced).toEqual([]);
          const after = await earnings(creator);
          const keptFees = change.fees - change.refundedFees;
          const kept = change.paid - change.refunded - keptFees;
          expect(cents(after.gross) - cents(before.gross)).toBe(change.paid);
          // The platform keeps the fees of the sales that stayed: a refund returns its fee.
          expect(cents(after.fees) - cents(before.fees)).toBe(keptFees);
          expect(cents(after.refunds) - cents(before.refunds)).toBe(change.refunded);
          expect(cents(after.net) - cents(before.net)).toBe(kept);
          // Payouts move money from available to paid out, and change none of the sales' figures.
          expect(cents(after.paidOut) - cents(before.paidOut)).toBe(change.paidOut);
          expect(cents(after.available) - cents(before.available)).toBe(kept - change.paidOut);
          expect(cents(after.available)).toBe(cents(after.net) - cents(after.paidOut));
          // gross − refunds − fees = net: in the totals, each course, each month, and any range of days.
          addsUp(after, 'totals');
          for (const course of after.byCourse) addsUp(course, course.title);
          for (const month of after.byMonth) addsUp(month, month.month);
          const range = `?from=${day(rangeStart + rangeLength)}&to=${day(rangeStart)}`;
          const ranged = await earnings(creator, range);
          addsUp(ranged, range);
          for (const course of ranged.byCourse) addsUp(course, `${range} ${course.title}`);
          for (const month of ranged.byMonth) addsUp(month, `${range} ${month.month}`);
        },
      ),
      { numRuns: 8 },
    );
  });
});
