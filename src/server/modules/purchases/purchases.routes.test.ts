import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCourse, createUser, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';

let t: TestApp;
let creator: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  creator = await createUser(t.db.db, { role: 'creator' });
});
afterAll(() => t.close());

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2031, cvc: '123' };
const send = (method: 'GET' | 'POST', url: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });

async function buy(buyer: TestUser, courseId: string, couponCode?: string) {
  const { paymentIntentId } = (
    await send('POST', '/api/create-payment-intent', buyer, { courseId, ...(couponCode ? { couponCode } : {}) })
  ).json();
  await send('POST', `/api/test-payments/${paymentIntentId}/confirm`, buyer, GOOD_CARD);
  expect((await send('POST', '/api/confirm-payment', buyer, { paymentIntentId, courseId })).statusCode).toBe(200);
  return paymentIntentId as string;
}
/** The mail sent to `user`, once the jobs this app queued have run (receipts are queued with the sale, ADR 0037). */
const mailsTo = async (user: TestUser) => {
  await t.app.background.drain();
  return t.mailer.sent.filter((mail) => mail.to === user.email);
};

describe('purchases and receipts', () => {
  it('lists what was bought with its discount, mails one receipt, and serves the PDF to the buyer only', async () => {
    const course = await createCourse(t.db.db, creator.id, { priceCents: 4000, title: 'Receipts for robots' });
    expect(
      (await send('POST', '/api/creator/coupons', creator, { code: 'RECEIPT25', courseId: course.id, percentOff: 25 }))
        .statusCode,
    ).toBe(201);
    const buyer = await createUser(t.db.db, { name: 'Bea Buyer' });
    const intentId = await buy(buyer, course.id, 'RECEIPT25');
    // Confirmed again (another tab, the webhook): still one receipt.
    await send('POST', '/api/confirm-payment', buyer, { paymentIntentId: intentId, courseId: course.id });

    const list = await send('GET', '/api/purchases', buyer);
    expect(list.statusCode, list.body).toBe(200);
    const [purchase] = list.json().items;
    expect(purchase).toMatchObject({
      course: { id: course.id, title: 'Receipts for robots' },
      status: 'paid',
      price: '40.00',
      discount: '10.00',
      amount: '30.00',
      couponCode: 'RECEIPT25',
      refundedAt: null,
    });
    expect(Date.parse(purchase.refundableUntil) - Date.parse(purchase.paidAt)).toBe(30 * 24 * 3_600_000);
    expect(purchase.receiptUrl).toBe(`/api/purchases/${purchase.id}/receipt`);

    const mails = await mailsTo(buyer);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your receipt: Receipts for robots');
    expect(mails[0]?.text).toContain('Price: $40.00\nDiscount (RECEIPT25): -$10.00\nPaid: $30.00');

    const pdf = await send('GET', purchase.receiptUrl, buyer);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const read = await PDFDocument.load(pdf.rawPayload);
    expect([read.getTitle(), read.getSubject(), read.getPageCount()]).toEqual([
      `Receipt ${purchase.id}`,
      'Receipts for robots: $30.00',
      1,
    ]);
    expect((await send('GET', purchase.receiptUrl)).statusCode).toBe(401);
    expect((await send('GET', purchase.receiptUrl, await createUser(t.db.db))).statusCode).toBe(404);
    expect((await send('GET', purchase.receiptUrl, creator)).statusCode).toBe(404);
    expect((await send('GET', '/api/purchases/not-an-id/receipt', buyer)).statusCode).toBe(404);
    expect((await send('GET', '/api/purchases')).statusCode).toBe(401);
    expect((await send('GET', '/api/purchases', creator)).json().items).toEqual([]);
  });

  it('shows a refund on the list, the receipt and by mail', async () => {
    const course = await createCourse(t.db.db, creator.id, { priceCents: 1999, title: 'Refundable' });
    const buyer = await createUser(t.db.db);
    await buy(buyer, course.id);
    expect((await send('POST', `/api/courses/${course.id}/refund`, buyer)).statusCode).toBe(200);
    const [purchase] = (await send('GET', '/api/purchases', buyer)).json().items;
    expect(purchase).toMatchObject({ status: 'refunded', amount: '19.99', refundableUntil: null });
    expect(purchase.refundedAt).not.toBeNull();
    expect((await mailsTo(buyer)).map((mail) => mail.subject)).toEqual(['Your receipt: Refundable', 'Refund: Refundable']);
    expect((await mailsTo(buyer))[1]?.text).toContain('Your payment of $19.99 for "Refundable" has been refunded to your card.');
    const pdf = await send('GET', purchase.receiptUrl, buyer);
    expect(pdf.statusCode).toBe(200);
    expect((await PDFDocument.load(pdf.rawPayload)).getTitle()).toBe(`Receipt ${purchase.id}`);
  });

  it('pages the list newest first', async () => {
    const buyer = await createUser(t.db.db);
    const bought: string[] = [];
    for (let i = 0; i < 3; i++) {
      const course = await createCourse(t.db.db, creator.id, { priceCents: 1000 + i, title: `Paged ${i}` });
      await buy(buyer, course.id);
      bought.push(course.id);
    }
    const first = (await send('GET', '/api/purchases?limit=2', buyer)).json();
    expect(first.items).toHaveLength(2);
    const second = (await send('GET', `/api/purchases?limit=2&cursor=${first.nextCursor}`, buyer)).json();
    expect(second.nextCursor).toBeNull();
    expect([...first.items, ...second.items].map((p: { course: { id: string } }) => p.course.id)).toEqual([...bought].reverse());
    expect((await send('GET', '/api/purchases?cursor=nope', buyer)).statusCode).toBe(400);
  });
});
