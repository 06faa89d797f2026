import type { DbOrTx } from '#db/client';
import type { Locale } from '#shared/i18n/locales';

/*
 * Every kind of job and what it carries (ADR 0037). A payload holds what the job needs and no live
 * secret where that can be helped: a reset or email-change link's token is made when the mail is
 * sent, from ids in the payload. An invitation's code is the exception (the admin is shown the same
 * link), so it stays only until the mail has gone, and no payload is ever logged.
 */
export type JobPayloads = {
  /** A receipt for a sale or for its refund, read from the payment when sent. */
  'mail.receipt': { paymentId: string; kind: 'purchase' | 'refund' };
  /** A reset link for whoever owns this address, if anyone does: the account is looked up, and the token made, when sent. */
  'mail.password-reset': { email: string };
  /** The link to confirm a new email address; its token is made when sent. */
  'mail.email-confirm': { emailChangeId: string };
  /** The notice to the old address once an email change is done, in the account's saved language (none: English). */
  'mail.email-changed': { to: string; name: string; newEmail: string; locale?: Locale | null };
  /** The notice to a creator that where they are paid changed; the address and name are read when sent. */
  'mail.payout-details-changed': { userId: string; changedAt: string; isCleared: boolean };
  /** A creator invitation from the admin console, unless it was used or revoked before the mail went. */
  'mail.creator-invite': { invitationId: string; code: string };
  /**
   * The retry of one refund the app decided (ADR 0041): queued in the transaction that marks the
   * payment refund_pending, to run after the first backoff, since the request tries at once itself.
   */
  'payment.refund': { paymentId: string };
  /** Scheduled upkeep, once per period across instances; a run not started before its period ends is dropped (the next one does its work). */
  purge: ScheduledRun;
  'refund-retry': ScheduledRun;
  payouts: ScheduledRun;
  /** The asker's mail when the course's creator first answers their question; the thread is read when sent. */
  'mail.thread-answered': { threadId: string };
  /** A creator's digest of the questions asked in their courses in [from, to); the threads are read when sent. */
  'mail.thread-digest': { creatorId: string; from: string; to: string };
  /** Each period, one 'mail.thread-digest' for every creator asked something in the period before. */
  'thread-digest': ScheduledRun;
  /** A paced module or quiz that opened for a student (lib/unlock-notices.ts); queued with its notice row. */
  'mail.unlocked': { userId: string; moduleId: string | null; quizId: string | null };
  /** The hourly look for paced parts whose dates have passed (ADR 0056). */
  unlocks: ScheduledRun;
};

export type ScheduledRun = { periodStart: string; periodEnd: string };

export type JobKind = keyof JobPayloads;

/** Attempts before a job fails for good. Mail is retried for about an hour and a half; upkeep comes round again next period. */
export const MAX_ATTEMPTS: Record<JobKind, number> = {
  'mail.receipt': 10,
  'mail.password-reset': 10,
  'mail.email-confirm': 10,
  'mail.email-changed': 10,
  'mail.creator-invite': 10,
  'mail.payout-details-changed': 10,
  // About eleven hours of backoff, inside the day Stripe keeps an idempotency key; then the hourly
  // 'refund-retry' sweep queues a refund still owed again.
  'payment.refund': 20,
  purge: 3,
  'refund-retry': 3,
  payouts: 3,
  'mail.thread-answered': 10,
  'mail.thread-digest': 10,
  'thread-digest': 3,
  'mail.unlocked': 10,
  unlocks: 3,
};

/** Where the call that queues a job gets its enqueue from: the app's queue (`app.jobs`). */
export interface JobQueue {
  /**
   * Queues in `db`, which should be the transaction of the change that causes the job. With
   * `afterFirstTry`, the caller makes the first attempt itself once that transaction commits, and the
   * job is its retry: it becomes due after the first backoff, not at once.
   */
  enqueue<K extends JobKind>(db: DbOrTx, kind: K, payload: JobPayloads[K], options?: { afterFirstTry?: boolean }): Promise<void>;
}
