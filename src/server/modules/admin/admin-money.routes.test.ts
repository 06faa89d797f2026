import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, coupons, enrollments, ledgerEntries, payments } from '#db/schema/index';
import { addContent, bearer, createCourse, createUser, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { sqlRows } from '../../lib/sql-rows';

let t: TestApp;
let now = Date.now();
let admin: TestUser;
let creator: TestUser;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, env: { RATE_LIMIT_PAYMENT_INTENTS_PER_MINUTE: '1000' } });
  admin = await createUser(t.db.db, { role: 'admin' });
  creator = await createUser(t.db.db, { role: 'creator' });
});
afterAll(() => t.close());

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2031, cvc: '123' };
type Method = 'GET' | 'POST' | 'DELETE';
const send = (method: Method, url: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });
const refund = (paymentId: string, user: TestUser = admin) => send('POST', `/api/admin/payments/${paymentId}/refund`, user);
const auditOf = (targetId: string) => t.db.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, targetId));

/** A paid course of two slides bought by a new student through the API; the payment's id. */
async function bought({ priceCents = 4000, couponCode }: { priceCents?: number; couponCode?: string } = {}) {
  const course = await createCourse(t.db.db, creator.id, { priceCents });
  const content = await addContent(t.db.db, course.id, { lessonCount: 2, quizCount: 0 });
  const buyer = await createUser(t.db.db, { name: 'Bea Buyer' });
  const created = await send('POST', '/api/create-payment-intent', buyer, { courseId: course.id, couponCode });
  expect(created.statusCode, created.body).toBe(200);
  const { paymentIntentId } = created.json();
  await send('POST', `/api/test-payments/${paymentIntentId}/confirm`, buyer, GOOD_CARD);
  expect((await send('POST', '/api/confirm-payment', buyer, { paymentIntentId, courseId: course.id })).statusCode).toBe(200);
  const [payment] = await t.db.db.select().from(payments).where(eq(payments.providerPaymentId, paymentIntentId));
  if (!payment) throw new Error('no payment');
  return { course, content, buyer, paymentId: payment.id };
}

