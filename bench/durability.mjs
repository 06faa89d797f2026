// `node bench/durability.mjs`: what a power cut costs the embedded database, with and without its fsync
// (EMBEDDED_DB_FSYNC; docs/performance.md, Durable commits), and what the fsync costs a commit. A report, not a
// test.
//
// 1. Power cut. A copy of the data directory's files is NOT a power cut: it reads the kernel's page
//    cache, which holds every write a process made, so it shows what a killed *process* leaves (and
//    `sync` + drop_caches writes everything first, the opposite of a cut). What survives a cut is what
//    the kernel had written to the device. So the database lives on an ext4 file system of its own, on
//    a loop device over an image file: the image holds exactly what that file system's writeback and
//    flushes have sent to its "disk". A writer commits rows (one per transaction, each acknowledged
//    after its commit returned); at the cut the writer is frozen (SIGSTOP) and the image copied
//    without any sync; the copy is mounted (ext4 replays its journal, as at boot) and the database
//    opened on it (PostgreSQL's crash recovery) and counted. Needs root and a free loop device.
// 2. Cost: sequential single-row commits on this machine's disk (os.tmpdir()), fsync off and on.
//    The app's write rows: `EMBEDDED_DB_FSYNC=false BENCH_ROWS='\(write\)' node bench/run.mjs` against
//    the same command without the variable.
//
// Environment: DURABILITY_COMMIT_S (seconds of commits before the cut, default 8), DURABILITY_IDLE_S
// (seconds between the last commit and the cut, default 0; Linux writes dirty pages back after
// vm.dirty_expire_centisecs), DURABILITY_COST_COMMITS (default 2000).

import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const SELF = fileURLToPath(import.meta.url);
const COMMIT_S = Number(process.env.DURABILITY_COMMIT_S ?? 8);
const IDLE_S = Number(process.env.DURABILITY_IDLE_S ?? 0);
const COST_COMMITS = Number(process.env.DURABILITY_COST_COMMITS ?? 2000);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** In a child process (node --import tsx): the app's embedded database, driven by the parent over stdio. */
async function writer(dataDir, fsync) {
  const { createDb } = await import('../src/db/client.ts');
  const handle = await createDb({ kind: 'pglite', dataDir, fsync, poolSize: 1 });
  const say = (line) => process.stdout.write(`${line}\n`);
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    const [command, argument] = line.split(' ');
    if (command === 'create') {
      await handle.execute('create table if not exists acks (id int primary key, at timestamptz not null default now())');
      say('created');
    } else if (command === 'commit-for') {
      const until = Date.now() + Number(argument) * 1000;
      for (let id = 1; Date.now() < until; id++) {
        await handle.pool.query('insert into acks (id) values ($1)', [id]);
        say(`ack ${id}`);
      }
      say('done');
    } else if (command === 'count') {
      const { rows } = await handle.pool.query('select count(*)::int as n, coalesce(max(id), 0) as max from acks');
      say(`count ${rows[0].n} ${rows[0].max}`);
    } else if (command === 'cost') {
      await handle.execute('create table if not exists cost (id int primary key)');
      const times = [];
      for (let id = 1; id <= Number(argument); id++) {
        const started = performance.now();
        await handle.pool.query('insert into cost (id) values ($1)', [id]);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(3);
      say(`cost ${(times.reduce((a, b) => a + b, 0) / times.length).toFixed(3)} ${at(0.5)} ${at(0.99)}`);
    } else if (command === 'close') {
      await handle.close();
      say('closed');
      process.exit(0);
    }
  }
}

/** A writer child; `ask` sends a command and resolves with the first line that `until` accepts. */
function startWriter(dataDir, fsync) {
  const child = spawn(process.execPath, ['--import', 'tsx', SELF, 'writer', dataDir, String(fsync)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let acknowledged = 0;
  const waiters = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith('ack ')) acknowledged = Number(line.slice(4));
    const index = waiters.findIndex((waiter) => waiter.until(line));
    if (index !== -1) waiters.splice(index, 1)[0].resolve(line);
  });
  const ask = (command, until) =>
    new Promise((resolve) => {
      waiters.push({ until, resolve });
      child.stdin.write(`${command}\n`);
    });
  return { child, ask, acknowledged: () => acknowledged };
}

const run = (command, args) => execFileSync(command, args, { encoding: 'utf8' }).trim();

function canUseLoopDevices() {
  try {
    return process.getuid?.() === 0 && run('losetup', ['-f']).startsWith('/dev/loop');
  } catch {
    return false;
  }
}

