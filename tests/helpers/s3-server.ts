import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '#server/env';

/*
 * An in-process S3 server for tests: s3rver on 127.0.0.1, no internet or Docker needed. s3rver is an
 * approximation of S3, so where the object store relies on S3 behaviour s3rver lacks, this helper
 * supplies it (each marked "S3:" below), so tests check the store against S3's semantics, not the
 * emulator's gaps.
 */

export type S3TestServer = {
  config: NonNullable<Config['s3']>;
  /** Where s3rver keeps the bucket, for tests that look behind the API. */
  directory: string;
  close(): Promise<void>;
};

const require = createRequire(import.meta.url);

type Metadata = Record<string, string | number>;
type S3rverObject = {
  bucket: string;
  key: string;
  content: Readable | Buffer | null;
  metadata: Metadata;
  range?: { start: number; end: number };
  readonly size: number;
};
type RangeOptions = { start?: number; end?: number; suffixLength?: number };
type FilesystemStore = {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  getMetadata(bucket: string, key: string): Promise<Metadata>;
  putMetadata(bucket: string, key: string, metadata: Metadata, md5?: string): Promise<void>;
  getObject(bucket: string, key: string, options?: RangeOptions): Promise<S3rverObject | null>;
  putObject(object: S3rverObject): Promise<{ size: number; md5: string }>;
  deleteObject(bucket: string, key: string): Promise<void>;
};
type Context = {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  headers: Record<string, string | undefined>;
  params: Record<string, string | undefined>;
  state: Record<string, unknown>;
  store: FilesystemStore;
  status: number;
  type: string;
  body: unknown;
};
type Middleware = (ctx: Context, next: () => Promise<void>) => Promise<void>;
type S3rver = {
  store: FilesystemStore;
  middleware: Middleware[];
  httpServer: Server;
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
};
type S3rverOptions = {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
};

const S3rverServer = require('s3rver') as new (options: S3rverOptions) => S3rver;
const S3Object = require('s3rver/lib/models/object') as new (
  bucket: string,
  key: string,
  content: Readable | null,
  metadata: Metadata,
) => S3rverObject;
const S3Error = require('s3rver/lib/models/error') as new (code: string, message: string) => Error;
const authentication = (require('s3rver/lib/middleware/authentication') as () => Middleware)();
const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account') as {
  DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void; revokeAccessKey(id: string): void };
};

/** Longer path segments than this would pass the file system's 255-byte name limit in s3rver. */
const MAX_SEGMENT_BYTES = 200;

export async function startS3Server(): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'ga-s3-'));
  const tempDir = path.join(directory, '.incoming');
  await mkdir(tempDir);
  const bucket = `ga-test-${randomBytes(4).toString('hex')}`;
  const credentials = {
    accessKeyId: `GA${randomBytes(8).toString('hex').toUpperCase()}`,
    secretAccessKey: randomBytes(20).toString('hex'),
  };
  DUMMY_ACCOUNT.createKeyPair(credentials.accessKeyId, credentials.secretAccessKey);

  const server = new S3rverServer({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  makeStoreAtomic(server.store, tempDir);
  server.middleware.unshift(suffixRanges, multipartUploadExtras);
  const { port } = await server.run();

  return {
    config: { bucket, endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', credentials, forcePathStyle: true },
    directory,
    async close() {
      const closed = server.close();
      server.httpServer.closeAllConnections();
      await closed;
      DUMMY_ACCOUNT.revokeAccessKey(credentials.accessKeyId);
      await rm(directory, { recursive: true, force: true });
    },
  };
}

function makeStoreAtomic(store: FilesystemStore, tempDir: string): void {
  const locks = new Map<string, Promise<void>>();
  /** One key's publishing, reading and deleting never interleave (s3rver keeps three files an object). */
  function withKeyLock<T>(bucket: string, key: string, work: () => Promise<T>): Promise<T> {
    const id = `${bucket}/${key}`;
    const result = (locks.get(id) ?? Promise.resolve()).then(work);
    const settled = result.then(
      () => {},
      () => {},
    );
    locks.set(id, settled);
    void settled.then(() => {
      if (locks.get(id) === settled) locks.delete(id);
    });
    return result;
  }

  const resourcePath = store.getResourcePath.bind(store);
  // S3: keys of up to 1024 bytes in one segment; hashed only here, in the emulator's file names.
  store.getResourcePath = (bucket, key = '', resource) =>
    resourcePath(
      bucket,
      key
        .split('/')
        .map((segment) =>
          Buffer.byteLength(segment) > MAX_SEGMENT_BYTES ? `${createHash('sha256').update(segment).digest('hex')}.long` : segment,
        )
        .join('/'),
      resource,
    );

  const putMetadata = store.putMetadata.bind(store);
  // S3: a put shows the whole new object or none of it; s3rver writes straight into the object file.
  store.putObject = async (object) => {
    const incoming = path.join(tempDir, randomBytes(16).toString('hex'));
    const md5 = createHash('md5');
    let size = 0;
    const content = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : (object.content ?? Readable.from([]));
    try {
      await pipeline(
        content,
        new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            md5.update(chunk);
            size += chunk.length;
            callback(null, chunk);
          },
        }),
        createWriteStream(incoming),
      );
      const digest = md5.digest('hex');
      await withKeyLock(object.bucket, object.key, async () => {
        const target = store.getResourcePath(object.bucket, object.key, 'object');
        await mkdir(path.dirname(target), { recursive: true });
        await rename(incoming, target);
        await putMetadata(object.bucket, object.key, object.metadata, digest);
      });
      return { size, md5: digest };
    } finally {
      await rm(incoming, { force: true });
    }
  };

  // S3: one-byte ranges (`bytes=0-0`), suffix ranges, and 416 for any range of an empty object.
  store.getObject = (bucket, key, options = {}) =>
    withKeyLock(bucket, key, async () => {
      let metadata: Metadata;
      try {
        metadata = await store.getMetadata(bucket, key);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      const object = new S3Object(bucket, key, null, metadata);
      const file = store.getResourcePath(bucket, key, 'object');
      const { start, end, suffixLength } = options;
      if (start === undefined && end === undefined && suffixLength === undefined) {
        object.content = await opened(createReadStream(file));
        return object;
      }
      const last = object.size - 1;
      const range =
        suffixLength !== undefined
          ? { start: Math.max(0, object.size - suffixLength), end: last }
          : { start: start ?? 0, end: Math.min(end ?? last, last) };
      object.range = range;
      // Without content, s3rver's controller answers 416 InvalidRange.
      if (object.size > 0 && range.start <= range.end) object.content = await opened(createReadStream(file, range));
      return object;
    });

  const deleteObject = store.deleteObject.bind(store);
  store.deleteObject = (bucket, key) => withKeyLock(bucket, key, () => deleteObject(bucket, key));
}

