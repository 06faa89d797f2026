import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#db/client';
import { coupons, courses, payments, users } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { centsToPrice } from '#shared/format';
import { isUuid } from '#shared/ids';
import type {
  AdminPayment,
  AdminPaymentList,
  AdminPaymentListQuery,
  AdminRevenue,
  AdminRevenueQuery,
} from '#shared/schemas/admin';
import type { Coupon, CouponList, CouponTerms } from '#shared/schemas/coupons';
import type { RefundResult } from '#shared/schemas/enrollment';
import { AppError } from '../../errors';
import { recordAdminAction } from '../../lib/admin-audit';
import { insertCoupon, toCouponJson } from '../../lib/coupons';
import type { JobQueue } from '../../lib/jobs/job-kinds';
import { cursorTime, decodeCursor, iso, pageOf, timeOfCursor } from '../../lib/list-pages';
import type { MetricsRecorder } from '../../lib/metrics/app-metrics';
import type { PaymentProvider } from '../../lib/payments/payment-provider';
import { beginRefund, completeRefund } from '../../lib/refund-payment';
import { sqlRows } from '../../lib/sql-rows';

const paymentNotFound = () => new AppError(ErrorCode.NOT_FOUND, 'Payment not found');
const couponNotFound = () => new AppError(ErrorCode.NOT_FOUND, 'Coupon not found');

