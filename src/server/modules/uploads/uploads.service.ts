import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { courseModules, courses, lessons, uploads } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import {
  CAPTIONS_MAX_BYTES,
  IMAGE_MAX_BYTES,
  NOTEBOOK_MAX_BYTES,
  type UploadKind,
  uploadKinds,
  VIDEO_MAX_BYTES,
} from '#shared/schemas/uploads';
import { AppError } from '../../errors';
import { assertBytesAre, MediaMismatchError, SNIFF_BYTES } from '../../lib/media-types';
import { NotebookFormatError, parseNotebook } from '../../lib/notebooks/notebook-format';
import { type ObjectStore, ObjectTooLargeError } from '../../lib/object-store/object-store';
import { generateToken, hashToken } from '../../lib/tokens';
import { assertWebVtt, WebVttFormatError } from '../../lib/web-vtt';
import { assertStorageLeft, claimWithinQuota } from './storage-quota';

export const GRANT_TTL_MS = 15 * 60 * 1000;
/** Unused addresses a creator may hold at once: enough for any editor, too few to fill a table. */
export const MAX_OPEN_GRANTS = 50;
export const UPLOAD_PATH_PREFIX = '/api/uploads/';
export const OBJECT_PATH_PREFIX = '/objects/';
export const MAX_BYTES: Record<UploadKind, number> = {
  image: IMAGE_MAX_BYTES,
  video: VIDEO_MAX_BYTES,
  notebook: NOTEBOOK_MAX_BYTES,
  captions: CAPTIONS_MAX_BYTES,
};
/** Where each kind's objects are kept in the store (and served under /objects/). */
const KEY_PREFIXES: Record<UploadKind, string> = {
  image: 'images/',
  video: 'videos/',
  notebook: 'notebooks/',
  captions: 'captions/',
};
/** generateToken's 32 bytes in base64url. */
const GRANT_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Only uploads are served at /objects/…: the store also keeps files that are read through their own
 * routes and access checks (certificate PDFs, under `certificates/`).
 */
export function isUploadKey(key: string): boolean {
  return uploadKinds.some((kind) => key.startsWith(KEY_PREFIXES[kind]));
}

export function isGrant(value: string): boolean {
  return GRANT_PATTERN.test(value);
}

export async function createUploadGrant({
  db,
  userId,
  kind,
  now,
  quotaBytes,
  orphanAfterMs,
}: {
  db: Db;
  userId: string;
  kind: UploadKind;
  now: number;
  quotaBytes: number;
  orphanAfterMs: number;
}) {
  await assertStorageLeft({ db, userId, now, quotaBytes, orphanAfterMs });
  const [open] = await db
    .select({ n: count() })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), isNull(uploads.claimedAt), gt(uploads.expiresAt, new Date(now))));
  if ((open?.n ?? 0) >= MAX_OPEN_GRANTS) {
    throw new AppError(ErrorCode.RATE_LIMITED, 'Too many unfinished uploads; try again in a few minutes');
  }
  const grant = generateToken();
  await db.insert(uploads).values({
    userId,
    kind,
    grantHash: hashToken(grant),
    // Random and unguessable: an object's address is only known to whoever was given it.
    objectKey: `${KEY_PREFIXES[kind]}${randomUUID()}`,
    expiresAt: new Date(now + GRANT_TTL_MS),
  });
  return { uploadURL: `${UPLOAD_PATH_PREFIX}${grant}` };
}

/**
 * Takes the grant for this one request, atomically: of two PUTs with one address exactly one gets
 * the row. `accept` sees the address's kind first and throws to refuse the request on its headers
 * alone, which leaves the address unused for the right file; so does a refusal for want of storage.
 * The claim reserves the declared length (or the kind's maximum when none is declared) against the
 * creator's quota, and the store takes no more than that. An upload refused or failed after the
 * claim has used the address up, and the client asks for a new one.
 */
