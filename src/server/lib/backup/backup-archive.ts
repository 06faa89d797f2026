import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { create, Parser, type ReadEntry } from 'tar';
import {
  ArchiveRefusedError,
  BACKUP_FORMAT,
  type BackupManifest,
  BackupManifestSchema,
  FOLDER_ENTRY,
  MANIFEST_ENTRY,
  OBJECT_ENTRY,
  TABLE_ENTRY,
} from './backup-manifest';

/*
 * The archive on disk (ADR 0040), made and read with `tar` (gzip). Reading is in two passes: the first
 * checks every entry (names, sizes, checksums, against the manifest) and keeps the database files in a
 * scratch folder, before anything of the target is touched; the second writes the objects.
 */

/**
 * Hard links of the local disk store's object files (copies across file systems): an object file is
 * never written after its rename into place, so the links are a snapshot later deletes cannot spoil.
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
    files.push({ path: entry, size: (await stat(target)).size });
  }
  return files;
}

/** Writes `staging` (manifest.json, database/, objects/) as a gzipped tar at `file`, whole or not at all. */
export async function writeArchive(staging: string, manifest: BackupManifest, file: string): Promise<void> {
  await writeFile(path.join(staging, MANIFEST_ENTRY), `${JSON.stringify(manifest, null, 2)}\n`);
  const entries = [MANIFEST_ENTRY, 'database', ...(manifest.objects.files.length > 0 ? ['objects'] : [])];
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  try {
    await create({ gzip: true, portable: true, cwd: staging, file: partial }, entries);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

type EntryHandler = (entry: ReadEntry, name: string) => Promise<void> | void;

/** Runs `handle` on every entry; any error of the archive (gzip, tar, truncation) is a damaged archive. */
async function readEntries(file: string, handle: EntryHandler): Promise<void> {
  // One entry at a time, in order (the parser emits the next one when this one has been read).
  let chain = Promise.resolve();
  let failure: unknown;
  const parser = new Parser({
    strict: true,
    onReadEntry: (entry) => {
      chain = chain.then(async () => {
        if (failure) return void entry.resume();
        try {
          await handle(entry, entry.path);
        } catch (error) {
          failure = error;
          entry.resume();
        }
      });
    },
  });
  const input = createReadStream(file);
  await new Promise<void>((resolve, reject) => {
    input.on('error', reject);
    parser.on('error', (error: Error) => reject(new ArchiveRefusedError(`${file} is damaged: ${error.message}`)));
    parser.on('abort', (error: Error) => reject(new ArchiveRefusedError(`${file} is damaged: ${error.message}`)));
    parser.on('end', () => resolve());
    input.pipe(parser);
  });
  await chain;
  if (failure) throw failure;
}

async function consume(entry: ReadEntry, into?: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  const out = into ? createWriteStream(into, { flags: 'wx' }) : undefined;
  let size = 0;
  const ended = new Promise<void>((resolve, reject) => {
    entry.on('end', () => resolve());
    entry.on('error', reject);
  });
  // One reader of the entry (a pipe beside a 'data' listener gets nothing from minipass).
  entry.on('data', (chunk: Buffer) => {
    hash.update(chunk);
    size += chunk.length;
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
  return { size, sha256: hash.digest('hex') };
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
 * First pass: every entry's name and type, the manifest (first), and every table file's and object's
 * size and checksum against it. Table files are written into `scratch`. Throws ArchiveRefusedError.
 */
export async function verifyArchive(file: string, scratch: string): Promise<BackupManifest> {
  let manifest: BackupManifest | undefined;
  const tables = new Map<string, { size: number; sha256: string }>();
  const objects = new Map<string, number>();
  let first = true;
  await readEntries(file, async (entry, name) => {
    const kind = checkEntryName(file, entry, name);
    const isFirst = first;
    first = false;
    if (kind === 'folder') return void entry.resume();
    if (kind === 'manifest') {
      if (!isFirst || manifest) throw new ArchiveRefusedError(`${file} is not a Gradient Academy backup (misplaced manifest).`);
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      await new Promise<void>((resolve) => entry.on('end', () => resolve()));
      manifest = parseManifest(file, Buffer.concat(chunks).toString('utf8'));
      return;
    }
    if (!manifest)
      throw new ArchiveRefusedError(`${file} is not a Gradient Academy backup: it does not start with ${MANIFEST_ENTRY}.`);
    if (kind === 'table') {
      tables.set(name, await consume(entry, path.join(scratch, path.basename(name))));
      return;
    }
    objects.set(name, (await consume(entry)).size);
  });
  if (!manifest) throw new ArchiveRefusedError(`${file} is not a Gradient Academy backup: it has no ${MANIFEST_ENTRY}.`);
  for (const table of manifest.tables) {
    const found = tables.get(`database/${table.name}.jsonl`);
    if (!found) throw new ArchiveRefusedError(`${file} is damaged: the rows of table ${table.name} are missing.`);
    if (found.sha256 !== table.sha256)
      throw new ArchiveRefusedError(`${file} is damaged: the rows of table ${table.name} do not match their checksum.`);
  }
  if (tables.size !== manifest.tables.length)
    throw new ArchiveRefusedError(`${file} is damaged: it holds tables its manifest does not list.`);
  for (const object of manifest.objects.files) {
    const size = objects.get(object.path);
    if (size === undefined) throw new ArchiveRefusedError(`${file} is damaged: the stored object ${object.path} is missing.`);
    if (size !== object.size)
      throw new ArchiveRefusedError(`${file} is damaged: the stored object ${object.path} has the wrong size.`);
  }
  if (objects.size !== manifest.objects.files.length)
    throw new ArchiveRefusedError(`${file} is damaged: it holds objects its manifest does not list.`);
  return manifest;
}

function parseManifest(file: string, text: string): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ArchiveRefusedError(`${file} is damaged: its manifest is not JSON.`);
  }
  const format = (json as { format?: unknown; version?: unknown } | null)?.format;
  if (format !== BACKUP_FORMAT)
    throw new ArchiveRefusedError(`${file} is not a Gradient Academy backup (format ${JSON.stringify(format)}).`);
  const parsed = BackupManifestSchema.safeParse(json);
  if (!parsed.success) {
    throw new ArchiveRefusedError(
      `${file} has a manifest this version cannot read (${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}).`,
    );
  }
  return parsed.data;
}

/** Second pass, after verifyArchive: writes the objects under `storeRoot`, each through a temporary name. */
export async function extractObjects(file: string, storeRoot: string): Promise<number> {
  let count = 0;
  const root = path.resolve(storeRoot);
  await readEntries(file, async (entry, name) => {
    if (checkEntryName(file, entry, name) !== 'object') return void entry.resume();
    const target = path.resolve(root, name.slice('objects/'.length));
    // OBJECT_ENTRY admits only hex names, so this cannot trip; it keeps a future format honest.
    if (!target.startsWith(root + path.sep)) throw new ArchiveRefusedError(`${file} has an entry with an unsafe path (${name}).`);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(4).toString('hex')}.part`;
    await consume(entry, temp);
    await rename(temp, target);
    count += 1;
  });
  return count;
}
