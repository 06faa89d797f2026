import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#db/client';
import { paymentEvents, users } from '#db/schema/index';
import type { ConnectStatus } from '#shared/schemas/payouts';
import type { AccountWebhookEvent, ConnectAccountStatus, PaymentProvider } from './payments/payment-provider';
import { sqlRows } from './sql-rows';
import type { Log } from './stripe-transfers';

/*
 * Whether a creator's Stripe Connect account can receive transfers (issue 24 §4, ADR 0032
 * "Readiness"), kept on their user row. The app learns it by asking Stripe for the account
 * (`retrieveConnectAccount`): when the creator comes back from onboarding (the Earnings page reads
 * GET /api/creator/payouts/connect) and when Stripe sends `account.updated`. Scheduled transfers pay
 * only ready accounts, and the admin's balances list marks only those as paid by Stripe.
 */

const notReady = (accountId: string): ConnectAccountStatus => ({ accountId, ready: false });

/**
 * Keeps what Stripe answered about an account, asked at `askedAt`: an answer to an older question,
 * arriving later (a slow webhook beside the creator's own status read), never overwrites a newer one.
 * Answers whether the row now says ready, or null when no creator has the account.
 */
export async function storeAccountStatus(db: DbOrTx, status: ConnectAccountStatus, askedAt: number): Promise<boolean | null> {
  const at = new Date(askedAt).toISOString();
  await db.execute(sql`UPDATE users SET stripe_payouts_ready = ${status.ready}, stripe_account_checked_at = ${at}::timestamptz
    WHERE stripe_account_id = ${status.accountId}
      AND (stripe_account_checked_at IS NULL OR stripe_account_checked_at <= ${at}::timestamptz)
      AND (stripe_payouts_ready IS DISTINCT FROM ${status.ready} OR stripe_account_checked_at IS DISTINCT FROM ${at}::timestamptz)`);
  const [row] = await sqlRows<{ ready: boolean }>(
    db,
    sql`SELECT stripe_payouts_ready AS ready FROM users WHERE stripe_account_id = ${status.accountId}`,
  );
  return row ? row.ready : null;
}

/**
 * GET /api/creator/payouts/connect: how the creator is paid. An account not known to be ready is
 * asked about at Stripe (the creator may just be back from onboarding) and the answer kept; a ready
 * one is answered from the row (`account.updated` tells when that changes). When Stripe cannot be
 * reached, the row's answer stands.
 */
export async function readConnectStatus({
  db,
  provider,
  log,
  userId,
  now,
}: {
  db: Db;
  provider: PaymentProvider;
  log: Log;
  userId: string;
  now: number;
}): Promise<ConnectStatus> {
  if (provider.name !== 'stripe' || !provider.retrieveConnectAccount) return { payoutsBy: 'admin', account: null };
  const [creator] = await db
    .select({ accountId: users.stripeAccountId, ready: users.stripePayoutsReady })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!creator?.accountId) return { payoutsBy: 'stripe', account: 'not_connected' };
  if (creator.ready) return { payoutsBy: 'stripe', account: 'ready' };
  let ready: boolean | null = false;
  try {
    // An account Stripe no longer knows (deleted, rejected) cannot be paid either.
    const status = (await provider.retrieveConnectAccount(creator.accountId)) ?? notReady(creator.accountId);
    ready = await storeAccountStatus(db, status, now);
  } catch (error) {
    log.warn({ err: error, userId }, 'the Stripe account could not be read: its last known state is answered');
  }
  return { payoutsBy: 'stripe', account: ready ? 'ready' : 'unfinished' };
}

/**
 * Applies an `account.updated` webhook once: for an account that is some creator's, the account is
 * read again at Stripe (the event may be late or out of order; the account now is what counts) and
 * kept, and the event's id is recorded in `payment_events` in the same transaction, so a redelivery
 * changes nothing. Another account (not one of this app's creators) is acknowledged and ignored.
 * Throws when Stripe cannot be reached: the webhook answers 500, nothing is recorded, and Stripe sends
 * the event again later.
 */
export async function applyAccountEvent({
  db,
  provider,
  log,
  event,
  now,
}: {
  db: Db;
  provider: PaymentProvider;
  log: Log;
  event: AccountWebhookEvent;
  now: number;
}): Promise<'applied' | 'unchanged' | 'ignored' | 'repeated'> {
  const [creator] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.stripeAccountId, event.accountId), eq(users.role, 'creator')))
    .limit(1);
  if (!creator || !provider.retrieveConnectAccount) {
    log.warn({ eventId: event.id, accountId: event.accountId }, 'account event ignored: not a creator’s connected account');
    return 'ignored';
  }
  const [seen] = await db
    .select({ eventId: paymentEvents.eventId })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider.name), eq(paymentEvents.eventId, event.id)))
    .limit(1);
  if (seen) return 'repeated';
  const status = await provider.retrieveConnectAccount(event.accountId);
  return db.transaction(async (tx) => {
    const [isFirst] = await tx
      .insert(paymentEvents)
      .values({ provider: provider.name, eventId: event.id, type: event.type, providerPaymentId: event.accountId })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (!isFirst) return 'repeated';
    if (!status) log.warn({ eventId: event.id, accountId: event.accountId }, 'Stripe no longer knows the connected account');
    const [before] = await tx.select({ ready: users.stripePayoutsReady }).from(users).where(eq(users.id, creator.id));
    const ready = await storeAccountStatus(tx, status ?? notReady(event.accountId), now);
    log.info({ eventId: event.id, creatorId: creator.id, ready }, 'connected account read again after account.updated');
    return before?.ready === ready ? 'unchanged' : 'applied';
  });
}
