import type { DbOrTx } from '#db/client';

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
  /** The notice to the old address once an email change is done. */
  'mail.email-changed': { to: string; name: string; newEmail: string };
  /** A creator invitation from the admin console, unless it was used or revoked before the mail went. */
  'mail.creator-invite': { invitationId: string; code: string };
  /** Scheduled upkeep, once per period across instances; a run not started before its period ends is dropped (the next one does its work). */
  purge: ScheduledRun;
  'refund-retry': ScheduledRun;
  payouts: ScheduledRun;
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
  purge: 3,
  'refund-retry': 3,
  payouts: 3,
};

/** Where the call that queues a job gets its enqueue from: the app's queue (`app.jobs`). */
export interface JobQueue {
  /** Queues in `db`, which should be the transaction of the change that causes the job. */
  enqueue<K extends JobKind>(db: DbOrTx, kind: K, payload: JobPayloads[K]): Promise<void>;
}
