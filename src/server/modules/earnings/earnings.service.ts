import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { payouts, users } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { centsToPrice } from '#shared/format';
import type { Earnings, EarningsQuery } from '#shared/schemas/earnings';
import type { ConnectOnboardingLink, PayoutList, PayoutListQuery } from '#shared/schemas/payouts';
import { AppError } from '../../errors';
import { cursorTime, decodeCursor, pageOf, timeOfCursor } from '../../lib/list-pages';
import type { PaymentProvider } from '../../lib/payments/payment-provider';
import { creatorBalance, toPayoutJson } from '../../lib/payouts';
import type { EarningsEntry, ReadCache } from '../../lib/read-cache/read-cache';
import { REFUND_WINDOW_MS } from '../../lib/refund-rules';
import { SALES_FIGURES, type SalesSums, salesMoney, salesOf } from '../../lib/sales-figures';
import { sqlRows } from '../../lib/sql-rows';

/**
 * GET /api/creator/earnings, from the read cache: the figures change only with a ledger entry of the
 * creator's (announced: src/db/cache-feeds.ts), a course's title, or time, when a sale leaves the refund window.
 */
export async function getCachedEarnings({
  reads,
  ...input
}: {
  reads: Pick<ReadCache, 'creatorEarnings'>;
  db: Db;
  userId: string;
  query: EarningsQuery;
  now: number;
}): Promise<Earnings> {
  const period = `${input.query.from ?? ''}|${input.query.to ?? ''}`;
  const entry = await reads.creatorEarnings(input.userId, period, input.now, () => getEarnings(input));
  return entry.earnings;
}

/** The caller's sales between `from` and `to` (UTC days, both included), their balance now, and until when that holds. */
export async function getEarnings({
  db,
  userId,
  query,
  now,
}: {
  db: Db;
  userId: string;
  query: EarningsQuery;
  now: number;
}): Promise<EarningsEntry> {
  const inRange = salesOf({ creatorId: userId, from: query.from, to: query.to });
  const [byCourse, byMonth, balance] = await Promise.all([
    // Summed per course first, then named: one title lookup a course, not one an entry.
    sqlRows<SalesSums & { courseId: string; title: string }>(
      db,
      sql`SELECT f."courseId", c.title, f.gross, f.fees, f.refunds, f.net, f.sales
        FROM (SELECT l.course_id AS "courseId", ${SALES_FIGURES} FROM ledger_entries l WHERE ${inRange} GROUP BY l.course_id) f
        JOIN courses c ON c.id = f."courseId"
        ORDER BY f.gross::bigint DESC, c.title`,
    ),
    sqlRows<SalesSums & { month: string }>(
      db,
      sql`SELECT to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, ${SALES_FIGURES}
        FROM ledger_entries l WHERE ${inRange} GROUP BY 1 ORDER BY 1 DESC`,
    ),
    // The balance ignores the range: what the creator is owed now.
    creatorBalance(db, userId, now),
  ]);
  // Every entry of the range is in exactly one month: the totals are the months' sums.
  const totals = byMonth.reduce<SalesSums>(
    (sum, month) => ({
      gross: String(Number(sum.gross) + Number(month.gross)),
      fees: String(Number(sum.fees) + Number(month.fees)),
      refunds: String(Number(sum.refunds) + Number(month.refunds)),
      net: String(Number(sum.net) + Number(month.net)),
      sales: sum.sales + month.sales,
    }),
    { gross: '0', fees: '0', refunds: '0', net: '0', sales: 0 },
  );
  // The balance holds until the oldest sale still inside the refund window leaves it.
  const nextSettled = balance.nextSettled ? balance.nextSettled.getTime() + REFUND_WINDOW_MS : Number.POSITIVE_INFINITY;
  const earnings: Earnings = {
    currency: 'usd',
    ...salesMoney(totals),
    available: centsToPrice(balance.available),
    paidOut: centsToPrice(balance.paidOut),
    byCourse: byCourse.map(({ courseId, title, ...sums }) => ({ courseId, title, ...salesMoney(sums) })),
    byMonth: byMonth.map(({ month, ...sums }) => ({ month, ...salesMoney(sums) })),
  };
  return { earnings, courseIds: byCourse.map((course) => course.courseId), validUntil: nextSettled };
}

/** GET /api/creator/payouts: the caller's payouts, newest first, a page at a time. */
export async function listCreatorPayouts({
  db,
  userId,
  query,
}: {
  db: Db;
  userId: string;
  query: PayoutListQuery;
}): Promise<PayoutList> {
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor, ['time', 'id'] as const);
  const rows = await db
    .select({ payout: payouts, cursorAt: cursorTime(payouts.createdAt) })
    .from(payouts)
    .where(
      and(
        eq(payouts.creatorId, userId),
        after ? sql`(${payouts.createdAt}, ${payouts.id}) < (${timeOfCursor(after[0])}, ${after[1]}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(query.limit + 1);
  return pageOf(
    rows,
    query.limit,
    ({ payout }) => toPayoutJson(payout),
    (row) => [row.cursorAt, row.payout.id],
  );
}

/**
 * POST /api/creator/payouts/connect: a Stripe Connect onboarding link for the caller's Express account,
 * which is made at the first call and kept on their user row; later calls go on with it. Without Stripe
 * an admin records payouts: 409.
 */
export async function connectStripeAccount({
  db,
  provider,
  userId,
  publicUrl,
}: {
  db: Db;
  provider: PaymentProvider;
  userId: string;
  publicUrl: string;
}): Promise<ConnectOnboardingLink> {
  if (!provider.connectOnboarding) {
    throw new AppError(
      ErrorCode.CONFLICT,
      'Payouts are recorded by an admin here: this platform does not pay through Stripe, so there is no account to connect',
    );
  }
  const [creator] = await db
    .select({ email: users.email, accountId: users.stripeAccountId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!creator) throw new AppError(ErrorCode.NOT_FOUND, 'User not found');
  const earningsPage = new URL('/creator/earnings', publicUrl);
  const onboarding = await provider.connectOnboarding({
    accountId: creator.accountId,
    creatorId: userId,
    email: creator.email,
    refreshUrl: `${earningsPage.href}?connect=refresh`,
    returnUrl: `${earningsPage.href}?connect=done`,
  });
  if (creator.accountId === null) {
    // Two first calls at once get the same account (one idempotency key per creator); the first keeps it.
    await db
      .update(users)
      .set({ stripeAccountId: onboarding.accountId })
      .where(and(eq(users.id, userId), isNull(users.stripeAccountId)));
  }
  return { url: onboarding.url };
}
