import { ErrorCode } from '#shared/errors';
import { AppError } from '../errors';

export type PasswordQueueLimits = {
  /** Derivations running at once: scrypt runs on libuv's pool (4 threads unless UV_THREADPOOL_SIZE says more). */
  atOnce: number;
  /** Derivations allowed to wait; one more is refused at once. */
  maxWaiting: number;
  /** A derivation that waited longer is dropped when its turn comes: its client has most likely given up. */
  maxWaitMs: number;
};

export const DEFAULT_PASSWORD_QUEUE_LIMITS: PasswordQueueLimits = {
  atOnce: Math.max(4, Number(process.env.UV_THREADPOOL_SIZE) || 4),
  maxWaiting: 64,
  maxWaitMs: 5_000,
};

export const PASSWORD_QUEUE_BUSY = 'Too many sign-ins at this moment. Please try again in a few seconds.';

function busy(): AppError {
  return new AppError(ErrorCode.RATE_LIMITED, PASSWORD_QUEUE_BUSY, { headers: { 'retry-after': '5' } });
}

/**
 * A crowd of sign-ins must not queue more password work than the machine can finish while its
 * clients still wait: unbounded, every hash ends after its client has left, and sign-in never recovers.
 * Work beyond the limits is refused with a 429 at once, or when its turn comes too late.
 */
export function createPasswordQueue(limits: PasswordQueueLimits, now: () => number = Date.now) {
  type Waiting = { since: number; start: () => void; refuse: (error: AppError) => void };
  const waiting: Waiting[] = [];
  let running = 0;

  function next() {
    while (running < limits.atOnce && waiting.length > 0) {
      const entry = waiting.shift() as Waiting;
      if (now() - entry.since > limits.maxWaitMs) entry.refuse(busy());
      else entry.start();
    }
  }

  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running >= limits.atOnce) {
      if (waiting.length >= limits.maxWaiting) throw busy();
      await new Promise<void>((start, refuse) => waiting.push({ since: now(), start, refuse }));
    }
    running++;
    try {
      return await work();
    } finally {
      running--;
      next();
    }
  };
}
