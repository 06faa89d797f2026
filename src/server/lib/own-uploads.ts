import { and, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '#db/client';
import { uploads } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import type { UploadKind } from '#shared/schemas/uploads';
import { AppError } from '../errors';

const OBJECT_PATH_PREFIX = '/objects/';
const UPLOAD_NOUNS: Record<UploadKind, string> = {
  image: 'an image',
  video: 'a video',
  notebook: 'a notebook',
  captions: 'captions',
};

/**
 * A course or slide may point only at a file its creator uploaded, of the right kind: otherwise a
 * creator could publish another creator's paid-course video in a free course of their own.
 */
export async function assertOwnUpload({
  db,
  userId,
  objectPath,
  kind,
  field,
}: {
  db: DbOrTx;
  userId: string;
  objectPath: string;
  kind: UploadKind;
  field: string;
}): Promise<void> {
  const key = objectPath.startsWith(OBJECT_PATH_PREFIX) ? objectPath.slice(OBJECT_PATH_PREFIX.length) : '';
  const [upload] = key
    ? await db
        .select({ kind: uploads.kind })
        .from(uploads)
        .where(and(eq(uploads.objectKey, key), eq(uploads.userId, userId), isNotNull(uploads.completedAt)))
        .limit(1)
    : [];
  if (!upload || upload.kind !== kind) {
    const message = `Must be ${UPLOAD_NOUNS[kind]} you uploaded`;
    throw new AppError(ErrorCode.BAD_REQUEST, message, { errors: { [field]: message } });
  }
}
