import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, readdir, rename, rm, stat, statfs, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import { create, Parser, type ReadEntry } from 'tar';
import {
  ArchiveRefusedError,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupManifest,
  BackupManifestSchema,
  FOLDER_ENTRY,
  MANIFEST_ENTRY,
  MAX_MANIFEST_BYTES,
  MAX_ROW_BYTES,
  OBJECT_ENTRY,
  TABLE_ENTRY,
} from './backup-manifest';

/*
 * The archive on disk (ADR 0040, 0043), made and read with `tar` (gzip). Reading is in two passes: the
 * first checks every entry (names, sizes, checksums, against the manifest) and keeps the database files
 * in a scratch folder, before anything of the target is touched; the second writes the objects. No
 * entry is read past the size the manifest declares for it, and the manifest itself is capped, so a
 * small archive cannot make restore fill the memory or the disk.
 */

const mebibytes = (bytes: number) => `${Math.round(bytes / 1_048_576)} MiB`;

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * Hard links of the local disk store's object files (copies across file systems), each with its
 * SHA-256: an object file is never written after its rename into place, so the links are a snapshot
 * later deletes cannot spoil. The backup holds the purge meanwhile (operation-holds.ts), so every
 * object its rows name is still there to link.
 */
export async function snapshotObjects(storeRoot: string, into: string): Promise<BackupManifest['objects']['files']> {
  const files: BackupManifest['objects']['files'] = [];
  let names: string[];
  try {
    names = (await readdir(storeRoot, { recursive: true })).map(String);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return files;
    throw error;
  }
  for (const name of names.sort()) {
    const entry = `objects/${name.split(path.sep).join('/')}`;
    // .tmp holds uploads still being written.
    if (!OBJECT_ENTRY.test(entry)) continue;
    const source = path.join(storeRoot, name);
    const target = path.join(into, entry);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await link(source, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') continue; // deleted meanwhile (the purge): not part of the snapshot
      if (code !== 'EXDEV' && code !== 'EPERM') throw error;
      await copyFile(source, target);
    }
    files.push({ path: entry, size: (await stat(target)).size, sha256: await sha256Of(target) });
  }
  return files;
}

/**
 * Writes `staging` (manifest.json, database/, objects/) as a gzipped tar at `file`, whole or not at all,
 * readable by its owner alone: it holds password hashes and the app's secrets.
 */
