/**
 * `npm run backup -- FILE`: one archive of the database and the stored objects (ADR 0040), made while
 * the server runs or not, on either engine. The embedded database of a running server is read through
 * the server's own socket (DATA_DIR/server.socket names it); without a server, the tool opens it itself,
 * holding the DATA_DIR lock so that no server starts on it meanwhile. With the disk store, the upload
 * purge is held from before the rows are read until the objects are linked (ADR 0043), and an object
 * the rows name that is missing all the same fails the backup: no archive is written.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, type DbHandle } from '#db/client';
import type { Config } from '../env';
import { snapshotObjects, writeArchive } from '../lib/backup/backup-archive';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupManifest } from '../lib/backup/backup-manifest';
import { dumpDatabase } from '../lib/backup/database-rows';
import { missingObjects, objectsNamedByRows } from '../lib/backup/named-objects';
import { DataDirLockedError, lockDataDir } from '../lib/data-dir-lock';
import { holdUploadPurge, type PurgeHold } from '../lib/operation-holds';
import { SERVER_SOCKET_FILE } from '../lib/server-socket';
import { exit, loadCliConfig } from './cli-database';

const USAGE = 'Usage: npm run backup -- <file>   (writes one archive of the database and the stored objects)';

type Source = {
  client: pg.ClientBase;
  engine: 'pglite' | 'postgres';
  whileServing: boolean;
  /** A second connection (the purge hold's, outside the snapshot's transaction), closed with the source. */
  connectAgain: () => Promise<pg.ClientBase>;
  close: () => Promise<void>;
};

/** A source reached by its address: each connection a client of its own, all ended by close. */
async function connectedSource(settings: pg.ClientConfig, engine: Source['engine'], whileServing: boolean): Promise<Source> {
  const clients: pg.Client[] = [];
  const connect = async () => {
    const client = new pg.Client(settings);
    clients.push(client);
    await client.connect();
    return client;
  };
  return {
    client: await connect(),
    engine,
    whileServing,
    connectAgain: connect,
    close: async () => void (await Promise.all(clients.map((client) => client.end()))),
  };
}