/** GET /api/admin/payments: every recorded payment, newest first, of one status when asked. */
export async function listPayments({
  db,
  providerName,
  query,
}: {
  db: Db;
  providerName: PaymentProvider['name'];
  query: AdminPaymentListQuery;
}): Promise<AdminPaymentList> {
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor, ['time', 'id'] as const);
  const rows = await db
    .select({
      payment: payments,
      course: { id: courses.id, title: courses.title },
      buyer: { id: users.id, name: users.name, email: users.email },
      couponCode: coupons.code,
      cursorAt: cursorTime(payments.createdAt),
    })
    .from(payments)
    .innerJoin(courses, eq(courses.id, payments.courseId))
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(coupons, eq(coupons.id, payments.couponId))
    .where(
      and(
        query.status ? eq(payments.status, query.status) : undefined,
        after ? sql`(${payments.createdAt}, ${payments.id}) < (${timeOfCursor(after[0])}, ${after[1]}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(query.limit + 1);
  return pageOf(
    rows,
    query.limit,
    ({ payment, course, buyer, couponCode }): AdminPayment => ({
      id: payment.id,
      status: payment.status,
      amount: centsToPrice(payment.amountCents),
      price: centsToPrice(payment.listPriceCents ?? payment.amountCents),
      currency: payment.currency,
      provider: payment.provider,
      couponCode,
      refundReason: payment.refundReason,
      createdAt: iso(payment.createdAt),
      updatedAt: iso(payment.updatedAt),
      course,
      buyer,
      isRefundable: payment.status === 'succeeded' && payment.provider === providerName,
    }),
    (row) => [row.cursorAt, row.payment.id],
  );
}

/**
 * POST /api/admin/payments/{id}/refund: any succeeded payment back to its buyer, without the
 * buyer's 30-day and 30 % rules, by the same path as their refund (lib/refund-payment.ts): the
 * enrollment ends and the ledger reverses the sale in the transaction that also writes the audit
 * row, under the payment's row lock, so repeated or concurrent refunds (an admin's or the buyer's)
 * refund once; then the provider returns the money and the buyer gets the refund receipt.
 */
export async function refundPayment({
  db,
  provider,
  log,
  jobs,
  metrics,
  adminId,
  paymentId,
}: {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  jobs: JobQueue;
  metrics: MetricsRecorder;
  adminId: string;
  paymentId: string;
}): Promise<RefundResult> {
  if (!isUuid(paymentId)) throw paymentNotFound();
  const [payment] = await db
    .select({
      id: payments.id,
      status: payments.status,
      provider: payments.provider,
      providerPaymentId: payments.providerPaymentId,
      checkoutId: payments.checkoutId,
      amountCents: payments.amountCents,
      userId: payments.userId,
      courseId: payments.courseId,
    })
    .from(payments)
    .where(eq(payments.id, paymentId))
    .limit(1);
  if (!payment) throw paymentNotFound();
  const alreadyRefunded = () => new AppError(ErrorCode.CONFLICT, 'This payment has already been refunded');
  if (payment.status === 'refund_pending' || payment.status === 'refunded') throw alreadyRefunded();
  if (payment.status !== 'succeeded') throw new AppError(ErrorCode.CONFLICT, 'Only a completed payment can be refunded');
  if (payment.provider !== provider.name) {
    throw new AppError(
      ErrorCode.CONFLICT,
      `This payment was taken by the ${payment.provider} provider, which this server does not run; refund it there`,
    );
  }
  await db.transaction(async (tx) => {
    if (!(await beginRefund(tx, { paymentId, reason: 'admin', jobs }))) throw alreadyRefunded();
    await recordAdminAction(tx, {
      adminId,
      action: 'payment.refund',
      targetType: 'payment',
      targetId: paymentId,
      details: { amount: centsToPrice(payment.amountCents), buyerId: payment.userId, courseId: payment.courseId },
    });
  });
  return completeRefund({ db, provider, log, metrics, trigger: 'admin', payment });
}

type Sums = { gross: string; refunds: string; fees: string; creatorShare: string; sales: number; refundCount: number };

/** The platform's figures over ledger entries (migration 0025), in bigint cents inside the database. */
const FIGURES = sql`
  coalesce(sum(amount_cents) FILTER (WHERE kind = 'sale' AND account = 'cash'), 0)::text AS gross,
  coalesce(-sum(amount_cents) FILTER (WHERE kind = 'refund' AND account = 'cash'), 0)::text AS refunds,
  coalesce(-sum(amount_cents) FILTER (WHERE kind IN ('sale', 'refund') AND account = 'platform_fees'), 0)::text AS fees,
  coalesce(-sum(amount_cents) FILTER (WHERE kind IN ('sale', 'refund') AND account = 'creator'), 0)::text AS "creatorShare",
  (count(*) FILTER (WHERE kind = 'sale' AND account = 'cash'))::int AS sales,
  (count(*) FILTER (WHERE kind = 'refund' AND account = 'cash'))::int AS "refundCount"`;

const money = (sums: Sums) => ({
  gross: centsToPrice(Number(sums.gross)),
  refunds: centsToPrice(Number(sums.refunds)),
  fees: centsToPrice(Number(sums.fees)),
  creatorShare: centsToPrice(Number(sums.creatorShare)),
  sales: sums.sales,
  refundCount: sums.refundCount,
});

/** GET /api/admin/revenue: the platform's sales, refunds and fees by UTC month, between `from` and `to` (days, both included). */
export async function getRevenue({ db, query }: { db: Db; query: AdminRevenueQuery }): Promise<AdminRevenue> {
  const inRange = sql.join(
    [
      sql`kind IN ('sale', 'refund')`,
      query.from ? sql`created_at >= ${query.from}::date::timestamptz` : sql`true`,
      query.to ? sql`created_at < (${query.to}::date + 1)::timestamptz` : sql`true`,
    ],
    sql` AND `,
  );
  const byMonth = await sqlRows<Sums & { month: string }>(
    db,
    sql`SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, ${FIGURES}
      FROM ledger_entries WHERE ${inRange} GROUP BY 1 ORDER BY 1 DESC`,
  );
  // Every entry of the range is in exactly one month: the totals are the months' sums.
  const totals = byMonth.reduce<Sums>(
    (sum, month) => ({
      gross: String(Number(sum.gross) + Number(month.gross)),
      refunds: String(Number(sum.refunds) + Number(month.refunds)),
      fees: String(Number(sum.fees) + Number(month.fees)),
      creatorShare: String(Number(sum.creatorShare) + Number(month.creatorShare)),
      sales: sum.sales + month.sales,
      refundCount: sum.refundCount + month.refundCount,
    }),
    { gross: '0', refunds: '0', fees: '0', creatorShare: '0', sales: 0, refundCount: 0 },
  );
  return { currency: 'usd', ...money(totals), byMonth: byMonth.map(({ month, ...sums }) => ({ month, ...money(sums) })) };
}

/** POST /api/admin/coupons: a site-wide code, by the creators' coupon rules (lib/coupons.ts). */
export async function createSiteCoupon({
  db,
  adminId,
  terms,
  now,
}: {
  db: Db;
  adminId: string;
  terms: CouponTerms;
  now: number;
}): Promise<Coupon> {
  return db.transaction(async (tx) => {
    const coupon = await insertCoupon(tx, { course: null, createdBy: adminId, terms, now });
    await recordAdminAction(tx, {
      adminId,
      action: 'coupon.create',
      targetType: 'coupon',
      targetId: coupon.id,
      details: {
        code: coupon.code,
        percentOff: coupon.percentOff,
        amountOff: coupon.amountOff,
        expiresAt: coupon.expiresAt,
        maxRedemptions: coupon.maxRedemptions,
      },
    });
    return coupon;
  });
}

/** GET /api/admin/coupons: the live site-wide codes (whichever admin made them), newest first. */
export async function listSiteCoupons({
  db,
  limit,
  cursor,
}: {
  db: Db;
  limit: number;
  cursor: string | undefined;
}): Promise<CouponList> {
  const after = cursor === undefined ? null : decodeCursor(cursor, ['time', 'id'] as const);
  const rows = await db
    .select({ coupon: coupons, cursorAt: cursorTime(coupons.createdAt) })
    .from(coupons)
    .where(
      and(
        isNull(coupons.courseId),
        isNull(coupons.deletedAt),
        after ? sql`(${coupons.createdAt}, ${coupons.id}) < (${timeOfCursor(after[0])}, ${after[1]}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(limit + 1);
  return pageOf(
    rows,
    limit,
    ({ coupon }) => toCouponJson({ ...coupon, courseTitle: null }),
    (row) => [row.cursorAt, row.coupon.id],
  );
}

/** DELETE /api/admin/coupons/{id}: the code stops at checkout; payments made with it keep their price. */
export async function deleteSiteCoupon({ db, adminId, couponId }: { db: Db; adminId: string; couponId: string }) {
  if (!isUuid(couponId)) throw couponNotFound();
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .update(coupons)
      .set({ deletedAt: sql`now()` })
      .where(and(eq(coupons.id, couponId), isNull(coupons.courseId), isNull(coupons.deletedAt)))
      .returning({ code: coupons.code });
    if (!deleted) throw couponNotFound();
    await recordAdminAction(tx, {
      adminId,
      action: 'coupon.delete',
      targetType: 'coupon',
      targetId: couponId,
      details: { code: deleted.code },
    });
  });
}