export async function writeArchive(staging: string, manifest: BackupManifest, file: string): Promise<void> {
  await writeFile(path.join(staging, MANIFEST_ENTRY), `${JSON.stringify(manifest, null, 2)}\n`);
  const entries = [MANIFEST_ENTRY, 'database', ...(manifest.objects.files.length > 0 ? ['objects'] : [])];
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  try {
    await pipeline(
      create({ gzip: true, portable: true, cwd: staging }, entries),
      createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
    );
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

type EntryHandler = (entry: ReadEntry, name: string) => Promise<void> | void;

const damaged = (file: string, error: Error) => new ArchiveRefusedError(`${file} is damaged: ${error.message}`);

/**
 * Runs `handle` on every entry, one at a time, in order; any error of the archive (gzip, tar,
 * truncation) is a damaged archive. The first refusal stops the reading: nothing more is unpacked.
 */
async function readEntries(file: string, handle: EntryHandler): Promise<void> {
  const input = createReadStream(file);
  let settle: (error?: unknown) => void = () => {};
  const done = new Promise<void>((resolve, reject) => {
    settle = (error) => (error ? reject(error) : resolve());
  });
  let failure: unknown;
  const stop = (error: unknown) => {
    if (failure) return;
    failure = error;
    input.unpipe();
    input.destroy();
    settle(error);
  };
  let chain = Promise.resolve();
  const parser = new Parser({
    strict: true,
    onReadEntry: (entry) => {
      // The parser emits the next entry once this one has been read.
      chain = chain.then(async () => {
        if (failure) return void entry.resume();
        try {
          await handle(entry, entry.path);
        } catch (error) {
          entry.resume();
          stop(error);
        }
      });
    },
  });
  input.on('error', stop);
  parser.on('error', (error: Error) => stop(damaged(file, error)));
  parser.on('abort', (error: Error) => stop(damaged(file, error)));
  parser.on('end', () => void chain.then(() => settle()));
  input.pipe(parser);
  await done;
}

type Consumed = { size: number; sha256: string; longestLine: number };

/** Reads an entry to its end, hashing it, measuring its longest line, and writing it to `into` if given. */
async function consume(entry: ReadEntry, into?: string): Promise<Consumed> {
  const hash = createHash('sha256');
  const out = into ? createWriteStream(into, { flags: 'wx' }) : undefined;
  let size = 0;
  let line = 0;
  let longestLine = 0;
  const ended = new Promise<void>((resolve, reject) => {
    entry.on('end', () => resolve());
    entry.on('error', reject);
  });
  // One reader of the entry (a pipe beside a 'data' listener gets nothing from minipass).
  entry.on('data', (chunk: Buffer) => {
    hash.update(chunk);
    size += chunk.length;
    let start = 0;
    for (let end = chunk.indexOf(0x0a); end !== -1; end = chunk.indexOf(0x0a, start)) {
      longestLine = Math.max(longestLine, line + end - start);
      line = 0;
      start = end + 1;
    }
    line += chunk.length - start;
    longestLine = Math.max(longestLine, line);
    if (out && !out.write(chunk)) {
      entry.pause();
      out.once('drain', () => entry.resume());
    }
  });
  await ended;
  if (out) {
    out.end();
    await finished(out);
  }
  return { size, sha256: hash.digest('hex'), longestLine };
}

function checkEntryName(file: string, entry: ReadEntry, name: string): 'manifest' | 'table' | 'object' | 'folder' {
  const segments = name.split(/[\\/]/);
  if (path.isAbsolute(name) || /^[a-zA-Z]:/.test(name) || segments.includes('..')) {
    throw new ArchiveRefusedError(`${file} has an entry with an unsafe path (${JSON.stringify(name)}); nothing was restored.`);
  }
  const isFile = entry.type === 'File' || entry.type === 'OldFile';
  if (entry.type === 'Directory' && FOLDER_ENTRY.test(name)) return 'folder';
  if (isFile && name === MANIFEST_ENTRY) return 'manifest';
  if (isFile && TABLE_ENTRY.test(name)) return 'table';
  if (isFile && OBJECT_ENTRY.test(name)) return 'object';
  throw new ArchiveRefusedError(
    `${file} is not a Gradient Academy backup: it holds ${JSON.stringify(name)} (${entry.type}); nothing was restored.`,
  );
}

/**
 * An entry's manifest listing, its size (from its tar header, before a byte is read) checked against
 * the one declared there: nothing more than that is ever read.
 */
function declaredFor<T>(file: string, entry: ReadEntry, listing: T | undefined, declaredSize: (listing: T) => number): T {
  if (listing === undefined)
    throw new ArchiveRefusedError(
      `${file} is damaged: it holds ${entry.path}, which its manifest does not list; nothing was restored.`,
    );
  const declared = declaredSize(listing);
  if (entry.size > declared)
    throw new ArchiveRefusedError(
      `${file} is refused: ${entry.path} is ${entry.size} bytes, over the cap of ${declared} bytes its manifest declares for it; nothing was restored.`,
    );
  if (entry.size < declared)
    throw new ArchiveRefusedError(`${file} is damaged: ${entry.path} is shorter than its manifest declares.`);
  return listing;
}

/** The nearest folder of `dir` that exists, its file system and the bytes free there. */
async function freeSpace(dir: string): Promise<{ dir: string; device: number; free: number }> {
  let existing = path.resolve(dir);
  for (;;) {
    try {
      const info = await stat(existing);
      const volume = await statfs(existing);
      return { dir: existing, device: info.dev, free: volume.bavail * volume.bsize };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || path.dirname(existing) === existing) throw error;
      existing = path.dirname(existing);
    }
  }
}

/** The total cap: what the manifest declares must fit where restore writes it (rows to scratch, objects to the store). */
async function checkSpace(file: string, manifest: BackupManifest, { scratch, objectsDir }: VerifyTargets): Promise<void> {
  const rowBytes = manifest.tables.reduce((sum, table) => sum + table.bytes, 0);
  const objectBytes = manifest.objects.files.reduce((sum, object) => sum + object.size, 0);
  const scratchSpace = await freeSpace(scratch);
  const needs = [{ space: scratchSpace, bytes: rowBytes }];
  if (objectBytes > 0) {
    const objectSpace = await freeSpace(objectsDir);
    if (objectSpace.device === scratchSpace.device) needs[0] = { space: scratchSpace, bytes: rowBytes + objectBytes };
    else needs.push({ space: objectSpace, bytes: objectBytes });
  }
  for (const { space, bytes } of needs) {
    if (bytes > space.free) {
      throw new ArchiveRefusedError(
        `${file} is refused: its manifest declares ${bytes} bytes of rows and objects, over the ${space.free} bytes free in ${space.dir}; nothing was restored.`,
      );
    }
  }
}

export type VerifyTargets = {
  /** Where the table files are kept until they are loaded. */
  scratch: string;
  /** Where the objects will go (DATA_DIR/objects). */
  objectsDir: string;
};

/**
 * First pass: every entry's name and type, the manifest (first, and capped), and every table file's and
 * object's size (before it is read) and checksum against it. Table files are written into
 * `targets.scratch`. Throws ArchiveRefusedError.
 */
export async function verifyArchive(file: string, targets: VerifyTargets): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined;
  let declaredTables = new Map<string, BackupManifest['tables'][number]>();
  let declaredObjects = new Map<string, BackupManifest['objects']['files'][number]>();
  const seen = new Set<string>();
  let first = true;
  await readEntries(file, async (entry, name) => {
    const kind = checkEntryName(file, entry, name);
    const isFirst = first;
    first = false;
    if (kind === 'folder') return void entry.resume();
    if (kind === 'manifest') {
      if (!isFirst || manifest) throw new ArchiveRefusedError(`${file} is not a Gradient Academy backup (misplaced manifest).`);
      if (entry.size > MAX_MANIFEST_BYTES) {
        throw new ArchiveRefusedError(
          `${file} is refused: its ${MANIFEST_ENTRY} is ${entry.size} bytes, over the cap of ${mebibytes(MAX_MANIFEST_BYTES)} on a manifest; nothing was restored.`,
        );
      }
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      await new Promise<void>((resolve) => entry.on('end', () => resolve()));
      manifest = parseManifest(file, Buffer.concat(chunks).toString('utf8'));
      declaredTables = new Map(manifest.tables.map((table) => [`database/${table.name}.jsonl`, table]));
      declaredObjects = new Map(manifest.objects.files.map((object) => [object.path, object]));
      await checkSpace(file, manifest, targets);
      return;
    }
    if (!manifest)
      throw new ArchiveRefusedError(`${file} is not a Gradient Academy backup: it does not start with ${MANIFEST_ENTRY}.`);
    if (seen.has(name)) throw new ArchiveRefusedError(`${file} is damaged: it holds ${name} twice.`);
    seen.add(name);
    if (kind === 'table') {
      const table = declaredFor(file, entry, declaredTables.get(name), (listing) => listing.bytes);
      const found = await consume(entry, path.join(targets.scratch, path.basename(name)));
      if (found.sha256 !== table.sha256)
        throw new ArchiveRefusedError(`${file} is damaged: the rows of table ${table.name} do not match their checksum.`);
      if (found.longestLine > MAX_ROW_BYTES) {
        throw new ArchiveRefusedError(
          `${file} is refused: a row of table ${table.name} is ${found.longestLine} bytes, over the cap of ${mebibytes(MAX_ROW_BYTES)} on one row; nothing was restored.`,
        );
      }
      return;
    }
    const object = declaredFor(file, entry, declaredObjects.get(name), (listing) => listing.size);
    if ((await consume(entry)).sha256 !== object.sha256)
      throw new ArchiveRefusedError(`${file} is damaged: the stored object ${name} does not match its checksum.`);
  });
  if (!manifest) throw new ArchiveRefusedError(`${file} is not a Gradient Academy backup: it has no ${MANIFEST_ENTRY}.`);
  for (const table of manifest.tables) {
    if (!seen.has(`database/${table.name}.jsonl`))
      throw new ArchiveRefusedError(`${file} is damaged: the rows of table ${table.name} are missing.`);
  }
  for (const object of manifest.objects.files) {
    if (!seen.has(object.path)) throw new ArchiveRefusedError(`${file} is damaged: the stored object ${object.path} is missing.`);
  }
  return manifest;
}

