import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '#db/client';
import { rateLimits } from '#db/schema/index';
import { AppError } from '#server/errors';
import { createTestDb } from '#tests/helpers/db';
import {
  deleteOldWindows,
  enforceRateLimits,
  hitRateLimit,
  peekRateLimit,
  rateLimitedError,
  refundRateLimit,
} from './rate-limit';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle?.close();
});

const MINUTE = 60_000;
// A fixed clock in the middle of a window keeps these tests away from window edges.
const NOW = Date.UTC(2030, 0, 1, 12, 0, 15);
let counter = 0;
const uniqueKey = () => `test:${++counter}:${Math.random()}`;

describe('rate limit counters', () => {
  it('allows up to the limit in one window and reports the seconds left', async () => {
    const db = handle.db;
    const key = uniqueKey();
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit({ db, key, limit: 3, windowMs: MINUTE, now: NOW }));
    expect(results.map((result) => [result.allowed, result.count])).toEqual([
      [true, 1],
      [true, 2],
      [true, 3],
      [false, 3],
    ]);
    expect(results[3]?.retryAfterSeconds).toBe(45);
  });

  it('starts over in the next window and keeps keys apart', async () => {
    const db = handle.db;
    const key = uniqueKey();
    await hitRateLimit({ db, key, limit: 1, windowMs: MINUTE, now: NOW });
    expect((await hitRateLimit({ db, key, limit: 1, windowMs: MINUTE, now: NOW })).allowed).toBe(false);
    expect((await hitRateLimit({ db, key: uniqueKey(), limit: 1, windowMs: MINUTE, now: NOW })).allowed).toBe(true);
    const next = await hitRateLimit({ db, key, limit: 1, windowMs: MINUTE, now: NOW + MINUTE });
    expect(next).toEqual({ allowed: true, count: 1, retryAfterSeconds: 45 });
  });

  it('counts concurrent hits exactly', async () => {
    const db = handle.db;
    const key = uniqueKey();
    const results = await Promise.all(
      Array.from({ length: 25 }, () => hitRateLimit({ db, key, limit: 10, windowMs: MINUTE, now: NOW })),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(10);
    expect(
      results
        .filter((result) => result.allowed)
        .map((result) => result.count)
        .sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    // Refused hits are not counted: the stored count stops at the limit.
    const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
    expect(row?.count).toBe(10);
  });

  it('counts a burst over many keys, limits and windows exactly, each key on its own', async () => {
    const db = handle.db;
    const keys = [
      { key: uniqueKey(), limit: 1, now: NOW },
      { key: uniqueKey(), limit: 3, now: NOW },
      { key: uniqueKey(), limit: 7, now: NOW },
    ];
    // The last key also in the next window: the same key, another counter.
    const spread = [...keys, { key: keys[2]?.key ?? '', limit: 7, now: NOW + MINUTE }];
    const hits = Array.from({ length: 40 }, (_, i) => spread[i % spread.length] ?? keys[0]);
    const results = await Promise.all(
      hits.map((hit) =>
        hitRateLimit({ db, key: hit?.key ?? '', limit: hit?.limit ?? 0, windowMs: MINUTE, now: hit?.now ?? NOW }),
      ),
    );
    for (const target of spread) {
      const mine = results.filter((_, i) => hits[i] === target);
      const allowed = mine.filter((result) => result.allowed);
      expect(allowed).toHaveLength(Math.min(target.limit, mine.length));
      expect(allowed.map((result) => result.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: allowed.length }, (_, i) => i + 1),
      );
      expect(mine.filter((result) => !result.allowed).every((result) => result.count === target.limit)).toBe(true);
    }
    const rows = await db
      .select()
      .from(rateLimits)
      .where(
        inArray(
          rateLimits.key,
          keys.map((entry) => entry.key),
        ),
      );
    expect(rows.map((row) => row.count).sort((a, b) => a - b)).toEqual([1, 3, 7, 7]);
  });

  it('counts in the transaction it is given, which keeps or drops its hits with the rest', async () => {
    const db = handle.db;
    const kept = uniqueKey();
    const dropped = uniqueKey();
    await db.transaction(async (tx) => {
      await Promise.all([1, 2].map(() => hitRateLimit({ db: tx, key: kept, limit: 5, windowMs: MINUTE, now: NOW })));
    });
    await db
      .transaction(async (tx) => {
        await hitRateLimit({ db: tx, key: dropped, limit: 5, windowMs: MINUTE, now: NOW });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await peekRateLimit({ db, key: kept, limit: 5, windowMs: MINUTE, now: NOW })).toMatchObject({ count: 2 });
    expect(await peekRateLimit({ db, key: dropped, limit: 5, windowMs: MINUTE, now: NOW })).toMatchObject({ count: 0 });
  });

  it('peeks without counting, and refunds take a hit back', async () => {
    const db = handle.db;
    const key = uniqueKey();
    expect(await peekRateLimit({ db, key, limit: 2, windowMs: MINUTE, now: NOW })).toMatchObject({ allowed: true, count: 0 });
    await hitRateLimit({ db, key, limit: 2, windowMs: MINUTE, now: NOW });
    await hitRateLimit({ db, key, limit: 2, windowMs: MINUTE, now: NOW });
    expect(await peekRateLimit({ db, key, limit: 2, windowMs: MINUTE, now: NOW })).toMatchObject({ allowed: false, count: 2 });
    expect(await hitRateLimit({ db, key, limit: 2, windowMs: MINUTE, now: NOW })).toMatchObject({ allowed: false, count: 2 });
    expect(await peekRateLimit({ db, key, limit: 2, windowMs: MINUTE, now: NOW })).toMatchObject({ count: 2 });
    await refundRateLimit({ db, key, windowMs: MINUTE, now: NOW });
    expect(await peekRateLimit({ db, key, limit: 2, windowMs: MINUTE, now: NOW })).toMatchObject({ allowed: true, count: 1 });
    await refundRateLimit({ db, key, windowMs: MINUTE, now: NOW });
    await refundRateLimit({ db, key, windowMs: MINUTE, now: NOW });
    expect((await peekRateLimit({ db, key, limit: 2, windowMs: MINUTE, now: NOW })).count).toBe(0);
  });

  it('enforceRateLimits counts every key, or none when it refuses, and throws a 429 with Retry-After', async () => {
    const db = handle.db;
    const a = uniqueKey();
    const b = uniqueKey();
    const checks = [
      { key: a, limit: 1, windowMs: MINUTE },
      { key: b, limit: 5, windowMs: 60 * MINUTE },
    ];
    await enforceRateLimits({ db, checks, now: NOW });
    const error = await enforceRateLimits({ db, checks, now: NOW }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(429);
    expect((error as AppError).headers).toEqual({ 'retry-after': '45' });
    expect((error as AppError).message).toBe('Too many attempts. Please try again in 45 seconds.');
    // The refused request added nothing to the key that still had room.
    const rows = await db.select().from(rateLimits).where(eq(rateLimits.key, b));
    expect(rows.map((row) => row.count)).toEqual([1]);
  });

  it('words long waits in minutes', () => {
    expect(rateLimitedError(1).message).toBe('Too many attempts. Please try again in 1 second.');
    expect(rateLimitedError(3_000).message).toBe('Too many attempts. Please try again in 50 minutes.');
    expect(rateLimitedError(3_000).headers).toEqual({ 'retry-after': '3000' });
  });

  it('deletes windows older than a day', async () => {
    const db = handle.db;
    const old = uniqueKey();
    const recent = uniqueKey();
    await hitRateLimit({ db, key: old, limit: 1, windowMs: MINUTE, now: NOW - 2 * 24 * 60 * MINUTE });
    await hitRateLimit({ db, key: recent, limit: 1, windowMs: MINUTE, now: NOW - 60 * MINUTE });
    await deleteOldWindows({ db, now: NOW });
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, old))).toHaveLength(0);
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, recent))).toHaveLength(1);
  });
});
