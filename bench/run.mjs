// `npm run bench`: every hot request of the app beside a bare node:http server sending the same bytes,
// in one run, on embedded PGlite and (with BENCH_DATABASE_URL) on PostgreSQL. Prints req/s, p50/p99,
// errors, the ratio to bare, the server's event-loop delay during the write row and its RSS, and which
// of issue 5's bars pass. A report, not a test: it always exits 0 when it ran.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { freePort, memoryOf, startServer, stop } from './lib.mjs';
import { measureRow } from './rows.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const STUDENT = { email: 'student@demo.gradient.academy', password: 'student-demo-2026' };
const WRITE_TOKENS = Number(process.env.BENCH_WRITE_TOKENS ?? 80_000);
const probe = path.resolve('bench/event-loop-probe.mjs');
const LIMITS = Object.fromEntries(
  [
    'RATE_LIMIT_LOGIN_PER_MINUTE',
    'RATE_LIMIT_LOGIN_PER_HOUR_EMAIL',
    'RATE_LIMIT_LOGIN_SUCCESS_PER_MINUTE',
    'RATE_LIMIT_SIGNUP_PER_HOUR',
    'RATE_LIMIT_RESET_PER_HOUR_EMAIL',
    'RATE_LIMIT_RESET_PER_HOUR_IP',
  ].map((name) => [name, '10000000']),
);

// Sessions whose bearer tokens are 'bench-1' … 'bench-N' (the table keeps only SHA-256 hashes).
const SESSIONS_SQL = (studentId, count) => `
  insert into sessions (user_id, token_hash, expires_at)
  select '${studentId}', encode(sha256(convert_to('bench-' || g, 'UTF8')), 'hex'), now() + interval '1 day'
  from generate_series(1, ${count}) g`;
// Their own user: logins of the demo student would revoke them (20 live sessions a user at most).
const WRITER_SQL = `insert into users (email, name, role, password_hash)
  values ('bench-writer@bench.test', 'Bench writer', 'student', 'not-a-hash') returning id`;

async function prepareEmbedded(dataDir) {
  // First start creates, migrates and seeds; the server then holds the lock, so the sessions are
  // written while it is stopped.
  const first = await startServer({ dataDir, port: await freePort(), env: LIMITS });
  await stop(first);
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'db') });
  const { rows } = await db.query(WRITER_SQL);
  await db.exec(SESSIONS_SQL(rows[0].id, WRITE_TOKENS));
  await db.close();
}

async function runEngine(name, env, prepare) {
  const probeFile = path.join(os.tmpdir(), `ga-probe-${process.pid}-${name}.json`);
  await prepare?.before?.();
  const server = await startServer({
    dataDir: env.DATA_DIR,
    port: await freePort(),
    env: { ...LIMITS, ...env, BENCH_PROBE_FILE: probeFile },
    nodeArgs: ['--import', probe],
  });
  await prepare?.after?.();
  const base = server.url;
  const login = await (
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(STUDENT),
    })
  ).json();
  const auth = { authorization: `Bearer ${login.token}` };
  const mine = await (await fetch(`${base}/api/my-courses`, { headers: auth })).json();
  const courseId = mine[0]?.id;
  if (!courseId) throw new Error('the demo student has no enrolled course');

  const options = { connections: CONNECTIONS, duration: DURATION_S };
  const rows = [];
  rows.push(await measureRow({ name: 'GET /api/courses', base, path: '/api/courses', options }));
  rows.push(await measureRow({ name: 'GET /api/courses/{id} guest', base, path: `/api/courses/${courseId}`, options }));
  rows.push(
    await measureRow({ name: 'GET /api/courses/{id} student', base, path: `/api/courses/${courseId}`, headers: auth, options }),
  );
  rows.push(await measureRow({ name: 'GET /api/my-courses', base, path: '/api/my-courses', headers: auth, options }));
  server.child.kill('SIGUSR2');
  let next = 0;
  const write = await measureRow({
    name: 'POST /api/auth/logout',
    base,
    path: '/api/auth/logout',
    method: 'POST',
    // Each logout revokes its token, so every request brings a fresh one.
    sample: { authorization: 'Bearer bench-0' },
    setupRequest: (request) => {
      next += 1;
      request.headers = { ...request.headers, authorization: `Bearer bench-${next}` };
      return request;
    },
    options,
  });
  rows.push(write);
  server.child.kill('SIGUSR2');
  await new Promise((resolve) => setTimeout(resolve, 300));
  const eventLoop = JSON.parse(readFileSync(probeFile, 'utf8'));
  rmSync(probeFile, { force: true });
  const memory = memoryOf(server.child.pid);
  if (next > WRITE_TOKENS) console.warn(`warning: the write row used ${next} tokens, more than the ${WRITE_TOKENS} made`);
  await stop(server);
  return { name, rows, eventLoop, memory };
}

