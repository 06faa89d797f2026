import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, ledgerEntries, payouts } from '#db/schema/index';
import { bearer, createCourse, createUser, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { sqlRows } from '../../lib/sql-rows';

let t: TestApp;
const now = Date.now();
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now, env: { RATE_LIMIT_PAYMENT_INTENTS_PER_MINUTE: '1000' } });
  admin = await createUser(t.db.db, { role: 'admin' });
});
afterAll(() => t.close());

const DAY = 24 * 3_600_000;
const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2031, cvc: '123' };
const send = (method: 'GET' | 'POST' | 'PUT', url: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });
const record = (payload: object, user: TestUser = admin) => send('POST', '/api/admin/payouts', user, payload);

/** A creator whose course of `priceCents` a new student bought through the API. */
async function creatorWithSale(priceCents = 4000, creator?: TestUser) {
  const owner = creator ?? (await createUser(t.db.db, { role: 'creator', name: 'Paid Creator' }));
  const course = await createCourse(t.db.db, owner.id, { priceCents });
  const buyer = await createUser(t.db.db);
  const created = await send('POST', '/api/create-payment-intent', buyer, { courseId: course.id });
  expect(created.statusCode, created.body).toBe(200);
  const { paymentIntentId } = created.json();
  await send('POST', `/api/test-payments/${paymentIntentId}/confirm`, buyer, GOOD_CARD);
  expect((await send('POST', '/api/confirm-payment', buyer, { paymentIntentId, courseId: course.id })).statusCode).toBe(200);
  return owner;
}

const earnings = async (user: TestUser) => (await send('GET', '/api/creator/earnings', user)).json();
const unbalanced = () =>
  sqlRows<{ transactionId: string }>(
    t.db.db,
    sql`SELECT transaction_id AS "transactionId" FROM ${ledgerEntries} GROUP BY 1 HAVING sum(amount_cents) <> 0`,
  );

/**
 * Moves the creator's sales 31 days back, past the refund window, so their net is available. (The
 * app's clock is not moved instead: the test sessions would have expired by then.)
 */
async function ageSales(creator: TestUser) {
  await t.db.db
    .update(ledgerEntries)
    .set({ createdAt: sql`${ledgerEntries.createdAt} - interval '31 days'` })
    .where(eq(ledgerEntries.creatorId, creator.id));
}

