import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client';
import { uploads, users } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { formatBytes, type StorageUsage } from '#shared/schemas/storage';
import { AppError } from '../../errors';
import { UPLOAD_IN_FLIGHT_MS } from '../../lib/upload-purge';

/*
 * A creator's storage quota (docs/product.md, Files and uploads). It counts the bytes of finished uploads that are still
 * kept (the purge removes unused ones), plus, for every upload under way, the bytes it reserved when
 * it claimed its address: its Content-Length, or the most its kind may have when it sends none
 * (chunked). A creator's claims take turns on their user row, so uploads started at the same moment
 * each see the others' reservations and together can never pass the quota.
 */

type Usage = { storedBytes: number; reservedBytes: number };

/** `size_bytes` holds the reservation until the upload finishes, then the real size. */
async function usageOf(db: DbOrTx, userId: string, now: number): Promise<Usage> {
  const inFlightSince = new Date(now - UPLOAD_IN_FLIGHT_MS);
  const [row] = await db
    .select({
      stored: sql<string>`coalesce(sum(${uploads.sizeBytes}) filter (where ${uploads.completedAt} is not null), 0)`,
      reserved: sql<string>`coalesce(sum(${uploads.sizeBytes}) filter (where ${uploads.completedAt} is null and ${uploads.claimedAt} > ${inFlightSince}), 0)`,
    })
    .from(uploads)
    .where(eq(uploads.userId, userId));
  return { storedBytes: Number(row?.stored ?? 0), reservedBytes: Number(row?.reserved ?? 0) };
}

export async function getStorageUsage({
  db,
  userId,
  now,
  quotaBytes,
}: {
  db: DbOrTx;
  userId: string;
  now: number;
  quotaBytes: number;
}): Promise<StorageUsage> {
  const { storedBytes } = await usageOf(db, userId, now);
  return { usedBytes: storedBytes, quotaBytes };
}

function usedText({ storedBytes, reservedBytes }: Usage, quotaBytes: number): string {
  const underWay = reservedBytes > 0 ? ` (and ${formatBytes(reservedBytes)} held by uploads under way)` : '';
  return `${formatBytes(storedBytes)} of ${formatBytes(quotaBytes)} used${underWay}`;
}

function graceText(orphanAfterMs: number): string {
  const hours = Math.round(orphanAfterMs / 3_600_000);
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** Refuses a new upload address once nothing more fits: the creator learns it before choosing a file. */
export async function assertStorageLeft({
  db,
  userId,
  now,
  quotaBytes,
  orphanAfterMs,
}: {
  db: DbOrTx;
  userId: string;
  now: number;
  quotaBytes: number;
  orphanAfterMs: number;
}): Promise<void> {
  const usage = await usageOf(db, userId, now);
  if (usage.storedBytes + usage.reservedBytes < quotaBytes) return;
  throw new AppError(
    ErrorCode.PAYLOAD_TOO_LARGE,
    `Your storage is full: ${usedText(usage, quotaBytes)}. Files that no course or slide uses are deleted ${graceText(orphanAfterMs)} after upload.`,
  );
}

/**
 * Claims an upload address and reserves `reservedBytes` for it, or neither: a claim that would pass
 * the quota is rolled back and leaves the address unused. Null when another request claimed it first.
 */
export async function claimWithinQuota({
  db,
  uploadId,
  userId,
  reservedBytes,
  now,
  quotaBytes,
}: {
  db: DbOrTx;
  uploadId: string;
  userId: string;
  reservedBytes: number;
  now: number;
  quotaBytes: number;
}) {
  return db.transaction(async (tx) => {
    // NO KEY UPDATE: claims of this creator queue here; inserts that reference the user do not.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    const [claimed] = await tx
      .update(uploads)
      .set({ claimedAt: new Date(now), sizeBytes: reservedBytes })
      .where(and(eq(uploads.id, uploadId), isNull(uploads.claimedAt)))
      .returning({ id: uploads.id, kind: uploads.kind, objectKey: uploads.objectKey });
    if (!claimed) return null;
    const usage = await usageOf(tx, userId, now);
    // The usage includes this claim's own reservation now.
    if (usage.storedBytes + usage.reservedBytes > quotaBytes) {
      const before = { ...usage, reservedBytes: usage.reservedBytes - reservedBytes };
      throw new AppError(
        ErrorCode.PAYLOAD_TOO_LARGE,
        `Not enough storage: ${usedText(before, quotaBytes)}, and this file needs ${formatBytes(reservedBytes)}.`,
      );
    }
    return { ...claimed, reservedBytes };
  });
}