export async function claimUploadGrant<Accepted>({
  db,
  grant,
  now,
  quotaBytes,
  declaredLength,
  accept,
}: {
  db: Db;
  grant: string;
  now: number;
  quotaBytes: number;
  /** The request's Content-Length; undefined for a chunked body. */
  declaredLength: number | undefined;
  accept: (kind: UploadKind) => Accepted;
}) {
  const [found] = await db
    .select({
      id: uploads.id,
      userId: uploads.userId,
      kind: uploads.kind,
      claimedAt: uploads.claimedAt,
      expiresAt: uploads.expiresAt,
    })
    .from(uploads)
    .where(eq(uploads.grantHash, hashToken(grant)))
    .limit(1);
  if (!found) throw new AppError(ErrorCode.NOT_FOUND, 'Upload address not found');
  const used = () => new AppError(ErrorCode.CONFLICT, 'This upload address has already been used; request a new one');
  if (found.claimedAt) throw used();
  if (found.expiresAt.getTime() <= now) {
    throw new AppError(ErrorCode.CONFLICT, 'This upload address has expired; request a new one');
  }
  const accepted = accept(found.kind);
  const isDeclared = declaredLength !== undefined && Number.isSafeInteger(declaredLength) && declaredLength >= 0;
  const reservedBytes = isDeclared ? Math.min(declaredLength, MAX_BYTES[found.kind]) : MAX_BYTES[found.kind];
  const claimed = await claimWithinQuota({ db, uploadId: found.id, userId: found.userId, reservedBytes, now, quotaBytes });
  // Another PUT to the same address got there between the two statements.
  if (!claimed) throw used();
  return { ...claimed, accepted };
}

/** Passes the stream on once its first bytes prove the declared type; errors otherwise. */
async function* checkedBytes(body: Readable, kind: UploadKind, declaredType: string): AsyncGenerator<Buffer> {
  let head: Buffer[] = [];
  let headLength = 0;
  let checked = false;
  // Not destroyed when the store stops reading: the route must still answer 413 on its socket.
  for await (const chunk of body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    if (checked) {
      yield chunk;
      continue;
    }
    head.push(chunk);
    headLength += chunk.length;
    if (headLength < SNIFF_BYTES) continue;
    const bytes = Buffer.concat(head);
    await assertBytesAre(bytes, kind, declaredType);
    checked = true;
    head = [];
    yield bytes;
  }
  if (!checked) {
    const bytes = Buffer.concat(head);
    await assertBytesAre(bytes, kind, declaredType);
    if (bytes.length > 0) yield bytes;
  }
}

/**
 * A notebook is read whole (5 MB at most) and checked before a byte is stored. A notebook is JSON, so
 * no first bytes prove it one the way a PNG's signature does: only the whole document shows it is
 * nbformat 4 with well-formed cells. Checked here rather than when a slide references it, so a bad
 * file gets its 400 while its creator is still at the upload, and never takes up their storage.
 */
async function checkedNotebook(body: Readable, maxBytes: number): Promise<Buffer> {
  const bytes = await wholeBody(body, maxBytes);
  try {
    parseNotebook(bytes);
  } catch (error) {
    if (error instanceof NotebookFormatError) throw new AppError(ErrorCode.BAD_REQUEST, error.message);
    throw error;
  }
  return bytes;
}

/** Captions (1 MB at most) are read whole and checked as notebooks are: text has no signature to sniff. */
async function checkedCaptions(body: Readable, maxBytes: number): Promise<Buffer> {
  const bytes = await wholeBody(body, maxBytes);
  try {
    assertWebVtt(bytes);
  } catch (error) {
    if (error instanceof WebVttFormatError) throw new AppError(ErrorCode.BAD_REQUEST, error.message);
    throw error;
  }
  return bytes;
}

async function wholeBody(body: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > maxBytes) throw new ObjectTooLargeError(maxBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, length);
}

