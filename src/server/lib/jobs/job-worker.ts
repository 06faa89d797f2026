import { randomUUID } from 'node:crypto';
import type { ChangeFeed } from '#db/changes';
import type { Db, DbOrTx } from '#db/client';
import type { JobKind, JobPayloads, JobQueue } from './job-kinds';
import { MAX_ATTEMPTS } from './job-kinds';
import { type ClaimedJob, claimJobs, completeJob, extendLease, failJob, insertJob } from './job-store';

export type JobHandlers = { [K in JobKind]?: (payload: JobPayloads[K], job: { id: string; attempt: number }) => Promise<void> };

export type JobTimings = {
  /** How long a claim holds a job; renewed every third of it while the job runs. */
  leaseMs: number;
  /** How often the table is read when no change announces a job (other instances' jobs, ended leases). */
  pollMs: number;
  /** Another instance's new job is left to it this long before this one takes it. */
  graceMs: number;
  /** The first retry's wait; each next one doubles it, up to backoffMaxMs. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** Jobs one instance runs at once. */
  concurrency: number;
};

export const DEFAULT_JOB_TIMINGS: JobTimings = {
  leaseMs: 60_000,
  pollMs: 30_000,
  graceMs: 5_000,
  backoffBaseMs: 10_000,
  backoffMaxMs: 3_600_000,
  concurrency: 4,
};

type Log = {
  info: (details: Record<string, unknown>, message: string) => void;
  warn: (details: Record<string, unknown>, message: string) => void;
  error: (details: Record<string, unknown>, message: string) => void;
};

/** The wait before attempt `attempt + 1`: base × 2^(attempt − 1), capped. */
export function backoffMs(attempt: number, { backoffBaseMs, backoffMaxMs }: Pick<JobTimings, 'backoffBaseMs' | 'backoffMaxMs'>) {
  return Math.min(backoffMaxMs, backoffBaseMs * 2 ** Math.max(0, attempt - 1));
}

/** The change-feed payload of a job queued by `instanceId` (migration 0033's trigger). */
const announcement = (instanceId: string) => `job:${instanceId}`;

/**
 * Runs the jobs table's work in this instance (ADR 0037). A job this instance queued is announced on
 * the change feed when its transaction commits, which wakes the worker at once; everything else
 * (other instances' jobs after their grace, retries, leases run out) is found by polling. `track`
 * is given every piece of running work, so the app's background drain waits for mail a request queued.
 */
