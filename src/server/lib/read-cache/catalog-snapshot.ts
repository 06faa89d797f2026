import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { Course } from '#shared/schemas/catalog';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The public list as bytes; its compressed forms arrive a moment later, made off the event loop. */
export type CatalogSnapshot = {
  body: Buffer;
  etag: string;
  gzip: Buffer | undefined;
  brotli: Buffer | undefined;
  /** Settles once both compressed forms are ready (or failed). */
  compressed: Promise<void>;
};

export function buildCatalogSnapshot(list: Course[]): CatalogSnapshot {
  const body = Buffer.from(JSON.stringify(list));
  const snapshot: CatalogSnapshot = {
    body,
    etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    gzip: undefined,
    brotli: undefined,
    compressed: Promise.resolve(),
  };
  // zlib's async forms run in libuv's thread pool: max compression without stalling requests.
  snapshot.compressed = Promise.all([
    gzipAsync(body, { level: 9 }).then((bytes) => {
      snapshot.gzip = bytes;
    }),
    brotliAsync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }).then(
      (bytes) => {
        snapshot.brotli = bytes;
      },
    ),
  ]).then(
    () => {},
    () => {},
  );
  return snapshot;
}