describe('payments', () => {
  it('lists every payment newest first, filtered by status, a page at a time', async () => {
    const first = await bought({ priceCents: 1500 });
    const second = await bought({ priceCents: 2500 });
    const page = (await send('GET', '/api/admin/payments?status=succeeded&limit=1', admin)).json();
    expect(page.items).toEqual([
      {
        id: second.paymentId,
        status: 'succeeded',
        amount: '25.00',
        price: '25.00',
        currency: 'usd',
        provider: 'test',
        couponCode: null,
        refundReason: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        course: { id: second.course.id, title: second.course.title },
        buyer: { id: second.buyer.id, name: 'Bea Buyer', email: second.buyer.email },
        isRefundable: true,
      },
    ]);
    const next = (await send('GET', `/api/admin/payments?status=succeeded&limit=1&cursor=${page.nextCursor}`, admin)).json();
    expect(next.items[0].id).toBe(first.paymentId);
    for (const query of ['status=paid', 'limit=1000', 'cursor=x']) {
      expect((await send('GET', `/api/admin/payments?${query}`, admin)).statusCode, query).toBe(400);
    }
  });

  it('refunds any completed payment, past 30 days and 30 %, as a buyer’s refund does, and mails the receipt', async () => {
    const { course, content, buyer, paymentId } = await bought();
    for (const lesson of content.lessons) {
      expect((await send('POST', '/api/progress', buyer, { lessonId: lesson.id, completed: true })).statusCode).toBe(200);
    }
    const saved = now;
    now = Date.now() + 45 * 24 * 3_600_000;
    try {
      // The buyer is past both rules…
      expect((await send('POST', `/api/courses/${course.id}/refund`, buyer)).statusCode).toBe(409);
      // …an admin is held by neither.
      const refunded = await refund(paymentId);
      expect(refunded.statusCode, refunded.body).toBe(200);
      expect(refunded.json()).toEqual({ status: 'refunded', amount: '40.00' });
    } finally {
      now = saved;
    }
    const [payment] = await t.db.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ status: 'refunded', refundReason: 'admin' });
    expect(
      await t.db.db
        .select()
        .from(enrollments)
        .where(and(eq(enrollments.userId, buyer.id), eq(enrollments.courseId, course.id))),
    ).toEqual([]);
    expect((await send('GET', `/api/modules/${content.module.id}/lessons`, buyer)).statusCode).toBe(403);
    expect((await send('GET', `/api/courses/${course.id}`)).json().studentCount).toBe(0);
    await t.app.background.drain();
    const mail = t.mailer.last(buyer.email);
    expect(mail?.subject).toBe(`Refund: ${course.title}`);
    expect(mail?.text).toContain('Your payment of $40.00');
    const purchases = (await send('GET', '/api/purchases', buyer)).json();
    expect(purchases.items[0]).toMatchObject({ id: paymentId, status: 'refunded' });
    expect(await auditOf(paymentId)).toEqual([
      expect.objectContaining({
        adminId: admin.id,
        action: 'payment.refund',
        targetType: 'payment',
        details: { amount: '40.00', buyerId: buyer.id, courseId: course.id },
      }),
    ]);
    const listed = (await send('GET', '/api/admin/payments?status=refunded', admin)).json();
    expect(listed.items.find((row: { id: string }) => row.id === paymentId)).toMatchObject({
      refundReason: 'admin',
      isRefundable: false,
    });
  });

  it("revokes the refunded buyer's certificate and removes their review; a second purchase earns it back", async () => {
    const { course, content, buyer, paymentId } = await bought();
    for (const lesson of content.lessons) await send('POST', '/api/progress', buyer, { lessonId: lesson.id, completed: true });
    const pdf = await send('GET', `/api/courses/${course.id}/certificate`, buyer);
    expect(pdf.statusCode).toBe(200);
    const certificateId = String(pdf.headers['x-certificate-id']);
    const reviewed = await t.app.inject({
      method: 'PUT',
      url: `/api/courses/${course.id}/review`,
      headers: bearer(buyer),
      payload: { rating: 5, body: 'Loved it' },
    });
    expect(reviewed.statusCode).toBe(200);
    // Read once each, so whatever the server keeps of them is held when the refund comes.
    expect((await send('GET', `/api/certificates/${certificateId}`)).json()).toMatchObject({ revokedAt: null });
    expect((await send('GET', `/api/courses/${course.id}/reviews`)).json().summary.count).toBe(1);
    expect((await send('GET', `/api/courses/${course.id}`)).json().ratingCount).toBe(1);

    const refundedAt = Date.now();
    expect((await refund(paymentId)).json()).toMatchObject({ status: 'refunded' });
    const verified = await send('GET', `/api/certificates/${certificateId}`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ id: certificateId, revokedReason: 'The course was refunded' });
    expect(Date.parse(verified.json().revokedAt)).toBeGreaterThanOrEqual(refundedAt - 60_000);
    const reviews = (await send('GET', `/api/courses/${course.id}/reviews`)).json();
    expect(reviews).toMatchObject({ items: [], summary: { average: null, count: 0 } });
    expect((await send('GET', `/api/courses/${course.id}`)).json()).toMatchObject({ rating: null, ratingCount: 0 });

    // Bought again and finished again: the same certificate is valid again.
    const { paymentIntentId } = (await send('POST', '/api/create-payment-intent', buyer, { courseId: course.id })).json();
    await send('POST', `/api/test-payments/${paymentIntentId}/confirm`, buyer, GOOD_CARD);
    expect((await send('GET', `/api/courses/${course.id}/certificate`, buyer)).headers['x-certificate-id']).toBe(certificateId);
    expect((await send('GET', `/api/certificates/${certificateId}`)).json()).toMatchObject({
      revokedAt: null,
      revokedReason: null,
    });
  });

  it('refunds once, however often and concurrently asked, by admins and the buyer together', async () => {
    const { course, buyer, paymentId } = await bought();
    const answers = await Promise.all([
      refund(paymentId),
      refund(paymentId),
      send('POST', `/api/courses/${course.id}/refund`, buyer),
      refund(paymentId),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect((await refund(paymentId)).json()).toEqual({ message: 'This payment has already been refunded' });
    const reversals = await t.db.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.paymentId, paymentId), eq(ledgerEntries.kind, 'refund')));
    expect(reversals).toHaveLength(3);
    await t.app.background.drain();
    const receipts = t.mailer.sent.filter((mail) => mail.to === buyer.email && mail.subject.startsWith('Refund'));
    expect(receipts).toHaveLength(1);
    // The audit log has a row only if an admin's refund was the one that happened.
    const rows = await auditOf(paymentId);
    const [payment] = await t.db.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(rows).toHaveLength(payment?.refundReason === 'admin' ? 1 : 0);
  });

  it('refuses what it cannot refund, and writes nothing then', async () => {
    const course = await createCourse(t.db.db, creator.id, { priceCents: 1000 });
    const student = await createUser(t.db.db);
    const open = await send('POST', '/api/create-payment-intent', student, { courseId: course.id });
    const [pending] = await t.db.db.select().from(payments).where(eq(payments.providerPaymentId, open.json().paymentIntentId));
    const notPaid = await refund(pending?.id ?? '');
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().message).toBe('Only a completed payment can be refunded');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-payment']) expect((await refund(id)).statusCode).toBe(404);
    expect((await refund(pending?.id ?? '', student)).statusCode).toBe(403);
    expect((await refund(pending?.id ?? '', creator)).statusCode).toBe(403);
    expect(await auditOf(pending?.id ?? '')).toEqual([]);
  });
});

