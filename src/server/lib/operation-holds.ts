import { randomUUID } from 'node:crypto';
import { and, eq, gt, like, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Tx } from '#db/client';
import { operationHolds } from '#db/schema/index';

/*
 * A backup holds the upload purge while it reads the rows and copies the objects, so that no object the
 * rows name is deleted in between (ADR 0043). Two kinds of rows of `operation_holds`:
 * - the gate, `upload-purge`: every purge batch takes it FOR SHARE inside its own transaction; a backup
 *   writes it while taking its hold, which waits for a batch in flight and makes the next one wait
 *   for the hold's commit;
 * - one `backup:<uuid>` per running backup, current while `held_until` is in the future: renewed while
 *   the backup runs, deleted at its end, and lapsing by itself if the backup dies.
 * Each backup has its own row, so one finishing never frees the purge under another.
 */
const GATE = 'upload-purge';
const BACKUP_PREFIX = 'backup:';

/** A dead backup frees the purge after this long. */
export const HOLD_SECONDS = 300;
/** Well within HOLD_SECONDS, so a slow renewal never lets a live backup's hold lapse. */
const RENEW_EVERY_MS = 60_000;

/**
 * Inside a purge batch's transaction, before it deletes anything: whether a backup holds the purge.
 * The gate's share lock lasts until the batch commits, so a backup taking its hold meanwhile waits for
 * the batch's deletes to be committed before it reads its snapshot.
 */
export async function isUploadPurgeHeld(tx: Tx): Promise<boolean> {
  await tx.insert(operationHolds).values({ name: GATE }).onConflictDoNothing();
  await tx.select({ name: operationHolds.name }).from(operationHolds).where(eq(operationHolds.name, GATE)).for('share');
  // A statement of its own: in READ COMMITTED it sees a hold committed while the lock above waited.
  const [current] = await tx
    .select({ name: operationHolds.name })
    .from(operationHolds)
    .where(and(like(operationHolds.name, `${BACKUP_PREFIX}%`), gt(operationHolds.heldUntil, sql`now()`)))
    .limit(1);
  return current !== undefined;
}

export type PurgeHold = { release: () => Promise<void> };

/**
 * Takes a backup's hold on the upload purge through `client` (a connection of its own, outside the
 * snapshot's transaction), committed before it returns: call it before reading the rows. It is renewed
 * every minute until released.
 */
export async function holdUploadPurge(
  client: pg.ClientBase,
  { seconds = HOLD_SECONDS, renewEveryMs = RENEW_EVERY_MS }: { seconds?: number; renewEveryMs?: number } = {},
): Promise<PurgeHold> {
  const name = `${BACKUP_PREFIX}${randomUUID()}`;
  const hold = `insert into operation_holds (name, held_until) values ($1, now() + make_interval(secs => $2))
    on conflict (name) do update set held_until = excluded.held_until`;
  await client.query('begin');
  try {
    // Writing the gate waits for any purge batch holding it FOR SHARE.
    await client.query(
      `insert into operation_holds (name) values ($1)
        on conflict (name) do update set held_until = operation_holds.held_until`,
      [GATE],
    );
    await client.query(`delete from operation_holds where name like $1 and held_until < now()`, [`${BACKUP_PREFIX}%`]);
    await client.query(hold, [name, seconds]);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }

  let timer: NodeJS.Timeout | undefined;
  let renewing = Promise.resolve();
  let isReleased = false;
  const scheduleRenewal = () => {
    timer = setTimeout(() => {
      // A failed renewal lets the hold lapse by time; the backup's final check then finds any object the purge took.
      renewing = client.query(hold, [name, seconds]).then(
        () => (isReleased ? undefined : scheduleRenewal()),
        () => {},
      );
    }, renewEveryMs);
    timer.unref();
  };
  scheduleRenewal();
  return {
    async release() {
      isReleased = true;
      clearTimeout(timer);
      await renewing;
      // Unreleased, it lapses within HOLD_SECONDS anyway.
      await client.query('delete from operation_holds where name = $1', [name]).catch(() => {});
    },
  };
}
