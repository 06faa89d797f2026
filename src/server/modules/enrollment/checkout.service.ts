import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '#db/client';
import { paymentEvents, payments } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import type { EnrollmentResult, PaymentIntentResult } from '#shared/schemas/enrollment';
import { AppError } from '../../errors';
import { priceWithCoupon, redeemCoupon } from '../../lib/coupon-pricing';
import { findJoinableCourse } from '../../lib/joinable-course';
import type { Mailer } from '../../lib/mailer';
import type { PaymentIntent, PaymentProvider } from '../../lib/payments/payment-provider';
import { movePayment, OPEN_PAYMENT_STATUSES, type PaymentStatus } from '../../lib/payments/payment-status';
import { mailReceipt } from '../../lib/purchases';
import { enrollOnce, findEnrollment, isEnrolled, refuseOwnCourse } from './enrollment.service';

type Checkout = {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** Where the buyer's receipt goes once a payment first enrolls them (issue 24 §5). */
  receipts?: { mailer: Mailer; publicUrl: string };
};

/**
 * DECISIONS §4 and §8: the amount is always the server's price, less a coupon's discount; the intent
 * is recorded before it is shown. A coupon that leaves nothing to pay enrolls at once, with its use
 * counted in the same transaction.
 */
export async function createPaymentIntent({
  db,
  provider,
  userId,
  courseId,
  couponCode,
  platformFeePercent,
  now,
}: {
  db: Db;
  provider: PaymentProvider;
  userId: string;
  courseId: string;
  couponCode?: string | undefined;
  platformFeePercent: number;
  now: number;
}): Promise<PaymentIntentResult | EnrollmentResult> {
  const course = await findJoinableCourse(db, courseId);
  if (course.priceCents === 0) throw new AppError(ErrorCode.BAD_REQUEST, 'This course is free: enroll without paying');
  refuseOwnCourse(course, userId);
  if (await isEnrolled(db, userId, course.id)) throw new AppError(ErrorCode.CONFLICT, 'You are already enrolled in this course');
  const priced = couponCode === undefined ? null : await priceWithCoupon(db, { code: couponCode, course, userId, now });
  if (priced && !priced.valid) throw new AppError(ErrorCode[priced.status], priced.message);
  if (priced?.totalCents === 0) return enrollWithFreeCoupon(db, { userId, courseId: course.id, couponId: priced.coupon.id });

  const amountCents = priced ? priced.totalCents : course.priceCents;
  const intent = await provider.createIntent({ amountCents, currency: 'usd', metadata: { userId, courseId: course.id } });
  await db.insert(payments).values({
    userId,
    courseId: course.id,
    provider: provider.name,
    providerPaymentId: intent.id,
    amountCents,
    listPriceCents: course.priceCents,
    currency: 'usd',
    status: intent.status,
    couponId: priced?.coupon.id ?? null,
    platformFeePercent,
  });
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    provider: provider.name,
    amountCents,
    ...(provider.publishableKey ? { publishableKey: provider.publishableKey } : {}),
  };
}

/** A coupon that makes the course free: its use and the enrollment are one transaction, or neither happens. */
async function enrollWithFreeCoupon(
  db: Db,
  { userId, courseId, couponId }: { userId: string; courseId: string; couponId: string },
): Promise<EnrollmentResult> {
  return db.transaction(async (tx) => {
    if (!(await redeemCoupon(tx, { couponId, userId, courseId, paymentId: null }))) {
      throw new AppError(ErrorCode.CONFLICT, 'This code has been used as many times as it can be');
    }
    const { enrollment, isNew } = await enrollOnce(tx, { userId, courseId, source: 'coupon' });
    // Enrolled meanwhile (another tab): the rollback gives the use back.
    if (!isNew) throw new AppError(ErrorCode.CONFLICT, 'You are already enrolled in this course');
    return enrollment;
  });
}

