import { Writable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '#db/client';
import { jobs, payments } from '#db/schema/index';
import { bearer, createCourse, createUser, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { createTestDb } from '#tests/helpers/db';
import type { RefundPart } from '../../lib/payments/payment-provider';
import { queueOwedRefunds } from '../../lib/payments/refund-retry';
import { createDbTestIntentStore } from '../../lib/payments/test-intent-db-store';
import { createTestProcessor } from '../../lib/payments/test-processor';

/*
 * ADR 0041: each refund the app decides is tried at once, then retried by its own job with backoff,
 * so one the provider keeps refusing holds up no other; and what each try did is said truthfully.
 */

const METRICS_TOKEN = 'refund-retries-metrics-token';
const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2031, cvc: '123' };

let handle: DbHandle;
let t: TestApp;
let creator: TestUser;
let processor: ReturnType<typeof createTestProcessor>;
/** The provider is unreachable for every refund while this is set… */
let isDown = false;
/** …and always refuses these intents' refunds. */
const refusing = new Set<string>();
const logLines: string[] = [];

beforeAll(async () => {
  handle = await createTestDb();
  processor = createTestProcessor({ intents: createDbTestIntentStore(handle.db) });
  const flaky = {
    ...processor,
    refundIntent: async (id: string, part?: RefundPart) => {
      if (isDown) throw new Error('the processor is unreachable');
      if (refusing.has(id)) throw new Error('the processor refuses this refund');
      return processor.refundIntent(id, part);
    },
  };
  t = await createTestApp({
    db: handle,
    paymentProvider: flaky,
    env: { METRICS_TOKEN },
    // No hourly sweep behind the tests' backs: the last test runs it itself.
    config: { purgeIntervalMs: Number.POSITIVE_INFINITY },
    jobTimings: { backoffBaseMs: 100, backoffMaxMs: 400, pollMs: 200 },
    logger: {
      level: 'warn',
      stream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    },
  });
  creator = await createUser(t.db.db, { role: 'creator' });
});
afterAll(async () => {
  await t?.close();
  await handle?.close();
});

const send = (method: 'GET' | 'POST' | 'PUT', url: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });

/** A new buyer of one new course through the API; the course and its payment's intent. */
async function bought(priceCents: number) {
  const course = await createCourse(t.db.db, creator.id, { priceCents });
  const buyer = await createUser(t.db.db);
  const { paymentIntentId } = (await send('POST', '/api/create-payment-intent', buyer, { courseId: course.id })).json();
  expect((await send('POST', `/api/test-payments/${paymentIntentId}/confirm`, buyer, GOOD_CARD)).statusCode).toBe(200);
  return { course, buyer, intentId: paymentIntentId as string };
}

const paymentOf = async (intentId: string) =>
  (await t.db.db.select().from(payments).where(eq(payments.providerPaymentId, intentId)))[0];
const refundJobOf = async (paymentId: string) =>
  (
    await t.db.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'payment.refund'), sql`${jobs.payload} ->> 'paymentId' = ${paymentId}`))
  )[0];

/** The value of one series in the Prometheus text, 0 when absent. */
async function metric(name: string, labels: Record<string, string>): Promise<number> {
  const text = (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } }))
    .body;
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort();
  for (const line of text.split('\n')) {
    const match = /^(\w+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    if ((match[2] ?? '').split(',').sort().join(',') === wanted.join(',')) return Number(match[3]);
  }
  return 0;
}

