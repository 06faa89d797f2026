import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '#db/client';
import { rateLimits } from '#db/schema/index';
import { createTestDb } from '#tests/helpers/db';
import { batchedInsertInto, createBatcher } from './batch';
import { isUniqueViolation } from './db-errors';

describe('createBatcher', () => {
  it('runs the calls of one turn of the event loop as one batch, answering each in order', async () => {
    const batches: number[][] = [];
    const double = createBatcher(async (inputs: number[]) => {
      batches.push(inputs);
      return inputs.map((n) => n * 2);
    });
    expect(await Promise.all([1, 2, 3].map(double))).toEqual([2, 4, 6]);
    expect(await double(4)).toBe(8);
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it('splits a crowd into batches of at most maxBatch', async () => {
    const sizes: number[] = [];
    const echo = createBatcher(
      async (inputs: number[]) => {
        sizes.push(inputs.length);
        return inputs;
      },
      { maxBatch: 4 },
    );
    const inputs = Array.from({ length: 10 }, (_, i) => i);
    expect(await Promise.all(inputs.map(echo))).toEqual(inputs);
    expect(sizes).toEqual([4, 4, 2]);
  });

  it('fails every call of a failed batch, and the next batch runs afresh', async () => {
    let fail = true;
    const write = createBatcher(async (inputs: string[]) => {
      if (fail) throw new Error('database down');
      return inputs;
    });
    const failed = await Promise.allSettled(['a', 'b'].map(write));
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await write('c')).toBe('c');
  });
});

describe('batchedInsertInto', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("stores every caller's rows, and fails only the caller whose rows break a rule", async () => {
    const db = handle.db;
    const windowStart = new Date(Date.UTC(2030, 0, 1));
    const row = (key: string) => ({ key: `batch:${key}`, windowStart, count: 1 });
    await batchedInsertInto(db, rateLimits)([row('taken')]);
    const insert = batchedInsertInto(db, rateLimits);
    expect(batchedInsertInto(db, rateLimits)).toBe(insert);
    const outcomes = await Promise.allSettled([
      insert([row('a'), row('b')]),
      insert([row('c'), row('taken')]),
      insert([row('d')]),
      // Two callers of one batch asking for the same row: the first has it.
      insert([row('e')]),
      insert([row('e')]),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'rejected']);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(isUniqueViolation(outcome.reason)).toBe(true);
    }
    const stored = await db.select({ key: rateLimits.key }).from(rateLimits).where(like(rateLimits.key, 'batch:%'));
    expect(stored.map((entry) => entry.key).sort()).toEqual(['batch:a', 'batch:b', 'batch:d', 'batch:e', 'batch:taken']);
  });
});