export function createJobWorker({
  db,
  changes,
  handlers,
  log,
  timings: given,
  track,
}: {
  db: Db;
  changes: ChangeFeed;
  handlers: JobHandlers;
  log: Log;
  timings?: Partial<JobTimings>;
  track?: (work: Promise<unknown>) => void;
}) {
  const timings = { ...DEFAULT_JOB_TIMINGS, ...given };
  const instanceId = randomUUID();
  const mine = announcement(instanceId);
  let started = false;
  let stopped = false;
  let running = 0;
  let claiming: Promise<void> | undefined;
  let wanted = false;
  let pollTimer: NodeJS.Timeout | undefined;
  const inFlight = new Set<Promise<void>>();
  const retryTimers = new Set<NodeJS.Timeout>();
  let unsubscribe: (() => void) | undefined;

  const hold = <T>(work: Promise<T>) => {
    track?.(work);
    return work;
  };

  function wake() {
    wanted = true;
    pump();
  }

  function pump() {
    if (!started || stopped || claiming || !wanted || running >= timings.concurrency) return;
    wanted = false;
    const limit = timings.concurrency - running;
    claiming = hold(
      claimJobs(db, { instanceId, limit, leaseMs: timings.leaseMs, graceMs: timings.graceMs })
        .then((claimed) => {
          // A full batch may have left more behind: claim again as soon as a slot frees.
          if (claimed.length === limit) wanted = true;
          for (const job of claimed) start(job);
        })
        .catch((error: unknown) => log.error({ err: error }, 'jobs could not be claimed'))
        .finally(() => {
          claiming = undefined;
          pump();
        }),
    );
  }

  function start(job: ClaimedJob) {
    running++;
    const work = hold(
      runJob(job).finally(() => {
        running--;
        inFlight.delete(work);
        pump();
      }),
    );
    inFlight.add(work);
  }

  async function runJob(job: ClaimedJob) {
    const details = { jobId: job.id, kind: job.kind, attempt: job.attempts };
    const handler = handlers[job.kind as JobKind] as
      | ((payload: unknown, job: { id: string; attempt: number }) => Promise<void>)
      | undefined;
    // Renewed while the job runs, so a slow job is not taken by another instance meanwhile.
    let isLeaseLost = false;
    const renewal = setInterval(
      () => {
        extendLease(db, job, timings.leaseMs).then(
          (kept) => {
            if (!kept && !isLeaseLost) {
              isLeaseLost = true;
              log.warn(details, 'a running job lost its lease: another instance may run it again');
            }
          },
          (error: unknown) => log.warn({ ...details, err: error }, 'a running job could not renew its lease'),
        );
      },
      Math.max(10, Math.floor(timings.leaseMs / 3)),
    );
    renewal.unref();
    try {
      // A job taken again after its instance stopped counts that attempt too: one that kills its instance fails in the end.
      if (job.attempts > job.maxAttempts) throw new Error('the instance running it stopped before it finished');
      if (!handler) throw new Error(`no handler for jobs of kind "${job.kind}" in this instance`);
      await handler(job.payload, { id: job.id, attempt: job.attempts });
      clearInterval(renewal);
      if (!(await completeJob(db, job))) log.warn(details, 'a job finished after its lease was taken by another instance');
    } catch (error) {
      clearInterval(renewal);
      const retryInMs = backoffMs(job.attempts, timings);
      const message = error instanceof Error ? error.message : String(error);
      const outcome = await failJob(db, job, { error: message, retryInMs }).catch((failure: unknown) => {
        log.error({ ...details, err: failure }, 'a failed job could not be recorded');
        return 'lost' as const;
      });
      if (outcome === 'retry') {
        log.warn({ ...details, err: error, retryInMs }, 'job failed; it will be tried again');
        wakeIn(retryInMs);
      } else if (outcome === 'failed') {
        log.error({ ...details, err: error }, 'job failed for good after its last attempt');
      }
    }
  }

  function schedulePoll() {
    pollTimer = setInterval(wake, timings.pollMs);
    pollTimer.unref();
  }

  /** Wakes the worker once `ms` have passed: this instance's retries are due then. */
  function wakeIn(ms: number) {
    const timer = setTimeout(() => {
      retryTimers.delete(timer);
      wake();
    }, ms);
    timer.unref();
    retryTimers.add(timer);
  }

  const queue: JobQueue = {
    async enqueue<K extends JobKind>(tx: DbOrTx, kind: K, payload: JobPayloads[K], options?: { afterFirstTry?: boolean }) {
      const runInMs = options?.afterFirstTry ? backoffMs(1, timings) : undefined;
      await insertJob(tx, { kind, payload, queuedBy: instanceId, maxAttempts: MAX_ATTEMPTS[kind], runInMs });
      // Found by the timer, not the poll: a retry the caller's own try leaves pending runs on time.
      if (runInMs !== undefined && !stopped) wakeIn(runInMs);
    },
  };

  return {
    instanceId,
    ...queue,
    /** Starts claiming: at once (jobs left by a stopped instance), on this instance's announcements, and every pollMs. */
    start() {
      if (started || stopped) return;
      started = true;
      unsubscribe = changes.subscribe({
        onChange: (payload) => {
          if (payload === mine) wake();
        },
        // The listener came back: announcements may have been missed meanwhile.
        onReliableChange: (reliable) => {
          if (reliable) wake();
        },
      });
      schedulePoll();
      wake();
    },
    /** Claims nothing more and waits for the jobs running here; a job not yet claimed stays for the next instance. */
    async stop() {
      stopped = true;
      unsubscribe?.();
      if (pollTimer) clearInterval(pollTimer);
      for (const timer of retryTimers) clearTimeout(timer);
      retryTimers.clear();
      await claiming;
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    /** Looks for due work now (tests, and a schedule that has just queued a run). */
    wake,
  };
}

export type JobWorker = ReturnType<typeof createJobWorker>;
