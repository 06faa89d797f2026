import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { rateLimits } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { AppError } from '../errors';

export type RateLimitOptions = {
  db: Db;
  /** e.g. `login:ip:203.0.113.7`; one counter per key and window. */
  key: string;
  limit: number;
  windowMs: number;
  now?: number;
};

export type RateLimitResult = {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Seconds until the current window ends. */
  retryAfterSeconds: number;
};

/** Windows older than this are garbage; longer windows than this are refused. */
const RETENTION_MS = 24 * 60 * 60 * 1000;
const CLEANUP_PROBABILITY = 0.01;

function windowOf(windowMs: number, now: number) {
  if (windowMs <= 0 || windowMs > RETENTION_MS) throw new Error(`rate-limit window out of range: ${windowMs}`);
  const start = Math.floor(now / windowMs) * windowMs;
  return { start: new Date(start), retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - now) / 1000)) };
}

/**
 * Counts one hit in a fixed window kept in the database, so every app instance shares it.
 * Allowed while the count, this hit included, is at most `limit`.
 */
export async function hitRateLimit({ db, key, limit, windowMs, now = Date.now() }: RateLimitOptions): Promise<RateLimitResult> {
  const window = windowOf(windowMs, now);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: window.start, count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
  if (Math.random() < CLEANUP_PROBABILITY) await deleteOldWindows({ db, now });
  const count = row?.count ?? 1;
  return { allowed: count <= limit, count, retryAfterSeconds: window.retryAfterSeconds };
}

/** Reads the current window without counting: allowed while fewer than `limit` hits were counted. */
export async function peekRateLimit({ db, key, limit, windowMs, now = Date.now() }: RateLimitOptions): Promise<RateLimitResult> {
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
export async function refundRateLimit({ db, key, windowMs, now = Date.now() }: Omit<RateLimitOptions, 'limit'>): Promise<void> {
  const window = windowOf(windowMs, now);
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, window.start)));
}

export async function deleteOldWindows({ db, now = Date.now() }: { db: Db; now?: number }): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now - RETENTION_MS)));
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

/** Counts a hit on every key (so each counter stays accurate) and throws 429 if any is over its limit. */
export async function enforceRateLimits({
  db,
  checks,
  now = Date.now(),
}: {
  db: Db;
  checks: ReadonlyArray<RateLimitCheck>;
  now?: number;
}): Promise<void> {
  const results = await Promise.all(checks.map((check) => hitRateLimit({ db, ...check, now })));
  const blocked = results.filter((result) => !result.allowed);
  if (blocked.length > 0) throw rateLimitedError(Math.max(...blocked.map((result) => result.retryAfterSeconds)));
}