function parseManifest(file: string, text: string): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ArchiveRefusedError(`${file} is damaged: its manifest is not JSON.`);
  }
  const { format, version } = (json as { format?: unknown; version?: unknown } | null) ?? {};
  if (format !== BACKUP_FORMAT)
    throw new ArchiveRefusedError(`${file} is not a Gradient Academy backup (format ${JSON.stringify(format)}).`);
  if (typeof version === 'number' && version < BACKUP_VERSION) {
    throw new ArchiveRefusedError(
      `${file} is an archive of format ${version}, without the checksums of its objects and the sizes of its tables that this version checks; restore it with the version that made it.`,
    );
  }
  const parsed = BackupManifestSchema.safeParse(json);
  if (!parsed.success) {
    throw new ArchiveRefusedError(
      `${file} has a manifest this version cannot read (${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}).`,
    );
  }
  return parsed.data;
}

/**
 * Second pass, after verifyArchive: writes the objects under `storeRoot`, each through a temporary name,
 * each checked again against the manifest (the file is read a second time).
 */
export async function extractObjects(file: string, manifest: BackupManifest, storeRoot: string): Promise<number> {
  const declared = new Map(manifest.objects.files.map((object) => [object.path, object]));
  let count = 0;
  const root = path.resolve(storeRoot);
  await readEntries(file, async (entry, name) => {
    if (checkEntryName(file, entry, name) !== 'object') return void entry.resume();
    const object = declaredFor(file, entry, declared.get(name), (listing) => listing.size);
    const target = path.resolve(root, name.slice('objects/'.length));
    // OBJECT_ENTRY admits only hex names, so this cannot trip; it keeps a future format honest.
    if (!target.startsWith(root + path.sep)) throw new ArchiveRefusedError(`${file} has an entry with an unsafe path (${name}).`);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(4).toString('hex')}.part`;
    if ((await consume(entry, temp)).sha256 !== object.sha256) {
      await rm(temp, { force: true });
      throw new ArchiveRefusedError(
        `${file} changed while it was restored: the stored object ${name} does not match its checksum.`,
      );
    }
    await rename(temp, target);
    count += 1;
  });
  return count;
}
