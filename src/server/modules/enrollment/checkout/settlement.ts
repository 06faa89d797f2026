import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '#db/client';
import { paymentEvents, payments } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { AppError } from '../../../errors';
import { redeemCoupon } from '../../../lib/coupon-pricing';
import type { JobQueue } from '../../../lib/jobs/job-kinds';
import type { MetricsRecorder } from '../../../lib/metrics/app-metrics';
import type { PaymentIntent, PaymentProvider } from '../../../lib/payments/payment-provider';
import { movePayment, type PaymentStatus } from '../../../lib/payments/payment-status';
import { markRefundPending } from '../../../lib/payments/refund-retry';
import { enrollOnce, findEnrollment, isEnrolled } from '../enrollment.service';
import { cancelOpenIntents } from './cancellation';
import { settleCart } from './cart-settlement';
import { refundReturned } from './refunds';
import { type Checkout, COUPON_USED_UP, type RecordedPayment, type Settled } from './settled';

/**
 * Applies what the provider reports of an intent, once: the intent must be one this app recorded,
 * for this user and course (or cart), and for the amount recorded when it was made. Used by
 * confirm-payment, the test card route and the webhook alike, so whichever comes first enrolls and
 * the others change nothing. Recorded payments only move forward (payment-status.ts). A succeeded
 * intent enrolls its buyer, whose other open intents of the course are then cancelled; one that
 * succeeds for a course the buyer owns already is refunded at once. A cart's intent (ADR 0031)
 * enrolls in every course of it in one transaction, or in none and is refunded whole. A webhook's
 * event id is recorded in the same transaction, so a redelivered event is applied no second time.
 */
export async function settlePayment({
  intent,
  expected,
  eventId,
  eventType,
  ...checkout
}: Checkout & {
  intent: PaymentIntent;
  expected?: { userId: string; courseId?: string | undefined };
  eventId?: string;
  eventType?: string;
}): Promise<Settled> {
  const { db, provider, jobs, metrics } = checkout;
  const recorded = await findRecordedPayments(db, provider, intent, expected);
  const ids = recorded.map((row) => row.id);
  const settled = await db.transaction(async (tx): Promise<Settled> => {
    if (eventId !== undefined) {
      const [isFirst] = await tx
        .insert(paymentEvents)
        .values({ provider: provider.name, eventId, type: eventType ?? 'unknown', providerPaymentId: intent.id })
        .onConflictDoNothing()
        .returning({ eventId: paymentEvents.eventId });
      if (!isFirst) return { kind: 'replayed' };
    }
    // The row locks order every settlement of this payment: the second sees what the first decided.
    const locked = await tx
      .select({ id: payments.id, status: payments.status, refundReason: payments.refundReason })
      .from(payments)
      .where(inArray(payments.id, ids))
      .orderBy(asc(payments.id))
      .for('update');
    if (intent.status !== 'succeeded') {
      for (const row of locked) await movePayment(tx, row.id, intent.status);
      return { kind: 'unpaid' };
    }
    const [only] = recorded;
    if (!only) throw new Error('a payment without its row');
    const paid =
      'checkoutId' in intent.metadata
        ? await settleCart(tx, jobs, recorded, locked)
        : await settleCourse(tx, jobs, only, locked[0]?.status ?? only.status);
    // In the transaction that enrolls, so a receipt goes exactly when the sale is recorded.
    if (paid.kind === 'enrolled' && paid.firstTime) {
      for (const row of recorded) await jobs.enqueue(tx, 'mail.receipt', { paymentId: row.id, kind: 'purchase' });
    }
    return paid;
  });

  countSettlement(metrics, settled, intent);
  if (settled.kind === 'refunded') await refundReturned({ ...checkout, payments: recorded });
  if (settled.kind === 'enrolled') {
    for (const row of recorded) {
      await cancelOpenIntents({
        ...checkout,
        userId: row.userId,
        courseId: row.courseId,
        exceptIntentId: intent.id,
        settle: settlePayment,
      });
    }
  }
  return settled;
}

/**
 * After the settlement committed (docs/performance.md, Metrics): a payment counts once as paid, when it first enrolls;
 * each declined or cancelled try as it is reported.
 */
