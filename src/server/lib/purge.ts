import { isNotNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '#db/client';
import { passwordResets, sessions, signInAddresses, testPaymentIntents } from '#db/schema/index';
import type { Config } from '../env';
import { purgeAbandoned } from './abandoned-purge';
import { KNOWN_CLIENT_MS } from './client-address';
import { deleteFinishedJobs } from './jobs/job-store';
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
 * (upload-purge.ts), abandoned quiz attempts and payments (abandoned-purge.ts), and finished jobs kept
 * long enough to look at (jobs/job-store.ts). Run by the `purge` job, once per PURGE_INTERVAL_MS across instances.
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
  const deletedJobs = await deleteFinishedJobs(db, now);
  return {
    finishedJobs: deletedJobs,
    signInAddresses: deletedAddresses.length,
    uploads: deletedUploads.unfinished,
    orphanedUploads: deletedUploads.orphaned,
    uploadsHeldByBackup: deletedUploads.heldByBackup,
    abandonedQuizAttempts: abandoned.quizAttempts,
    abandonedPayments: abandoned.payments,
    sessions: deletedSessions.length,
    resets: deletedResets.length,
    rateLimitWindows: deletedWindows,
    testPaymentIntents: deletedIntents.length + abandoned.testIntents,
  };
}