function report({ name, rows, eventLoop, memory }) {
  const pad = (value, width) => String(value).padStart(width);
  console.log(`\n${name}: ${CONNECTIONS} connections, ${DURATION_S} s a row, ${os.cpus().length} cores, Node ${process.version}`);
  console.log(
    `${'request'.padEnd(32)} ${pad('req/s', 8)} ${pad('p50', 5)} ${pad('p99', 5)} ${pad('errors', 7)} | ${pad('bare req/s', 10)} ${pad('p99', 5)} | ratio`,
  );
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(32)} ${pad(row.app.rps, 8)} ${pad(row.app.p50, 5)} ${pad(row.app.p99, 5)} ${pad(row.app.errors, 7)} | ${pad(row.bare.rps, 10)} ${pad(row.bare.p99, 5)} | ${pad(row.ratio.toFixed(1), 5)} %`,
    );
  }
  console.log(`event-loop delay during the write row: p50 ${eventLoop.p50} ms, p99 ${eventLoop.p99} ms, max ${eventLoop.max} ms`);
  console.log(`server RSS after the run: ${memory.rssMb} MB (peak ${memory.peakMb} MB)`);
  const [catalog, guest, student, myCourses] = rows;
  const bars = [
    ['catalogue >= 85 % of bare', catalog.ratio >= 85],
    ['course as guest >= 70 %', guest.ratio >= 70],
    ['course as signed-in student >= 50 %', student.ratio >= 50],
    ['My Courses >= 35 %', myCourses.ratio >= 35],
    ['every p99 <= 25 ms', rows.every((row) => row.app.p99 <= 25)],
    ['zero errors', rows.every((row) => row.app.errors === 0)],
    ['event-loop delay p99 <= 20 ms during the write row', eventLoop.p99 <= 20],
  ];
  for (const [label, ok] of bars) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${label}`);
}

buildIfNeeded();
const results = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ga-bench-'));
try {
  results.push(await runEngine('embedded PGlite', { DATA_DIR: dataDir }, { before: () => prepareEmbedded(dataDir) }));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

if (process.env.BENCH_DATABASE_URL) {
  const name = `ga_bench_${randomBytes(4).toString('hex')}`;
  const adminUrl = new URL(process.env.BENCH_DATABASE_URL);
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pgDataDir = mkdtempSync(path.join(os.tmpdir(), 'ga-bench-pg-'));
  try {
    results.push(
      await runEngine(
        'PostgreSQL',
        { DATA_DIR: pgDataDir, DATABASE_URL: url.toString() },
        {
          after: async () => {
            const client = new pg.Client({ connectionString: url.toString() });
            await client.connect();
            const { rows } = await client.query(WRITER_SQL);
            await client.query(SESSIONS_SQL(rows[0].id, WRITE_TOKENS));
            await client.end();
          },
        },
      ),
    );
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(pgDataDir, { recursive: true, force: true });
  }
}
for (const result of results) report(result);
