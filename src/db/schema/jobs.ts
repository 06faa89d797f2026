import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const jobStatuses = ['pending', 'running', 'done', 'failed'] as const;

/**
 * Background work stored with the data (ADR 0037): mail and scheduled upkeep. A job is queued in the
 * transaction of the change that causes it, claimed with FOR UPDATE SKIP LOCKED for a lease
 * (`locked_until`), and taken again by any instance once the lease has run out. `payload` is
 * deleted when the job ends, done or failed for good.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    status: text('status', { enum: jobStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    // Not before then: a retry's backoff, or the first attempt's.
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    // The instance that queued it runs it first; others take it after a grace period (ADR 0037).
    queuedBy: text('queued_by'),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    // A new one at every claim: only the holder of the current lease may finish the job.
    leaseToken: uuid('lease_token'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_open_idx').on(t.runAt).where(sql`${t.status} in ('pending', 'running')`),
    index('jobs_finished_idx').on(t.finishedAt).where(sql`${t.status} in ('done', 'failed')`),
    check('jobs_status_known', sql`${t.status} in ('pending', 'running', 'done', 'failed')`),
    check(
      'jobs_running_is_leased',
      sql`${t.status} <> 'running' or (${t.lockedUntil} is not null and ${t.leaseToken} is not null)`,
    ),
  ],
);

/**
 * The last period each scheduled job was queued for: an instance queues a period's run only by
 * moving this forward, so of any number of instances one queues each period (ADR 0037).
 */
export const jobSchedules = pgTable('job_schedules', {
  name: text('name').primaryKey(),
  periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
});
