/**
 * `npm run restore -- FILE`: puts an archive of `npm run backup` (ADR 0040) into an empty DATA_DIR
 * (embedded database) or an empty PostgreSQL database (DATABASE_URL), with its stored objects in
 * DATA_DIR/objects. The whole archive is checked first; a damaged, foreign or unsafe archive, or a
 * target that holds anything, is refused with one line and nothing touched.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb, type DbHandle } from '#db/client';
import { migrateDb, migrationJournal } from '#db/migrate';
import { extractObjects, verifyArchive } from '../lib/backup/backup-archive';
import { ArchiveRefusedError, type BackupManifest } from '../lib/backup/backup-manifest';
import { isEmptyDatabase, loadDatabase } from '../lib/backup/database-rows';
import { DataDirLockedError, lockDataDir } from '../lib/data-dir-lock';
import { exit, loadCliConfig } from './cli-database';

const USAGE = 'Usage: npm run restore -- <file>   (restores a backup into an empty DATA_DIR or an empty DATABASE_URL database)';

/** Entries an untouched DATA_DIR may hold: the lock this tool itself holds while it works. */
const isLockFile = (name: string) => name.startsWith('server.lock');

/** Ends the restore with one line, after the `finally` blocks have put everything back. */
function refuse(message: string): never {
  throw new ArchiveRefusedError(message);
}

function checkMigrations(file: string, manifest: BackupManifest): number {
  const journal = migrationJournal();
  const { count, lastCreatedAt } = manifest.migrations;
  const known = count > 0 && count <= journal.length && String(journal[count - 1]?.when) === lastCreatedAt;
  if (!known) {
    throw new ArchiveRefusedError(
      count > journal.length
        ? `${file} was made by a newer version of Gradient Academy (${count} migrations, this one has ${journal.length}); restore it with that version.`
        : `${file} was made by a version of Gradient Academy whose migrations this one does not have.`,
    );
  }
  return count;
}

function isEmptyFolder(dir: string, ignore: (name: string) => boolean = () => false): boolean {
  if (!existsSync(dir)) return true;
  return readdirSync(dir).every(ignore);
}

async function restoreRows(handle: DbHandle, scratch: string, manifest: BackupManifest): Promise<number> {
  // The schema the rows were dumped from, then the rows, then the migrations that came after them.
  await migrateDb(handle, { upTo: manifest.migrations.count });
  const client = await handle.pool.connect();
  let rows: number;
  try {
    rows = await loadDatabase(client, scratch, manifest);
  } finally {
    client.release();
  }
  await migrateDb(handle);
  return rows;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  if (args.length !== 1 || !args[0] || args[0].startsWith('-')) exit(2, USAGE);
  const file = path.resolve(args[0]);
  if (!existsSync(file)) exit(1, `${file} does not exist.`);
  const config = loadCliConfig();

  const startedAt = performance.now();
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'ga-restore-'));
  let lock: { release: () => void } | undefined;
  try {
    const objectsDir = path.join(config.dataDir, 'objects');
    const manifest = await verifyArchive(file, { scratch, objectsDir });
    checkMigrations(file, manifest);
    if (manifest.objects.files.length > 0 && config.s3) {
      refuse(
        `${file} holds ${manifest.objects.files.length} stored objects of a disk store; restore with S3_BUCKET unset (into DATA_DIR/objects), then copy them to the bucket.`,
      );
    }

    if (!config.databaseUrl) {
      try {
        lock = lockDataDir(config.dataDir);
      } catch (error) {
        if (error instanceof DataDirLockedError)
          refuse(`A server is running on DATA_DIR ${config.dataDir}; restore only into an empty DATA_DIR.`);
        throw error;
      }
      if (!isEmptyFolder(config.dataDir, isLockFile)) {
        refuse(`DATA_DIR ${config.dataDir} is not empty; restore only into an empty or new DATA_DIR (nothing was changed).`);
      }
    }

    let handle: DbHandle;
    if (config.databaseUrl) {
      handle = await createDb({ kind: 'postgres', url: config.databaseUrl, poolSize: 1 });
      const client = await handle.pool.connect();
      const isEmpty = await isEmptyDatabase(client).finally(() => client.release());
      if (!isEmpty || (manifest.objects.files.length > 0 && !isEmptyFolder(objectsDir))) {
        await handle.close();
        refuse(
          isEmpty
            ? `${objectsDir} is not empty; restore only into an empty DATA_DIR/objects (nothing was changed).`
            : 'The database at DATABASE_URL is not empty; restore only into a new, empty database (nothing was changed).',
        );
      }
    } else {
      handle = await createDb({
        kind: 'pglite',
        dataDir: path.join(config.dataDir, 'db'),
        poolSize: 1,
        fsync: config.embeddedFsync,
      });
    }

    let rows: number;
    let objects: number;
    try {
      rows = await restoreRows(handle, scratch, manifest);
      objects = manifest.objects.files.length > 0 ? await extractObjects(file, manifest, objectsDir) : 0;
    } catch (error) {
      await handle.close().catch(() => {});
      if (!config.databaseUrl) {
        // It was empty: leave it so, for another try.
        rmSync(path.join(config.dataDir, 'db'), { recursive: true, force: true });
        rmSync(objectsDir, { recursive: true, force: true });
        throw new Error(`DATA_DIR left empty: ${(error as Error).message}`);
      }
      throw new Error(`part way: drop and re-create the database before another try: ${(error as Error).message}`);
    }
    await handle.close();
    console.log(
      `Restored ${manifest.tables.length} tables (${rows} rows) and ${objects} stored objects from ${file} (made ${manifest.createdAt}) into ${
        config.databaseUrl ? 'the database at DATABASE_URL' : `DATA_DIR ${config.dataDir}`
      } in ${Math.round(performance.now() - startedAt)} ms.${manifest.objects.store === 's3' ? ` ${manifest.objects.note}.` : ''}`,
    );
    return 0;
  } finally {
    lock?.release();
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) =>
    error instanceof ArchiveRefusedError
      ? exit(1, error.message)
      : exit(1, `restore failed: ${error instanceof Error ? error.message : String(error)}`),
);
