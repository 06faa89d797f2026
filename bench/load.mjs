// `npm run bench:load`: a crowd of learners on the built server, on embedded PGlite and (with
// BENCH_DATABASE_URL) on a fresh database of that PostgreSQL. Each connection browses the
// catalogue, opens courses, signs in (one in ten connections; the others are still signed in and
// check their session), enrolls free, reads and marks slides and takes the quiz, again and again
// (bench/load-mix.mjs). Prints per request kind req/s, p50, p99, errors (connection errors
// and timeouts) and non-2xx answers, and the server's RSS and event-loop delay. Unlike `npm run
// bench`, a check: it exits non-zero if any request failed or any engine could not run.
//
// Environment: LOAD_SECONDS (default 60), LOAD_CONNECTIONS (default 200), BENCH_DATABASE_URL
// (e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres), LOAD_CLUSTER (a number of instances:
// the crowd goes through nginx to that many servers on one fresh database of BENCH_DATABASE_URL, as
// `npm run cluster` starts them, instead of to one server on each engine).
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { startCluster } from '../scripts/start-cluster.mjs';
import { embeddedEngine, postgresEngine, rateLimitEnv } from './engines.mjs';
import { freePort, memoryOf, readProbe, startServer, stop } from './lib.mjs';
import { findFreeCourses, kindAccounting, makeLearners, visit } from './load-mix.mjs';

process.chdir(fileURLToPath(new URL('..', import.meta.url)));

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
/**
 * Connections whose every visit signs in with a password; the others are returning learners still
 * signed in. A sign-in hashes a password (scrypt, a few hundred ms of CPU on this machine's cores),
 * so a crowd signing in on every visit measures nothing but the hash queue.
 */
const SIGNING_IN = Math.max(1, Math.round(CONNECTIONS / 10));
const PROBE = fileURLToPath(new URL('./event-loop-probe.mjs', import.meta.url));
// The demo gives the courses (it is never seeded with NODE_ENV=production); one address signs in the
// whole crowd, so no rate limit may refuse it.
const SERVER_ENV = { NODE_ENV: 'development', SEED_DEMO: 'true', LOG_LEVEL: 'warn', ...rateLimitEnv() };

const CLUSTER = process.env.LOAD_CLUSTER ? Number(process.env.LOAD_CLUSTER) : undefined;

const progress = (message) => process.stderr.write(`${message}\n`);

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Where the crowd goes: one server on `engine`, measured through the event-loop probe, or
 * (LOAD_CLUSTER) that many behind nginx, each measured the same way.
 */
async function startTarget(engine) {
  const probeFile = (name) => path.join(engine.dataDir, `load-event-loop-${name}.json`);
  if (CLUSTER === undefined) {
    const server = await startServer({
      dataDir: engine.dataDir,
      port: await freePort(),
      env: { ...SERVER_ENV, ...engine.env, BENCH_PROBE_FILE: probeFile('server') },
      nodeArgs: ['--import', PROBE],
    });
    const processes = [{ name: 'server', child: server.child, probeFile: probeFile('server') }];
    return {
      url: server.url,
      startupMs: server.startupMs,
      processes,
      servedBy: () => undefined,
      async stop() {
        const { code, signal } = await stop(server);
        // LOG_LEVEL=warn: anything the server printed is worth a look.
        const log = server.output().trim();
        if (code !== 0 || log)
          progress(`${engine.name}: the server exited with ${code ?? signal}${log ? `:\n${log.slice(0, 4000)}` : ''}`);
      },
    };
  }
  const startedAt = performance.now();
  const cluster = await startCluster({
    databaseUrl: engine.env.DATABASE_URL,
    instances: CLUSTER,
    env: SERVER_ENV,
    instanceEnv: (index) => ({ BENCH_PROBE_FILE: probeFile(`app${index + 1}`) }),
    nodeArgs: ['--import', PROBE],
  });
  return {
    url: cluster.url,
    startupMs: performance.now() - startedAt,
    processes: cluster.instances.map((instance) => ({
      name: instance.name,
      child: instance.child,
      probeFile: probeFile(instance.name),
    })),
    /** Requests each instance answered, from nginx's access log. */
    servedBy() {
      const lines = readFileSync(cluster.nginx.accessLog, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line));
      return cluster.instances.map((instance) => ({
        name: instance.name,
        requests: lines.filter((line) => line.upstream.split(/\s*,\s*/).at(-1) === instance.address).length,
      }));
    },
    async stop() {
      const log = cluster.instances
        .map((instance) => instance.output().trim())
        .filter(Boolean)
        .join('\n');
      if (log) progress(`${engine.name}: the instances printed:\n${log.slice(0, 4000)}`);
      await cluster.stop();
    },
  };
}

