import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client';
import { rateLimits } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { AppError } from '../errors';
import { createBatcher } from './batch';

export type RateLimitOptions = {
  db: DbOrTx;
  /** e.g. `login-fail:ip:203.0.113.7`; one counter per key and window. */
  key: string;
  limit: number;
  windowMs: number;
  now: number;
};

export type RateLimitResult = {
  allowed: boolean;
  /** Hits counted in the current window, this one included when it was allowed. */
  count: number;
  /** Seconds until the current window ends. */
  retryAfterSeconds: number;
};

/** Windows older than this are garbage; longer windows than this are refused. */
export const RATE_LIMIT_RETENTION_MS = 24 * 60 * 60 * 1000;

function windowOf(windowMs: number, now: number) {
  if (windowMs <= 0 || windowMs > RATE_LIMIT_RETENTION_MS) throw new Error(`rate-limit window out of range: ${windowMs}`);
  const start = Math.floor(now / windowMs) * windowMs;
  return { start: new Date(start), retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - now) / 1000)) };
}

/**
 * Counts one hit in a fixed window kept in the database, so every app instance shares it. The count
 * never passes the limit: a hit on a full window changes nothing and is refused, so concurrent
 * requests cannot slip past it and refused requests add nothing. Hits made together (a burst of
 * checkouts, a sign-up's several keys) are counted in one statement (countHits).
 */
export async function hitRateLimit({ db, key, limit, windowMs, now }: RateLimitOptions): Promise<RateLimitResult> {
  const window = windowOf(windowMs, now);
  const count = await hitsOn(db)({ key, limit, windowStart: window.start });
  if (count === null) return { allowed: false, count: limit, retryAfterSeconds: window.retryAfterSeconds };
  return { allowed: true, count, retryAfterSeconds: window.retryAfterSeconds };
}

type Hit = { key: string; limit: number; windowStart: Date };
/** A window's count after a hit, or null when the window was full. */
type HitCounter = (hit: Hit) => Promise<number | null>;

// One batcher per pool or transaction: a transaction's hits run in it, a pool's on the pool.
const counters = new WeakMap<DbOrTx, HitCounter>();

function hitsOn(db: DbOrTx): HitCounter {
  let counter = counters.get(db);
  if (!counter) {
    counter = createBatcher((hits: Hit[]) => countHits(db, hits));
    counters.set(db, counter);
  }
  return counter;
}

const windowId = (key: string, windowStart: Date) => `${windowStart.getTime()} ${key}`;

/**
 * One upsert for each round of hits sharing a limit on distinct windows: a window hit twice in one
 * batch takes its second hit in the next round, so each hit sees the count the one before it left.
 */
async function countHits(db: DbOrTx, hits: Hit[]): Promise<(number | null)[]> {
  const counts: (number | null)[] = hits.map(() => null);
  let waiting = hits.map((hit, index) => ({ hit, index }));
  while (waiting.length > 0) {
    const limit = waiting[0]?.hit.limit ?? 0;
    const round = new Map<string, { hit: Hit; index: number }>();
    const later: typeof waiting = [];
    for (const entry of waiting) {
      const id = windowId(entry.hit.key, entry.hit.windowStart);
      if (entry.hit.limit === limit && !round.has(id)) round.set(id, entry);
      else later.push(entry);
    }
    const rows = await db
      .insert(rateLimits)
      .values([...round.values()].map(({ hit }) => ({ key: hit.key, windowStart: hit.windowStart, count: 1 })))
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + 1` },
        setWhere: sql`${rateLimits.count} < ${limit}`,
      })
      .returning({ key: rateLimits.key, windowStart: rateLimits.windowStart, count: rateLimits.count });
    for (const row of rows) {
      const entry = round.get(windowId(row.key, row.windowStart));
      if (entry) counts[entry.index] = row.count;
    }
    waiting = later;
  }
  return counts;
}

/** Reads the current window without counting: allowed while fewer than `limit` hits were counted. */
export async function peekRateLimit({ db, key, limit, windowMs, now }: RateLimitOptions): Promise<RateLimitResult> {
  const window = windowOf(windowMs, now);
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, window.start)));
  const count = row?.count ?? 0;
  return { allowed: count < limit, count, retryAfterSeconds: window.retryAfterSeconds };
}

/**
 * Takes back one hit of the current window. Counting first and refunding successes keeps a
 * failures-only limit exact under concurrent requests, which check-then-count would not.
 */
export async function refundRateLimit({ db, key, windowMs, now }: Omit<RateLimitOptions, 'limit'>): Promise<void> {
  const window = windowOf(windowMs, now);
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, window.start)));
}

/** Forgets every window of the given keys (e.g. failed logins of an account whose password was reset). */
export async function clearRateLimits({ db, keys, prefixes = [] }: { db: DbOrTx; keys: string[]; prefixes?: string[] }) {
  const conditions = [
    ...(keys.length > 0 ? [inArray(rateLimits.key, keys)] : []),
    ...prefixes.map((prefix) => sql`starts_with(${rateLimits.key}, ${prefix})`),
  ];
  if (conditions.length > 0) await db.delete(rateLimits).where(or(...conditions));
}

export async function deleteOldWindows({ db, now }: { db: DbOrTx; now: number }): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, new Date(now - RATE_LIMIT_RETENTION_MS)))
    .returning({ key: rateLimits.key });
  return deleted.length;
}

function describeWait(seconds: number): string {
  if (seconds < 120) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** 429 with Retry-After in seconds, and the wait in words for people. */
export function rateLimitedError(retryAfterSeconds: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(ErrorCode.RATE_LIMITED, `Too many attempts. Please try again in ${describeWait(seconds)}.`, {
    headers: { 'retry-after': String(seconds) },
  });
}

export type RateLimitCheck = { key: string; limit: number; windowMs: number };

function throwIfBlocked(results: RateLimitResult[]) {
  const blocked = results.filter((result) => !result.allowed);
  if (blocked.length > 0) throw rateLimitedError(Math.max(...blocked.map((result) => result.retryAfterSeconds)));
}

/** Throws 429 when any key is at its limit; counts nothing. */
export async function assertUnderRateLimits({
  db,
  checks,
  now,
}: {
  db: DbOrTx;
  checks: ReadonlyArray<RateLimitCheck>;
  now: number;
}) {
  throwIfBlocked(await Promise.all(checks.map((check) => peekRateLimit({ db, ...check, now }))));
}

/**
 * Counts a hit on every key, or on none: a request refused because one key is full adds nothing to
 * the others (a hit that raced to a full window is taken back). Throws 429 when refused.
 */
export async function enforceRateLimits({ db, checks, now }: { db: DbOrTx; checks: ReadonlyArray<RateLimitCheck>; now: number }) {
  await assertUnderRateLimits({ db, checks, now });
  const results = await Promise.all(checks.map((check) => hitRateLimit({ db, ...check, now })));
  if (results.every((result) => result.allowed)) return;
  await Promise.all(checks.filter((_, index) => results[index]?.allowed).map((check) => refundRateLimit({ db, ...check, now })));
  throwIfBlocked(results);
}
