import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, paymentEvents, payouts, users } from '#db/schema/index';
import { bearer, createCourse, createUser, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { postStripeWebhook, startStripeForTests, stripeEvent } from '#tests/helpers/stripe';
import type { StandInTransfer, StripeStandIn } from '#tests/helpers/stripe-stand-in';
import type { StripePaymentProvider } from '../../lib/payments/stripe-provider';
import { sqlRows } from '../../lib/sql-rows';
import { runScheduledTransfers } from '../../lib/stripe-transfers';

/*
 * Issue 24 §4 with Stripe: connected creators' available balances are paid by scheduled Connect
 * transfers, and `transfer.*` webhooks are applied once in any order (ADR 0032, "Transfers").
 */

const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2031, cvc: '123' };

let standIn: StripeStandIn;
let provider: StripePaymentProvider;
let webhookSecret: string;
/** The server with Stripe: connect onboarding, the webhook, the earnings. */
let stripeApp: TestApp;
/** The built-in processor on the same database, to make sales quickly with a test card. */
let salesApp: TestApp;
let admin: TestUser;

const logged: { level: string; message: string }[] = [];
const log = {
  info: (_details: Record<string, unknown>, message: string) => logged.push({ level: 'info', message }),
  warn: (_details: Record<string, unknown>, message: string) => logged.push({ level: 'warn', message }),
  error: (_details: Record<string, unknown>, message: string) => logged.push({ level: 'error', message }),
};

beforeAll(async () => {
  ({ standIn, provider, webhookSecret } = await startStripeForTests({ publishableKey: 'pk_test_transfers' }));
  stripeApp = await createTestApp({ paymentProvider: provider });
  salesApp = await createTestApp({ db: stripeApp.db, env: { RATE_LIMIT_PAYMENT_INTENTS_PER_MINUTE: '1000' } });
  admin = await createUser(stripeApp.db.db, { role: 'admin' });
});
afterAll(async () => {
  await salesApp?.close();
  await stripeApp?.close();
  await standIn?.close();
});

const db = () => stripeApp.db.db;
const send = (app: TestApp, method: 'GET' | 'POST', url: string, user?: TestUser, payload?: object) =>
  app.app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });
const run = () => runScheduledTransfers({ db: db(), provider, log, now: Date.now() });

/** A creator with a connected, onboarded Stripe account and `sales` sold courses, aged past the refund window. */
async function paidCreator(...sales: number[]) {
  const creator = await createUser(db(), { role: 'creator' });
  expect((await send(stripeApp, 'POST', '/api/creator/payouts/connect', creator)).statusCode).toBe(200);
  const [row] = await db().select({ accountId: users.stripeAccountId }).from(users).where(eq(users.id, creator.id));
  const accountId = row?.accountId ?? '';
  standIn.completeOnboarding(accountId);
  // Back from onboarding, the Earnings page reads the account's status: the app learns it is ready.
  const status = await send(stripeApp, 'GET', '/api/creator/payouts/connect', creator);
  expect(status.json()).toEqual({ payoutsBy: 'stripe', account: 'ready' });
  await sell(creator, ...sales);
  return { creator, accountId };
}

/** Sells `sales` courses of the creator's (prices in cents) and ages their ledger entries past the refund window. */
async function sell(creator: TestUser, ...sales: number[]) {
  for (const priceCents of sales) {
    const course = await createCourse(db(), creator.id, { priceCents });
    const buyer = await createUser(db());
    const created = await send(salesApp, 'POST', '/api/create-payment-intent', buyer, { courseId: course.id });
    expect(created.statusCode, created.body).toBe(200);
    const { paymentIntentId } = created.json();
    await send(salesApp, 'POST', `/api/test-payments/${paymentIntentId}/confirm`, buyer, GOOD_CARD);
    const confirmed = await send(salesApp, 'POST', '/api/confirm-payment', buyer, { paymentIntentId, courseId: course.id });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }
  // Past the 30-day refund window, the net is available (the clock is not moved: sessions would expire).
  await db()
    .update(ledgerEntries)
    .set({ createdAt: sql`${ledgerEntries.createdAt} - interval '31 days'` })
    .where(eq(ledgerEntries.creatorId, creator.id));
}

