import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readdirSync, readFileSync, rmSync, type Stats, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** The pid in a lock or claim file, or null if the file is gone. NaN if it holds no pid. */
function readPid(file: string): number | null {
  try {
    return Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
}

function statOrNull(file: string): Stats | null {
  try {
    return statSync(file);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
}

/** Creates `target` holding `source`'s content in one step; false if `target` exists. */
function linkExclusive(source: string, target: string): boolean {
  try {
    linkSync(source, target);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  }
}

const sameFile = (a: Stats, b: Stats) => a.ino === b.ino && a.dev === b.dev && a.mtimeMs === b.mtimeMs;
const isOurs = (pid: number) => pid === process.pid;
const isLive = (pid: number) => Number.isInteger(pid) && pid > 0 && !isOurs(pid) && isAlive(pid);

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * PGlite has no lock of its own and two processes on one directory lose commits, so the server
 * owns DATA_DIR through a lock file holding its pid.
 *
 * The lock appears with its pid already in it (a hard link of a complete temporary file, which
 * fails atomically if the lock exists), so nobody ever reads a half-written lock. A lock left by a
 * process that died (SIGKILL, power loss) is taken over, so a crash never blocks a restart; the
 * takeover is the racy part, since every starter sees the same dead pid. Only the one starter that
 * holds the claim on that particular stale file (a claim file named after its inode, also created
 * by hard link) may delete it, after checking under the claim that it is still that file. A
 * claimant that died mid-takeover is passed over by the next claim generation.
 */
export function lockDataDir(dataDir: string): { release: () => void } {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'server.lock');
  const ours = path.join(dataDir, `server.lock.${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
  writeFileSync(ours, String(process.pid), { flag: 'wx' });
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      if (linkExclusive(ours, lockPath)) return held(dataDir, lockPath, statSync(ours));
      const lock = statOrNull(lockPath);
      const owner = readPid(lockPath);
      if (lock === null || owner === null) continue;
      if (isLive(owner)) throw lockedError(dataDir, owner);
      // Stale (owner gone), or empty from a start that died mid-write under an older version.
      if (!takeOver(lockPath, lock, ours)) sleep(5 + Math.random() * 20);
    }
  } finally {
    rmSync(ours, { force: true });
  }
  throw new DataDirLockedError(`Could not lock DATA_DIR ${dataDir}; another server is starting on it.`);
}

/** Removes the stale `lock` if this process wins its claim and it is still there; true if it did. */
function takeOver(lockPath: string, lock: Stats, ours: string): boolean {
  const claimBase = `${lockPath}.takeover-${lock.dev}-${lock.ino}-${Math.trunc(lock.mtimeMs)}`;
  for (let generation = 0; generation < 100; generation++) {
    const claim = `${claimBase}-${generation}`;
    if (!linkExclusive(ours, claim)) {
      const claimant = readPid(claim);
      // A live claimant is taking over right now; one that died left this generation behind.
      if (claimant !== null && isLive(claimant)) return false;
      continue;
    }
    try {
      const current = statOrNull(lockPath);
      if (current === null || !sameFile(current, lock)) return false;
      const owner = readPid(lockPath);
      if (owner !== null && isLive(owner)) return false;
      unlinkSync(lockPath);
      return true;
    } finally {
      rmSync(claim, { force: true });
    }
  }
  return false;
}

function held(dataDir: string, lockPath: string, lock: Stats) {
  // Claims left by starters that died mid-takeover concern files that no longer exist.
  for (const name of readdirSync(dataDir)) {
    if (!name.startsWith('server.lock.takeover-')) continue;
    const claimant = readPid(path.join(dataDir, name));
    if (claimant === null || !isLive(claimant)) rmSync(path.join(dataDir, name), { force: true });
  }
  let released = false;
  return {
    release: () => {
      if (released) return;
      released = true;
      // Never delete a lock that is no longer ours.
      const current = statOrNull(lockPath);
      if (current && current.ino === lock.ino && current.dev === lock.dev) rmSync(lockPath, { force: true });
    },
  };
}

function lockedError(dataDir: string, owner: number) {
  return new DataDirLockedError(
    `DATA_DIR ${dataDir} is in use by another Gradient Academy server (pid ${owner}); stop it or choose another DATA_DIR.`,
  );
}
