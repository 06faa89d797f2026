import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#db/client';
import { payments } from '#db/schema/index';
import type { RefundReason } from '#shared/lists';
import type { JobQueue } from '../jobs/job-kinds';
import type { MetricsRecorder, RefundOutcome, RefundReason as RefundTrigger } from '../metrics/app-metrics';
import type { PaymentProvider } from './payment-provider';
import { movePayment } from './payment-status';
import { type RefundablePayment, refundRecordedPayment } from './refund-payment';

/*
 * Refunds the app decided, tried at once and then retried on the jobs queue (ADR 0041): each payment
 * marked refund_pending gets its own job in the same transaction, with its own backoff, attempts and
 * last error, so a refund the provider keeps refusing waits alone and starves none of the others.
 */

type Log = {
  warn: (details: Record<string, unknown>, message: string) => void;
  error: (details: Record<string, unknown>, message: string) => void;
};

/**
 * Marks a payment to be refunded, in the caller's transaction, and queues its retry there too; the
 * caller tries the refund itself once the transaction commits (attemptRefund). Answers false when the
 * payment could not move to refund_pending (it is there already, or refunded), and then queues nothing.
 */
export async function markRefundPending(
  tx: DbOrTx,
  { paymentId, reason, jobs }: { paymentId: string; reason: RefundReason | null; jobs: JobQueue },
): Promise<boolean> {
  if (!(await movePayment(tx, paymentId, 'refund_pending'))) return false;
  if (reason !== null) await tx.update(payments).set({ refundReason: reason }).where(eq(payments.id, paymentId));
  await jobs.enqueue(tx, 'payment.refund', { paymentId }, { afterFirstTry: true });
  return true;
}

/** One try's outcome, and what went wrong when it was not `refunded`. */
export type RefundAttempt = { outcome: RefundOutcome; error?: unknown };

/**
 * Asks the provider to return a refund_pending payment's money, once, and records it refunded. The
 * provider's refund is keyed (refund-payment.ts), so a try after one whose money went back returns
 * nothing twice. Counted and logged by what happened: the provider refused (or could not be
 * reached), or the money went back but the refund could not be recorded; both stay refund_pending
 * for the payment's job.
 */
export async function attemptRefund({
  db,
  provider,
  log,
  metrics,
  payment,
  trigger,
}: {
  db: Db;
  provider: PaymentProvider;
  log: Log;
  metrics: MetricsRecorder;
  payment: RefundablePayment;
  trigger: RefundTrigger;
}): Promise<RefundAttempt> {
  const details = { paymentId: payment.id, trigger };
  try {
    await refundRecordedPayment(provider, payment);
  } catch (error) {
    metrics.refund(trigger, 'refused', payment.amountCents);
    log.warn({ ...details, err: error }, 'the provider did not return the money: the refund stays pending and is retried');
    return { outcome: 'refused', error };
  }
  try {
    await movePayment(db, payment.id, 'refunded');
  } catch (error) {
    metrics.refund(trigger, 'unrecorded', payment.amountCents);
    log.error({ ...details, err: error }, 'the money went back but the refund could not be recorded: its retry records it');
    return { outcome: 'unrecorded', error };
  }
  metrics.refund(trigger, 'refunded', payment.amountCents);
  return { outcome: 'refunded' };
}

/**
 * The `payment.refund` job: one more try of a refund still pending. Done when it is no longer pending
 * (the request's own try, or the provider's report, finished it); throws otherwise, so the queue
 * waits longer before the next try and keeps the error.
 */
export async function retryRefund({
  db,
  provider,
  log,
  metrics,
  paymentId,
}: {
  db: Db;
  provider: PaymentProvider;
  log: Log;
  metrics: MetricsRecorder;
  paymentId: string;
}): Promise<void> {
  const [payment] = await db
    .select({
      id: payments.id,
      status: payments.status,
      provider: payments.provider,
      providerPaymentId: payments.providerPaymentId,
      amountCents: payments.amountCents,
      checkoutId: payments.checkoutId,
    })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (payment?.status !== 'refund_pending') return;
  if (payment.provider !== provider.name) throw new Error(`the payment was taken by the ${payment.provider} provider`);
  const { outcome, error } = await attemptRefund({ db, provider, log, metrics, payment, trigger: 'retried' });
  if (outcome !== 'refunded') throw error instanceof Error ? error : new Error(`refund ${outcome}`);
}

/**
 * The hourly sweep (the `refund-retry` schedule): a job for each refund still owed that has none
 * waiting or running: one whose job failed for good, or one marked before refunds had jobs. Oldest
 * first, a bounded number a run. Answers how many it queued.
 */
export async function queueOwedRefunds({
  db,
  provider,
  jobs,
}: {
  db: Db;
  provider: PaymentProvider;
  jobs: JobQueue;
}): Promise<number> {
  return db.transaction(async (tx) => {
    const owed = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.status, 'refund_pending'),
          eq(payments.provider, provider.name),
          sql`not exists (select 1 from jobs j where j.kind = 'payment.refund' and j.status in ('pending', 'running')
            and j.payload ->> 'paymentId' = ${payments.id}::text)`,
        ),
      )
      .orderBy(asc(payments.updatedAt), asc(payments.id))
      .limit(SWEEP_MAX);
    for (const { id } of owed) await jobs.enqueue(tx, 'payment.refund', { paymentId: id });
    return owed.length;
  });
}

/** Refunds queued again by one sweep at most: more wait for the next hour's. */
const SWEEP_MAX = 500;