/** What settling one provider report did. */
export type Settled =
  /** The buyer is enrolled by this payment (now, `firstTime`, or before). */
  | { kind: 'enrolled'; enrollment: EnrollmentResult; firstTime: boolean }
  /**
   * The payment arrived for a course its buyer already owned (or was cancelled), or its coupon was used
   * up meanwhile: returned to them, never counted. `reason` says why when it is not the first.
   */
  | { kind: 'refunded'; enrollment: EnrollmentResult | null; reason?: string }
  /** Not paid (declined, mid-flow, cancelled), or a late report that changes nothing. */
  | { kind: 'unpaid' }
  /** A webhook event applied before. */
  | { kind: 'replayed' };

/**
 * Applies what the provider reports of an intent, once: the intent must be one this app recorded,
 * for this user and course, and for the amount recorded when it was made. Used by confirm-payment, the
 * test card route and the webhook alike, so whichever comes first enrolls and the others change
 * nothing. The recorded payment only moves forward (payment-status.ts). A succeeded intent enrolls
 * its buyer, whose other open intents of the course are then cancelled; one that succeeds for a
 * course the buyer owns already is refunded at once. A webhook's event id is recorded in the same
 * transaction, so a redelivered event is acknowledged and applied no second time.
 */
export async function settlePayment({
  db,
  provider,
  log,
  receipts,
  intent,
  expected,
  eventId,
  eventType,
}: Checkout & {
  intent: PaymentIntent;
  expected?: { userId: string; courseId: string };
  eventId?: string;
  eventType?: string;
}): Promise<Settled> {
  const recorded = await findRecordedPayment(db, provider, intent, expected);
  const settled = await db.transaction(async (tx): Promise<Settled> => {
    if (eventId !== undefined) {
      const [isFirst] = await tx
        .insert(paymentEvents)
        .values({ provider: provider.name, eventId, type: eventType ?? 'unknown', providerPaymentId: intent.id })
        .onConflictDoNothing()
        .returning({ eventId: paymentEvents.eventId });
      if (!isFirst) return { kind: 'replayed' };
    }
    // The row lock orders every settlement of this payment: the second sees what the first decided.
    const [{ status } = { status: recorded.status }] = await tx
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, recorded.id))
      .for('update');
    if (intent.status !== 'succeeded') {
      await movePayment(tx, recorded.id, intent.status);
      return { kind: 'unpaid' };
    }
    return settleSucceeded(tx, recorded, status);
  });

  if (settled.kind === 'refunded') await refundPayment({ db, provider, log, paymentId: recorded.id, intentId: intent.id });
  if (settled.kind === 'enrolled') {
    if (settled.firstTime && receipts) await mailReceipt({ db, log, ...receipts, paymentId: recorded.id, kind: 'purchase' });
    await cancelOpenIntents({ db, provider, log, userId: recorded.userId, courseId: recorded.courseId, except: recorded.id });
  }
  return settled;
}

type RecordedPayment = typeof payments.$inferSelect;

export const COUPON_USED_UP = 'Your code was used up by others before your payment arrived: the payment has been returned';

async function findRecordedPayment(
  db: Db,
  provider: PaymentProvider,
  intent: PaymentIntent,
  expected: { userId: string; courseId: string } | undefined,
): Promise<RecordedPayment> {
  const notFound = () => new AppError(ErrorCode.NOT_FOUND, 'Payment not found');
  const [recorded] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider.name), eq(payments.providerPaymentId, intent.id)))
    .limit(1);
  if (!recorded || recorded.userId !== intent.metadata.userId || recorded.courseId !== intent.metadata.courseId) throw notFound();
  if (expected && recorded.userId !== expected.userId) throw notFound();
  if (expected && recorded.courseId !== expected.courseId) {
    throw new AppError(ErrorCode.BAD_REQUEST, 'This payment is for another course');
  }
  if (intent.amountCents !== recorded.amountCents || intent.currency !== recorded.currency) {
    throw new AppError(ErrorCode.CONFLICT, 'The payment does not match the course price');
  }
  return recorded;
}

