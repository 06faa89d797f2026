import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '#db/client';
import { courses, enrollments, paymentEvents, payments } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import type { RefundReason } from '#shared/lists';
import type { EnrollmentResult, PaymentIntentResult } from '#shared/schemas/enrollment';
import { AppError } from '../../errors';
import { priceWithCoupon, redeemCoupon, refuseUnpayablePrice } from '../../lib/coupon-pricing';
import type { JobQueue } from '../../lib/jobs/job-kinds';
import { findJoinableCourse } from '../../lib/joinable-course';
import type { MetricsRecorder } from '../../lib/metrics/app-metrics';
import type { PaymentIntent, PaymentProvider } from '../../lib/payments/payment-provider';
import { movePayment, OPEN_PAYMENT_STATUSES, type PaymentStatus } from '../../lib/payments/payment-status';
import { attemptRefund, markRefundPending } from '../../lib/payments/refund-retry';
import { enrollOnce, findEnrollment, isEnrolled, refuseOwnCourse } from './enrollment.service';

type Checkout = {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /**
   * Queues the buyer's receipt in the transaction that first enrolls them by a payment (issue 24 §5,
   * ADR 0037), and the retry of each refund in the transaction that decides it (ADR 0041).
   */
  jobs: JobQueue;
  /** Where settled payments and the refunds asked of the provider are counted (ADR 0035). */
  metrics: MetricsRecorder;
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
  refuseUnpayablePrice(course);
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
  /** The buyer is enrolled by this payment, in its course or every course of its cart (now, `firstTime`, or before). */
  | { kind: 'enrolled'; enrollments: EnrollmentResult[]; firstTime: boolean }
  /**
   * The payment arrived for a course its buyer already owned (or was cancelled), its coupon was used
   * up meanwhile, or a course of its cart could not be sold: returned to them, never counted.
   * `reason` says why when it is not the first; `enrollments` are what the buyer owns of it anyway.
   */
  | { kind: 'refunded'; enrollments: EnrollmentResult[]; reason?: string }
  /** Not paid (declined, mid-flow, cancelled), or a late report that changes nothing. */
  | { kind: 'unpaid' }
  /** A webhook event applied before. */
  | { kind: 'replayed' };

type RecordedPayment = typeof payments.$inferSelect;

export const COUPON_USED_UP = 'Your code was used up by others before your payment arrived: the payment has been returned';

/** Why a whole cart's payment went back, as said to a confirm that comes after the first. */
const CART_REFUND_MESSAGES: Partial<Record<RefundReason, string>> = {
  coupon_used_up: COUPON_USED_UP,
  course_unavailable:
    'A course of your cart stopped being sold before your payment arrived: the whole payment has been returned and no course was enrolled',
  already_owned:
    'You already owned a course of your cart when your payment arrived: the whole payment has been returned and no course was enrolled',
};

/** A cart that cannot enroll in every course: nothing of it is written, and its payment goes back whole. */
class CartDeclined extends Error {
  constructor(
    readonly reason: RefundReason,
    message: string,
  ) {
    super(message);
  }
}

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
  db,
  provider,
  log,
  jobs,
  metrics,
  intent,
  expected,
  eventId,
  eventType,
}: Checkout & {
  intent: PaymentIntent;
  expected?: { userId: string; courseId?: string | undefined };
  eventId?: string;
  eventType?: string;
}): Promise<Settled> {
  const recorded = await findRecordedPayments(db, provider, intent, expected);
  const ids = recorded.map((row) => row.id);
  const isCart = 'checkoutId' in intent.metadata;
  const attempt = (declined?: CartDeclined) =>
    db.transaction(async (tx): Promise<Settled> => {
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
      if (!isCart) {
        const [only] = recorded;
        if (!only) throw new Error('a payment without its row');
        const settledOne = await settleSucceeded(tx, jobs, only, locked[0]?.status ?? only.status);
        return queueReceipts(tx, settledOne);
      }
      return queueReceipts(tx, await settleCartSucceeded(tx, jobs, recorded, locked, declined));
    });
  // In the transaction that enrolls, so a receipt goes exactly when the sale is recorded.
  const queueReceipts = async (tx: Tx, settled: Settled): Promise<Settled> => {
    if (settled.kind === 'enrolled' && settled.firstTime) {
      for (const row of recorded) await jobs.enqueue(tx, 'mail.receipt', { paymentId: row.id, kind: 'purchase' });
    }
    return settled;
  };
  let settled: Settled;
  try {
    settled = await attempt();
  } catch (error) {
    // Nothing of the cart was written (the transaction rolled back): record its payment as going back.
    if (!(error instanceof CartDeclined)) throw error;
    settled = await attempt(error);
  }

  countSettlement(metrics, settled, intent);
  if (settled.kind === 'refunded') await refundPayments({ db, provider, log, jobs, metrics, payments: recorded });
  if (settled.kind === 'enrolled') {
    for (const row of recorded) {
      await cancelOpenIntents({
        db,
        provider,
        log,
        jobs,
        metrics,
        userId: row.userId,
        courseId: row.courseId,
        exceptIntentId: intent.id,
      });
    }
  }
  return settled;
}

