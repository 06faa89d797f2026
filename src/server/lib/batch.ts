import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '#db/client';
import { memoized } from './memo';

/**
 * Turns calls for one row into one statement for many: calls are collected while earlier batches run
 * and go together, at most `maxInFlight` batches at a time. For writes it is a group commit: fifty
 * concurrent logouts cost a few round trips and commits instead of fifty, which matters most because
 * a commit that sends NOTIFY takes a database-wide lock, so separate commits queue behind one another.
 * For reads (sessions never seen before) it is one lookup of many keys. Alone, a call waits only for
 * the current turn of the event loop.
 */
export function createBatcher<I, O>(
  runBatch: (inputs: I[]) => Promise<O[]>,
  { maxBatch = 256, maxInFlight = 2 }: { maxBatch?: number; maxInFlight?: number } = {},
): (input: I) => Promise<O> {
  type Waiting = { input: I; resolve: (output: O) => void; reject: (error: unknown) => void };
  const waiting: Waiting[] = [];
  let inFlight = 0;
  let isScheduled = false;

  function schedule() {
    if (isScheduled || waiting.length === 0 || inFlight >= maxInFlight) return;
    isScheduled = true;
    setImmediate(flush);
  }

  function flush() {
    isScheduled = false;
    if (inFlight >= maxInFlight) return;
    const batch = waiting.splice(0, maxBatch);
    if (batch.length === 0) return;
    inFlight++;
    // A runBatch that throws instead of rejecting still answers every caller.
    new Promise<O[]>((resolve) => resolve(runBatch(batch.map((entry) => entry.input))))
      .then(
        (outputs) => {
          batch.forEach((entry, index) => {
            entry.resolve(outputs[index] as O);
          });
        },
        (error: unknown) => {
          for (const entry of batch) entry.reject(error);
        },
      )
      .finally(() => {
        inFlight--;
        schedule();
      });
    schedule();
  }

  return (input) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      schedule();
    });
}

/**
 * Rows that many requests insert into one table at the same time, written by one INSERT (one commit)
 * per batch. Should that INSERT fail, each request's rows are inserted alone, in order, so only the
 * request whose rows are at fault gets the error. For a pool, not a transaction: a transaction's rows belong
 * to its own commit.
 */
export function createInsertBatcher<T extends PgTable>(
  db: Db,
  table: T,
  options?: { maxBatch?: number; maxInFlight?: number },
): (rows: PgInsertValue<T>[]) => Promise<void> {
  const insertAlone = (rows: PgInsertValue<T>[]) =>
    db
      .insert(table)
      .values(rows)
      .then(
        () => null,
        (error: unknown) => ({ error }),
      );
  const insert = createBatcher(async (groups: PgInsertValue<T>[][]) => {
    if (groups.length === 1) return [await insertAlone(groups[0] ?? [])];
    const together = await insertAlone(groups.flat());
    if (together === null) return groups.map(() => null);
    // In the callers' order, so of two asking for the same row the first has it.
    const outcomes: ({ error: unknown } | null)[] = [];
    for (const rows of groups) outcomes.push(await insertAlone(rows));
    return outcomes;
  }, options);
  return async (rows) => {
    const failed = await insert(rows);
    if (failed) throw failed.error;
  };
}

const insertBatchers = new WeakMap<Db, Map<PgTable, (rows: never[]) => Promise<void>>>();

/** The pool's one insert batcher for `table` (createInsertBatcher), made at its first use. */
export function batchedInsertInto<T extends PgTable>(db: Db, table: T): (rows: PgInsertValue<T>[]) => Promise<void> {
  const tables = memoized(insertBatchers, db, () => new Map());
  const insert = memoized(tables, table, () => createInsertBatcher(db, table) as (rows: never[]) => Promise<void>);
  return insert as (rows: PgInsertValue<T>[]) => Promise<void>;
}
