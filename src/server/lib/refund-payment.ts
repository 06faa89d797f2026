import { and, asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '#db/client';
import { paymentEvents, payments } from '#db/schema/index';
import { centsToPrice } from '#shared/format';
import type { refundReasons } from '#shared/lists';
import type { RefundResult } from '#shared/schemas/enrollment';
import { endEnrollment } from './end-enrollment';
import type { JobQueue } from './jobs/job-kinds';
import type { MetricsRecorder } from './metrics/app-metrics';
import type { PaymentProvider, RefundWebhookEvent } from './payments/payment-provider';
import { movePayment, type PaymentStatus } from './payments/payment-status';
import type { RefundablePayment } from './payments/refund-payment';
import { attemptRefund, markRefundPending } from './payments/refund-retry';

/*
 * Refunding one payment, for whoever decided it (docs/product.md, Refunds): the buyer under the 30-day and
 * 30 % rules (modules/refunds), an admin without them (modules/admin). In two steps: the decision in
 * a transaction, then the provider.
 */

/**
 * Marks a succeeded payment for refund and ends its enrollment (lib/end-enrollment.ts: the
 * certificate revoked, the review removed), in the caller's transaction, under
 * the payment's row lock (the ledger reverses the sale in the same transaction, migration 0025): of
 * two requests at once, or one repeated, the second finds it no longer succeeded and gets false. The
 * buyer's refund receipt and the refund's retry are queued in the same transaction (ADR 0037, 0041).
 */
export async function beginRefund(
  tx: DbOrTx,
  { paymentId, reason, jobs }: { paymentId: string; reason: (typeof refundReasons)[number]; jobs: JobQueue },
): Promise<boolean> {
  const [locked] = await tx
    .select({ status: payments.status, userId: payments.userId, courseId: payments.courseId })
    .from(payments)
    .where(eq(payments.id, paymentId))
    .for('update');
  if (locked?.status !== 'succeeded') return false;
  await markRefundPending(tx, { paymentId, reason, jobs });
  await endEnrollment(tx, { userId: locked.userId, courseId: locked.courseId, reason: 'refunded' });
  await jobs.enqueue(tx, 'mail.receipt', { paymentId, kind: 'refund' });
  return true;
}

/**
 * After beginRefund committed: the provider returns the money at once (the receipt and the retry were
 * queued with the refund). The answer is `refunded` as soon as the provider returned it, even if
 * recording that failed (the retry records it); `pending` when the provider refused or could not be
 * reached, and the payment's job tries again with backoff.
 */
export async function completeRefund({
  db,
  provider,
  log,
  metrics,
  trigger,
  payment,
}: {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  metrics: MetricsRecorder;
  trigger: 'requested' | 'admin';
  payment: RefundablePayment;
}): Promise<RefundResult> {
  // A course bought in a cart returns its own amount only; the cart's other courses stay paid.
  const { outcome } = await attemptRefund({ db, provider, log, metrics, payment, trigger });
  return { status: outcome === 'refused' ? 'pending' : 'refunded', amount: centsToPrice(payment.amountCents) };
}

/** Money went back while the payment was in one of these: the refund is this app's own, already decided. */
const REFUNDING: readonly PaymentStatus[] = ['refund_pending', 'refunded'];

/**
 * Applies the provider's report that money of an intent went back (Stripe's `charge.refunded`), once
 * per event and in any order with the intent's other events:
 * - the whole charge returned (a refund in Stripe's dashboard, or the last part of ours): every course
 *   paid with it is refunded and its enrollment ends (lib/end-enrollment.ts); one not yet recorded as paid never enrolls, since
 *   payments only move forward and a refunded one is never settled as paid (payment-status.ts);
 * - part of it: the refunds this app asked for are done once the returned total covers them. A part
 *   nobody here asked for (a cart's course refunded in the dashboard) cannot be told apart from the
 *   cart's other courses, so it changes nothing here and is logged for an admin to refund the course.
 * Answers the ids of the payments whose refund it started; their buyers' refund receipts are queued
 * in its transaction.
 */
export async function applyReportedRefund({
  db,
  provider,
  log,
  jobs,
  event,
}: {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  jobs: JobQueue;
  event: RefundWebhookEvent;
}): Promise<string[]> {
  const started = await db.transaction(async (tx) => {
    const [isFirst] = await tx
      .insert(paymentEvents)
      .values({ provider: provider.name, eventId: event.id, type: event.type, providerPaymentId: event.intentId })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (!isFirst) return [];
    const rows = await tx
      .select({
        id: payments.id,
        status: payments.status,
        amountCents: payments.amountCents,
        userId: payments.userId,
        courseId: payments.courseId,
      })
      .from(payments)
      .where(and(eq(payments.provider, provider.name), eq(payments.providerPaymentId, event.intentId)))
      .orderBy(asc(payments.id))
      .for('update');
    if (rows.length === 0) return [];
    const recordedCents = rows.reduce((sum, row) => sum + row.amountCents, 0);
    if (recordedCents !== event.amountCents) {
      log.warn({ eventId: event.id, intentId: event.intentId }, 'refund report for an amount this app did not record: ignored');
      return [];
    }
    const ours = rows.filter((row) => REFUNDING.includes(row.status));
    const isWhole = event.refundedCents >= event.amountCents;
    const oursCents = ours.reduce((sum, row) => sum + row.amountCents, 0);
    if (!isWhole) {
      if (event.refundedCents >= oursCents) {
        for (const row of ours) await movePayment(tx, row.id, 'refunded');
      }
      if (event.refundedCents > oursCents) {
        log.warn(
          { eventId: event.id, intentId: event.intentId, unaccountedCents: event.refundedCents - oursCents },
          'part of a payment was refunded at the provider: an admin should refund the course it was for',
        );
      }
      return [];
    }
    const startedHere: string[] = [];
    for (const row of rows) {
      if (row.status === 'refunded') continue;
      if (row.status !== 'refund_pending') {
        await movePayment(tx, row.id, 'refund_pending');
        await tx.update(payments).set({ refundReason: 'provider' }).where(eq(payments.id, row.id));
        if (row.status === 'succeeded') {
          await endEnrollment(tx, { userId: row.userId, courseId: row.courseId, reason: 'refunded' });
          startedHere.push(row.id);
          await jobs.enqueue(tx, 'mail.receipt', { paymentId: row.id, kind: 'refund' });
        }
      }
      await movePayment(tx, row.id, 'refunded');
    }
    return startedHere;
  });
  return started;
}