/** Notebooks and captions are checked whole before a byte is stored; media as they stream in. */
async function checkedBody(body: Readable, upload: { kind: UploadKind; reservedBytes: number }, declaredType: string) {
  if (upload.kind === 'notebook')
    return Readable.from([await checkedNotebook(body, upload.reservedBytes)], { objectMode: false });
  if (upload.kind === 'captions')
    return Readable.from([await checkedCaptions(body, upload.reservedBytes)], { objectMode: false });
  return Readable.from(checkedBytes(body, upload.kind, declaredType), { objectMode: false });
}

/**
 * Streams the body into the store under the grant's key; nothing is kept unless all of it passes.
 * A refusal or failure gives the reservation back at once.
 */
export async function storeUpload({
  db,
  store,
  upload,
  body,
  declaredType,
  now,
}: {
  db: Db;
  store: ObjectStore;
  upload: { id: string; kind: UploadKind; objectKey: string; reservedBytes: number };
  body: Readable;
  declaredType: string;
  now: () => number;
}) {
  let isDone = false;
  try {
    const checked = await checkedBody(body, upload, declaredType);
    const stored = await store.put({
      key: upload.objectKey,
      body: checked,
      contentType: declaredType,
      maxBytes: upload.reservedBytes,
    });
    const [completed] = await db
      .update(uploads)
      .set({ completedAt: new Date(now()), contentType: declaredType, sizeBytes: stored.size })
      .where(and(eq(uploads.id, upload.id), isNull(uploads.completedAt)))
      .returning({ id: uploads.id });
    if (!completed) {
      // The row is gone (its creator's account was deleted): an object nobody counts would stay forever.
      await store.delete(upload.objectKey);
      throw new AppError(ErrorCode.CONFLICT, 'This upload address is no longer valid; request a new one');
    }
    isDone = true;
    return { objectPath: `${OBJECT_PATH_PREFIX}${upload.objectKey}`, size: stored.size };
  } catch (error) {
    if (error instanceof ObjectTooLargeError) {
      const message =
        upload.reservedBytes < MAX_BYTES[upload.kind]
          ? 'The file is longer than its Content-Length'
          : `The file is larger than ${Math.round(MAX_BYTES[upload.kind] / 1_048_576)} MB`;
      throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, message);
    }
    if (error instanceof MediaMismatchError) {
      throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, error.message);
    }
    throw error;
  } finally {
    if (!isDone) {
      await db
        .update(uploads)
        .set({ sizeBytes: null })
        .where(and(eq(uploads.id, upload.id), isNull(uploads.completedAt)))
        .catch(() => {
          // Unreleased, the reservation lapses on its own after UPLOAD_IN_FLIGHT_MS.
        });
    }
  }
}

/** The completed upload behind an upload address, if it is this user's. */
export async function findCompletedUpload({ db, grant, userId }: { db: Db; grant: string; userId: string }) {
  const [row] = await db
    .select({ userId: uploads.userId, objectKey: uploads.objectKey, completedAt: uploads.completedAt })
    .from(uploads)
    .where(eq(uploads.grantHash, hashToken(grant)))
    .limit(1);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'Upload not found');
  if (row.userId !== userId) throw new AppError(ErrorCode.FORBIDDEN, 'This upload belongs to someone else');
  if (!row.completedAt) throw new AppError(ErrorCode.CONFLICT, 'The upload has not finished');
  return { objectPath: `${OBJECT_PATH_PREFIX}${row.objectKey}` };
}

/**
 * Who may read an object: lesson media of a paid course only with a signed address; everything
 * else (thumbnails, free courses' media, a creator's fresh upload) by anyone holding its random key.
 */
export async function isProtectedObject({ db, objectPath }: { db: Db; objectPath: string }): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(lessons)
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .innerJoin(courses, eq(courses.id, courseModules.courseId))
    .where(
      and(
        sql`(${lessons.imageUrl} = ${objectPath} or ${lessons.videoUrl} = ${objectPath} or ${lessons.notebookUrl} = ${objectPath}
          or ${lessons.captions} @> jsonb_build_array(jsonb_build_object('url', ${objectPath}::text)))`,
        gt(courses.priceCents, 0),
      ),
    )
    .limit(1);
  return row !== undefined;
}
