import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client';
import { jobs } from '#db/schema/index';
import { sqlRows } from '../sql-rows';
import type { JobKind, JobPayloads } from './job-kinds';

/*
 * The jobs table's statements (ADR 0037). Times are the database's (now()), so every instance agrees
 * on when a lease runs out whatever its own clock says.
 */

export type ClaimedJob = {
  id: string;
  kind: string;
  payload: Record<string, unknown> | null;
  attempts: number;
  maxAttempts: number;
  leaseToken: string;
};

/** Queues a job in the caller's transaction: it exists exactly when the change that caused it commits. */
export async function insertJob<K extends JobKind>(
  db: DbOrTx,
  {
    kind,
    payload,
    queuedBy,
    maxAttempts,
    runInMs,
  }: {
    kind: K;
    payload: JobPayloads[K];
    queuedBy: string | null;
    maxAttempts?: number | undefined;
    /** Due this long after now() rather than at once. */
    runInMs?: number | undefined;
  },
): Promise<string> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind,
      payload,
      queuedBy,
      ...(maxAttempts ? { maxAttempts } : {}),
      ...(runInMs ? { runAt: sql`now() + ${runInMs}::float8 * interval '1 millisecond'` } : {}),
    })
    .returning({ id: jobs.id });
  if (!row) throw new Error('job insert returned no row');
  return row.id;
}

/**
 * Takes up to `limit` jobs for `leaseMs`: pending ones that are due (the instance's own at once,
 * others' first attempts only after `graceMs`, so the instance that queued a job runs it), and
 * running ones whose lease ran out (their instance stopped). Rows another claim holds are skipped.
 */
export function claimJobs(
  db: DbOrTx,
  { instanceId, limit, leaseMs, graceMs }: { instanceId: string; limit: number; leaseMs: number; graceMs: number },
): Promise<ClaimedJob[]> {
  return sqlRows<ClaimedJob>(
    db,
    sql`WITH next AS (
        SELECT id FROM jobs
        WHERE (status = 'pending' AND run_at <= now()
            AND (queued_by = ${instanceId} OR attempts > 0 OR run_at <= now() - ${graceMs}::float8 * interval '1 millisecond'))
          OR (status = 'running' AND locked_until <= now())
        ORDER BY run_at, id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      UPDATE jobs SET status = 'running', attempts = jobs.attempts + 1, locked_by = ${instanceId},
        locked_until = now() + ${leaseMs}::float8 * interval '1 millisecond', lease_token = gen_random_uuid()
      FROM next WHERE jobs.id = next.id
      RETURNING jobs.id, jobs.kind, jobs.payload, jobs.attempts, jobs.max_attempts AS "maxAttempts",
        jobs.lease_token AS "leaseToken"`,
  );
}

/** Keeps a running job's lease; false when it is no longer this claim's (it ran out and was taken). */
export async function extendLease(db: DbOrTx, job: ClaimedJob, leaseMs: number): Promise<boolean> {
  const rows = await sqlRows<{ id: string }>(
    db,
    sql`UPDATE jobs SET locked_until = now() + ${leaseMs}::float8 * interval '1 millisecond'
      WHERE id = ${job.id} AND lease_token = ${job.leaseToken} AND status = 'running' RETURNING id`,
  );
  return rows.length > 0;
}

/** Done: its payload (which may name people or hold an invitation code) is deleted with the lease; an earlier attempt's error stays. */
export async function completeJob(db: DbOrTx, job: ClaimedJob): Promise<boolean> {
  const rows = await sqlRows<{ id: string }>(
    db,
    sql`UPDATE jobs SET status = 'done', payload = NULL, finished_at = now(), locked_until = NULL, lease_token = NULL
      WHERE id = ${job.id} AND lease_token = ${job.leaseToken} AND status = 'running' RETURNING id`,
  );
  return rows.length > 0;
}

/**
 * A failed attempt: tried again after `retryInMs`, or, at its last attempt, failed for good (its
 * payload deleted, its error kept for an operator). Answers what became of it.
 */
export async function failJob(
  db: DbOrTx,
  job: ClaimedJob,
  { error, retryInMs }: { error: string; retryInMs: number },
): Promise<'retry' | 'failed' | 'lost'> {
  const rows = await sqlRows<{ status: 'pending' | 'failed' }>(
    db,
    sql`UPDATE jobs SET
        status = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'pending' END,
        payload = CASE WHEN attempts >= max_attempts THEN NULL ELSE payload END,
        finished_at = CASE WHEN attempts >= max_attempts THEN now() END,
        run_at = now() + ${retryInMs}::float8 * interval '1 millisecond',
        last_error = ${error.slice(0, 2000)}, locked_until = NULL, lease_token = NULL
      WHERE id = ${job.id} AND lease_token = ${job.leaseToken} AND status = 'running' RETURNING status`,
  );
  const [row] = rows;
  if (!row) return 'lost';
  return row.status === 'failed' ? 'failed' : 'retry';
}

/** Finished jobs are kept a while for an operator to look at (done a day, failed a week), then deleted. */
export async function deleteFinishedJobs(db: DbOrTx, now: number): Promise<number> {
  const rows = await sqlRows<{ id: string }>(
    db,
    sql`DELETE FROM jobs WHERE (status = 'done' AND finished_at < ${new Date(now - DONE_KEPT_MS).toISOString()}::timestamptz)
        OR (status = 'failed' AND finished_at < ${new Date(now - FAILED_KEPT_MS).toISOString()}::timestamptz)
      RETURNING id`,
  );
  return rows.length;
}

const DONE_KEPT_MS = 24 * 3_600_000;
const FAILED_KEPT_MS = 7 * 24 * 3_600_000;
