import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '#db/client';
import { payouts, users } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { centsToPrice } from '#shared/format';
import { isUuid } from '#shared/ids';
import type {
  AdminPayout,
  AdminPayoutBalance,
  AdminPayoutBalanceList,
  AdminPayoutBalanceListQuery,
  AdminPayoutList,
  AdminPayoutListQuery,
} from '#shared/schemas/admin';
import { AppError } from '../../errors';
import { recordAdminAction } from '../../lib/admin-audit';
import { cursorTime, decodeCursor, isoOrNull, pageOf, timeOfCursor } from '../../lib/list-pages';
import type { PaymentProviderName } from '../../lib/payments/payment-provider';
import { balancesSql, recordPaidPayout, toPayoutJson } from '../../lib/payouts';
import { sqlRows } from '../../lib/sql-rows';

const creatorNotFound = () => new AppError(ErrorCode.NOT_FOUND, 'Creator not found');

/**
 * With Stripe, a creator whose connected account can receive transfers (onboarding finished) is paid by
 * Stripe transfers; anyone else, an unfinished account included, by a bank transfer an admin records.
 */
const paidBy = (providerName: PaymentProviderName, stripePayoutsReady: boolean) =>
  providerName === 'stripe' && stripePayoutsReady ? ('stripe' as const) : ('manual' as const);

/**
 * GET /api/admin/payouts/balances: the creators who have money to be paid now (their sales' net past
 * the 30-day refund window, less payouts), the most owed first.
 */
export async function listPayoutBalances({
  db,
  providerName,
  query,
  now,
}: {
  db: Db;
  providerName: PaymentProviderName;
  query: AdminPayoutBalanceListQuery;
  now: number;
}): Promise<AdminPayoutBalanceList> {
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor, ['count', 'id'] as const);
  const rows = await sqlRows<{
    creatorId: string;
    name: string;
    email: string;
    available: string;
    paidOut: string;
    lastPaidAt: Date | string | null;
    stripePayoutsReady: boolean;
    payoutDetails: string | null;
  }>(
    db,
    sql`WITH balances AS (${balancesSql(sql`true`, now)}),
      owed AS (SELECT "creatorId", "paidOut", greatest(settled::bigint - "paidOut"::bigint - pending::bigint, 0) AS available FROM balances)
      SELECT o."creatorId", u.name, u.email, u.stripe_payouts_ready AS "stripePayoutsReady", u.payout_details AS "payoutDetails",
        o.available::text AS available, o."paidOut",
        (SELECT max(p.paid_at) FROM payouts p WHERE p.creator_id = o."creatorId" AND p.status = 'paid') AS "lastPaidAt"
      FROM owed o JOIN users u ON u.id = o."creatorId"
      WHERE o.available > 0
        ${after ? sql`AND (o.available, o."creatorId") < (${after[0]}::bigint, ${after[1]}::uuid)` : sql``}
      ORDER BY o.available DESC, o."creatorId" DESC
      LIMIT ${query.limit + 1}`,
  );
  return pageOf(
    rows,
    query.limit,
    (row): AdminPayoutBalance => ({
      id: row.creatorId,
      creator: { id: row.creatorId, name: row.name, email: row.email },
      available: centsToPrice(Number(row.available)),
      paidOut: centsToPrice(Number(row.paidOut)),
      lastPaidAt: isoOrNull(row.lastPaidAt),
      paidBy: paidBy(providerName, row.stripePayoutsReady),
      payoutDetails: row.payoutDetails,
    }),
    (row) => [Number(row.available), row.creatorId],
  );
}

const recorder = alias(users, 'recorder');

/** The payouts `where` picks, newest first, with their creator and the admin who recorded them. */
function selectPayouts(db: DbOrTx) {
  return db
    .select({
      payout: payouts,
      creator: { id: users.id, name: users.name, email: users.email },
      recorder: { id: recorder.id, name: recorder.name },
      cursorAt: cursorTime(payouts.createdAt),
    })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.creatorId))
    .leftJoin(recorder, eq(recorder.id, payouts.recordedBy))
    .$dynamic();
}

type PayoutSelection = Awaited<ReturnType<ReturnType<typeof selectPayouts>['execute']>>[number];

const toAdminPayout = ({ payout, creator, recorder: by }: PayoutSelection): AdminPayout => ({
  ...toPayoutJson(payout),
  creator,
  recordedBy: by?.id ? { id: by.id, name: by.name } : null,
});

/** GET /api/admin/payouts: every payout, newest first; one creator's when asked. */
export async function listPayouts({ db, query }: { db: Db; query: AdminPayoutListQuery }): Promise<AdminPayoutList> {
  if (query.creatorId !== undefined && !isUuid(query.creatorId)) return { items: [], nextCursor: null };
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor, ['time', 'id'] as const);
  const rows = await selectPayouts(db)
    .where(
      and(
        query.creatorId ? eq(payouts.creatorId, query.creatorId) : undefined,
        after ? sql`(${payouts.createdAt}, ${payouts.id}) < (${timeOfCursor(after[0])}, ${after[1]}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(query.limit + 1);
  return pageOf(rows, query.limit, toAdminPayout, (row) => [row.cursorAt, row.payout.id]);
}

/**
 * POST /api/admin/payouts: a bank transfer the admin made to a creator, recorded as paid. Never more
 * than the creator's available balance: the check and the insert run under the creator's row lock
 * (lib/payouts.ts), so parallel requests cannot both pass. The ledger's entries are the trigger's; the
 * audit row, with the payout details the creator had given, is written in the same transaction.
 */
export async function recordManualPayout({
  db,
  providerName,
  adminId,
  creatorId,
  amountCents,
  reference,
  now,
}: {
  db: Db;
  providerName: PaymentProviderName;
  adminId: string;
  creatorId: string;
  amountCents: number;
  reference: string;
  now: number;
}): Promise<AdminPayout> {
  if (!isUuid(creatorId)) throw creatorNotFound();
  return db.transaction(async (tx) => {
    const [creator] = await tx
      .select({ stripePayoutsReady: users.stripePayoutsReady, payoutDetails: users.payoutDetails })
      .from(users)
      .where(eq(users.id, creatorId))
      .limit(1);
    if (creator && paidBy(providerName, creator.stripePayoutsReady) === 'stripe') {
      throw new AppError(
        ErrorCode.CONFLICT,
        'This creator has connected a Stripe account: Stripe transfers pay them, not a recorded bank transfer',
      );
    }
    const { payout, balance } = await recordPaidPayout(tx, {
      creatorId,
      amountCents,
      method: 'manual',
      reference,
      recordedBy: adminId,
      now,
    });
    await recordAdminAction(tx, {
      adminId,
      action: 'payout.record',
      targetType: 'payout',
      targetId: payout.id,
      details: {
        creatorId,
        amount: centsToPrice(amountCents),
        reference,
        availableAfter: centsToPrice(balance.available),
        // Where the creator had asked to be paid when the transfer was recorded: they may change it later.
        payoutDetails: creator?.payoutDetails ?? null,
      },
    });
    const [row] = await selectPayouts(tx).where(eq(payouts.id, payout.id)).limit(1);
    if (!row) throw new Error('The recorded payout is gone');
    return toAdminPayout(row);
  });
}
