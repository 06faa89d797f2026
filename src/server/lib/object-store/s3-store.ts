import { finished, type Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../../env';
import { resolveByteRange } from './byte-range';
import { assertValidContentType, assertValidObjectKey } from './object-key';
import {
  type ByteRange,
  type GetObjectResult,
  type ObjectInfo,
  type ObjectStore,
  ObjectTooLargeError,
  RangeNotSatisfiableError,
} from './object-store';

/*
 * Objects in an S3-compatible bucket (docs/product.md, Files and uploads), one S3 object per key, under the key itself.
 * - A put writes straight to its final key: S3 shows an object only once its PutObject or
 *   CompleteMultipartUpload has succeeded, whole and with its content type, so no temporary key (and
 *   no copy of every upload) is needed. A refused or failed multipart upload is aborted, which
 *   drops its parts; a bucket lifecycle rule "AbortIncompleteMultipartUpload" catches the uploads of
 *   a process killed midway.
 * - Bodies are streamed in parts (lib-storage `Upload`): memory holds at most `QUEUE_SIZE` parts of
 *   5 MiB, whatever the size of the object. A body under one part is sent as a single PutObject.
 * - The etag is S3's (an MD5, or an MD5 of the parts' MD5s for a multipart object), unquoted.
 */

export type S3StoreOptions = NonNullable<Config['s3']>;

/** Parts uploaded at once; each holds one 5 MiB part in memory. */
const QUEUE_SIZE = 2;

export function createS3Store(options: S3StoreOptions, deps: { client?: S3Client } = {}): ObjectStore {
  const client = deps.client ?? createS3Client(options);
  const Bucket = options.bucket;

  async function stat(key: string): Promise<ObjectInfo | null> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { key, size: head.ContentLength ?? 0, ...objectDetails(head) };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** S3 answers a 416 without the size, and ignores a malformed Range instead of refusing it. */
  async function refuseRange(key: string, range: ByteRange, error?: unknown): Promise<null> {
    const reported = Number((error as { ActualObjectSize?: unknown } | undefined)?.ActualObjectSize);
    const size = Number.isSafeInteger(reported) ? reported : (await stat(key))?.size;
    if (size === undefined) return null;
    resolveByteRange(range, size);
    // Satisfiable after all: the object was replaced between the two requests.
    throw new RangeNotSatisfiableError(size);
  }

  return {
    async put({ key, body, contentType, maxBytes }) {
      assertValidObjectKey(key);
      assertValidContentType(contentType);
      if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) throw new RangeError('maxBytes must be a non-negative integer');

      let size = 0;
      let refusal: ObjectTooLargeError | undefined;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (size > maxBytes) {
            refusal = new ObjectTooLargeError(maxBytes);
            return callback(refusal);
          }
          callback(null, chunk);
        },
      });
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: limit, ContentType: contentType },
        queueSize: QUEUE_SIZE,
      });
      // As in the local store: a refusal only unpipes `body`, so an HTTP route can still answer 413.
      const stopWatching = finished(body, { writable: false }, (error) => {
        if (error) limit.destroy(error);
      });
      body.pipe(limit);
      try {
        const result = await upload.done();
        return { key, size, etag: unquote(result.ETag) };
      } catch (error) {
        if (!refusal) throw error;
        // The refusal is the answer even when aborting the upload failed too; the lifecycle rule cleans up.
        if (error !== refusal) refusal.cause = error;
        throw refusal;
      } finally {
        stopWatching();
        body.unpipe(limit);
        limit.destroy();
      }
    },

    async get({ key, range }): Promise<GetObjectResult | null> {
      assertValidObjectKey(key);
      const header = range ? rangeHeader(range) : undefined;
      if (range && !header) return refuseRange(key, range);

      let response: GetObjectCommandOutput;
      try {
        response = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: header }));
      } catch (error) {
        if (isNotFound(error)) return null;
        if (range && httpStatus(error) === 416) return refuseRange(key, range, error);
        throw error;
      }
      const body = response.Body as Readable;
      const served = parseContentRange(response.ContentRange);
      const size = served?.size ?? response.ContentLength ?? 0;
      const info = { key, size, ...objectDetails(response) };
      if (!range) return { ...info, body };
      if (served) return { ...info, body, range: { start: served.start, end: served.end } };
      // HTTP lets a server answer a range with the whole object (some do for an empty one).
      try {
        const bytes = resolveByteRange(range, size);
        if (bytes.start !== 0 || bytes.end !== size - 1) throw new Error('The object store ignored a range request');
        return { ...info, body, range: bytes };
      } catch (error) {
        body.destroy();
        throw error;
      }
    },

    async stat(key) {
      assertValidObjectKey(key);
      return stat(key);
    },

    async delete(key) {
      assertValidObjectKey(key);
      // S3 answers 204 for a missing key too, so this is idempotent as it is.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

export function createS3Client({ region, endpoint, credentials, forcePathStyle }: S3StoreOptions): S3Client {
  return new S3Client({
    region,
    forcePathStyle,
    ...(endpoint ? { endpoint } : {}),
    ...(credentials ? { credentials } : {}),
    // Many S3-compatible servers reject or ignore the CRC checksums the SDK adds by default; AWS itself checks them.
    ...(endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
  });
}

/** Undefined for a range S3 would ignore (it serves the whole object for a malformed header). */
function rangeHeader(range: ByteRange): string | undefined {
  const isOffset = (value: number) => Number.isSafeInteger(value) && value >= 0;
  if ('suffixLength' in range)
    return isOffset(range.suffixLength) && range.suffixLength > 0 ? `bytes=-${range.suffixLength}` : undefined;
  const { start, end } = range;
  if (!isOffset(start)) return undefined;
  if (end === undefined) return `bytes=${start}-`;
  return isOffset(end) && end >= start ? `bytes=${start}-${end}` : undefined;
}

function parseContentRange(header: string | undefined): { start: number; end: number; size: number } | undefined {
  const match = header ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header) : null;
  if (!match) return undefined;
  return { start: Number(match[1]), end: Number(match[2]), size: Number(match[3]) };
}

function objectDetails(head: { ContentType?: string; ETag?: string; LastModified?: Date }) {
  return {
    contentType: head.ContentType ?? 'application/octet-stream',
    etag: unquote(head.ETag),
    lastModified: head.LastModified ?? new Date(0),
  };
}

function unquote(etag: string | undefined): string {
  if (!etag) throw new Error('The object store answered without an ETag');
  return etag.replace(/^(W\/)?"(.*)"$/, '$2');
}

function httpStatus(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

/** GetObject says NoSuchKey; HeadObject, which has no body, only 404. */
function isNotFound(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || (error.name !== 'NoSuchBucket' && httpStatus(error) === 404))
  );
}