/** Resolves once the file is open, so a later rename cannot change what it reads. */
function opened(stream: ReadStream): Promise<ReadStream> {
  return new Promise((resolve, reject) => {
    stream.once('error', reject).once('open', () => resolve(stream));
  });
}

/** S3: `Range: bytes=-n` (the last n bytes); s3rver would read it as `bytes=0-n`. */
const suffixRanges: Middleware = async (ctx, next) => {
  const suffix = /^bytes=-(\d+)$/.exec(ctx.headers.range ?? '');
  if (suffix && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
    const store = ctx.store;
    const suffixLength = Number(suffix[1]);
    ctx.store = Object.assign(Object.create(store) as FilesystemStore, {
      getObject: (bucket: string, key: string) => store.getObject(bucket, key, { suffixLength }),
    });
  }
  await next();
};

/** S3: AbortMultipartUpload and ListMultipartUploads, which s3rver does not implement. */
const multipartUploadExtras: Middleware = async (ctx, next) => {
  const [, bucket, key] = /^\/([^/]+)\/?(.*)$/.exec(ctx.path) ?? [];
  const uploadId = ctx.query.uploadId;
  const isAbort = ctx.method === 'DELETE' && bucket && key && uploadId !== undefined;
  const isList = ctx.method === 'GET' && bucket && !key && ctx.query.uploads !== undefined;
  if (!isAbort && !isList) return next();

  ctx.params = { bucket: decodeURIComponent(bucket as string), key: key && decodeURIComponent(key) };
  await authentication(ctx, async () => {
    const uploadsDir = ctx.store.getResourcePath(ctx.params.bucket as string, undefined, 'uploads');
    if (isAbort) {
      const dir = path.join(uploadsDir, uploadId as string);
      if (!/^[0-9a-f]+$/.test(uploadId as string) || !(await isDirectory(dir))) {
        throw new S3Error('NoSuchUpload', 'The specified upload does not exist.');
      }
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const ids = (await isDirectory(uploadsDir)) ? await readdir(uploadsDir) : [];
    const uploads = await Promise.all(
      ids.map(
        async (id) =>
          `<Upload><Key>${escapeXml(await readFile(path.join(uploadsDir, id, 'key'), 'utf8'))}</Key><UploadId>${id}</UploadId></Upload>`,
      ),
    );
    ctx.type = 'application/xml';
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${escapeXml(ctx.params.bucket as string)}</Bucket><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`;
  });
};

async function isDirectory(file: string): Promise<boolean> {
  return readdir(file).then(
    () => true,
    () => false,
  );
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}