function countSettlement(metrics: MetricsRecorder, settled: Settled, intent: PaymentIntent) {
  if (settled.kind === 'enrolled' && settled.firstTime) metrics.payment('succeeded', intent.amountCents);
  if (settled.kind === 'unpaid' && intent.status === 'requires_payment_method') metrics.payment('failed', intent.amountCents);
  if (settled.kind === 'unpaid' && intent.status === 'canceled') metrics.payment('canceled', intent.amountCents);
}

/**
 * The payments recorded for an intent: its one course's, or every course's of its cart, all of them
 * for the intent's buyer and adding up to its amount. Anything else is not an intent this app made.
 */
async function findRecordedPayments(
  db: Db,
  provider: PaymentProvider,
  intent: PaymentIntent,
  expected: { userId: string; courseId?: string | undefined } | undefined,
): Promise<RecordedPayment[]> {
  const notFound = () => new AppError(ErrorCode.NOT_FOUND, 'Payment not found');
  const recorded = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider.name), eq(payments.providerPaymentId, intent.id)))
    .orderBy(asc(payments.id));
  const { metadata } = intent;
  const isOurs = (row: RecordedPayment) =>
    row.userId === metadata.userId &&
    ('checkoutId' in metadata
      ? row.checkoutId === metadata.checkoutId
      : row.checkoutId === null && row.courseId === metadata.courseId);
  if (recorded.length === 0 || !recorded.every(isOurs)) throw notFound();
  if ('courseId' in metadata && recorded.length !== 1) throw notFound();
  if (expected && metadata.userId !== expected.userId) throw notFound();
  if (expected?.courseId !== undefined) {
    if ('checkoutId' in metadata) {
      throw new AppError(ErrorCode.BAD_REQUEST, 'This payment is for a cart: confirm it without a courseId');
    }
    if (metadata.courseId !== expected.courseId) throw new AppError(ErrorCode.BAD_REQUEST, 'This payment is for another course');
  }
  const amountCents = recorded.reduce((sum, row) => sum + row.amountCents, 0);
  if (intent.amountCents !== amountCents || recorded.some((row) => row.currency !== intent.currency)) {
    throw new AppError(ErrorCode.CONFLICT, 'The payment does not match the course price');
  }
  return recorded;
}

/** One course's paid intent, under its row's lock, in the state that lock found it in. */
async function settleCourse(tx: Tx, jobs: JobQueue, recorded: RecordedPayment, status: PaymentStatus): Promise<Settled> {
  const { userId, courseId } = recorded;
  const owned = async () => {
    const enrollment = await findEnrollment(tx, userId, courseId);
    return enrollment ? [enrollment] : [];
  };
  if (status === 'succeeded') {
    const { enrollment } = await enrollOnce(tx, { userId, courseId, source: 'payment' });
    return { kind: 'enrolled', enrollments: [enrollment], firstTime: false };
  }
  if (status === 'refund_pending' || status === 'refunded') {
    const refunded: Settled = { kind: 'refunded', enrollments: await owned() };
    return recorded.refundReason === 'coupon_used_up' ? { ...refunded, reason: COUPON_USED_UP } : refunded;
  }
  if (status === 'canceled') {
    // Cancelled here, paid there: a cancel that lost its race. It enrolls nobody.
    await markRefundPending(tx, { paymentId: recorded.id, reason: null, jobs });
    return { kind: 'refunded', enrollments: await owned() };
  }
  // Paid, and not yet settled: it enrolls, unless its buyer owns the course already (another tab's payment, a free enrollment).
  if (recorded.couponId !== null && !(await isEnrolled(tx, userId, courseId))) {
    // The discount was quoted at checkout; its use is counted now, with the enrollment. Others may
    // have taken the last uses between the quote and the payment: then the payment goes back.
    const redeemed = await redeemCoupon(tx, { couponId: recorded.couponId, userId, courseId, paymentId: recorded.id });
    if (!redeemed) {
      await markRefundPending(tx, { paymentId: recorded.id, reason: 'coupon_used_up', jobs });
      return { kind: 'refunded', enrollments: [], reason: COUPON_USED_UP };
    }
  }
  const { enrollment, isNew } = await enrollOnce(tx, { userId, courseId, source: 'payment' });
  if (isNew) {
    await movePayment(tx, recorded.id, 'succeeded');
    return { kind: 'enrolled', enrollments: [enrollment], firstTime: true };
  }
  await markRefundPending(tx, { paymentId: recorded.id, reason: 'already_owned', jobs });
  return { kind: 'refunded', enrollments: [enrollment] };
}
