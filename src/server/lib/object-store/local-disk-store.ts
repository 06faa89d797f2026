import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { finished, type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { resolveByteRange } from './byte-range';
import { assertValidContentType, assertValidObjectKey } from './object-key';
import { InvalidObjectKeyError, type ObjectInfo, type ObjectStore, ObjectTooLargeError } from './object-store';

/*
 * Layout: each object is ONE file, `<root>/<h[0:2]>/<h[2:4]>/<h>` with h = sha256(key), holding a
 * fixed-size header (key, content type, size, etag, time) and then the content.
 * - One file means one rename publishes content and metadata together: with a sidecar file, two
 *   concurrent puts could leave one put's content beside the other's etag.
 * - A reader works on the file it opened, so a replacement or delete during a download cannot mix
 *   versions or cut the stream short.
 * - Hashed names never meet the file system's rules: keys `a` and `a/b` can both exist (a file and a
 *   folder otherwise), case-insensitive or normalising disks cannot merge two keys, and no key can
 *   name a path outside the root. The header keeps the key, so a file can still be identified.
 */

const HEADER_BYTES = 4096;
const MAGIC = 'gradient-academy-object/1\n';
const TEMP_DIR = '.tmp';
/** Longer than any upload can take, so only files of crashed writes are removed. */
const STALE_TEMP_MS = 24 * 60 * 60 * 1000;

const HeaderSchema = z.object({
  key: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  etag: z.string(),
  lastModified: z.iso.datetime(),
});
type Header = z.infer<typeof HeaderSchema>;

export type LocalDiskStoreOptions = {
  /** Usually `$DATA_DIR/objects`; created on the first put. */
  root: string;
  now?: () => number;
};

/** Where the object of `key` lives below the store's root (a backup checks its files by it). */
export function objectFileOf(key: string): string {
  const digest = createHash('sha256').update(key).digest('hex');
  return path.join(digest.slice(0, 2), digest.slice(2, 4), digest);
}

export function createLocalDiskStore({ root, now = Date.now }: LocalDiskStoreOptions): ObjectStore {
  const base = path.resolve(root);
  const prefix = base.endsWith(path.sep) ? base : base + path.sep;
  const tempDir = path.join(base, TEMP_DIR);
  let swept: Promise<void> | undefined;

  function objectPath(key: string): string {
    assertValidObjectKey(key);
    const file = path.resolve(base, objectFileOf(key));
    // Cannot fail with hashed names; kept so a future layout change cannot silently escape the root.
    if (!file.startsWith(prefix)) throw new InvalidObjectKeyError('resolves outside the store');
    return file;
  }

  async function openObject(key: string): Promise<{ handle: FileHandle; info: ObjectInfo } | null> {
    const file = objectPath(key);
    let handle: FileHandle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    try {
      return { handle, info: await readHeader(handle, key, file) };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  return {
    async put({ key, body, contentType, maxBytes }) {
      const target = objectPath(key);
      assertValidContentType(contentType);
      if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) throw new RangeError('maxBytes must be a non-negative integer');
      await mkdir(tempDir, { recursive: true });
      swept ??= removeStaleTempFiles(tempDir, now()).catch(() => {});
      await swept;

      const temp = path.join(tempDir, `${randomBytes(16).toString('hex')}.part`);
      const hash = createHash('sha256');
      let size = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (size > maxBytes) return callback(new ObjectTooLargeError(maxBytes));
          hash.update(chunk);
          callback(null, chunk);
        },
      });
      const file = createWriteStream(temp, { flags: 'wx', start: HEADER_BYTES });
      try {
        await copyInto(body, limit, file);
        const header: Header = { key, contentType, size, etag: hash.digest('hex'), lastModified: new Date(now()).toISOString() };
        await writeHeader(temp, header);
        await mkdir(path.dirname(target), { recursive: true });
        await rename(temp, target);
        return { key, size, etag: header.etag };
      } catch (error) {
        // A refusal can come while the file is still being opened (created): removing it before it
        // has closed would leave it behind, under .tmp, until the next start's sweep.
        if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
        await rm(temp, { force: true });
        throw error;
      }
    },

    async get({ key, range }) {
      const opened = await openObject(key);
      if (!opened) return null;
      const { handle, info } = opened;
      try {
        const bytes = range ? resolveByteRange(range, info.size) : undefined;
        // Without a range, read to the end: the file is never written after its rename.
        const body = handle.createReadStream(
          bytes ? { start: HEADER_BYTES + bytes.start, end: HEADER_BYTES + bytes.end } : { start: HEADER_BYTES },
        );
        return { ...info, body, ...(bytes ? { range: bytes } : {}) };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async stat(key) {
      const opened = await openObject(key);
      if (!opened) return null;
      await opened.handle.close();
      return opened.info;
    },

    async delete(key) {
      await rm(objectPath(key), { force: true });
    },
  };
}

/**
 * Like `pipeline(body, limit, file)`, except that a refusal leaves `body` undestroyed (only
 * unpiped): destroying an HTTP request kills its socket, and the route could no longer answer 413.
 */
async function copyInto(body: Readable, limit: Transform, file: NodeJS.WritableStream): Promise<void> {
  const written = pipeline(limit, file);
  const stopWatching = finished(body, { writable: false }, (error) => {
    if (error) limit.destroy(error);
  });
  body.pipe(limit);
  try {
    await written;
  } finally {
    stopWatching();
    body.unpipe(limit);
  }
}

async function writeHeader(file: string, header: Header): Promise<void> {
  const text = `${MAGIC}${JSON.stringify(header)}\n`;
  const bytes = Buffer.alloc(HEADER_BYTES, ' ');
  // Keys and content types are length-limited, so this only trips on a programming error.
  if (bytes.write(text, 'utf8') !== Buffer.byteLength(text)) throw new Error('object header too long');
  const handle = await open(file, 'r+');
  try {
    await handle.write(bytes, 0, HEADER_BYTES, 0);
    // On disk before the rename publishes it, so a crash cannot leave a named but empty object.
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function readHeader(handle: FileHandle, key: string, file: string): Promise<ObjectInfo> {
  const buffer = Buffer.alloc(HEADER_BYTES);
  const { bytesRead } = await handle.read(buffer, 0, HEADER_BYTES, 0);
  const text = buffer.toString('utf8', 0, bytesRead);
  const parsed = text.startsWith(MAGIC)
    ? HeaderSchema.safeParse(safeJson(text.slice(MAGIC.length, text.indexOf('\n', MAGIC.length))))
    : undefined;
  const { size: fileSize } = await handle.stat();
  if (!parsed?.success || parsed.data.key !== key || fileSize !== HEADER_BYTES + parsed.data.size) {
    throw new Error(`corrupt object file ${file}`);
  }
  const header = parsed.data;
  return {
    key,
    size: header.size,
    contentType: header.contentType,
    etag: header.etag,
    lastModified: new Date(header.lastModified),
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Writes cut off by a crash leave `.part` files; they are removed once per process. */
async function removeStaleTempFiles(dir: string, now: number): Promise<void> {
  for (const name of await readdir(dir)) {
    if (!name.endsWith('.part')) continue;
    const file = path.join(dir, name);
    try {
      if (now - (await stat(file)).mtimeMs > STALE_TEMP_MS) await rm(file, { force: true });
    } catch {
      // Another writer finished or removed it meanwhile.
    }
  }
}
