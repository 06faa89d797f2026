import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '#db/client';
import { courses, enrollments } from '#db/schema/index';
import type { RefundReason } from '#shared/lists';
import type { EnrollmentResult } from '#shared/schemas/enrollment';
import { redeemCoupon } from '../../../lib/coupon-pricing';
import type { JobQueue } from '../../../lib/jobs/job-kinds';
import { movePayment, OPEN_PAYMENT_STATUSES, type PaymentStatus } from '../../../lib/payments/payment-status';
import { markRefundPending } from '../../../lib/payments/refund-retry';
import { enrollOnce } from '../enrollment.service';
import { COUPON_USED_UP, type RecordedPayment, type Settled } from './settled';

/** Why a cart's payment goes back whole: nothing of it is enrolled. */
type CartDecline = 'course_unavailable' | 'already_owned' | 'coupon_used_up';
type Declined = { kind: 'declined'; reason: CartDecline; titles?: string[] };

const isCartDecline = (reason: RefundReason | null | undefined): reason is CartDecline =>
  reason === 'course_unavailable' || reason === 'already_owned' || reason === 'coupon_used_up';

/** What a confirm is told of a cart returned whole, naming the courses that stopped it when they are known. */
function declineMessage(reason: CartDecline, titles: string[] = []): string {
  const names = titles.map((title) => `"${title}"`).join(', ');
  const returned = 'the whole payment has been returned and no course was enrolled';
  if (reason === 'coupon_used_up') return COUPON_USED_UP;
  if (reason === 'course_unavailable')
    return `${names || 'A course of your cart'} stopped being sold before your payment arrived: ${returned}`;
  return names
    ? `You already own ${names}: ${returned}`
    : `You already owned a course of your cart when your payment arrived: ${returned}`;
}

/** Ids in the order PostgreSQL sorts uuids (their hex text sorts the same); nulls last. */
export function byId(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

const isOpen = (status: PaymentStatus) => OPEN_PAYMENT_STATUSES.includes(status);
const isUnsold = (course: { published: boolean; archived: boolean }) => !course.published || course.archived;
const isOwnedIn = (enrolled: EnrollmentResult[]) => (course: { id: string }) =>
  enrolled.some((enrollment) => enrollment.courseId === course.id);
const titlesOf = (named: { title: string }[]) => named.map((course) => course.title);

/**
 * A cart's paid intent (ADR 0031), under its rows' locks. Paid and not yet settled: every course of it
 * must still be sold and not owned, and every code still have a use left; then each course is enrolled,
 * its code counted and its payment succeeded, all in this transaction. Otherwise what it wrote rolls
 * back to a savepoint, and the payments are recorded as going back whole, with the reason.
 */
export async function settleCart(
  tx: Tx,
  jobs: JobQueue,
  recorded: RecordedPayment[],
  locked: { id: string; status: PaymentStatus; refundReason: RefundReason | null }[],
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
    ).map((row): EnrollmentResult => ({ courseId: row.courseId, enrolled: true, enrolledAt: row.createdAt.toISOString() }));
  const cartCourses = () =>
    tx
      .select({ id: courses.id, title: courses.title, published: courses.published, archived: courses.archived })
      .from(courses)
      .where(inArray(courses.id, courseIds));

  if (locked.every((row) => isOpen(row.status))) {
    // A decline met halfway (a code used up, a course enrolled meanwhile) must leave nothing of the cart behind.
    await tx.execute(sql`savepoint cart`);
    const outcome = await enrollCart(tx, userId, recorded, await cartCourses(), await owned());
    if (outcome.kind === 'enrolled') return outcome;
    await tx.execute(sql`rollback to savepoint cart`);
    for (const row of locked) await markRefundPending(tx, { paymentId: row.id, reason: outcome.reason, jobs });
    return { kind: 'refunded', enrollments: await owned(), reason: declineMessage(outcome.reason, outcome.titles) };
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
  if (!isCartDecline(reason)) return { kind: 'refunded', enrollments: enrolled };
  const named = reason === 'coupon_used_up' ? [] : await cartCourses();
  const inTheWay = named.filter(reason === 'already_owned' ? isOwnedIn(enrolled) : isUnsold);
  return { kind: 'refunded', enrollments: enrolled, reason: declineMessage(reason, titlesOf(inTheWay)) };
}

/** Enrolls every course of a cart, or answers why not; the caller undoes what was written on a decline. */
async function enrollCart(
  tx: Tx,
  userId: string,
  recorded: RecordedPayment[],
  sold: { id: string; title: string; published: boolean; archived: boolean }[],
  owned: EnrollmentResult[],
): Promise<Extract<Settled, { kind: 'enrolled' }> | Declined> {
  const unsold = sold.filter(isUnsold);
  if (unsold.length > 0 || sold.length < recorded.length) {
    return { kind: 'declined', reason: 'course_unavailable', titles: titlesOf(unsold) };
  }
  const ownedAlready = sold.filter(isOwnedIn(owned));
  if (ownedAlready.length > 0) {
    return { kind: 'declined', reason: 'already_owned', titles: titlesOf(ownedAlready) };
  }
  // Rows are locked in one order by every transaction, so concurrent carts wait for each other and
  // never deadlock: codes first (a use is counted under the coupon's row lock, so a limit holds under
  // any load), then courses (an enrollment updates its course's student count), each by id.
  for (const row of [...recorded].sort((a, b) => byId(a.couponId, b.couponId))) {
    if (row.couponId === null) continue;
    const redeemed = await redeemCoupon(tx, { couponId: row.couponId, userId, courseId: row.courseId, paymentId: row.id });
    if (!redeemed) return { kind: 'declined', reason: 'coupon_used_up' };
  }
  const enrolled: EnrollmentResult[] = [];
  for (const row of [...recorded].sort((a, b) => byId(a.courseId, b.courseId))) {
    const { enrollment, isNew } = await enrollOnce(tx, { userId, courseId: row.courseId, source: 'payment' });
    // Enrolled meanwhile by another way (a free enrollment, another payment).
    if (!isNew) return { kind: 'declined', reason: 'already_owned' };
    await movePayment(tx, row.id, 'succeeded');
    enrolled.push(enrollment);
  }
  return { kind: 'enrolled', enrollments: enrolled, firstTime: true };
}