async function runEngine(engine) {
  progress(`${engine.name}: creating, migrating and seeding the database`);
  const target = await startTarget(engine);
  let stopped = false;
  try {
    progress(`${engine.name}: signing up ${CONNECTIONS} learners`);
    const courses = await findFreeCourses(target.url);
    const learners = await makeLearners(target.url, CONNECTIONS);
    // Apart, so sign-ins (which revoke a learner's oldest sessions past 20) never touch a returning learner's token.
    const signingIn = learners.slice(0, SIGNING_IN);
    const returning = learners.slice(SIGNING_IN);

    progress(`${engine.name}: ${CONNECTIONS} connections for ${SECONDS} s`);
    const accounting = kindAccounting();
    const crowd = (connections, options) =>
      autocannon({
        url: target.url,
        connections,
        duration: SECONDS,
        requests: visit({ courses, ...options }),
        setupClient: accounting.setupClient,
      });
    for (const { child } of target.processes) child.kill('SIGUSR1');
    const results = await Promise.all([
      crowd(SIGNING_IN, { learners: signingIn, isSigningIn: true }),
      ...(returning.length > 0 ? [crowd(CONNECTIONS - SIGNING_IN, { learners: returning, isSigningIn: false })] : []),
    ]);
    for (const { child } of target.processes) child.kill('SIGUSR2');
    const processes = [];
    for (const { name, child, probeFile } of target.processes) {
      processes.push({ name, eventLoop: await readProbe(probeFile), memory: memoryOf(child.pid) });
    }
    const servedBy = target.servedBy();
    stopped = true;
    await target.stop();
    return {
      name: CLUSTER === undefined ? engine.name : `${engine.name}, ${CLUSTER} instances behind nginx`,
      kinds: accounting.kinds,
      seconds: Math.max(...results.map((result) => result.duration)),
      processes,
      servedBy,
      startupMs: target.startupMs,
    };
  } finally {
    if (!stopped) await target.stop();
  }
}

function printEngine({ name, kinds, seconds, processes, servedBy, startupMs }) {
  console.log(
    `\n${name}: ${CONNECTIONS} connections (${SIGNING_IN} signing in on every visit) for ${SECONDS} s,` +
      ` ${os.cpus().length} cores, Node ${process.version}` +
      ` (${CLUSTER === undefined ? 'server' : `${CLUSTER} instances and nginx`} start-up ${Math.round(startupMs)} ms)`,
  );
  const pad = (value, width) => String(value).padStart(width);
  console.log(
    `${'request kind'.padEnd(18)} ${pad('req/s', 7)} ${pad('p50', 7)} ${pad('p99', 7)} ${pad('errors', 7)} ${pad('non-2xx', 8)}`,
  );
  const all = { latencies: [], non2xx: 0, errors: 0, statuses: {} };
  const row = (label, stats) => {
    const sorted = [...stats.latencies].sort((a, b) => a - b);
    const statuses = Object.entries(stats.statuses ?? {}).map(([status, count]) => `${status}×${count}`);
    console.log(
      `${label.padEnd(18)} ${pad(Math.round(sorted.length / seconds), 7)} ${pad(Math.round(percentile(sorted, 50)), 7)}` +
        ` ${pad(Math.round(percentile(sorted, 99)), 7)} ${pad(stats.errors, 7)} ${pad(stats.non2xx, 8)}` +
        `${statuses.length ? `  (${statuses.join(', ')})` : ''}`,
    );
  };
  for (const [kind, stats] of kinds) {
    row(kind, stats);
    all.latencies.push(...stats.latencies);
    all.non2xx += stats.non2xx;
    all.errors += stats.errors;
  }
  row('all', all);
  console.log('(latencies in ms from the request being sent; errors = connection errors and timeouts)');
  const drawnShares = [...kinds]
    .filter(([kind]) => kind.endsWith(' page'))
    .map(([kind, stats]) => `${kind} ${Math.round((100 * (stats.drawn ?? 0)) / Math.max(1, stats.ok))} %`);
  // Past its time for drawing (PAGE_RENDER_MS_PER_SECOND) the server sends a page undrawn, for the browser to draw.
  if (drawnShares.length) console.log(`drawn by the server: ${drawnShares.join(', ')} of the pages sent`);
  for (const { name: processName, eventLoop, memory } of processes) {
    const loop = eventLoop ? `p50 ${eventLoop.p50} ms, p99 ${eventLoop.p99} ms, max ${eventLoop.max} ms` : 'not measured';
    console.log(`${processName} RSS ${memory.rssMb} MB (peak ${memory.peakMb} MB); event-loop delay during the run: ${loop}`);
  }
  if (servedBy) console.log(`answered by (nginx's access log): ${servedBy.map((s) => `${s.name} ${s.requests}`).join(', ')}`);
  return all.errors + all.non2xx;
}

if (CLUSTER !== undefined && !(Number.isInteger(CLUSTER) && CLUSTER >= 1)) {
  console.error(`LOAD_CLUSTER must be a number of instances (1 or more), not "${process.env.LOAD_CLUSTER}"`);
  process.exit(1);
}
if (CLUSTER !== undefined && !process.env.BENCH_DATABASE_URL) {
  console.error('LOAD_CLUSTER needs PostgreSQL: set BENCH_DATABASE_URL=postgres://… (the instances share one database)');
  process.exit(1);
}
buildIfNeeded();
const engines =
  CLUSTER === undefined
    ? [['embedded PGlite', embeddedEngine]]
    : [['PostgreSQL', () => postgresEngine(process.env.BENCH_DATABASE_URL)]];
if (CLUSTER === undefined && process.env.BENCH_DATABASE_URL) {
  engines.push(['PostgreSQL', () => postgresEngine(process.env.BENCH_DATABASE_URL)]);
}

let failures = 0;
for (const [name, makeEngine] of engines) {
  const engine = await makeEngine();
  try {
    failures += printEngine(await runEngine(engine));
  } catch (error) {
    failures += 1;
    console.error(`\n${name}: the load run could not run: ${error instanceof Error ? error.stack : error}`);
  } finally {
    await engine.dispose();
  }
}
if (!process.env.BENCH_DATABASE_URL) console.log('\n(set BENCH_DATABASE_URL to load PostgreSQL too)');
if (failures > 0) console.error(`\n${failures} requests failed`);
process.exitCode = failures > 0 ? 1 : 0;
