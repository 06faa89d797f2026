import { and, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client';
import { uploads } from '#db/schema/index';
import type { ObjectStore } from './object-store/object-store';
import { isUploadPurgeHeld } from './operation-holds';

/**
 * Longer than any upload can take: the body deadline lets a 100 MB video trickle in at 64 KiB per
 * 10 s (plugins/body-deadline.ts), 4.4 hours. Until then a claimed, unfinished upload may still be
 * writing its object, so it keeps its row (and its reserved bytes count against the quota).
 */
export const UPLOAD_IN_FLIGHT_MS = 6 * 60 * 60 * 1000;

/** Rows deleted (and objects removed) per transaction; a run takes batches until none is full. */
const BATCH = 100;
/** A backlog larger than this is left for the next run, so one run stays short. */
const MAX_BATCHES_PER_RUN = 50;

const objectPathOf = sql`'/objects/' || ${uploads.objectKey}`;

/**
 * Finished uploads that no slide (its media or captions), course thumbnail or profile avatar names, finished before `cutoff`.
 * Separate anti-joins, so PostgreSQL can hash each table once instead of scanning it per upload.
 */
const isUnreferenced = sql`not exists (select 1 from lessons l where l.image_url = ${objectPathOf})
  and not exists (select 1 from lessons l where l.video_url = ${objectPathOf})
  and not exists (select 1 from lessons l where l.notebook_url = ${objectPathOf})
  and not exists (select 1 from lessons l cross join lateral jsonb_array_elements(l.captions) caption
    where caption->>'url' = ${objectPathOf})
  and not exists (select 1 from courses c where c.thumbnail = ${objectPathOf})
  and not exists (select 1 from users u where u.avatar = ${objectPathOf})`;

/**
 * Deletes one batch of rows chosen by `where`, and their objects, in one transaction: the rows are
 * locked first and `where` is checked again by the delete, a new statement that sees every write
 * committed meanwhile (a slide that started using an upload keeps it). The objects go before the
 * commit, so a failing store leaves the rows for the next run instead of objects nobody knows of.
 */
async function purgeBatch({ db, store, where }: { db: DbOrTx; store: ObjectStore; where: ReturnType<typeof sql> }) {
  return db.transaction(async (tx) => {
    // A backup is reading the rows and copying the objects (operation-holds.ts): nothing goes meanwhile.
    if (await isUploadPurgeHeld(tx)) return { deleted: 0, full: false, isHeld: true };
    const candidates = await tx
      .select({ id: uploads.id })
      .from(uploads)
      .where(where)
      .orderBy(uploads.createdAt)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    if (candidates.length === 0) return { deleted: 0, full: false, isHeld: false };
    const deleted = await tx
      .delete(uploads)
      .where(
        and(
          inArray(
            uploads.id,
            candidates.map((row) => row.id),
          ),
          where,
        ),
      )
      .returning({ key: uploads.objectKey, claimedAt: uploads.claimedAt });
    // Only a claimed address can have written an object.
    await Promise.all(deleted.filter((row) => row.claimedAt !== null).map((row) => store.delete(row.key)));
    return { deleted: deleted.length, full: candidates.length === BATCH, isHeld: false };
  });
}

async function purgeAll(options: {
  db: DbOrTx;
  store: ObjectStore;
  where: ReturnType<typeof sql>;
}): Promise<{ deleted: number; isHeld: boolean }> {
  let total = 0;
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
    const { deleted, full, isHeld } = await purgeBatch(options);
    total += deleted;
    if (isHeld) return { deleted: total, isHeld };
    if (!full) break;
  }
  return { deleted: total, isHeld: false };
}

/**
 * The purge's share of uploads: addresses that expired unused (no object was ever kept for those),
 * uploads that failed or died midway (any object a crash left is removed with them), and finished
 * uploads that nothing uses once `orphanAfterMs` has passed since they finished (a creator uploads,
 * then saves the slide). Removed rows stop counting against their creator's storage quota. While a
 * backup holds the purge it deletes nothing (`heldByBackup`), and the next run takes up the backlog.
 */
export async function purgeUploads({
  db,
  store,
  now,
  orphanAfterMs,
}: {
  db: DbOrTx;
  store: ObjectStore;
  now: number;
  orphanAfterMs: number;
}): Promise<{ unfinished: number; orphaned: number; heldByBackup: boolean }> {
  const unfinished = await purgeAll({
    db,
    store,
    where: sql`${and(
      isNull(uploads.completedAt),
      lt(uploads.expiresAt, new Date(now)),
      or(isNull(uploads.claimedAt), lt(uploads.claimedAt, new Date(now - UPLOAD_IN_FLIGHT_MS))),
    )}`,
  });
  if (unfinished.isHeld) return { unfinished: unfinished.deleted, orphaned: 0, heldByBackup: true };
  const orphaned = await purgeAll({
    db,
    store,
    where: sql`${and(isNotNull(uploads.completedAt), lt(uploads.completedAt, new Date(now - orphanAfterMs)))} and ${isUnreferenced}`,
  });
  return { unfinished: unfinished.deleted, orphaned: orphaned.deleted, heldByBackup: orphaned.isHeld };
}