const earnings = async (creator: TestUser) => {
  const answer = await send(stripeApp, 'GET', '/api/creator/earnings', creator);
  expect(answer.statusCode, answer.body).toBe(200);
  const { available, paidOut, net } = answer.json();
  return { available, paidOut, net };
};
const payoutsOf = (creator: TestUser) => db().select().from(payouts).where(eq(payouts.creatorId, creator.id));
const transfersTo = (accountId: string) => standIn.transfers().filter((transfer) => transfer.destination === accountId);
const unbalanced = () =>
  sqlRows<{ transactionId: string }>(
    db(),
    sql`SELECT transaction_id AS "transactionId" FROM ${ledgerEntries} GROUP BY 1 HAVING sum(amount_cents) <> 0`,
  );

type TransferEventType = 'transfer.created' | 'transfer.updated' | 'transfer.reversed';
function eventOf(type: TransferEventType, transfer: StandInTransfer | undefined, id?: string) {
  if (!transfer) throw new Error('no such transfer');
  return stripeEvent(type, transfer, id);
}
async function deliver(payload: string, secret = webhookSecret) {
  const response = await postStripeWebhook(stripeApp, payload, secret);
  expect(response.statusCode, response.body).toBe(secret === webhookSecret ? 200 : 400);
  return response;
}

