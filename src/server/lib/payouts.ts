import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '#db/client';
import { payouts } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { centsToPrice } from '#shared/format';
import type { Payout } from '#shared/schemas/payouts';
import { AppError } from '../errors';
import { REFUND_WINDOW_MS } from './refund-rules';
import { sqlRows } from './sql-rows';

/*
 * Creators' balances and payouts (issue 24 §4, ADR 0032), shared by the creator's earnings and
 * payouts and the admin console. The figures are sums over the ledger (migration 0025), whose payout
 * entries a trigger on `payouts` writes (migration 0030).
 */

/** One creator's balance, in cents: what they are owed now and what was paid to them. */
export type BalanceCents = {
  creatorId: string;
  /** Net of sales older than the refund window (refunds counted with their sale). */
  settled: number;
  /** Payouts paid, less those reversed. */
  paidOut: number;
  /** Stripe transfers reserved but not yet confirmed (payouts still `pending`): not available, not paid out. */
  pending: number;
  /** settled − paidOut − pending, never below 0 (an admin's late refund can take a paid-out sale back). */
  available: number;
  /** The oldest sale still inside the refund window: when it leaves it, `settled` grows. */
  nextSettled: Date | null;
};

type BalanceRow = {
  creatorId: string;
  settled: string;
  paidOut: string;
  pending: string;
  nextSettled: Date | string | null;
};

/**
 * The balances of the creators `creatorFilter` picks among ledger entries (a condition on
 * `creator_id`), as of `now`. A refund counts with its sale's date (it can only come within the window
 * unless an admin refunds), so the creator's entries are summed per payment first; payouts have no
 * payment and form a group of their own. `pending` sums the creator's payouts still pending (a Stripe
 * transfer asked for and not yet confirmed, which has no ledger entry yet): they are reserved, so no
 * other payout can pay the same money.
 */
export function balancesSql(creatorFilter: SQL, now: number): SQL {
  // A sale can be refunded until then; only after is its money the creator's to be paid.
  const windowEnd = new Date(now - REFUND_WINDOW_MS).toISOString();
  return sql`SELECT creator_id AS "creatorId",
      coalesce(sum(net) FILTER (WHERE sold_at <= ${windowEnd}::timestamptz), 0)::text AS settled,
      coalesce(sum(paid_out), 0)::text AS "paidOut",
      (SELECT coalesce(sum(p.amount_cents), 0) FROM payouts p
        WHERE p.creator_id = per_payment.creator_id AND p.status = 'pending')::text AS pending,
      min(sold_at) FILTER (WHERE sold_at > ${windowEnd}::timestamptz) AS "nextSettled"
    FROM (SELECT creator_id, min(created_at) FILTER (WHERE kind = 'sale') AS sold_at,
        -coalesce(sum(amount_cents) FILTER (WHERE kind IN ('sale', 'refund')), 0) AS net,
        coalesce(sum(amount_cents) FILTER (WHERE kind = 'payout'), 0) AS paid_out
      FROM ledger_entries WHERE account = 'creator' AND ${creatorFilter} GROUP BY creator_id, payment_id) per_payment
    GROUP BY creator_id`;
}

export function toBalance(row: BalanceRow | undefined, creatorId: string): BalanceCents {
  const settled = Number(row?.settled ?? 0);
  const paidOut = Number(row?.paidOut ?? 0);
  const pending = Number(row?.pending ?? 0);
  return {
    creatorId,
    settled,
    paidOut,
    pending,
    available: Math.max(0, settled - paidOut - pending),
    nextSettled: row?.nextSettled ? new Date(row.nextSettled) : null,
  };
}

/** One creator's balance as of `now`. */
export async function creatorBalance(db: DbOrTx, creatorId: string, now: number): Promise<BalanceCents> {
  const [row] = await sqlRows<BalanceRow>(db, balancesSql(sql`creator_id = ${creatorId}`, now));
  return toBalance(row, creatorId);
}

export type PayoutRow = typeof payouts.$inferSelect;

export function toPayoutJson(payout: PayoutRow): Payout {
  return {
    id: payout.id,
    amount: centsToPrice(payout.amountCents),
    currency: payout.currency,
    method: payout.method,
    status: payout.status,
    reference: payout.reference,
    createdAt: new Date(payout.createdAt).toISOString(),
    paidAt: payout.paidAt === null ? null : new Date(payout.paidAt).toISOString(),
  };
}

/**
 * Locks the creator's user row (FOR NO KEY UPDATE: sales and other rows that only reference the user
 * still go on) and reads their balance, in the caller's transaction: every payout of one creator, manual
 * or a Stripe transfer, is decided under this lock, so the second of two sees the first (its ledger
 * entries when paid, its reservation when pending). Null for an unknown creator.
 */
export async function lockCreatorBalance(
  tx: Tx,
  creatorId: string,
  now: number,
): Promise<{ stripeAccountId: string | null; stripePayoutsReady: boolean; balance: BalanceCents } | null> {
  const [creator] = await sqlRows<{ id: string; stripeAccountId: string | null; stripePayoutsReady: boolean }>(
    tx,
    sql`SELECT id, stripe_account_id AS "stripeAccountId", stripe_payouts_ready AS "stripePayoutsReady"
      FROM users WHERE id = ${creatorId} AND role = 'creator' FOR NO KEY UPDATE`,
  );
  if (!creator) return null;
  return {
    stripeAccountId: creator.stripeAccountId,
    stripePayoutsReady: creator.stripePayoutsReady,
    balance: await creatorBalance(tx, creatorId, now),
  };
}

/**
 * Records a paid payout of `amountCents` to a creator, in the caller's transaction: never more than
 * their available balance (pending Stripe transfers count as spent). The creator's user row is locked
 * first (lockCreatorBalance), so two payouts of one creator run one after the other, and the second
 * sees the first's ledger entries when it reads the balance. The trigger on
 * payouts writes the ledger. 404 for an unknown creator, 409 above the balance.
 */
export async function recordPaidPayout(
  tx: Tx,
  {
    creatorId,
    amountCents,
    method,
    reference,
    note = null,
    recordedBy,
    now,
  }: {
    creatorId: string;
    amountCents: number;
    method: PayoutRow['method'];
    reference: string | null;
    note?: string | null;
    recordedBy: string | null;
    now: number;
  },
): Promise<{ payout: PayoutRow; balance: BalanceCents }> {
  const locked = await lockCreatorBalance(tx, creatorId, now);
  if (!locked) throw new AppError(ErrorCode.NOT_FOUND, 'Creator not found');
  const { balance } = locked;
  if (amountCents > balance.available) {
    throw new AppError(
      ErrorCode.CONFLICT,
      balance.available === 0
        ? 'This creator has no available balance to pay out'
        : `The payout is more than the creator's available balance of ${centsToPrice(balance.available)} USD`,
    );
  }
  const [payout] = await tx
    .insert(payouts)
    .values({ creatorId, amountCents, method, status: 'paid', reference, note, recordedBy, paidAt: new Date(now) })
    .returning();
  if (!payout) throw new Error('The payout was not recorded');
  return {
    payout,
    balance: { ...balance, paidOut: balance.paidOut + amountCents, available: balance.available - amountCents },
  };
}