/** Mounts `image` on a fresh loop device at `mountPoint`; returns the unmount. */
function mount(image, mountPoint) {
  const device = run('losetup', ['-f', '--show', image]);
  try {
    run('mount', ['-t', 'ext4', device, mountPoint]);
  } catch (error) {
    run('losetup', ['-d', device]);
    throw error;
  }
  return () => {
    run('umount', [mountPoint]);
    run('losetup', ['-d', device]);
  };
}

async function powerCut(work, fsync) {
  const image = path.join(work, `disk-${fsync}.img`);
  const live = path.join(work, `live-${fsync}`);
  const cut = path.join(work, `cut-${fsync}`);
  run('mkdir', ['-p', live, cut]);
  run('truncate', ['-s', '1G', image]);
  run('mkfs.ext4', ['-q', '-F', image]);
  const unmountLive = mount(image, live);
  const dataDir = path.join(live, 'db');
  try {
    const writer = startWriter(dataDir, fsync);
    await writer.ask('create', (line) => line === 'created');
    // The rows before the measured ones are on the device, as on a server that has run for a while.
    run('sync', []);
    const done = writer.ask(`commit-for ${COMMIT_S}`, (line) => line === 'done');
    await done;
    if (IDLE_S > 0) await sleep(IDLE_S * 1000);
    writer.child.kill('SIGSTOP');
    const acknowledged = writer.acknowledged();
    const copy = path.join(work, `cut-${fsync}.img`);
    // The power cut: the device as it is, no sync.
    run('cp', ['--sparse=always', image, copy]);
    writer.child.kill('SIGKILL');
    // What the killed process left, read back through the page cache.
    const afterKill = startWriter(dataDir, fsync);
    const killLine = await afterKill.ask('count', (line) => line.startsWith('count '));
    await afterKill.ask('close', (line) => line === 'closed');

    const unmountCut = mount(copy, cut);
    let survived = 'the database did not open';
    try {
      const reopened = startWriter(path.join(cut, 'db'), fsync);
      const opened = await Promise.race([
        reopened.ask('count', (line) => line.startsWith('count ')),
        new Promise((resolve) => reopened.child.once('exit', (code) => resolve(`exit ${code}`))),
      ]);
      if (opened.startsWith('count ')) {
        const [, rows, max] = opened.split(' ');
        survived = `${rows} rows (ids up to ${max})`;
        await reopened.ask('close', (line) => line === 'closed');
      } else {
        survived = `the database did not open (${opened})`;
      }
    } finally {
      unmountCut();
      rmSync(copy, { force: true });
    }
    const [, killRows] = killLine.split(' ');
    console.log(
      `fsync ${fsync ? 'on ' : 'off'}: ${acknowledged} commits acknowledged in ${COMMIT_S} s` +
        `${IDLE_S ? `, ${IDLE_S} s idle` : ''}; after SIGKILL ${killRows} rows; after the power cut ${survived}`,
    );
  } finally {
    unmountLive();
  }
}

async function commitCost(fsync) {
  const work = mkdtempSync(path.join(os.tmpdir(), 'ga-durability-'));
  try {
    const writer = startWriter(path.join(work, 'db'), fsync);
    const line = await writer.ask(`cost ${COST_COMMITS}`, (text) => text.startsWith('cost '));
    await writer.ask('close', (text) => text === 'closed');
    const [, mean, p50, p99] = line.split(' ');
    console.log(
      `fsync ${fsync ? 'on ' : 'off'}: ${COST_COMMITS} sequential commits, mean ${mean} ms, p50 ${p50} ms, p99 ${p99} ms`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'writer') {
  await writer(process.argv[3], process.argv[4] === 'true');
} else {
  console.log(
    `Linux writes dirty pages back after ${Number(run('cat', ['/proc/sys/vm/dirty_expire_centisecs'])) / 100} s ` +
      `(checked every ${Number(run('cat', ['/proc/sys/vm/dirty_writeback_centisecs'])) / 100} s).`,
  );
  console.log('\nPower cut (ext4 on a loop device, the image copied without a sync):');
  if (canUseLoopDevices()) {
    const work = mkdtempSync(path.join(os.tmpdir(), 'ga-powercut-'));
    try {
      for (const fsync of [false, true]) await powerCut(work, fsync);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  } else {
    console.log('skipped: needs root and a free loop device (losetup, mount, mkfs.ext4)');
  }
  console.log(`\nCommit cost on ${os.tmpdir()}:`);
  for (const fsync of [false, true]) await commitCost(fsync);
}