async function settleSucceeded(tx: Tx, recorded: RecordedPayment, status: PaymentStatus): Promise<Settled> {
  const { userId, courseId } = recorded;
  if (status === 'succeeded') {
    const { enrollment } = await enrollOnce(tx, { userId, courseId, source: 'payment' });
    return { kind: 'enrolled', enrollment, firstTime: false };
  }
  if (status === 'refund_pending' || status === 'refunded') {
    const refunded: Settled = { kind: 'refunded', enrollment: await findEnrollment(tx, userId, courseId) };
    return recorded.refundReason === 'coupon_used_up' ? { ...refunded, reason: COUPON_USED_UP } : refunded;
  }
  if (status === 'canceled') {
    // Cancelled here, paid there: a cancel that lost its race. It enrolls nobody.
    await movePayment(tx, recorded.id, 'refund_pending');
    return { kind: 'refunded', enrollment: await findEnrollment(tx, userId, courseId) };
  }
  // Paid, and not yet settled: it enrolls, unless its buyer owns the course already (another tab's payment, a free enrollment).
  if (recorded.couponId !== null && !(await isEnrolled(tx, userId, courseId))) {
    // The discount was quoted at checkout; its use is counted now, with the enrollment. Others may
    // have taken the last uses between the quote and the payment: then the payment goes back.
    const redeemed = await redeemCoupon(tx, { couponId: recorded.couponId, userId, courseId, paymentId: recorded.id });
    if (!redeemed) {
      await movePayment(tx, recorded.id, 'refund_pending');
      await tx.update(payments).set({ refundReason: 'coupon_used_up' }).where(eq(payments.id, recorded.id));
      return { kind: 'refunded', enrollment: null, reason: COUPON_USED_UP };
    }
  }
  const { enrollment, isNew } = await enrollOnce(tx, { userId, courseId, source: 'payment' });
  await movePayment(tx, recorded.id, isNew ? 'succeeded' : 'refund_pending');
  return isNew ? { kind: 'enrolled', enrollment, firstTime: true } : { kind: 'refunded', enrollment };
}

/**
 * Returns a payment that must not be kept. If the provider cannot be reached now, the payment stays
 * refund_pending (never counted as revenue) and retryPendingRefunds tries again.
 */
async function refundPayment({ db, provider, log, paymentId, intentId }: Checkout & { paymentId: string; intentId: string }) {
  try {
    await provider.refundIntent(intentId);
    await movePayment(db, paymentId, 'refunded');
    log.info({ paymentId }, 'payment for a course already owned was refunded');
  } catch (error) {
    log.error({ err: error, paymentId }, 'refund failed: the payment stays refund_pending and is retried');
  }
}

/** Refunds still owed (the provider could not be reached at the time); the purge schedule calls it. */
export async function retryPendingRefunds({ db, provider, log }: Checkout): Promise<number> {
  const pending = await db
    .select({ id: payments.id, intentId: payments.providerPaymentId })
    .from(payments)
    .where(and(eq(payments.status, 'refund_pending'), eq(payments.provider, provider.name)))
    .limit(100);
  for (const payment of pending) await refundPayment({ db, provider, log, paymentId: payment.id, intentId: payment.intentId });
  return pending.length;
}

/**
 * Once a (user, course) is enrolled, the pair's other open intents can only charge twice (DECISIONS
 * §4): each is cancelled with the provider. One paid meanwhile is settled, which refunds it.
 */
export async function cancelOpenIntents({
  db,
  provider,
  log,
  userId,
  courseId,
  except,
}: Checkout & { userId: string; courseId: string; except?: string }): Promise<void> {
  const open = await db
    .select({ id: payments.id, intentId: payments.providerPaymentId })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.courseId, courseId),
        eq(payments.provider, provider.name),
        inArray(payments.status, [...OPEN_PAYMENT_STATUSES]),
        except === undefined ? sql`true` : sql`${payments.id} <> ${except}`,
      ),
    );
  for (const payment of open) {
    try {
      if ((await provider.cancelIntent(payment.intentId)) === 'canceled') {
        await movePayment(db, payment.id, 'canceled');
        continue;
      }
      const intent = await provider.retrieveIntent(payment.intentId);
      if (intent) await settlePayment({ db, provider, log, intent });
    } catch (error) {
      log.warn({ err: error, paymentId: payment.id }, 'an open payment of an enrolled course could not be cancelled');
    }
  }
}