async function openSource(config: Config): Promise<Source> {
  if (config.databaseUrl) return connectedSource({ connectionString: config.databaseUrl }, 'postgres', false);
  let lock: { release: () => void };
  try {
    lock = lockDataDir(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    return openRunningServer(config);
  }
  if (!existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'))) {
    lock.release();
    exit(1, `DATA_DIR ${config.dataDir} holds no database to back up.`);
  }
  let handle: DbHandle;
  try {
    handle = await createDb({
      kind: 'pglite',
      dataDir: path.join(config.dataDir, 'db'),
      poolSize: 2,
      fsync: config.embeddedFsync,
    });
  } catch (error) {
    lock.release();
    throw error;
  }
  const clients = [await handle.pool.connect()];
  return {
    client: clients[0] as pg.PoolClient,
    engine: 'pglite',
    whileServing: false,
    connectAgain: async () => {
      const client = await handle.pool.connect();
      clients.push(client);
      return client;
    },
    close: async () => {
      for (const client of clients) client.release();
      await handle.close();
      lock.release();
    },
  };
}

/** The running server's embedded database, through the socket it serves it on. */
async function openRunningServer(config: Config): Promise<Source> {
  let socketDir: string;
  try {
    socketDir = readFileSync(path.join(config.dataDir, SERVER_SOCKET_FILE), 'utf8').trim();
  } catch {
    exit(1, `The server on DATA_DIR ${config.dataDir} is still starting (no ${SERVER_SOCKET_FILE} yet); try again in a moment.`);
  }
  try {
    return await connectedSource({ host: socketDir, user: 'postgres', database: 'postgres' }, 'pglite', true);
  } catch (error) {
    exit(1, `Could not reach the database of the server running on DATA_DIR ${config.dataDir}: ${(error as Error).message}`);
  }
}

/** Staging folders `.backup-<pid>-…` of backups that were killed: their hard links would keep deleted objects' space. */
function removeDeadStaging(dataDir: string): void {
  if (!existsSync(dataDir)) return;
  for (const name of readdirSync(dataDir)) {
    const pid = Number(/^\.backup-(\d+)-/.exec(name)?.[1]);
    if (!pid || isAlive(pid)) continue;
    rmSync(path.join(dataDir, name), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  if (args.length !== 1 || !args[0] || args[0].startsWith('-')) exit(2, USAGE);
  const file = path.resolve(args[0]);
  if (existsSync(file)) exit(1, `${file} exists already; choose a new file name (a backup never overwrites one).`);
  if (!existsSync(path.dirname(file))) exit(1, `The folder ${path.dirname(file)} does not exist.`);
  const config = loadCliConfig();

  const startedAt = performance.now();
  const usesDisk = !config.s3;
  // Beside the objects, so that their snapshot is hard links, not copies.
  const stagingParent = usesDisk && existsSync(path.join(config.dataDir, 'objects')) ? config.dataDir : os.tmpdir();
  const source = await openSource(config);
  if (stagingParent === config.dataDir) removeDeadStaging(config.dataDir);
  const staging = mkdtempSync(path.join(stagingParent, `.backup-${process.pid}-`));
  try {
    await mkdir(path.join(staging, 'database'));
    const objectsDir = path.join(config.dataDir, 'objects');
    let hold: PurgeHold | undefined;
    let dumped: Awaited<ReturnType<typeof dumpDatabase>>;
    let files: BackupManifest['objects']['files'] = [];
    let dumpMs: number;
    try {
      // Taken before the snapshot: no object the rows name can be purged before it is linked (ADR 0043).
      if (usesDisk) hold = await holdUploadPurge(await source.connectAgain());
      const dumpStartedAt = performance.now();
      dumped = await dumpDatabase(source.client, path.join(staging, 'database'));
      dumpMs = Math.round(performance.now() - dumpStartedAt);
      // After the rows: an object a row names was stored before its row was written, so it is here too.
      if (usesDisk) {
        files = await snapshotObjects(objectsDir, staging);
        const missing = missingObjects(await objectsNamedByRows(path.join(staging, 'database'), dumped.tables), files);
        if (missing.length > 0) {
          throw new Error(
            `${missing.length} stored object${missing.length === 1 ? '' : 's'} the rows name ${missing.length === 1 ? 'is' : 'are'} missing from ${objectsDir} (${missing[0]}${missing.length > 1 ? ', …' : ''}); no archive was written.`,
          );
        }
      }
    } finally {
      await hold?.release();
      await source.close();
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      source: { engine: source.engine, serverVersion: dumped.serverVersion, whileServing: source.whileServing },
      migrations: dumped.migrations,
      tables: dumped.tables,
      sequences: dumped.sequences,
      objects: usesDisk
        ? { store: 'disk', note: `every stored object of ${objectsDir}`, files }
        : {
            store: 's3',
            note: `no stored objects: they are in the S3 bucket ${config.s3?.bucket}, which the operator versions or copies`,
            files: [],
          },
    };
    await writeArchive(staging, manifest, file);
    const rows = dumped.tables.reduce((sum, table) => sum + table.rows, 0);
    const bytes = files.reduce((sum, object) => sum + object.size, 0);
    console.log(
      `Backed up ${dumped.tables.length} tables (${rows} rows, read in ${dumpMs} ms) and ${
        usesDisk ? `${files.length} stored objects (${bytes} bytes)` : `no stored objects (S3 bucket ${config.s3?.bucket})`
      } to ${file} in ${Math.round(performance.now() - startedAt)} ms.`,
    );
    return 0;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => exit(1, `backup failed: ${error instanceof Error ? error.message : String(error)}`),
);
