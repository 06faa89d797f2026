import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { DURABLE_START_PARAMS, DurableNodeFS, syncPath, syncTree } from './durable-fs';
import { startWireServer } from './wire-server';

export type EmbeddedWorkerData = {
  /** Directory of the database files; absent for an in-memory database. */
  dataDir?: string;
  /** A tarball from PGlite's dumpDataDir to start from (tests' migrated template). */
  loadDataDirPath?: string;
  socketPath: string;
  idleInTransactionMs?: number;
  /** Commits reach the disk before they are acknowledged (durable-fs.ts); only with a dataDir. */
  fsync?: boolean;
};

export type EmbeddedWorkerRequest = { type: 'close' } | { type: 'dump'; path: string } | { type: 'sync-count' };
export type EmbeddedWorkerMessage =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'closed' }
  | { type: 'dumped' }
  | { type: 'dump-failed'; message: string }
  | { type: 'sync-count'; count: number };

const data = workerData as EmbeddedWorkerData;
const port = parentPort;
if (!port) throw new Error('the embedded database runs in a worker thread');

try {
  const loadDataDir = data.loadDataDirPath ? new Blob([await readFile(data.loadDataDirPath)]) : undefined;
  const durableDir = data.fsync && data.dataDir ? path.resolve(data.dataDir) : undefined;
  const isNew = durableDir !== undefined && !existsSync(path.join(durableDir, 'PG_VERSION'));
  let syncs = 0;
  const db = await PGlite.create({
    // Course search's typo tolerance (migration 0021); PostgreSQL servers ship it in contrib.
    extensions: { pg_trgm },
    ...(durableDir
      ? { fs: new DurableNodeFS(durableDir, () => syncs++), startParams: DURABLE_START_PARAMS }
      : data.dataDir
        ? { dataDir: data.dataDir }
        : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  if (durableDir && isNew) {
    syncTree(durableDir);
    syncPath(path.dirname(durableDir));
  }
  const server = await startWireServer({
    db,
    path: data.socketPath,
    ...(data.idleInTransactionMs ? { idleInTransactionMs: data.idleInTransactionMs } : {}),
    onError: (error) => console.error('embedded database:', error),
  });
  port.on('message', async (message: EmbeddedWorkerRequest) => {
    if (message.type === 'sync-count') {
      port.postMessage({ type: 'sync-count', count: syncs } satisfies EmbeddedWorkerMessage);
      return;
    }
    if (message.type === 'dump') {
      try {
        const dump = await db.dumpDataDir('none');
        await writeFile(message.path, Buffer.from(await dump.arrayBuffer()));
        port.postMessage({ type: 'dumped' } satisfies EmbeddedWorkerMessage);
      } catch (error) {
        port.postMessage({ type: 'dump-failed', message: String(error) } satisfies EmbeddedWorkerMessage);
      }
      return;
    }
    await server.close();
    await db.close();
    port.postMessage({ type: 'closed' } satisfies EmbeddedWorkerMessage);
  });
  port.postMessage({ type: 'ready' } satisfies EmbeddedWorkerMessage);
} catch (error) {
  port.postMessage({
    type: 'failed',
    message: error instanceof Error ? error.message : String(error),
  } satisfies EmbeddedWorkerMessage);
}
