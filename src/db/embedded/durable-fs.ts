import { closeSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/*
 * PGlite starts PostgreSQL with fsync off (`-F`), and its Emscripten file system (NODEFS) has no
 * fsync at all: fdatasync is a no-op and fsync calls nothing. Every write reaches the kernel's page
 * cache, so a killed process loses nothing, but a power cut or kernel crash loses what the kernel had
 * not written back yet (up to ~35 s with Linux's defaults) and may leave WAL and data files out of
 * step. Here PostgreSQL's own fsync logic is switched back on, and reaches the disk
 * (docs/performance.md, Durable commits):
 * - without `-F`, PostgreSQL flushes the WAL at every commit and the data files at checkpoints;
 * - `wal_sync_method=fsync`, because Emscripten's fdatasync never reaches the file system;
 * - NODEFS's streams get the fsync they lack, a real fsync(2) of the file.
 */

/** PostgreSQL's settings with fsync on: PGlite's defaults without `-F`, the WAL flushed with fsync. */
export const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];

type EmscriptenStream = { nfd: number };
type EmscriptenModule = { NODEFS: { stream_ops: { fsync?: (stream: EmscriptenStream) => number } } };

/** NodeFS whose fsync reaches the disk; `onSync` counts them (a test sees that commits sync). */
export class DurableNodeFS extends NodeFS {
  constructor(
    dataDir: string,
    private readonly onSync: () => void = () => {},
  ) {
    super(dataDir);
  }

  override async init(...args: Parameters<NodeFS['init']>) {
    const result = await super.init(...args);
    const preRun = [...(result.emscriptenOpts.preRun ?? [])];
    preRun.push((mod: EmscriptenModule) => {
      mod.NODEFS.stream_ops.fsync = (stream) => {
        fsyncSync(stream.nfd);
        this.onSync();
        return 0;
      };
    });
    return { ...result, emscriptenOpts: { ...result.emscriptenOpts, preRun } };
  }
}

/**
 * fsync of every file and folder below `dir`: a database PGlite has just created is copied into
 * place by plain writes, which PostgreSQL's own syncs never cover.
 */
export function syncTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(child);
    else if (entry.isFile()) syncPath(child);
  }
  syncPath(dir);
}

/** fsync of one file or folder (a folder's fsync makes the names in it durable). */
export function syncPath(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
