import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { paymentEvents, payouts, users } from '#db/schema/index';
import { type PaymentProvider, TransferRefusedError, type TransferWebhookEvent } from './payments/payment-provider';
import { balancesSql, lockCreatorBalance } from './payouts';
import { sqlRows } from './sql-rows';

/*
 * Scheduled Stripe transfers and their webhooks (issue 24 §4, ADR 0032 "Transfers"). With Stripe, a
 * creator who connected an Express account is paid their whole available balance by a Connect
 * transfer: the money is first reserved by a `pending` payout (under the creator's row lock, like a
 * manual payout), then Stripe is asked with the payout's id as the idempotency key, then the payout
 * becomes `paid` (the ledger trigger writes the payout) with the transfer's id as its reference.
 */

/** The logging the Stripe jobs and webhooks use (a Fastify or pino logger has it). */
export type Log = {
  info: (details: Record<string, unknown>, message: string) => void;
  warn: (details: Record<string, unknown>, message: string) => void;
  error: (details: Record<string, unknown>, message: string) => void;
};

/** Creators read a page at a time; at most this many pending payouts retried a run (the next run goes on). */
const BATCH = 100;
/**
 * Stripe keeps an idempotency key 24 hours. A payout pending longer is first looked up by its transfer
 * group: if its transfer was made (the answer and the webhook both lost), it is not made again.
 */
const KEY_KEPT_MS = 23 * 3_600_000;

type TransferOutcome = 'paid' | 'pending' | 'failed';

/** Moves a pending payout to paid with its transfer; nothing when a webhook (or another run) did it first. */
async function markTransferPaid(db: Db, payoutId: string, transferId: string, now: number) {
  await db
    .update(payouts)
    .set({ status: 'paid', reference: transferId, paidAt: new Date(now) })
    .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'pending')));
}

/**
 * Asks Stripe for the payout's transfer (again: the idempotency key `payout-<id>` makes it one
 * transfer) and records the answer. A refusal for good fails the payout, which gives the money back
 * to `available`; anything else leaves it pending for the next run.
 */
async function sendTransfer({
  db,
  provider,
  log,
  payout,
  destination,
  now,
}: {
  db: Db;
  provider: PaymentProvider;
  log: Log;
  payout: { id: string; amountCents: number; createdAt?: Date };
  destination: string;
  now: number;
}): Promise<TransferOutcome> {
  if (!provider.createTransfer) return 'pending';
  try {
    const keyMayBeForgotten = payout.createdAt !== undefined && now - payout.createdAt.getTime() > KEY_KEPT_MS;
    const made = keyMayBeForgotten && provider.findTransfer ? await provider.findTransfer(payout.id) : null;
    const { transferId } =
      made ??
      (await provider.createTransfer({
        amountCents: payout.amountCents,
        currency: 'usd',
        destination,
        payoutId: payout.id,
      }));
    await markTransferPaid(db, payout.id, transferId, now);
    log.info({ payoutId: payout.id, transferId }, 'payout transferred by Stripe');
    return 'paid';
  } catch (error) {
    if (error instanceof TransferRefusedError) {
      await db
        .update(payouts)
        .set({ status: 'failed', note: error.message.slice(0, 2000) })
        .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'pending')));
      log.error(
        { err: error, payoutId: payout.id },
        'Stripe refused the transfer: the payout failed and its money is available again',
      );
      return 'failed';
    }
    log.error({ err: error, payoutId: payout.id }, 'transfer failed: the payout stays pending and is retried');
    return 'pending';
  }
}

/**
 * One run of the schedule: first the pending Stripe payouts of earlier runs (Stripe could not be
 * reached, or answered too late), then every creator whose connected account can receive transfers
 * (`stripe_payouts_ready`, lib/stripe-connect.ts) and who has an available balance, each paid all of
 * it. A creator whose onboarding is unfinished gets no payout row. Safe to run twice at once, on one instance or several: the creator's
 * lock and the pending payout reserve the money, and the idempotency key makes one transfer a payout.
 */