describe('revenue', () => {
  it('sums the ledger by month: gross, refunds, the fees kept and the creators’ share', async () => {
    const before = (await send('GET', '/api/admin/revenue', admin)).json();
    const kept = await bought({ priceCents: 5000 });
    const back = await bought({ priceCents: 2000 });
    expect((await refund(back.paymentId)).statusCode).toBe(200);
    const after = (await send('GET', '/api/admin/revenue', admin)).json();
    const cents = (value: string) => Math.round(Number(value) * 100);
    const delta = (field: 'gross' | 'refunds' | 'fees' | 'creatorShare') => cents(after[field]) - cents(before[field]);
    expect(delta('gross')).toBe(7000);
    expect(delta('refunds')).toBe(2000);
    // 20 % of what is kept: the refunded sale's fee went back.
    expect(delta('fees')).toBe(1000);
    expect(delta('creatorShare')).toBe(4000);
    expect(after.sales - before.sales).toBe(2);
    expect(after.refundCount - before.refundCount).toBe(1);
    for (const figures of [after, ...after.byMonth]) {
      expect(cents(figures.gross) - cents(figures.refunds)).toBe(cents(figures.fees) + cents(figures.creatorShare));
      for (const field of ['gross', 'refunds', 'fees', 'creatorShare']) expect(figures[field]).toMatch(/^-?\d+\.\d{2}$/);
    }
    const month = new Date().toISOString().slice(0, 7);
    expect(after.byMonth[0].month).toBe(month);
    const [sums] = await sqlRows<{ gross: string }>(
      t.db.db,
      sql`SELECT coalesce(sum(amount_cents), 0)::text AS gross FROM ledger_entries WHERE kind = 'sale' AND account = 'cash'`,
    );
    expect(cents(after.gross)).toBe(Number(sums?.gross));
    expect(kept.paymentId).toBeTruthy();

    const none = (await send('GET', '/api/admin/revenue?from=2001-01-01&to=2001-12-31', admin)).json();
    expect(none).toEqual({
      currency: 'usd',
      gross: '0.00',
      refunds: '0.00',
      fees: '0.00',
      creatorShare: '0.00',
      sales: 0,
      refundCount: 0,
      byMonth: [],
    });
    for (const query of ['from=yesterday', 'from=2026-02-01&to=2026-01-01', 'to=0000-02-29']) {
      expect((await send('GET', `/api/admin/revenue?${query}`, admin)).statusCode, query).toBe(400);
    }
  });
});