describe('refund retries', () => {
  it('retries each refund by its own job with backoff: one the provider keeps refusing holds up no other', async () => {
    const purchases = [await bought(1100), await bought(1200), await bought(1300)];
    const [stuck, ...others] = purchases as [(typeof purchases)[0], ...typeof purchases];
    const refusedBefore = await metric('ga_refunds_total', { reason: 'requested', outcome: 'refused' });
    isDown = true;
    for (const { course, buyer } of purchases) {
      // The enrollment ends at once; the money follows when the provider takes it.
      expect((await send('POST', `/api/courses/${course.id}/refund`, buyer)).json()).toMatchObject({ status: 'pending' });
    }
    expect(await metric('ga_refunds_total', { reason: 'requested', outcome: 'refused' })).toBe(refusedBefore + 3);
    expect(logLines.join('')).toContain('the provider did not return the money: the refund stays pending and is retried');
    for (const { intentId } of purchases) {
      const payment = await paymentOf(intentId);
      expect(payment?.status).toBe('refund_pending');
      // Queued with the refund, due after the first backoff: the request made the first try.
      expect(await refundJobOf(payment?.id ?? '')).toMatchObject({ status: expect.stringMatching(/^(pending|running)$/) });
    }

    refusing.add(stuck.intentId);
    isDown = false;
    for (const { intentId } of others) {
      await expect.poll(async () => (await paymentOf(intentId))?.status, { timeout: 10_000 }).toBe('refunded');
    }
    // The refused one is tried again and again, each time later, its error kept for an operator.
    const stuckPayment = await paymentOf(stuck.intentId);
    const stuckJob = () => refundJobOf(stuckPayment?.id ?? '');
    await expect.poll(async () => (await stuckJob())?.lastError, { timeout: 10_000 }).toBe('the processor refuses this refund');
    const attempts = (await stuckJob())?.attempts ?? 0;
    const stuckJobId = (await stuckJob())?.id ?? '';
    await expect.poll(async () => (await stuckJob())?.attempts, { timeout: 10_000 }).toBeGreaterThan(attempts);
    expect((await stuckJob())?.status).toMatch(/^(pending|running)$/);
    expect((await paymentOf(stuck.intentId))?.status).toBe('refund_pending');
    expect(await metric('ga_refunds_total', { reason: 'retried', outcome: 'refunded' })).toBe(2);
    expect(await metric('ga_refunds_total', { reason: 'retried', outcome: 'refused' })).toBeGreaterThanOrEqual(1);

    refusing.delete(stuck.intentId);
    await expect.poll(async () => (await paymentOf(stuck.intentId))?.status, { timeout: 10_000 }).toBe('refunded');
    // Done, its payload gone with the lease (ADR 0037).
    const [finished] = await t.db.db.select().from(jobs).where(eq(jobs.id, stuckJobId));
    expect(finished).toMatchObject({ status: 'done', payload: null });
  });

  it('says "refunded" when the money went back though recording it failed, counts that apart, and records it by the retry without refunding twice', async () => {
    // A course of a cart: its refund is a part of the shared intent, keyed by the payment.
    const buyer = await createUser(t.db.db);
    const courses = [
      await createCourse(t.db.db, creator.id, { priceCents: 1500 }),
      await createCourse(t.db.db, creator.id, { priceCents: 2500 }),
    ];
    for (const course of courses) await send('PUT', `/api/cart/${course.id}`, buyer, {});
    const { paymentIntentId } = (await send('POST', '/api/cart/checkout', buyer, {})).json();
    expect((await send('POST', `/api/test-payments/${paymentIntentId}/confirm`, buyer, GOOD_CARD)).statusCode).toBe(200);
    const [refunded] = courses;
    const [payment] = await t.db.db
      .select()
      .from(payments)
      .where(and(eq(payments.providerPaymentId, paymentIntentId), eq(payments.courseId, refunded?.id ?? '')));

    // The database refuses to record this payment as refunded for a while (a real failure of the write).
    await t.db.db.execute(sql`CREATE TABLE refund_recording_blocked (payment_id uuid PRIMARY KEY)`);
    await t.db.db.execute(sql`CREATE FUNCTION refund_recording_blocked() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status = 'refunded' AND EXISTS (SELECT 1 FROM refund_recording_blocked WHERE payment_id = NEW.id) THEN
          RAISE EXCEPTION 'recording is blocked by the test';
        END IF;
        RETURN NEW;
      END $$`);
    await t.db.db.execute(sql`CREATE TRIGGER refund_recording_blocked BEFORE UPDATE ON payments
      FOR EACH ROW EXECUTE FUNCTION refund_recording_blocked()`);
    try {
      await t.db.db.execute(sql`INSERT INTO refund_recording_blocked VALUES (${payment?.id}::uuid)`);
      const before = await metric('ga_refunds_total', { reason: 'requested', outcome: 'unrecorded' });
      const answer = await send('POST', `/api/courses/${refunded?.id}/refund`, buyer);
      expect(answer.json()).toEqual({ status: 'refunded', amount: '15.00' });
      expect(await metric('ga_refunds_total', { reason: 'requested', outcome: 'unrecorded' })).toBe(before + 1);
      expect(logLines.join('')).toContain('the money went back but the refund could not be recorded: its retry records it');
      const statusOfPayment = async () =>
        (
          await t.db.db
            .select()
            .from(payments)
            .where(eq(payments.id, payment?.id ?? ''))
        )[0]?.status;
      expect(await statusOfPayment()).toBe('refund_pending');
      expect(await processor.intents.find(paymentIntentId)).toMatchObject({ refundedCents: 1500 });
      // Still blocked: the retries ask the provider again, which returns nothing twice for the same key.
      await expect
        .poll(async () => (await refundJobOf(payment?.id ?? ''))?.attempts, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(2);
      expect(await processor.intents.find(paymentIntentId)).toMatchObject({ refundedCents: 1500 });

      await t.db.db.execute(sql`DELETE FROM refund_recording_blocked`);
      await expect.poll(statusOfPayment, { timeout: 10_000 }).toBe('refunded');
      expect(await processor.intents.find(paymentIntentId)).toMatchObject({ status: 'succeeded', refundedCents: 1500 });
    } finally {
      await t.db.db.execute(sql`DROP TRIGGER refund_recording_blocked ON payments`);
      await t.db.db.execute(sql`DROP FUNCTION refund_recording_blocked()`);
      await t.db.db.execute(sql`DROP TABLE refund_recording_blocked`);
    }
  });

  it('the hourly sweep queues a refund still owed whose job gave up, and it is returned', async () => {
    const { course, buyer, intentId } = await bought(1700);
    refusing.add(intentId);
    expect((await send('POST', `/api/courses/${course.id}/refund`, buyer)).json()).toMatchObject({ status: 'pending' });
    const payment = await paymentOf(intentId);
    // Its job ran out of attempts (as after about eleven hours of refusals): failed for good.
    await expect
      .poll(async () => (await refundJobOf(payment?.id ?? ''))?.attempts, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(1);
    await t.db.db
      .update(jobs)
      .set({ status: 'failed', payload: null, finishedAt: sql`now()` })
      .where(and(eq(jobs.kind, 'payment.refund'), sql`${jobs.payload} ->> 'paymentId' = ${payment?.id}`));

    refusing.delete(intentId);
    expect(await queueOwedRefunds({ db: t.db.db, provider: t.app.payments, jobs: t.app.jobs })).toBe(1);
    // Queued once: the next sweep finds its job open.
    expect(await queueOwedRefunds({ db: t.db.db, provider: t.app.payments, jobs: t.app.jobs })).toBe(0);
    await expect.poll(async () => (await paymentOf(intentId))?.status, { timeout: 10_000 }).toBe('refunded');
  });
});