export async function runScheduledTransfers({
  db,
  provider,
  log,
  now,
  pageSize = BATCH,
}: {
  db: Db;
  provider: PaymentProvider;
  log: Log;
  now: number;
  /** Creators read at a time (tests make it small). */
  pageSize?: number;
}): Promise<Record<TransferOutcome, number>> {
  const counts: Record<TransferOutcome, number> = { paid: 0, pending: 0, failed: 0 };
  if (provider.name !== 'stripe' || !provider.createTransfer) return counts;

  const retries = await db
    .select({
      id: payouts.id,
      amountCents: payouts.amountCents,
      createdAt: payouts.createdAt,
      destination: users.stripeAccountId,
    })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.creatorId))
    .where(and(eq(payouts.method, 'stripe'), eq(payouts.status, 'pending')))
    .orderBy(asc(payouts.createdAt))
    .limit(BATCH);
  for (const payout of retries) {
    if (!payout.destination) continue;
    counts[await sendTransfer({ db, provider, log, payout, destination: payout.destination, now })] += 1;
  }

  // A page of creators at a time, in id order: each is paid (or refused) once a run.
  for (let after: string | null = null; ; ) {
    const owed: { creatorId: string }[] = await sqlRows<{ creatorId: string }>(
      db,
      sql`SELECT b."creatorId" FROM (${balancesSql(
        // Only accounts that can receive transfers: an unfinished onboarding gets no payout (it would fail).
        sql`creator_id IN (SELECT id FROM users WHERE stripe_payouts_ready AND role = 'creator')`,
        now,
      )}) b
        WHERE b.settled::bigint - b."paidOut"::bigint - b.pending::bigint > 0
          ${after === null ? sql`` : sql`AND b."creatorId" > ${after}::uuid`}
        ORDER BY b."creatorId" LIMIT ${pageSize}`,
    );
    for (const { creatorId } of owed) {
      const reserved = await db.transaction(async (tx) => {
        const locked = await lockCreatorBalance(tx, creatorId, now);
        if (!locked?.stripeAccountId || !locked.stripePayoutsReady || locked.balance.available <= 0) return null;
        const [payout] = await tx
          .insert(payouts)
          .values({ creatorId, amountCents: locked.balance.available, method: 'stripe', status: 'pending', recordedBy: null })
          .returning({ id: payouts.id, amountCents: payouts.amountCents });
        return payout ? { payout, destination: locked.stripeAccountId } : null;
      });
      if (!reserved) continue;
      counts[await sendTransfer({ db, provider, log, ...reserved, now })] += 1;
    }
    const last = owed.at(-1);
    if (owed.length < pageSize || !last) break;
    after = last.creatorId;
  }
  return counts;
}

/**
 * Applies a `transfer.*` webhook once (its id recorded in `payment_events` in the same transaction),
 * in any order with the app's own answer from Stripe and with the transfer's other events:
 * - made (`transfer.created`/`updated`): a payout still pending becomes paid with the transfer's id;
 * - sent back whole (`transfer.reversed`, or any event of a reversed transfer): a paid payout becomes
 *   reversed (the trigger writes the reverse entries, so the money is available again); a pending one
 *   is paid and reversed at once, so a late `transfer.created` or answer changes nothing.
 * A transfer this app did not make, or one that does not match its payout (amount, destination,
 * transfer id), changes nothing and is logged; the webhook still acknowledges it.
 */
export async function applyTransferEvent({
  db,
  provider,
  log,
  event,
  now,
}: {
  db: Db;
  provider: PaymentProvider;
  log: Log;
  event: TransferWebhookEvent;
  now: number;
}): Promise<'applied' | 'unchanged' | 'ignored' | 'repeated'> {
  return db.transaction(async (tx) => {
    const [isFirst] = await tx
      .insert(paymentEvents)
      .values({ provider: provider.name, eventId: event.id, type: event.type, providerPaymentId: event.transferId })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (!isFirst) return 'repeated';
    const ignore = (reason: string) => {
      log.warn({ eventId: event.id, transferId: event.transferId, reason }, 'transfer event ignored');
      return 'ignored' as const;
    };
    if (!event.payoutId) return ignore('not a transfer of this app');
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, event.payoutId)).for('update');
    if (payout?.method !== 'stripe') return ignore('no such Stripe payout');
    const [creator] = await tx
      .select({ stripeAccountId: users.stripeAccountId })
      .from(users)
      .where(eq(users.id, payout.creatorId));
    if (payout.amountCents !== event.amountCents) return ignore('the amount is not the payout’s');
    if (creator?.stripeAccountId !== event.destination) return ignore('the destination is not the creator’s account');
    if (payout.reference !== null && payout.reference !== event.transferId) return ignore('the payout has another transfer');

    const wholeBack = event.reversed && event.amountReversedCents >= event.amountCents;
    if (event.type === 'transfer.reversed' && !wholeBack) {
      log.warn(
        { eventId: event.id, payoutId: payout.id, amountReversedCents: event.amountReversedCents },
        'part of a transfer was reversed: the payout stays paid; an admin should look at it',
      );
      return 'unchanged';
    }
    if (payout.status === 'failed') return ignore('the payout was recorded as refused by Stripe');
    let changed = false;
    if (payout.status === 'pending') {
      await tx
        .update(payouts)
        .set({ status: 'paid', reference: event.transferId, paidAt: new Date(now) })
        .where(eq(payouts.id, payout.id));
      changed = true;
    }
    if (wholeBack && payout.status !== 'reversed') {
      await tx.update(payouts).set({ status: 'reversed' }).where(eq(payouts.id, payout.id));
      changed = true;
    }
    return changed ? 'applied' : 'unchanged';
  });
}
