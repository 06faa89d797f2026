import { sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { sqlRows } from '../sql-rows';
import type { JobQueue, ScheduledRun } from './job-kinds';

export type ScheduledKind = 'purge' | 'refund-retry' | 'payouts' | 'thread-digest' | 'unlocks';

/** The start of the period `now` falls in: periods are `intervalMs` long, counted from the epoch (a day's start at 00:00 UTC). */
export function periodStart(now: number, intervalMs: number): Date {
  return new Date(Math.floor(now / intervalMs) * intervalMs);
}

/**
 * Queues the period's run of `kind` unless it was queued already, by this instance or another: the
 * schedule row only moves forward, in the transaction that queues the job, so one caller wins each
 * period whatever the number of instances (ADR 0037). While an earlier run is still waiting or
 * running, no new one is queued: the period moves on once it is done. Answers whether this call queued it.
 */
export async function queuePeriodRun(
  db: Db,
  { jobs, kind, now, intervalMs }: { jobs: JobQueue; kind: ScheduledKind; now: number; intervalMs: number },
): Promise<boolean> {
  const start = periodStart(now, intervalMs);
  return db.transaction(async (tx) => {
    const won = await sqlRows<{ name: string }>(
      tx,
      sql`INSERT INTO job_schedules (name, period_start) VALUES (${kind}, ${start.toISOString()}::timestamptz)
        ON CONFLICT (name) DO UPDATE SET period_start = excluded.period_start, queued_at = now()
        WHERE job_schedules.period_start < excluded.period_start
          AND NOT EXISTS (SELECT 1 FROM jobs WHERE kind = ${kind} AND status IN ('pending', 'running'))
        RETURNING name`,
    );
    if (won.length === 0) return false;
    const end = new Date(start.getTime() + intervalMs);
    await jobs.enqueue(tx, kind, { periodStart: start.toISOString(), periodEnd: end.toISOString() });
    return true;
  });
}

/** Whether a scheduled run is still worth doing: one not started within its period is left to the next period's. */
export function isRunDue(run: ScheduledRun, now: number): boolean {
  return now < Date.parse(run.periodEnd);
}

/** How often each instance looks whether a new period has begun: a run starts within this of its period's start. */
const TICK_MS = 10_000;

/**
 * Every instance runs this for each scheduled job; the first to see a new period queues its run, the
 * worker of any instance runs it. The first look comes within 10 s of the start, so a period that has
 * not run yet (a new database, a long stop) runs then. The timers never keep the process alive.
 */
export function startSchedule({
  db,
  jobs,
  kind,
  intervalMs,
  clock,
  onError,
}: {
  db: Db;
  jobs: JobQueue;
  kind: ScheduledKind;
  intervalMs: number;
  clock: () => number;
  onError: (error: unknown) => void;
}) {
  const tickMs = Math.min(intervalMs, TICK_MS);
  let looking: Promise<void> | undefined;
  const look = () => {
    looking ??= queuePeriodRun(db, { jobs, kind, now: clock(), intervalMs })
      .then(() => undefined)
      .catch(onError)
      .finally(() => {
        looking = undefined;
      });
  };
  const timer = setInterval(look, tickMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await looking;
    },
  };
}