/**
 * After the settlement committed (ADR 0035): a payment counts once as paid, when it first enrolls;
 * each declined or cancelled try as it is reported.
 */
function countSettlement(metrics: MetricsRecorder | undefined, settled: Settled, intent: PaymentIntent) {
  if (!metrics) return;
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

async function settleSucceeded(tx: Tx, jobs: JobQueue, recorded: RecordedPayment, status: PaymentStatus): Promise<Settled> {
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

const isOpen = (status: PaymentStatus) => OPEN_PAYMENT_STATUSES.includes(status);

/**
 * A cart's paid intent (ADR 0031), under its rows' locks. Paid and not yet settled: every course of it
 * must still be sold and not owned, and every code still have a use left; then each course is enrolled,
 * its code counted and its payment succeeded, all in this transaction. Otherwise CartDeclined rolls all
 * of it back, and the second attempt (`declined`) records the payments as going back, with the reason.
 */
async function settleCartSucceeded(
  tx: Tx,
  jobs: JobQueue,
  recorded: RecordedPayment[],
  locked: { id: string; status: PaymentStatus; refundReason: RefundReason | null }[],
  declined: CartDeclined | undefined,
): Promise<Settled> {
  const [first] = recorded;
  if (!first) throw new Error('a cart payment without its rows');
  const { userId } = first;
  const courseIds = recorded.map((row) => row.courseId);
  const owned = async () =>
    (
      await tx
        .select({ courseId: enrollments.courseId, createdAt: enrollments.createdAt })
        .from(enrollments)
        .where(and(eq(enrollments.userId, userId), inArray(enrollments.courseId, courseIds)))
    ).map((row) => ({ courseId: row.courseId, enrolled: true as const, enrolledAt: row.createdAt.toISOString() }));

  if (locked.every((row) => isOpen(row.status))) {
    if (declined) {
      for (const row of locked) await markRefundPending(tx, { paymentId: row.id, reason: declined.reason, jobs });
      return { kind: 'refunded', enrollments: await owned(), reason: declined.message };
    }
    return enrollCart(tx, recorded);
  }
  if (locked.some((row) => row.status === 'succeeded' || (row.status === 'refunded' && row.refundReason === 'requested'))) {
    // Settled before (some courses may have been refunded at the buyer's request since).
    return { kind: 'enrolled', enrollments: await owned(), firstTime: false };
  }
  if (locked.some((row) => row.status === 'canceled')) {
    // Cancelled here, paid there: a cancel that lost its race. It enrolls nobody.
    for (const row of locked) await markRefundPending(tx, { paymentId: row.id, reason: null, jobs });
    return { kind: 'refunded', enrollments: await owned() };
  }
  // Gone back whole before (refund_pending or refunded): say why again, naming the courses still in the way.
  const reason = locked.map((row) => row.refundReason).find((why) => why !== null);
  const enrolled = await owned();
  let message = reason ? CART_REFUND_MESSAGES[reason] : undefined;
  if (reason === 'course_unavailable' || reason === 'already_owned') {
    const named = await tx
      .select({ id: courses.id, title: courses.title, published: courses.published, archived: courses.archived })
      .from(courses)
      .where(inArray(courses.id, courseIds));
    const inTheWay =
      reason === 'already_owned'
        ? named.filter((course) => enrolled.some((enrollment) => enrollment.courseId === course.id))
        : named.filter((course) => !course.published || course.archived);
    if (inTheWay.length > 0)
      message = declineMessage(
        reason,
        inTheWay.map((course) => course.title),
      );
  }
  return { kind: 'refunded', enrollments: enrolled, ...(message ? { reason: message } : {}) };
}

/** Why a cart's payment went back whole, naming the courses that stopped it. */
function declineMessage(reason: 'course_unavailable' | 'already_owned', titles: string[]): string {
  const names = titles.map((title) => `"${title}"`).join(', ');
  return reason === 'already_owned'
    ? `You already own ${names}: the whole payment has been returned and no course was enrolled`
    : `${names} stopped being sold before your payment arrived: the whole payment has been returned and no course was enrolled`;
}

/** Ids in the order PostgreSQL sorts uuids (their hex text sorts the same); nulls last. */
export function byId(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

async function enrollCart(tx: Tx, recorded: RecordedPayment[]): Promise<Settled> {
  const [first] = recorded;
  if (!first) throw new Error('a cart payment without its rows');
  const { userId } = first;
  const courseIds = recorded.map((row) => row.courseId);
  const sold = await tx
    .select({ id: courses.id, title: courses.title, published: courses.published, archived: courses.archived })
    .from(courses)
    .where(inArray(courses.id, courseIds));
  const unsold = sold.filter((course) => !course.published || course.archived);
  if (unsold.length > 0 || sold.length < courseIds.length) {
    throw new CartDeclined(
      'course_unavailable',
      unsold.length > 0
        ? declineMessage(
            'course_unavailable',
            unsold.map((course) => course.title),
          )
        : (CART_REFUND_MESSAGES.course_unavailable ?? ''),
    );
  }
  const ownedAlready = await tx
    .select({ title: courses.title })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(and(eq(enrollments.userId, userId), inArray(enrollments.courseId, courseIds)));
  if (ownedAlready.length > 0) {
    throw new CartDeclined(
      'already_owned',
      declineMessage(
        'already_owned',
        ownedAlready.map((course) => course.title),
      ),
    );
  }
  // Rows are locked in one order by every transaction, so concurrent carts wait for each other and
  // never deadlock: codes first (a use is counted under the coupon's row lock, so a limit holds under
  // any load), then courses (an enrollment updates its course's student count), each by id.
  for (const row of [...recorded].sort((a, b) => byId(a.couponId, b.couponId))) {
    if (row.couponId === null) continue;
    const redeemed = await redeemCoupon(tx, { couponId: row.couponId, userId, courseId: row.courseId, paymentId: row.id });
    if (!redeemed) throw new CartDeclined('coupon_used_up', COUPON_USED_UP);
  }
  const enrolled: EnrollmentResult[] = [];
  for (const row of [...recorded].sort((a, b) => byId(a.courseId, b.courseId))) {
    const { enrollment, isNew } = await enrollOnce(tx, { userId, courseId: row.courseId, source: 'payment' });
    // Enrolled meanwhile by another way (a free enrollment, another payment): the rollback undoes the rest.
    if (!isNew) throw new CartDeclined('already_owned', CART_REFUND_MESSAGES.already_owned ?? '');
    await movePayment(tx, row.id, 'succeeded');
    enrolled.push(enrollment);
  }
  return { kind: 'enrolled', enrollments: enrolled, firstTime: true };
}

type RefundablePayment = Pick<RecordedPayment, 'id' | 'providerPaymentId' | 'amountCents' | 'checkoutId'>;

/**
 * Returns at once the payments that must not be kept (those refund_pending). One the provider does
 * not take now stays refund_pending (never counted as revenue), and its job, queued when it was
 * marked, tries again with backoff (ADR 0041).
 */
async function refundPayments({ payments: candidates, ...checkout }: Checkout & { payments: RefundablePayment[] }) {
  const { db } = checkout;
  const pending = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        inArray(
          payments.id,
          candidates.map((payment) => payment.id),
        ),
        eq(payments.status, 'refund_pending'),
      ),
    );
  const ids = new Set(pending.map((row) => row.id));
  for (const payment of candidates) {
    if (ids.has(payment.id)) await attemptRefund({ ...checkout, payment, trigger: 'returned' });
  }
}

/**
 * Once a (user, course) is enrolled, the pair's other open intents can only charge twice (DECISIONS
 * §4): each is cancelled with the provider, with every course of it when it is a cart's (whose other
 * courses stay in the cart). One paid meanwhile is settled, which refunds it.
 */
export async function cancelOpenIntents({
  db,
  provider,
  log,
  jobs,
  metrics,
  userId,
  courseId,
  exceptIntentId,
}: Checkout & { userId: string; courseId: string; exceptIntentId?: string }): Promise<void> {
  const open = await db
    .selectDistinct({ intentId: payments.providerPaymentId })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.courseId, courseId),
        eq(payments.provider, provider.name),
        inArray(payments.status, [...OPEN_PAYMENT_STATUSES]),
        exceptIntentId === undefined ? sql`true` : sql`${payments.providerPaymentId} <> ${exceptIntentId}`,
      ),
    );
  for (const { intentId } of open) {
    try {
      if ((await provider.cancelIntent(intentId)) === 'canceled') {
        const rows = await db
          .select({ id: payments.id })
          .from(payments)
          .where(and(eq(payments.provider, provider.name), eq(payments.providerPaymentId, intentId)));
        for (const row of rows) await movePayment(db, row.id, 'canceled');
        continue;
      }
      const intent = await provider.retrieveIntent(intentId);
      if (intent) await settlePayment({ db, provider, log, jobs, metrics, intent });
    } catch (error) {
      log.warn({ err: error, intentId }, 'an open payment of an enrolled course could not be cancelled');
    }
  }
}