describe('site-wide coupons', () => {
  let codes = 0;
  const freshCode = () => `SITE${++codes}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;

  it('are made, listed and stopped by admins, with the creators’ coupon rules', async () => {
    const code = freshCode();
    const made = await send('POST', '/api/admin/coupons', admin, {
      code: code.toLowerCase(),
      percentOff: 25,
      maxRedemptions: 10,
    });
    expect(made.statusCode, made.body).toBe(201);
    const coupon = made.json();
    expect(coupon).toEqual({
      id: expect.any(String),
      code,
      courseId: null,
      courseTitle: null,
      percentOff: 25,
      amountOff: null,
      expiresAt: null,
      maxRedemptions: 10,
      redemptions: 0,
      createdAt: expect.any(String),
    });
    expect((await send('POST', '/api/admin/coupons', admin, { code, amountOff: '5.00' })).statusCode).toBe(409);
    for (const body of [
      { code: 'AB', percentOff: 10 },
      { code: freshCode() },
      { code: freshCode(), percentOff: 10, amountOff: '1.00' },
      { code: freshCode(), percentOff: 101 },
      { code: freshCode(), amountOff: '0.00' },
      { code: freshCode(), percentOff: 10, expiresAt: new Date(now - 1000).toISOString() },
      { code: freshCode(), percentOff: 10, maxRedemptions: 0 },
    ]) {
      expect((await send('POST', '/api/admin/coupons', admin, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const student = await createUser(t.db.db);
    expect((await send('POST', '/api/admin/coupons', student, { code: freshCode(), percentOff: 10 })).statusCode).toBe(403);
    expect((await send('POST', '/api/admin/coupons', creator, { code: freshCode(), percentOff: 10 })).statusCode).toBe(403);

    const listed = (await send('GET', '/api/admin/coupons?limit=100', admin)).json();
    expect(listed.items.map((row: { id: string }) => row.id)).toContain(coupon.id);
    expect(listed.items.every((row: { courseId: string | null }) => row.courseId === null)).toBe(true);

    expect((await send('DELETE', `/api/admin/coupons/${coupon.id}`, admin)).statusCode).toBe(204);
    expect((await send('DELETE', `/api/admin/coupons/${coupon.id}`, admin)).statusCode).toBe(404);
    const gone = (await send('GET', '/api/admin/coupons?limit=100', admin)).json();
    expect(gone.items.map((row: { id: string }) => row.id)).not.toContain(coupon.id);
    expect((await auditOf(coupon.id)).map((row) => row.action).sort()).toEqual(['coupon.create', 'coupon.delete']);
    // A creator's coupon is not the admins' to stop here.
    const course = await createCourse(t.db.db, creator.id, { priceCents: 1000 });
    const own = (
      await send('POST', '/api/creator/coupons', creator, { code: freshCode(), courseId: course.id, percentOff: 5 })
    ).json();
    expect((await send('DELETE', `/api/admin/coupons/${own.id}`, admin)).statusCode).toBe(404);
  });

  it('discount any course at checkout, whoever its creator', async () => {
    const code = freshCode();
    expect((await send('POST', '/api/admin/coupons', admin, { code, percentOff: 25 })).statusCode).toBe(201);
    const otherCreator = await createUser(t.db.db, { role: 'creator' });
    const courses = [
      await createCourse(t.db.db, creator.id, { priceCents: 4000 }),
      await createCourse(t.db.db, otherCreator.id, { priceCents: 1999 }),
    ];
    for (const course of courses) {
      const buyer = await createUser(t.db.db);
      const checked = await send('POST', '/api/coupons/check', buyer, { code, courseId: course.id });
      const discount = Math.round(course.priceCents * 0.25);
      expect(checked.json()).toEqual({
        valid: true,
        price: (course.priceCents / 100).toFixed(2),
        discount: (discount / 100).toFixed(2),
        total: ((course.priceCents - discount) / 100).toFixed(2),
      });
      const created = await send('POST', '/api/create-payment-intent', buyer, { courseId: course.id, couponCode: code });
      expect(created.statusCode, created.body).toBe(200);
      const [payment] = await t.db.db
        .select()
        .from(payments)
        .where(eq(payments.providerPaymentId, created.json().paymentIntentId));
      expect(payment?.amountCents).toBe(course.priceCents - discount);
    }
    const [row] = await t.db.db.select().from(coupons).where(eq(coupons.code, code));
    expect(row?.courseId).toBeNull();
  });
});
