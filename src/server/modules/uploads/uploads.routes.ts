import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBodySchema, ErrorCode } from '#shared/errors';
import { StorageUsageSchema } from '#shared/schemas/storage';
import {
  CourseThumbnailBodySchema,
  ObjectPathResultSchema,
  type UploadKind,
  UploadRequestBodySchema,
  UploadUrlSchema,
  uploadKinds,
} from '#shared/schemas/uploads';
import { AppError } from '../../errors';
import { matchesEtag } from '../../lib/http-etag';
import { allowedDeclaredType, describeAllowed } from '../../lib/media-types';
import { ObjectKeySchema } from '../../lib/object-store/object-key';
import { RangeNotSatisfiableError } from '../../lib/object-store/object-store';
import { requireRole } from '../../plugins/current-user';
import { parseRangeHeader } from './object-range';
import { createProtectionCache } from './protection-cache';
import { getStorageUsage } from './storage-quota';
import {
  claimUploadGrant,
  createUploadGrant,
  findCompletedUpload,
  isGrant,
  isProtectedObject,
  isUploadKey,
  MAX_BYTES,
  OBJECT_PATH_PREFIX,
  storeUpload,
  UPLOAD_PATH_PREFIX,
} from './uploads.service';

const TAGS = ['uploads'];
const BEARER = [{ bearerAuth: [] }];
const errors = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  403: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
  409: ApiErrorBodySchema,
  413: ApiErrorBodySchema,
  415: ApiErrorBodySchema,
  429: ApiErrorBodySchema,
};
/** Images and video are shown inline; anything else that ever got stored is only downloadable. */
const REFUSED_TYPE: Record<UploadKind, string> = {
  image: `Send an image: ${describeAllowed('image')}`,
  video: `Send a video: ${describeAllowed('video')}`,
  notebook: 'Send a Jupyter notebook (.ipynb) as application/x-ipynb+json',
  captions: 'Send WebVTT captions (.vtt) as text/vtt',
};

const INLINE = /^(image\/(png|jpeg|gif|webp)|video\/(mp4|webm|quicktime))$/;

/** Reads a request's remaining body into nothing; past `limit` more bytes the connection is cut instead. */
function discardRest(body: IncomingMessage, limit: number): void {
  let read = 0;
  body.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > limit) body.socket.destroy();
  });
  body.resume();
}

