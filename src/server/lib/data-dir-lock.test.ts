import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const root = mkdtempSync(path.join(os.tmpdir(), 'ga-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A pid that belonged to a process which has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  if (!child.pid) throw new Error('no pid');
  return child.pid;
}
let stalePid: number;
beforeAll(() => {
  stalePid = deadPid();
});

let dirCount = 0;
function staleDataDir(content?: string): string {
  dirCount += 1;
  const dir = path.join(root, `data-${dirCount}`);
  const lock = path.join(dir, 'server.lock');
  rmSync(dir, { recursive: true, force: true });
  lockDataDir(dir).release();
  writeFileSync(lock, content ?? String(stalePid));
  return dir;
}

describe('lockDataDir in one process', () => {
  it('takes a free or stale lock, refuses a live one, and releases only its own', () => {
    const dir = staleDataDir();
    const lock = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));

    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      const busy = staleDataDir(String(sleeper.pid));
      expect(() => lockDataDir(busy)).toThrow(DataDirLockedError);
      expect(readFileSync(path.join(busy, 'server.lock'), 'utf8')).toBe(String(sleeper.pid));
    } finally {
      sleeper.kill();
    }

    lock.release();
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);
    // Nothing but the lock is ever left behind.
    expect(readdirSync(dir)).toEqual([]);
  });

  it('takes over a stale lock whose previous taker died mid-takeover, and cleans up after it', () => {
    const dir = staleDataDir();
    const stale = statSync(path.join(dir, 'server.lock'));
    const claim = `server.lock.takeover-${stale.dev}-${stale.ino}-${Math.trunc(stale.mtimeMs)}-0`;
    writeFileSync(path.join(dir, claim), String(stalePid));
    const lock = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    expect(readdirSync(dir)).toEqual(['server.lock']);
    lock.release();
  });

  it('takes over an empty or garbled lock', () => {
    for (const content of ['', 'not a pid', '-1']) {
      const dir = staleDataDir(content);
      const lock = lockDataDir(dir);
      expect(readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
      lock.release();
    }
  });
});

describe('two or more servers starting together on one stale lock', () => {
  const CONTENDERS = 4;
  const ROUNDS = 100;
  const modulePath = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));
  // Each contender stays alive across rounds, so a lock it wins stays live; every round starts
  // at one agreed instant, spinning until then so nobody is still waking up.
  const script = `
    import { createInterface } from 'node:readline';
    const { lockDataDir } = await import(${JSON.stringify(modulePath)});
    const now = () => performance.timeOrigin + performance.now();
    console.log('ready');
    for await (const line of createInterface({ input: process.stdin })) {
      const [dir, at] = JSON.parse(line);
      while (now() < at) {}
      try {
        lockDataDir(dir);
        console.log('ok');
      } catch (error) {
        console.log(error.constructor.name === 'DataDirLockedError' ? 'locked' : 'error ' + error.message);
      }
    }
  `;
  const children: { process: ChildProcessWithoutNullStreams; next: () => Promise<string> }[] = [];

  beforeAll(async () => {
    for (let i = 0; i < CONTENDERS; i++) {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
      const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
      const next = async () => String((await lines.next()).value);
      children.push({ process: child, next });
    }
    for (const child of children) expect(await child.next()).toBe('ready');
  });
  afterAll(() => {
    for (const child of children) child.process.kill();
  });

  it(`exactly one of ${CONTENDERS} wins, ${ROUNDS} rounds in a row`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const dir = staleDataDir();
      const at = performance.timeOrigin + performance.now() + 30;
      for (const child of children) child.process.stdin.write(`${JSON.stringify([dir, at])}\n`);
      const results = await Promise.all(children.map((child) => child.next()));
      expect(
        results.filter((result) => result === 'ok'),
        `round ${round}: ${results.join(' ')}`,
      ).toHaveLength(1);
      expect(results.filter((result) => result !== 'ok' && result !== 'locked')).toEqual([]);
      const winner = children[results.indexOf('ok')];
      expect(readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(winner?.process.pid));
      expect(readdirSync(dir)).toEqual(['server.lock']);
    }
  });
});