describe('scheduled Stripe transfers', () => {
  it('pay a connected creator exactly their available balance once, even when two runs go at once, and the earnings follow', async () => {
    const { creator, accountId } = await paidCreator(4000, 2500);
    // 80 % of 65.00 is kept by the creator.
    expect(await earnings(creator)).toEqual({ net: '52.00', available: '52.00', paidOut: '0.00' });

    await Promise.all([run(), run()]);

    const made = transfersTo(accountId);
    expect(made).toHaveLength(1);
    const [transfer] = made;
    const [payout] = await payoutsOf(creator);
    expect(await payoutsOf(creator)).toHaveLength(1);
    expect(transfer).toMatchObject({
      amount: 5200,
      currency: 'usd',
      metadata: { payoutId: payout?.id },
      transfer_group: `payout-${payout?.id}`,
    });
    expect(payout).toMatchObject({
      amountCents: 5200,
      method: 'stripe',
      status: 'paid',
      reference: transfer?.id,
      recordedBy: null,
    });
    const asked = standIn.requests.filter(
      (request) => request.path === '/v1/transfers' && request.body.destination === accountId,
    );
    expect(new Set(asked.map((request) => request.idempotencyKey))).toEqual(new Set([`payout-${payout?.id}`]));
    expect(await earnings(creator)).toEqual({ net: '52.00', available: '0.00', paidOut: '52.00' });
    expect(await unbalanced()).toEqual([]);

    // Nothing new to pay: the next run transfers nothing.
    await run();
    expect(transfersTo(accountId)).toHaveLength(1);
    // The creator sees the payout.
    const list = (await send(stripeApp, 'GET', '/api/creator/payouts', creator)).json();
    expect(list.items).toEqual([
      expect.objectContaining({ amount: '52.00', method: 'stripe', status: 'paid', reference: transfer?.id }),
    ]);
  });

  it('read the creators a page at a time and pay every one of them in one run', async () => {
    const owed = [await paidCreator(1000), await paidCreator(2000), await paidCreator(3000)];
    await runScheduledTransfers({ db: db(), provider, log, now: Date.now(), pageSize: 1 });
    for (const { creator, accountId } of owed) {
      expect(transfersTo(accountId)).toHaveLength(1);
      expect((await payoutsOf(creator)).map((payout) => payout.status)).toEqual(['paid']);
    }
  });

  it('pay nobody without a connected account, nor one whose money is still inside the refund window', async () => {
    const unconnected = await createUser(db(), { role: 'creator' });
    const before = standIn.transfers().length;
    await run();
    expect(await payoutsOf(unconnected)).toEqual([]);
    expect(standIn.transfers().length).toBe(before);
  });

  it('reserve the money while a transfer is pending: a manual payout and a second run cannot pay it twice', async () => {
    const { creator, accountId } = await paidCreator(3000);
    // Read (and cached) before the run: the pending payout's announcement drops it.
    expect(await earnings(creator)).toEqual({ net: '24.00', available: '24.00', paidOut: '0.00' });
    standIn.failNextTransfers(1, 'rate_limit', accountId);
    await run();
    const [pending] = await payoutsOf(creator);
    expect(pending).toMatchObject({ status: 'pending', amountCents: 2400, reference: null });
    expect(transfersTo(accountId)).toEqual([]);
    // Reserved: not available any more, not paid out yet.
    expect(await earnings(creator)).toEqual({ net: '24.00', available: '0.00', paidOut: '0.00' });
    // A built-in processor's admin (who may pay anyone by hand) finds nothing left to pay.
    const manual = await send(salesApp, 'POST', '/api/admin/payouts', admin, {
      creatorId: creator.id,
      amount: '0.01',
      reference: 'BANK',
    });
    expect(manual.statusCode).toBe(409);
    const balances = (await send(salesApp, 'GET', '/api/admin/payouts/balances?limit=100', admin)).json();
    expect(balances.items.map((item: { id: string }) => item.id)).not.toContain(creator.id);

    // The next run retries the same payout with the same key: one transfer, one payout.
    await run();
    expect(await payoutsOf(creator)).toEqual([expect.objectContaining({ id: pending?.id, status: 'paid' })]);
    expect(transfersTo(accountId)).toHaveLength(1);
    expect(await earnings(creator)).toEqual({ net: '24.00', available: '0.00', paidOut: '24.00' });
  });

  it('retry a transfer whose answer was lost with the same idempotency key: Stripe replays it, and the creator is paid once', async () => {
    const { creator, accountId } = await paidCreator(5000);
    // Twice: the SDK tries once more by itself when the connection drops.
    standIn.failNextTransfers(2, 'lost_answer', accountId);
    await run();
    const [pending] = await payoutsOf(creator);
    expect(pending?.status).toBe('pending');
    // Stripe made it, but the app never heard.
    expect(transfersTo(accountId)).toHaveLength(1);
    expect(logged.some((entry) => entry.message === 'transfer failed: the payout stays pending and is retried')).toBe(true);

    await run();
    const made = transfersTo(accountId);
    expect(made).toHaveLength(1);
    expect(await payoutsOf(creator)).toEqual([
      expect.objectContaining({ status: 'paid', reference: made[0]?.id, amountCents: 4000 }),
    ]);
    const keys = standIn.requests
      .filter((request) => request.path === '/v1/transfers' && request.body.destination === accountId)
      .map((request) => request.idempotencyKey);
    expect(keys).toEqual([`payout-${pending?.id}`, `payout-${pending?.id}`, `payout-${pending?.id}`]);
    expect(await earnings(creator)).toEqual({ net: '40.00', available: '0.00', paidOut: '40.00' });
    expect(await unbalanced()).toEqual([]);
  });

  it('look a payout pending for over a day up by its transfer group before sending it again (Stripe forgets a key after 24 hours)', async () => {
    const made = await paidCreator(2200);
    standIn.failNextTransfers(2, 'lost_answer', made.accountId);
    const notMade = await paidCreator(1100);
    standIn.failNextTransfers(1, 'rate_limit', notMade.accountId);
    await run();
    expect((await payoutsOf(made.creator))[0]?.status).toBe('pending');
    expect((await payoutsOf(notMade.creator))[0]?.status).toBe('pending');
    expect(transfersTo(made.accountId)).toHaveLength(1);
    expect(transfersTo(notMade.accountId)).toHaveLength(0);
    for (const { creator } of [made, notMade]) {
      await db()
        .update(payouts)
        .set({ createdAt: sql`${payouts.createdAt} - interval '2 days'` })
        .where(eq(payouts.creatorId, creator.id));
    }
    const posted = () =>
      standIn.requests.filter((request) => request.method === 'POST' && request.path === '/v1/transfers').length;
    const before = posted();

    await run();
    // The transfer made a day ago is found and recorded, not made again; the one never made is made now.
    const [found] = transfersTo(made.accountId);
    expect(transfersTo(made.accountId)).toHaveLength(1);
    expect(await payoutsOf(made.creator)).toEqual([expect.objectContaining({ status: 'paid', reference: found?.id })]);
    expect(transfersTo(notMade.accountId)).toHaveLength(1);
    expect(await payoutsOf(notMade.creator)).toEqual([expect.objectContaining({ status: 'paid', amountCents: 880 })]);
    expect(posted() - before).toBe(1);
    expect(await unbalanced()).toEqual([]);
  });

  it('make no payout for a creator whose onboarding is unfinished, leave them to an admin, and pay them once Stripe says they can be paid', async () => {
    const creator = await createUser(db(), { role: 'creator' });
    expect((await send(stripeApp, 'POST', '/api/creator/payouts/connect', creator)).statusCode).toBe(200);
    const [row] = await db().select({ accountId: users.stripeAccountId }).from(users).where(eq(users.id, creator.id));
    const accountId = row?.accountId ?? '';
    await sell(creator, 1000);
    expect(await earnings(creator)).toEqual({ net: '8.00', available: '8.00', paidOut: '0.00' });

    await run();
    await run();
    expect(await payoutsOf(creator)).toEqual([]);
    expect(transfersTo(accountId)).toEqual([]);
    expect(standIn.requests.some((request) => request.path === '/v1/transfers' && request.body.destination === accountId)).toBe(
      false,
    );
    // The admin's list shows them owed and paid by hand (Stripe cannot pay them yet).
    const owed = async () =>
      (await send(stripeApp, 'GET', '/api/admin/payouts/balances?limit=100', admin))
        .json()
        .items.find((item: { id: string }) => item.id === creator.id);
    expect(await owed()).toMatchObject({ available: '8.00', paidBy: 'manual' });

    // The creator finishes onboarding; Stripe says so (account.updated), and the next run pays them.
    standIn.completeOnboarding(accountId);
    const event = JSON.stringify({
      ...JSON.parse(stripeEvent('account.updated', standIn.account(accountId))),
      account: accountId,
    });
    expect((await postStripeWebhook(stripeApp, event, webhookSecret)).statusCode).toBe(200);
    expect(await owed()).toMatchObject({ available: '8.00', paidBy: 'stripe' });
    await run();
    expect(await payoutsOf(creator)).toEqual([expect.objectContaining({ status: 'paid', amountCents: 800 })]);
    expect(transfersTo(accountId)).toHaveLength(1);
    expect(await owed()).toBeUndefined();
  });

  it('fail a payout Stripe refuses for good (the account was restricted since it was last read): the money is available again', async () => {
    const { creator, accountId } = await paidCreator(1000);
    // Stripe restricts the account, and its webhook has not arrived yet: the app still thinks it ready.
    standIn.restrictAccount(accountId);

    await run();
    const [failed] = await payoutsOf(creator);
    expect(failed).toMatchObject({ status: 'failed', amountCents: 800 });
    expect(failed?.note).toMatch(/capabilities/);
    expect(await earnings(creator)).toEqual({ net: '8.00', available: '8.00', paidOut: '0.00' });
    expect(await unbalanced()).toEqual([]);
  });

  it('run on the server’s schedule when the provider is Stripe', async () => {
    const { creator, accountId } = await paidCreator(2000);
    const scheduled = await createTestApp({ db: stripeApp.db, paymentProvider: provider, config: { payoutIntervalMs: 50 } });
    try {
      const deadline = Date.now() + 10_000;
      while (transfersTo(accountId).length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      for (let paid = false; !paid && Date.now() < deadline; ) {
        paid = (await payoutsOf(creator)).every((payout) => payout.status === 'paid');
        if (!paid) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await scheduled.close();
    }
    expect(transfersTo(accountId)).toHaveLength(1);
    expect(await payoutsOf(creator)).toEqual([expect.objectContaining({ status: 'paid', amountCents: 1600 })]);
  });
});

describe('transfer webhooks', () => {
  /** A payout reserved and transferred by Stripe whose answer never reached the app: still pending here. */
  async function pendingTransfer(priceCents = 2000) {
    const { creator, accountId } = await paidCreator(priceCents);
    standIn.failNextTransfers(2, 'lost_answer', accountId);
    await run();
    const [payout] = await payoutsOf(creator);
    const [transfer] = transfersTo(accountId);
    expect(payout?.status).toBe('pending');
    if (!payout || !transfer) throw new Error('no pending transfer');
    return { creator, accountId, payout, transfer };
  }
  const eventsOf = (transferId: string) =>
    db().select().from(paymentEvents).where(eq(paymentEvents.providerPaymentId, transferId));

  it('transfer.created marks a pending payout paid, once however often it is delivered', async () => {
    const { creator, payout, transfer } = await pendingTransfer(2000);
    const created = eventOf('transfer.created', transfer);
    await Promise.all([deliver(created), deliver(created)]);
    await deliver(created);
    expect(await payoutsOf(creator)).toEqual([
      expect.objectContaining({ id: payout.id, status: 'paid', reference: transfer.id }),
    ]);
    expect(await db().select().from(ledgerEntries).where(eq(ledgerEntries.payoutId, payout.id))).toHaveLength(2);
    expect(await eventsOf(transfer.id)).toHaveLength(1);
    expect(await earnings(creator)).toEqual({ net: '16.00', available: '0.00', paidOut: '16.00' });

    // The schedule's retry then hears Stripe replay the transfer: nothing changes.
    await run();
    expect(await payoutsOf(creator)).toEqual([expect.objectContaining({ status: 'paid', reference: transfer.id })]);
    expect(await db().select().from(ledgerEntries).where(eq(ledgerEntries.payoutId, payout.id))).toHaveLength(2);
  });

  it('transfer.created after the app already marked the payout paid changes nothing', async () => {
    const { creator, accountId } = await paidCreator(1500);
    await run();
    const [transfer] = transfersTo(accountId);
    const before = await payoutsOf(creator);
    expect(before[0]?.status).toBe('paid');
    await deliver(eventOf('transfer.created', transfer));
    await deliver(eventOf('transfer.updated', transfer));
    expect(await payoutsOf(creator)).toEqual(before);
    expect(await earnings(creator)).toEqual({ net: '12.00', available: '0.00', paidOut: '12.00' });
  });

  it('transfer.reversed reverses a paid payout once: the money is available again and the ledger balances', async () => {
    const { creator, accountId } = await paidCreator(3000);
    await run();
    const [transfer] = transfersTo(accountId);
    const [payout] = await payoutsOf(creator);
    expect(await earnings(creator)).toEqual({ net: '24.00', available: '0.00', paidOut: '24.00' });
    if (!transfer || !payout) throw new Error('no transfer');
    standIn.reverseTransfer(transfer.id);
    const reversed = eventOf('transfer.reversed', standIn.transfer(transfer.id));
    await Promise.all([deliver(reversed), deliver(reversed)]);
    await deliver(reversed);
    expect(await payoutsOf(creator)).toEqual([expect.objectContaining({ status: 'reversed', reference: transfer.id })]);
    expect(await db().select().from(ledgerEntries).where(eq(ledgerEntries.payoutId, payout.id))).toHaveLength(4);
    expect(await earnings(creator)).toEqual({ net: '24.00', available: '24.00', paidOut: '0.00' });
    expect(await unbalanced()).toEqual([]);
    // A late transfer.created changes nothing.
    await deliver(eventOf('transfer.created', { ...transfer, reversed: false, amount_reversed: 0 }));
    expect(await payoutsOf(creator)).toEqual([expect.objectContaining({ status: 'reversed' })]);

    // The next run pays the money again, by a new transfer.
    await run();
    const again = await payoutsOf(creator);
    expect(again.map((row) => row.status).sort()).toEqual(['paid', 'reversed']);
    expect(transfersTo(accountId)).toHaveLength(2);
    expect(await earnings(creator)).toEqual({ net: '24.00', available: '0.00', paidOut: '24.00' });
  });

  it('transfer.reversed before transfer.created: the pending payout is paid and reversed at once; the late events and answer change nothing', async () => {
    const { creator, payout, transfer } = await pendingTransfer(2500);
    standIn.reverseTransfer(transfer.id);
    await deliver(eventOf('transfer.reversed', standIn.transfer(transfer.id)));
    expect(await payoutsOf(creator)).toEqual([
      expect.objectContaining({ id: payout.id, status: 'reversed', reference: transfer.id }),
    ]);
    expect(await earnings(creator)).toEqual({ net: '20.00', available: '20.00', paidOut: '0.00' });
    await deliver(eventOf('transfer.created', transfer));
    expect(await payoutsOf(creator)).toEqual([expect.objectContaining({ id: payout.id, status: 'reversed' })]);
    // The schedule, retrying nothing pending, does not hear the replayed answer; the money reversed is paid by a new transfer.
    await run();
    const rows = await payoutsOf(creator);
    expect(rows.find((row) => row.id === payout.id)?.status).toBe('reversed');
    expect(await db().select().from(ledgerEntries).where(eq(ledgerEntries.payoutId, payout.id))).toHaveLength(4);
    expect(await unbalanced()).toEqual([]);
  });

  it('a partial reversal leaves the payout paid', async () => {
    const { creator, accountId } = await paidCreator(1000);
    await run();
    const [transfer] = transfersTo(accountId);
    if (!transfer) throw new Error('no transfer');
    await deliver(eventOf('transfer.reversed', { ...transfer, amount_reversed: 100 }));
    expect(await payoutsOf(creator)).toEqual([expect.objectContaining({ status: 'paid' })]);
  });

  it('a forged signature is refused with 400 and changes nothing', async () => {
    const { creator, transfer } = await pendingTransfer(1200);
    const forged = eventOf('transfer.created', transfer);
    const answer = await deliver(forged, `whsec_${randomBytes(24).toString('hex')}`);
    expect(answer.json().message).toBe('Invalid signature');
    expect(await payoutsOf(creator)).toEqual([expect.objectContaining({ status: 'pending' })]);
    expect(await eventsOf(transfer.id)).toEqual([]);
  });

  it('a transfer this app did not make, or one that does not match its payout, is acknowledged and changes nothing', async () => {
    const { creator, accountId, payout, transfer } = await pendingTransfer(1800);
    const foreign = { ...transfer, id: `tr_${randomBytes(8).toString('hex')}`, metadata: {} };
    await deliver(eventOf('transfer.created', foreign));
    await deliver(eventOf('transfer.created', { ...foreign, metadata: { payoutId: randomUUID() } }));
    // Our payout's id, but another amount or another destination.
    await deliver(eventOf('transfer.created', { ...transfer, amount: transfer.amount + 1 }));
    await deliver(eventOf('transfer.created', { ...transfer, destination: 'acct_someoneelse' }));
    await deliver(
      eventOf('transfer.reversed', {
        ...transfer,
        reversed: true,
        amount_reversed: transfer.amount,
        destination: `${accountId}x`,
      }),
    );
    expect(await payoutsOf(creator)).toEqual([expect.objectContaining({ id: payout.id, status: 'pending', reference: null })]);
    expect(await unbalanced()).toEqual([]);
  });

  it('is answered 404 by the built-in processor’s server', async () => {
    const { transfer } = await pendingTransfer(900);
    const payload = eventOf('transfer.created', transfer);
    const answer = await postStripeWebhook(salesApp, payload, webhookSecret);
    expect(answer.statusCode).toBe(404);
  });
});