/** docs/product.md, Files and uploads: a one-time address, a checked streamed PUT, then the object. */
export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const protection = createProtectionCache((objectPath) => isProtectedObject({ db, objectPath }));

  app.post(
    '/api/objects/upload',
    {
      schema: {
        tags: TAGS,
        summary: 'A single-use upload address, valid 15 minutes (creators)',
        security: BEARER,
        // The plain call sends no body (an image is meant); a kind may be named.
        body: UploadRequestBodySchema.nullish(),
        response: { 200: UploadUrlSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireRole(request, 'creator');
      return createUploadGrant({
        db,
        userId: user.id,
        kind: request.body?.kind ?? 'image',
        now: app.clock(),
        quotaBytes: app.config.storageQuotaBytes,
        orphanAfterMs: app.config.retention.orphanUploadMs,
      });
    },
  );

  app.put(
    `${UPLOAD_PATH_PREFIX}:grant`,
    {
      config: { rawBody: true, streamedUpload: true },
      // Before any body parser runs: a rawBody route gets a JSON body read whole, up to bodyLimit.
      onRequest: async (request) => {
        const { grant } = request.params as { grant: string };
        if (!isGrant(grant)) throw new AppError(ErrorCode.NOT_FOUND, 'Upload address not found');
        const type = request.headers['content-type'];
        if (!uploadKinds.some((kind) => allowedDeclaredType(kind, type))) {
          throw new AppError(
            ErrorCode.UNSUPPORTED_MEDIA_TYPE,
            `Send an image (${describeAllowed('image')}), a video (${describeAllowed('video')}), a notebook (application/x-ipynb+json) or captions (text/vtt) with its media type as Content-Type`,
          );
        }
      },
      // A refusal before the whole file has arrived (ADR 0043): the rest is read and dropped, up to the
      // largest file an upload takes. Closing with it unread would reset the connection, and the
      // answer could be lost with it (behind nginx, a 502 instead of this answer).
      onSend: async (request) => {
        if (!request.raw.complete) discardRest(request.raw, MAX_BYTES.video);
      },
      schema: {
        tags: TAGS,
        summary: 'Send the file to its upload address (raw bytes, its media type as Content-Type)',
        description:
          'The address is the credential: no Authorization needed. 5 MB images (PNG, JPEG, GIF, WebP), 100 MB video (MP4, WebM, MOV), 5 MB Jupyter notebooks (nbformat 4, application/x-ipynb+json; 400 when not a valid notebook), 1 MB WebVTT captions (text/vtt; 400 unless the file starts with WEBVTT).',
        params: z.object({ grant: z.string().max(100) }),
        response: { 200: ObjectPathResultSchema, ...errors },
      },
    },
    async (request) => {
      const declaredLength = Number(request.headers['content-length'] ?? Number.NaN);
      const upload = await claimUploadGrant({
        db,
        grant: request.params.grant,
        now: app.clock(),
        quotaBytes: app.config.storageQuotaBytes,
        declaredLength: Number.isNaN(declaredLength) ? undefined : declaredLength,
        accept: (kind) => {
          const declaredType = allowedDeclaredType(kind, request.headers['content-type']);
          if (!declaredType) {
            throw new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, REFUSED_TYPE[kind]);
          }
          if (declaredLength > MAX_BYTES[kind]) {
            throw new AppError(
              ErrorCode.PAYLOAD_TOO_LARGE,
              `The file is larger than ${Math.round(MAX_BYTES[kind] / 1_048_576)} MB`,
            );
          }
          return declaredType;
        },
      });
      const { objectPath } = await storeUpload({
        db,
        store: app.objectStore,
        upload,
        body: request.body as NodeJS.ReadableStream as import('node:stream').Readable,
        declaredType: upload.accepted,
        now: app.clock,
      });
      return { objectPath };
    },
  );

  app.get(
    '/api/creator/storage',
    {
      schema: {
        tags: TAGS,
        summary: "The bytes of the caller's kept uploads and the most they may keep (creators)",
        security: BEARER,
        response: { 200: StorageUsageSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireRole(request, 'creator');
      return getStorageUsage({ db, userId: user.id, now: app.clock(), quotaBytes: app.config.storageQuotaBytes });
    },
  );

  app.put(
    '/api/course-thumbnails',
    {
      schema: {
        tags: TAGS,
        summary: 'The object path of a finished upload (thumbnails, slide images, videos and notebooks)',
        security: BEARER,
        body: CourseThumbnailBodySchema,
        response: { 200: ObjectPathResultSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireRole(request, 'creator');
      let address = request.body.thumbnailURL;
      if (address.startsWith(app.config.publicUrl)) address = address.slice(app.config.publicUrl.length);
      const grant = address.startsWith(UPLOAD_PATH_PREFIX) ? address.slice(UPLOAD_PATH_PREFIX.length) : '';
      if (!isGrant(grant)) {
        const message = 'Must be the uploadURL of a finished upload';
        throw new AppError(ErrorCode.BAD_REQUEST, message, { errors: { thumbnailURL: message } });
      }
      return findCompletedUpload({ db, grant, userId: user.id });
    },
  );

  app.get(
    '/objects/*',
    {
      compress: false,
      schema: {
        tags: TAGS,
        summary: 'A stored file, with Range, ETag and caching',
        description: 'Lesson media of a paid course needs the signed address the lesson endpoints give out.',
        params: z.object({ '*': z.string() }),
        querystring: z.object({ exp: z.string().max(20).optional(), sig: z.string().max(100).optional() }).loose(),
        response: {
          200: z.unknown().describe("The file's bytes"),
          206: z.unknown().describe('The bytes of the range asked for'),
          304: z.null().describe('Not modified'),
          403: ApiErrorBodySchema,
          404: ApiErrorBodySchema,
          416: ApiErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const notFound = () => new AppError(ErrorCode.NOT_FOUND, 'File not found');
      const key = request.params['*'];
      if (!ObjectKeySchema.safeParse(key).success || !isUploadKey(key)) throw notFound();
      const objectPath = `${OBJECT_PATH_PREFIX}${key}`;
      const isProtected = await protection.isProtected(objectPath, app.clock());
      if (isProtected && !app.objectUrls.verify(objectPath, request.query.exp, request.query.sig, app.clock())) {
        throw new AppError(ErrorCode.FORBIDDEN, 'This file belongs to a paid lesson: open it from the lesson');
      }
      const info = await app.objectStore.stat(key);
      if (!info) throw notFound();
      const etag = `"${info.etag}"`;
      reply
        .header('etag', etag)
        .header('last-modified', info.lastModified.toUTCString())
        .header('accept-ranges', 'bytes')
        // Keys are never reused, so a public object never changes; a signed address expires.
        .header('cache-control', isProtected ? 'private, max-age=3600' : 'public, max-age=31536000, immutable')
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', INLINE.test(info.contentType) ? 'inline' : 'attachment');
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      const range = parseRangeHeader(request.headers.range);
      try {
        const object = await app.objectStore.get({ key, ...(range ? { range } : {}) });
        if (!object) throw notFound();
        reply.header('content-type', object.contentType).header('etag', `"${object.etag}"`);
        if (object.range) {
          const length = object.range.end - object.range.start + 1;
          reply.code(206).header('content-range', `bytes ${object.range.start}-${object.range.end}/${object.size}`);
          reply.header('content-length', length);
        } else {
          reply.header('content-length', object.size);
        }
        return reply.send(object.body);
      } catch (error) {
        if (!(error instanceof RangeNotSatisfiableError)) throw error;
        return reply.code(416).header('content-range', `bytes */${error.size}`).send({ message: 'Range not satisfiable' });
      }
    },
  );
};
