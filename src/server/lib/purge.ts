import { isNotNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '#db/client';
import { passwordResets, sessions, signInAddresses, testPaymentIntents } from '#db/schema/index';
import type { Config } from '../env';
import { purgeAbandoned } from './abandoned-purge';
import { KNOWN_CLIENT_MS } from './client-address';
import type { ObjectStore } from './object-store/object-store';
import { deleteOldWindows } from './rate-limit';
import { purgeUploads } from './upload-purge';

/** Revoked sessions are kept this long (for support questions), then deleted like expired ones. */
const REVOKED_SESSION_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** The test processor's intents: a checkout left this long is abandoned (a real provider keeps its own). */
const TEST_INTENT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export type PurgeOptions = {
  db: DbOrTx;
  now: number;
  /** Where uploads live: an upload's row and its object go together. */
  store: ObjectStore;
  retention: Config['retention'];
};

/**
 * Deletes what can never be used again: expired or long-revoked sessions, used or expired reset
 * tokens, old rate-limit windows, week-old test-processor intents, unfinished and orphaned uploads
 * (upload-purge.ts), and abandoned quiz attempts and payments (abandoned-purge.ts).
 */
export async function purgeExpired({ db, now, store, retention }: PurgeOptions) {
  const at = new Date(now);
  const deletedSessions = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, at), lt(sessions.revokedAt, new Date(now - REVOKED_SESSION_RETENTION_MS))))
    .returning({ id: sessions.id });
  const deletedResets = await db
    .delete(passwordResets)
    .where(or(lt(passwordResets.expiresAt, at), isNotNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id });
  const deletedWindows = await deleteOldWindows({ db, now });
  const deletedIntents = await db
    .delete(testPaymentIntents)
    .where(lt(testPaymentIntents.createdAt, new Date(now - TEST_INTENT_RETENTION_MS)))
    .returning({ id: testPaymentIntents.id });
  const deletedUploads = await purgeUploads({ db, store, now, orphanAfterMs: retention.orphanUploadMs });
  const abandoned = await purgeAbandoned({
    db,
    now,
    attemptAfterMs: retention.abandonedAttemptMs,
    paymentAfterMs: retention.abandonedPaymentMs,
  });
  // A sign-in address is known this long after its last sign-in.
  const deletedAddresses = await db
    .delete(signInAddresses)
    .where(lt(signInAddresses.lastSignInAt, new Date(now - KNOWN_CLIENT_MS)))
    .returning({ userId: signInAddresses.userId });
  return {
    signInAddresses: deletedAddresses.length,
    uploads: deletedUploads.unfinished,
    orphanedUploads: deletedUploads.orphaned,
    abandonedQuizAttempts: abandoned.quizAttempts,
    abandonedPayments: abandoned.payments,
    sessions: deletedSessions.length,
    resets: deletedResets.length,
    rateLimitWindows: deletedWindows,
    testPaymentIntents: deletedIntents.length + abandoned.testIntents,
  };
}

/** Runs the purge now and then every `intervalMs`, never twice at once; the timer never keeps the process alive. */
export function startPurgeSchedule({
  db,
  store,
  retention,
  clock,
  intervalMs,
  log,
  alsoRun,
}: Omit<PurgeOptions, 'now'> & {
  clock: () => number;
  intervalMs: number;
  /** Other upkeep of the same rhythm, after the purge (refunds the provider could not take at the time). */
  alsoRun?: () => Promise<unknown>;
  log: {
    info: (details: Record<string, unknown>, message: string) => void;
    error: (details: Record<string, unknown>, message: string) => void;
  };
}) {
  return repeatEvery({
    intervalMs,
    run: async () => {
      const deleted = await purgeExpired({ db, store, retention, now: clock() });
      log.info({ deleted }, 'purged expired sessions, reset tokens, rate-limit windows, uploads, attempts and payments');
      await alsoRun?.();
    },
    onError: (error) => log.error({ err: error }, 'purge failed'),
  });
}

/**
 * Runs `run` soon after the start (within 10 s) and then every `intervalMs`, never twice at once; the
 * timers never keep the process alive. The purge and the scheduled Stripe transfers use it.
 */
export function repeatEvery({
  intervalMs,
  run: work,
  onError,
}: {
  intervalMs: number;
  run: () => Promise<unknown>;
  onError: (error: unknown) => void;
}) {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= work()
      .then(() => undefined)
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const first = setTimeout(run, Math.min(intervalMs, 10_000));
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
