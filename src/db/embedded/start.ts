import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { EmbeddedWorkerData, EmbeddedWorkerMessage, EmbeddedWorkerRequest } from './worker';

export type EmbeddedDatabase = {
  /** Directory of the Unix socket: node-postgres's `host`. */
  socketDir: string;
  /** Writes the database as a tarball PGlite can start from (`loadDataDirPath`). */
  dump: (path: string) => Promise<void>;
  /** How many fsyncs the engine has made (0 unless `fsync` was asked for). */
  syncCount: () => Promise<number>;
  stop: () => Promise<void>;
};

// node-postgres connects to `${host}/.s.PGSQL.${port}`.
const SOCKET_NAME = '.s.PGSQL.5432';

/** Bundled, the worker sits beside the server; from source (tsx, vitest) it is TypeScript, loaded through tsx. */
function createWorker(workerData: EmbeddedWorkerData): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData });
  const source = new URL('./worker.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(source)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(bootstrap, { eval: true, workerData });
}

/**
 * Socket directories of processes that were killed (SIGKILL gives no chance to clean up): a socket
 * nobody answers on is removed. Live servers' sockets answer, so they are left alone.
 */
async function sweepDeadSocketDirs(): Promise<void> {
  const tmp = os.tmpdir();
  const entries = await readdir(tmp).catch(() => [] as string[]);
  await Promise.all(
    entries
      .filter((name) => name.startsWith('ga-db-'))
      .map(async (name) => {
        const dir = path.join(tmp, name);
        const info = await stat(dir).catch(() => undefined);
        if (!info || Date.now() - info.mtimeMs < 60_000) return;
        const answers = await new Promise<boolean>((resolve) => {
          const socket = connect(path.join(dir, SOCKET_NAME));
          socket.once('connect', () => {
            socket.destroy();
            resolve(true);
          });
          socket.once('error', () => resolve(false));
        });
        if (!answers) await rm(dir, { recursive: true, force: true });
      }),
  );
}

/**
 * Runs PGlite in a worker thread, so its WASM never blocks the server's event loop, and serves it
 * over the PostgreSQL protocol on a Unix socket in a private (0700) directory. The worker dies with
 * the process; a crash of the worker is reported through `onExit`.
 */
export async function startEmbeddedDatabase(options: {
  dataDir?: string;
  loadDataDirPath?: string;
  idleInTransactionMs?: number;
  /** Commits on disk before they are acknowledged (docs/performance.md, Durable commits). */
  fsync?: boolean;
  onExit?: (error: Error) => void;
}): Promise<EmbeddedDatabase> {
  void sweepDeadSocketDirs().catch(() => {});
  const socketDir = mkdtempSync(path.join(os.tmpdir(), 'ga-db-'));
  const data: EmbeddedWorkerData = {
    socketPath: path.join(socketDir, SOCKET_NAME),
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDirPath ? { loadDataDirPath: options.loadDataDirPath } : {}),
    ...(options.idleInTransactionMs ? { idleInTransactionMs: options.idleInTransactionMs } : {}),
    ...(options.fsync ? { fsync: true } : {}),
  };
  const worker = createWorker(data);
  let stopping = false;
  const removeSocketDir = () => rmSync(socketDir, { recursive: true, force: true });

  await new Promise<void>((resolve, reject) => {
    const onMessage = (message: EmbeddedWorkerMessage) => {
      if (message.type === 'ready') resolve();
      if (message.type === 'failed') reject(new Error(`embedded database failed to start: ${message.message}`));
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`embedded database worker exited with ${code}`)));
  }).catch((error: unknown) => {
    void worker.terminate();
    removeSocketDir();
    throw error;
  });

  worker.removeAllListeners('error');
  worker.removeAllListeners('exit');
  worker.on('error', (error) => options.onExit?.(error));
  worker.on('exit', (code) => {
    removeSocketDir();
    if (!stopping) options.onExit?.(new Error(`embedded database worker exited with ${code}`));
  });

  const send = (request: EmbeddedWorkerRequest) => worker.postMessage(request);
  return {
    socketDir,
    dump(file) {
      return new Promise((resolve, reject) => {
        const onMessage = (message: EmbeddedWorkerMessage) => {
          if (message.type !== 'dumped' && message.type !== 'dump-failed') return;
          worker.off('message', onMessage);
          if (message.type === 'dumped') resolve();
          else reject(new Error(message.message));
        };
        worker.on('message', onMessage);
        send({ type: 'dump', path: file });
      });
    },
    syncCount() {
      return new Promise((resolve) => {
        const onMessage = (message: EmbeddedWorkerMessage) => {
          if (message.type !== 'sync-count') return;
          worker.off('message', onMessage);
          resolve(message.count);
        };
        worker.on('message', onMessage);
        send({ type: 'sync-count' });
      });
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      const closed = new Promise<void>((resolve) => {
        worker.on('message', (message: EmbeddedWorkerMessage) => message.type === 'closed' && resolve());
        worker.once('exit', () => resolve());
      });
      send({ type: 'close' });
      await closed;
      await worker.terminate();
      removeSocketDir();
    },
  };
}
