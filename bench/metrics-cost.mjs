// `node bench/metrics-cost.mjs`: what the per-request work of /metrics costs (docs/performance.md, Metrics). Two built
// servers on the same data, one with METRICS_TOKEN set (an onResponse hook on every route) and one
// without (no hook), take turns in short rounds under autocannon on `GET /api/courses` and
// `GET /api/courses/{id}`; then one scrape of the metered server: its time, size and series.
// A report, not a test: it prints figures and exits 0. Req/s moves with whatever else runs on the
// machine; the server's CPU time per request (from /proc, all its threads) hardly does, and is the
// figure to compare.
//
// Environment: BENCH_DURATION (s a row for each server, default 10), BENCH_ROUNDS (default 10),
// BENCH_CONNECTIONS (default 50), BENCH_DATABASE_URL (e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres:
// PostgreSQL, else embedded PGlite).

import { randomBytes } from 'node:crypto';
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { embeddedEngine, postgresEngine, rateLimitEnv } from './engines.mjs';
import { cleanupOnInterrupt, cpuMsOf, freePort, startServer, stop } from './lib.mjs';

process.chdir(fileURLToPath(new URL('..', import.meta.url)));

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Math.max(2, Number(process.env.BENCH_ROUNDS ?? 10));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TOKEN = randomBytes(24).toString('hex');
const SERVER_ENV = { NODE_ENV: 'development', SEED_DEMO: 'true', LOG_LEVEL: 'warn', ...rateLimitEnv() };
const progress = (message) => process.stderr.write(`${message}\n`);
const { track, onSpawn } = cleanupOnInterrupt(progress);

/** Each server's req/s, latency, and CPU time per request (the process's, all threads) over the measured rounds. */
async function rounds(servers, requestPath) {
  const totals = new Map(
    servers.map((server) => [server.name, { requests: 0, seconds: 0, cpuMs: 0, p50: [], p99: [], errors: 0 }]),
  );
  for (const server of servers) await autocannon({ url: `${server.url}${requestPath}`, connections: CONNECTIONS, duration: 2 });
  for (let round = 0; round < ROUNDS; round++) {
    // Who goes first alternates, so neither gets the luckier stretch of a drifting machine.
    const order = round % 2 === 0 ? servers : [...servers].reverse();
    for (const server of order) {
      const cpuBefore = cpuMsOf(server.pid);
      const result = await autocannon({
        url: `${server.url}${requestPath}`,
        connections: CONNECTIONS,
        duration: Math.max(1, DURATION_S / ROUNDS),
      });
      const total = totals.get(server.name);
      total.cpuMs += cpuMsOf(server.pid) - cpuBefore;
      total.requests += result.requests.total;
      total.seconds += result.duration;
      total.p50.push(result.latency.p50);
      total.p99.push(result.latency.p99);
      total.errors += result.errors + result.non2xx;
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return Object.fromEntries(
    [...totals].map(([name, total]) => [
      name,
      {
        rps: Math.round(total.requests / total.seconds),
        cpuUs: Math.round((total.cpuMs * 1000) / total.requests),
        p50: median(total.p50),
        p99: median(total.p99),
        errors: total.errors,
      },
    ]),
  );
}

async function measure(engine) {
  const env = { ...SERVER_ENV, ...engine.env };
  progress(`${engine.name}: creating, migrating and seeding the database`);
  await stop(await startServer({ dataDir: engine.dataDir, port: await freePort(), env, onSpawn }));
  const [course] = await engine.withSql((query) =>
    query('select id from courses where published and not archived order by student_count desc limit 1'),
  );
  // The embedded engine is one server's at a time: the metered server gets a copy of the same data.
  const meteredDir = process.env.BENCH_DATABASE_URL ? engine.dataDir : `${engine.dataDir}-metered`;
  if (meteredDir !== engine.dataDir) cpSync(engine.dataDir, meteredDir, { recursive: true });
  const plain = await startServer({ dataDir: engine.dataDir, port: await freePort(), env, onSpawn });
  const metered = await startServer({
    dataDir: meteredDir,
    port: await freePort(),
    env: { ...env, METRICS_TOKEN: TOKEN },
    onSpawn,
  });
  const servers = [
    { name: 'unset', url: plain.url, pid: plain.child.pid },
    { name: 'set', url: metered.url, pid: metered.child.pid },
  ];
  try {
    console.log(`\n${engine.name}: ${CONNECTIONS} connections, ${ROUNDS} alternating rounds, ${DURATION_S} s a row per server`);
    console.log(
      'row                    | METRICS_TOKEN unset req/s | set req/s | set/unset | server CPU µs a request, unset/set | p50 ms unset/set | p99 ms unset/set | errors',
    );
    for (const [row, requestPath] of [
      ['GET /api/courses', '/api/courses'],
      ['GET /api/courses/{id}', `/api/courses/${course.id}`],
    ]) {
      const { unset, set } = await rounds(servers, requestPath);
      const ratio = `${Math.round((set.rps / unset.rps) * 1000) / 10} %`;
      console.log(
        [
          row.padEnd(22),
          String(unset.rps).padStart(25),
          String(set.rps).padStart(9),
          ratio.padStart(9),
          `${unset.cpuUs}/${set.cpuUs} (${set.cpuUs >= unset.cpuUs ? '+' : ''}${Math.round((set.cpuUs / unset.cpuUs - 1) * 1000) / 10} %)`.padStart(
            34,
          ),
          `${unset.p50}/${set.p50}`.padStart(16),
          `${unset.p99}/${set.p99}`.padStart(16),
          String(unset.errors + set.errors),
        ].join(' | '),
      );
    }
    const startedAt = performance.now();
    const response = await fetch(`${metered.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const text = await response.text();
    const scrapeMs = Math.round((performance.now() - startedAt) * 10) / 10;
    const lines = text.split('\n');
    const samples = lines.filter((line) => line && !line.startsWith('#')).length;
    const requestSeries = lines.filter((line) => line.startsWith('http_request_duration_seconds_count{')).length;
    console.log(
      `one scrape of the metered server: ${response.status} in ${scrapeMs} ms, ${Math.round(text.length / 1024)} KB, ${samples} samples, ${requestSeries} request series`,
    );
  } finally {
    await stop(metered);
    await stop(plain);
    if (meteredDir !== engine.dataDir) rmSync(meteredDir, { recursive: true, force: true });
  }
}

buildIfNeeded();
const engine = process.env.BENCH_DATABASE_URL ? await postgresEngine(process.env.BENCH_DATABASE_URL) : embeddedEngine();
await track(
  () => engine.dispose(),
  () => measure(engine),
);