describe('POST /api/admin/payouts', () => {
  it('records a paid bank transfer: the ledger moves it out of available into paid out, the audit log has it', async () => {
    const creator = await creatorWithSale(4000);
    // Inside the refund window nothing is available yet.
    const early = await record({ creatorId: creator.id, amount: '1.00', reference: 'BANK-1' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('This creator has no available balance to pay out');

    await ageSales(creator);
    expect(await earnings(creator)).toMatchObject({ net: '32.00', available: '32.00', paidOut: '0.00' });
    const balances = (await send('GET', '/api/admin/payouts/balances?limit=100', admin)).json();
    expect(balances.items).toContainEqual({
      id: creator.id,
      creator: { id: creator.id, name: 'Paid Creator', email: creator.email },
      available: '32.00',
      paidOut: '0.00',
      lastPaidAt: null,
      paidBy: 'manual',
      payoutDetails: null,
    });

    const response = await record({ creatorId: creator.id, amount: '12.34', reference: '  BANK-2026-11-26  ' });
    expect(response.statusCode, response.body).toBe(201);
    const payout = response.json();
    expect(payout).toEqual({
      id: expect.any(String),
      amount: '12.34',
      currency: 'usd',
      method: 'manual',
      status: 'paid',
      reference: 'BANK-2026-11-26',
      createdAt: expect.any(String),
      paidAt: new Date(now).toISOString(),
      creator: { id: creator.id, name: 'Paid Creator', email: creator.email },
      recordedBy: { id: admin.id, name: admin.name },
    });
    // The figures of the period do not change; the balance does, at once (the cache was told).
    expect(await earnings(creator)).toMatchObject({ gross: '40.00', net: '32.00', available: '19.66', paidOut: '12.34' });
    const entries = await t.db.db.select().from(ledgerEntries).where(eq(ledgerEntries.payoutId, payout.id));
    expect(
      entries
        .map(({ kind, account, amountCents }) => ({ kind, account, amountCents }))
        .sort((a, b) => a.amountCents - b.amountCents),
    ).toEqual([
      { kind: 'payout', account: 'cash', amountCents: -1234 },
      { kind: 'payout', account: 'creator', amountCents: 1234 },
    ]);
    expect(await unbalanced()).toEqual([]);
    const [audit] = await t.db.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, payout.id));
    expect(audit).toMatchObject({
      adminId: admin.id,
      action: 'payout.record',
      targetType: 'payout',
      details: { creatorId: creator.id, amount: '12.34', reference: 'BANK-2026-11-26', availableAfter: '19.66' },
    });

    // More than what is left: 409, nothing written.
    const tooMuch = await record({ creatorId: creator.id, amount: '19.67', reference: 'BANK-3' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe("The payout is more than the creator's available balance of 19.66 USD");
    // Exactly what is left empties the balance, and the creator leaves the list of balances.
    expect((await record({ creatorId: creator.id, amount: '19.66', reference: 'BANK-4' })).statusCode).toBe(201);
    expect(await earnings(creator)).toMatchObject({ available: '0.00', paidOut: '32.00' });
    const after = (await send('GET', '/api/admin/payouts/balances?limit=100', admin)).json();
    expect(after.items.map((item: { id: string }) => item.id)).not.toContain(creator.id);

    const list = (await send('GET', `/api/admin/payouts?creatorId=${creator.id}&limit=1`, admin)).json();
    expect(list.items.map((item: { amount: string }) => item.amount)).toEqual(['19.66']);
    const next = (
      await send('GET', `/api/admin/payouts?creatorId=${creator.id}&limit=1&cursor=${list.nextCursor}`, admin)
    ).json();
    expect(next).toEqual({ items: [expect.objectContaining({ id: payout.id })], nextCursor: null });
    expect(await t.db.db.select().from(payouts).where(eq(payouts.creatorId, creator.id))).toHaveLength(2);
  });

  it('refuses bad amounts, references and creators without writing anything', async () => {
    const creator = await creatorWithSale(2000);
    const student = await createUser(t.db.db);
    const countRows = async () => ({
      payouts: (await t.db.db.select().from(payouts)).length,
      audit: (await t.db.db.select().from(adminAuditLog)).length,
    });
    await ageSales(creator);
    const before = await countRows();
    const cases: [object, number][] = [
      [{ creatorId: creator.id, amount: '0.00', reference: 'R' }, 400],
      [{ creatorId: creator.id, amount: '0', reference: 'R' }, 400],
      [{ creatorId: creator.id, amount: '-1', reference: 'R' }, 400],
      [{ creatorId: creator.id, amount: '1e3', reference: 'R' }, 400],
      [{ creatorId: creator.id, amount: '12.345', reference: 'R' }, 400],
      [{ creatorId: creator.id, amount: '12.', reference: 'R' }, 400],
      [{ creatorId: creator.id, amount: '1 2', reference: 'R' }, 400],
      [{ creatorId: creator.id, amount: 12, reference: 'R' }, 400],
      [{ creatorId: creator.id, amount: '9'.repeat(10_000), reference: 'R' }, 400],
      [{ creatorId: creator.id, amount: '99999999999', reference: 'R' }, 400],
      [{ creatorId: creator.id, amount: '9999999999.99', reference: 'R' }, 400],
      [{ creatorId: creator.id, amount: '1.00', reference: '' }, 400],
      [{ creatorId: creator.id, amount: '1.00', reference: '   ' }, 400],
      [{ creatorId: creator.id, amount: '1.00', reference: 'x'.repeat(201) }, 400],
      [{ creatorId: creator.id, amount: '1.00', reference: 'BANK\u0000' }, 400],
      [{ creatorId: creator.id, amount: '1.00', reference: 'BANK\nFORGED LINE' }, 400],
      [{ creatorId: creator.id, amount: '1.00', reference: 'BANK\u202e' }, 201],
      [{ creatorId: creator.id, amount: '1.00' }, 400],
      [{ amount: '1.00', reference: 'R' }, 400],
      [{ creatorId: 'not-an-id', amount: '1.00', reference: 'R' }, 404],
      [{ creatorId: student.id, amount: '1.00', reference: 'R' }, 404],
      [{ creatorId: admin.id, amount: '1.00', reference: 'R' }, 404],
      [{ creatorId: creator.id, amount: '1000.00', reference: 'R' }, 409],
    ];
    let created = 0;
    for (const [payload, status] of cases) {
      const response = await record(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 200)).toBe(status);
      if (status === 201) created += 1;
      else expect(response.json().message, JSON.stringify(payload).slice(0, 200)).toEqual(expect.any(String));
    }
    expect(await countRows()).toEqual({ payouts: before.payouts + created, audit: before.audit + created });
    // Not an admin: refused before the body is read.
    expect((await record({ creatorId: creator.id, amount: '1.00', reference: 'R' }, creator)).statusCode).toBe(403);
    expect((await record({ creatorId: creator.id, amount: '1.00', reference: 'R' }, student)).statusCode).toBe(403);
    expect(
      (await send('POST', '/api/admin/payouts', undefined, { creatorId: creator.id, amount: '1.00', reference: 'R' })).statusCode,
    ).toBe(401);
  });

  it('never pays out more than is available, however many payouts are recorded at once', async () => {
    // The admin's session is cached first, so the requests reach the database together.
    expect((await send('GET', '/api/admin/payouts/balances', admin)).statusCode).toBe(200);
    // Three rounds: without the creator's lock, most rounds paid out more than the balance.
    for (let round = 0; round < 3; round += 1) {
      const creator = await creatorWithSale(4000);
      await ageSales(creator);
      // 32.00 available; ten parallel payouts of 10.00: three fit.
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          record({ creatorId: creator.id, amount: '10.00', reference: `PARALLEL-${round}-${index}` }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses, responses.map((response) => response.body).join('\n')).toEqual([
        201, 201, 201, 409, 409, 409, 409, 409, 409, 409,
      ]);
      expect(await earnings(creator)).toMatchObject({ available: '2.00', paidOut: '30.00' });
    }
    expect(await unbalanced()).toEqual([]);
  });

  it('reverses a paid payout in the ledger when it is sent back, and refuses going back or deleting', async () => {
    const creator = await creatorWithSale(1000);
    await ageSales(creator);
    const payout = (await record({ creatorId: creator.id, amount: '8.00', reference: 'BOUNCE' })).json();
    expect(await earnings(creator)).toMatchObject({ available: '0.00', paidOut: '8.00' });
    // The bank sent it back (done by the database here: the Stripe side comes with transfers).
    await t.db.db.update(payouts).set({ status: 'reversed' }).where(eq(payouts.id, payout.id));
    expect(await earnings(creator)).toMatchObject({ available: '8.00', paidOut: '0.00' });
    const entries = await t.db.db.select().from(ledgerEntries).where(eq(ledgerEntries.payoutId, payout.id));
    expect(entries).toHaveLength(4);
    expect(await unbalanced()).toEqual([]);
    for (const change of [
      () => t.db.db.update(payouts).set({ status: 'paid' }).where(eq(payouts.id, payout.id)),
      () => t.db.db.update(payouts).set({ amountCents: 1 }).where(eq(payouts.id, payout.id)),
      () => t.db.db.delete(payouts).where(eq(payouts.id, payout.id)),
      () => t.db.db.insert(payouts).values({ creatorId: creator.id, amountCents: 100, method: 'manual', status: 'reversed' }),
    ]) {
      await expect(change()).rejects.toThrow();
    }
    expect(await earnings(creator)).toMatchObject({ available: '8.00', paidOut: '0.00' });
  });
});

describe('earnings with payouts', () => {
  it('counts a payout in the balance only: no month or course of its own in the figures', async () => {
    const creator = await creatorWithSale(2500);
    // The sale two months back: its month is not the payout's, and it is past the refund window.
    await t.db.db
      .update(ledgerEntries)
      .set({ createdAt: sql`${ledgerEntries.createdAt} - interval '62 days'` })
      .where(eq(ledgerEntries.creatorId, creator.id));
    const saleMonth = new Date(Date.now() - 62 * DAY).toISOString().slice(0, 7);
    expect((await record({ creatorId: creator.id, amount: '5.00', reference: 'MONTHS' })).statusCode).toBe(201);
    const figures = await earnings(creator);
    expect(figures).toMatchObject({ gross: '25.00', net: '20.00', available: '15.00', paidOut: '5.00' });
    expect(figures.byMonth.map((month: { month: string }) => month.month)).toEqual([saleMonth]);
    expect(figures.byCourse).toHaveLength(1);
    const thisMonth = new Date().toISOString().slice(0, 7);
    expect((await send('GET', `/api/creator/earnings?from=${thisMonth}-01`, creator)).json()).toMatchObject({
      gross: '0.00',
      byMonth: [],
      byCourse: [],
      paidOut: '5.00',
    });
  });
});

describe('GET /api/creator/payouts', () => {
  it('lists the caller’s own payouts, newest first, a page at a time', async () => {
    const creator = await creatorWithSale(5000);
    const other = await creatorWithSale(5000);
    expect((await send('GET', '/api/creator/payouts', creator)).json()).toEqual({ items: [], nextCursor: null });
    await ageSales(creator);
    await ageSales(other);
    for (const [who, amount] of [
      [creator, '5.00'],
      [other, '7.00'],
      [creator, '6.00'],
    ] as const) {
      expect((await record({ creatorId: who.id, amount, reference: `REF-${amount}` })).statusCode).toBe(201);
    }
    const first = (await send('GET', '/api/creator/payouts?limit=1', creator)).json();
    expect(first.items).toEqual([
      {
        id: expect.any(String),
        amount: '6.00',
        currency: 'usd',
        method: 'manual',
        status: 'paid',
        reference: 'REF-6.00',
        createdAt: expect.any(String),
        paidAt: expect.any(String),
      },
    ]);
    const second = (await send('GET', `/api/creator/payouts?limit=1&cursor=${first.nextCursor}`, creator)).json();
    expect(second.items.map((item: { amount: string }) => item.amount)).toEqual(['5.00']);
    expect(second.nextCursor).toBeNull();
    expect(
      (await send('GET', '/api/creator/payouts', other)).json().items.map((item: { amount: string }) => item.amount),
    ).toEqual(['7.00']);
    for (const query of ['limit=0', 'limit=101', 'cursor=nope']) {
      expect((await send('GET', `/api/creator/payouts?${query}`, creator)).statusCode, query).toBe(400);
    }
    expect((await send('GET', '/api/creator/payouts')).statusCode).toBe(401);
    expect((await send('GET', '/api/creator/payouts', await createUser(t.db.db))).statusCode).toBe(403);
    expect((await send('GET', '/api/creator/payouts', admin)).statusCode).toBe(403);
  });
});

describe('GET and PUT /api/creator/payouts/details', () => {
  const details = (user?: TestUser) => send('GET', '/api/creator/payouts/details', user);
  const save = (payoutDetails: unknown, user?: TestUser) => send('PUT', '/api/creator/payouts/details', user, { payoutDetails });

  it('keeps where a creator asks to be paid, as plain text with its line breaks, and shows it to the admin who pays them', async () => {
    const creator = await creatorWithSale(2500);
    await ageSales(creator);
    expect((await details(creator)).json()).toEqual({ payoutDetails: null });

    const text = 'Ada Lovelace\nIBAN DE89 3704 0044 0532 0130 00\nBIC COBADEFFXXX';
    const saved = await save(`  ${text}\n`, creator);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ payoutDetails: text });
    expect((await details(creator)).json()).toEqual({ payoutDetails: text });

    const balances = (await send('GET', '/api/admin/payouts/balances?limit=100', admin)).json();
    expect(balances.items.find((item: { id: string }) => item.id === creator.id)).toMatchObject({ payoutDetails: text });
    // The payout's audit row keeps where the admin was told to pay.
    const paid = await record({ creatorId: creator.id, amount: '5.00', reference: 'BANK-DETAILS' });
    expect(paid.statusCode, paid.body).toBe(201);
    const [audit] = await t.db.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, paid.json().id));
    expect(audit?.details).toMatchObject({ payoutDetails: text });

    // Every change is mailed to the creator, naming no bank details; saving the same text again is no change.
    // Mail goes from the job queue once the change commits.
    await expect.poll(() => t.mailer.last(creator.email)?.subject).toBe('Your Gradient Academy payout details were changed');
    const notice = t.mailer.last(creator.email);
    expect(notice?.text).toContain('Where you are paid by bank transfer was changed');
    expect(notice?.text).not.toContain('DE89');
    const mailsTo = () => t.mailer.sent.filter((mail) => mail.to === creator.email).length;
    const mailed = mailsTo();
    expect((await save(text, creator)).statusCode).toBe(200);
    // Empty or null clears them, which is a change: its notice is the only new mail.
    expect((await save('', creator)).json()).toEqual({ payoutDetails: null });
    await expect.poll(() => t.mailer.last(creator.email)?.text).toContain('was removed from your account');
    expect(mailsTo()).toBe(mailed + 1);

    // Another creator's are their own.
    expect((await details(await createUser(t.db.db, { role: 'creator' }))).json()).toEqual({ payoutDetails: null });
    expect((await save(text, creator)).statusCode).toBe(200);
    expect((await save(null, creator)).json()).toEqual({ payoutDetails: null });
  });

  it('refuses control characters and more than 1,000 characters with 400, changing nothing', async () => {
    const creator = await createUser(t.db.db, { role: 'creator' });
    expect((await save('IBAN GB33 BUKB 2020 1555 5555 55', creator)).statusCode).toBe(200);
    for (const bad of ['IBAN\u0000 GB33', 'Bank\u001b[31m red', 'Pay\u0085 here', 'x'.repeat(1001), 42]) {
      const refused = await save(bad, creator);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json().errors).toHaveProperty('payoutDetails');
    }
    expect((await save('y'.repeat(1000), creator)).statusCode).toBe(200);
    expect((await details(creator)).json().payoutDetails).toHaveLength(1000);
  });

  it('is for creators only: 401 for guests, 403 for students and admins', async () => {
    expect((await details()).statusCode).toBe(401);
    expect((await save('x')).statusCode).toBe(401);
    for (const user of [await createUser(t.db.db), admin]) {
      expect((await details(user)).statusCode).toBe(403);
      expect((await save('x', user)).statusCode).toBe(403);
    }
  });
});
