// `npm run bench`: every hot request of the app beside a bare node:http server sending the same bytes,
// in one run, on embedded PGlite and (with BENCH_DATABASE_URL) on a fresh database of that PostgreSQL.
// Prints req/s, p50/p99, errors, the ratio to bare, the server's event-loop delay during the write row
// and its RSS, and which of the issues' bars pass. A report, not a test: it exits 0 whenever every
// engine ran, whatever the figures.
//
// Environment: BENCH_DURATION (s a row for each server, default 10), BENCH_ROUNDS (the alternating
// rounds it is split into, default 5), BENCH_CONNECTIONS (default 50),
// BENCH_DATABASE_URL (e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres), BENCH_ENGINES (pglite or
// postgres: that engine only), BENCH_ROWS (a regular
// expression: only the rows whose name it matches, e.g. BENCH_ROWS='^GET /api/courses\b').

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { endlessLoops, measureCodeAnswers } from './code-grading.mjs';
import { embeddedEngine, postgresEngine, rateLimitEnv } from './engines.mjs';
import { CREATOR_TOKEN, LEARNERS, learnerToken, prepareData, STUDENT } from './fixtures.mjs';
import { cleanupOnInterrupt, cpuMsOf, freePort, memoryOf, readProbe, startServer, stop } from './lib.mjs';
import { printEngine } from './report.mjs';
import { measureRow as measureServerRow, ROUNDS, WARMUP } from './rows.mjs';

process.chdir(fileURLToPath(new URL('..', import.meta.url)));

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROWS = process.env.BENCH_ROWS ? new RegExp(process.env.BENCH_ROWS) : undefined;
/** Whether BENCH_ROWS (if set) asks for the row. */
const isWanted = (name) => !ROWS || ROWS.test(name);
/** Slide edits a second made in the background during the read rows: creators at work while students browse. */
const CREATOR_EDITS_PER_S = Number(process.env.BENCH_CREATOR_EDITS ?? 5);
/**
 * Enough live tokens for the write row at up to 15,000 logouts a second, plus its warm-up and sample
 * (6,000 ran out at 10,000 a second on a quiet host: the spent tokens' 401s counted as errors).
 */
const MAX_WRITE_RATE = 15000;
const TOKENS = Math.ceil(MAX_WRITE_RATE * (DURATION_S + WARMUP.duration) * 1.5) + CONNECTIONS * 4;
const PROBE = fileURLToPath(new URL('./event-loop-probe.mjs', import.meta.url));
const SERVER_ENV = {
  // The demo must be seeded (it never is with NODE_ENV=production), and no rate limit may refuse the load.
  NODE_ENV: 'development',
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
  ...rateLimitEnv(),
  // Issue 37's rows run two Python programs at once; the pool starts its workers on the first run only.
  PYTHON_WORKERS: '2',
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const progress = (message) => process.stderr.write(`${message}\n`);

const { track, onSpawn } = cleanupOnInterrupt(progress);

/**
 * Brackets each measured round of a write row with the event-loop probe in the server; `result()`
 * gives the worst round's figures, as for latency.
 */
function eventLoopDuring(server, probeFile) {
  let worst;
  return {
    onMeasure: {
      start: async () => {
        server.child.kill('SIGUSR1');
        await sleep(100);
      },
      end: async () => {
        server.child.kill('SIGUSR2');
        const round = await readProbe(probeFile);
        if (round) {
          worst = worst
            ? { p50: Math.max(worst.p50, round.p50), p99: Math.max(worst.p99, round.p99), max: Math.max(worst.max, round.max) }
            : round;
        }
      },
    },
    result: () => worst,
  };
}

async function signIn(base) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(STUDENT),
  });
  if (!response.ok) throw new Error(`the demo student's login answered ${response.status}: ${await response.text()}`);
  return (await response.json()).token;
}

/**
 * Edits a slide at a steady pace until stopped, as real creators' edits do. Each edit changes its
 * course (another published course than the student's): every cache reloads that course's outline and
 * its module's slides and updates the course's date in the catalogue it holds.
 */
function editInBackground({ base, lessonId, perSecond }) {
  const stats = { sent: 0, failed: 0 };
  if (!(perSecond > 0)) return { stats, stop: async () => stats };
  let inFlight = Promise.resolve();
  const timer = setInterval(() => {
    stats.sent += 1;
    inFlight = fetch(`${base}/api/lessons/${lessonId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${CREATOR_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Background edit ${stats.sent}` }),
    })
      .then((response) => {
        if (!response.ok) stats.failed += 1;
        return response.arrayBuffer();
      })
      .catch(() => {
        stats.failed += 1;
      });
  }, 1000 / perSecond);
  return {
    stats,
    stop: async () => {
      clearInterval(timer);
      await inFlight;
      return stats;
    },
  };
}

async function runEngine(engine) {
  const env = { ...SERVER_ENV, ...engine.env };
  progress(`${engine.name}: creating, migrating and seeding the database`);
  const first = await startServer({ dataDir: engine.dataDir, port: await freePort(), env, onSpawn });
  const firstExit = await stop(first);
  if (firstExit.code !== 0)
    progress(`${engine.name}: the first server exited with ${firstExit.code ?? firstExit.signal}:\n${first.output()}`);
  progress(`${engine.name}: enrolling the demo student, making ${TOKENS} sessions for the write row`);
  const fixtures = await engine.withSql((query) => prepareData(query, { tokens: TOKENS }));

  const probeFile = path.join(engine.dataDir, 'bench-event-loop.json');
  const server = await startServer({
    dataDir: engine.dataDir,
    port: await freePort(),
    env: { ...env, BENCH_PROBE_FILE: probeFile },
    // BENCH_NODE_ARGS adds to the measured server's node flags, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see a row's cost.
    nodeArgs: ['--import', PROBE, ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
    onSpawn,
  });
  const startupMs = server.startupMs;
  return track(
    () => stop(server),
    async () => {
      const base = server.url;
      const measureRow = (row) => measureServerRow({ ...row, cpuOf: () => cpuMsOf(server.child.pid) });
      const auth = { authorization: `Bearer ${await signIn(base)}` };
      const mine = await (await fetch(`${base}/api/my-courses`, { headers: auth })).json();
      const enrolled = Array.isArray(mine) ? mine.find((course) => course.id === fixtures.courseId) : undefined;
      if (!enrolled) throw new Error(`My Courses does not list the enrolled course: ${JSON.stringify(mine).slice(0, 300)}`);
      if (!(enrolled.progress > 0)) progress(`warning: My Courses shows progress ${enrolled.progress} for the enrolled course`);

      const options = { connections: CONNECTIONS, duration: DURATION_S };
      const course = `/api/courses/${fixtures.courseId}`;
      // Issue 5's bars (issue 6: they hold with creators writing); issue 7's for the learner rows.
      const core = 'issue 5';
      const learner = 'issue 7';
      // A page after the first course: the database's index range, not memory (the first pages are).
      const firstCourse = await fetch(`${base}/api/courses?limit=1`);
      const laterPage = /^<([^>]+)>; rel="next"$/.exec(firstCourse.headers.get('link') ?? '')?.[1];
      if (!laterPage) progress(`${engine.name}: the catalogue has no second page: its row is left out`);
      const plan = [
        { name: 'GET /api/courses', path: '/api/courses', bars: { issue: core, ratio: 85, p99: 25 } },
        // Home's All tab: its first dozen, from the same memory.
        { name: 'GET /api/courses?limit=12', path: '/api/courses?limit=12', bars: { issue: core, ratio: 85, p99: 25 } },
        ...(laterPage
          ? [{ name: 'GET /api/courses?cursor=… (database)', path: laterPage.replace(/limit=1\b/, 'limit=12') }]
          : []),
        { name: 'GET /api/courses/{id} as guest', path: course, bars: { issue: core, ratio: 70, p99: 25 } },
        { name: 'GET /api/courses/{id} as student', path: course, headers: auth, bars: { issue: core, ratio: 50, p99: 25 } },
        { name: 'GET /api/my-courses', path: '/api/my-courses', headers: auth, bars: { issue: core, ratio: 35, p99: 25 } },
      ];
      const rows = [];
      const background = editInBackground({ base, lessonId: fixtures.backgroundLessonId, perSecond: CREATOR_EDITS_PER_S });
      for (const row of plan.filter((candidate) => isWanted(candidate.name))) {
        progress(`${engine.name}: ${row.name}`);
        rows.push({ ...(await measureRow({ ...row, base, options })), bars: row.bars });
      }
      const backgroundEdits = await background.stop();

      const learnerRows = [
        {
          name: 'GET /api/modules/{id}/lessons',
          path: `/api/modules/${fixtures.moduleId}/lessons`,
          headers: auth,
          bars: { issue: learner, ratio: 40, p99: 25 },
        },
        {
          name: 'GET /api/courses/{id}/progress',
          path: `${course}/progress`,
          headers: auth,
          bars: { issue: learner, ratio: 40, p99: 25 },
        },
      ];
      // Issue 23: the first page of a course's reviews (50, most with text), as a guest reads it, from
      // the read cache (2.0 % of bare and p99 412 ms when each request queried PGlite; 36.7 % and 10.4 ms cached).
      learnerRows.push({
        name: 'GET /api/courses/{id}/reviews',
        path: `${course}/reviews`,
        bars: { issue: 'issue 23', ratio: 25, p99: 25 },
      });
      // Issue 38: a slide's questions (20, each with replies), as its enrolled student reads them: the
      // first page from the read cache with the student's upvotes laid over it, no query (ADR 0061). Two
      // queries a request before: 1.6 % of bare, p99 996 ms on PGlite, 4.5 % and 477 ms on PostgreSQL;
      // cached, in the same loaded hour, 43.3 % and 70.8 % (docs/performance.md, Today's numbers: Issue 38's rows). The
      // reviews row's bars: the same kind of read.
      learnerRows.push({
        name: 'GET /api/lessons/{id}/threads',
        path: `/api/lessons/${fixtures.threadsLessonId}/threads`,
        headers: auth,
        bars: { issue: 'issue 38', ratio: 25, p99: 25 },
      });
      // Issue 23 §2: a search with words, a filter and an order, as a guest sends it from /courses, its
      // first page kept in the read cache (66.9 % of bare, p99 26 ms; each request querying PGlite twice
      // instead, 2.0 % and p99 1.55 s, short rounds on a busy host).
      learnerRows.push({
        name: 'GET /api/courses/search',
        path: '/api/courses/search?q=learning&difficulty=Beginner&sort=rating',
        bars: { issue: 'issue 23', ratio: 35, p99: 25 },
      });
      // Issue 38: the outline of a course whose modules are paced, for an enrolled student most of whose
      // modules are locked: each item's lock worked out and merged into the cached bytes per request
      // (ADR 0056), 0.14 CPU ms a request: 23.0 % and 30.0 % of a quiet machine's bare server
      // (docs/performance.md, Today's numbers: Issue 38's rows).
      learnerRows.push({
        name: 'GET /api/courses/{id}/modules (locked outline)',
        path: `/api/courses/${fixtures.pacedCourseId}/modules`,
        headers: auth,
        bars: { issue: 'issue 38', ratio: 20, p99: 25 },
      });
      // Issue 39: a certificate's credential and its revocation list, public and served as stored (signed
      // once, at issue or the first request; never per request), beside bare sending the same bytes. Each
      // request reads its stored row (one primary-key query, no read cache): 10.5 % and 12.0 % on PGlite
      // (docs/performance.md, Today's numbers: Issue 39's rows).
      const credentialPath = `/api/certificates/${fixtures.certificateId}/credential`;
      const credential = await (await fetch(`${base}${credentialPath}`)).json();
      const credentialBars = { issue: 'issue 39', ratio: 8, p99: 50 };
      learnerRows.push(
        { name: 'GET /api/certificates/{id}/credential', path: credentialPath, bars: credentialBars },
        {
          name: 'GET /api/credentials/status/{listId}',
          path: new URL(credential.credentialStatus.statusListCredential).pathname,
          bars: credentialBars,
        },
      );
      for (const row of learnerRows.filter((candidate) => isWanted(candidate.name))) {
        progress(`${engine.name}: ${row.name}`);
        rows.push({ ...(await measureRow({ ...row, base, options })), bars: row.bars });
      }

      // The pages the server draws (ADR 0019): each kept with the answers it was drawn from, so a
      // request asks the API again (in-process: 1 call for Home, 6–7 for a signed-in page) and resends
      // the drawing while they are the same. A render per request would be 1–2 % of bare; the bars
      // catch that. Sent as identity here, as bare. No p99 bar: each round's fresh connections wait
      // behind the calls of the requests already in flight (0.3–1.5 s for the first request of a
      // connection, 0.1–0.25 s after), which the bare server, sending bytes it holds, never has.
      const pageSession = { cookie: `ga_session=${auth.authorization.slice('Bearer '.length)}` };
      const drawnRows = [
        { name: 'GET / (drawn) as guest', path: '/', bars: { issue: 'issue 8', ratio: 20 } },
        {
          name: 'GET /course/{id} (drawn) as student',
          path: `/course/${fixtures.courseId}`,
          headers: pageSession,
          bars: { issue: 'issue 8', ratio: 6 },
        },
        {
          name: 'GET /course/{id}/learn (drawn) as student',
          path: `/course/${fixtures.courseId}/learn`,
          headers: pageSession,
          bars: { issue: 'issue 8', ratio: 6 },
        },
        // Issue 40: the same pages in Spanish and Arabic (the locale cookie), at English's bars; each
        // language's drawing is kept apart (ADR 0062).
        ...['es', 'ar'].flatMap((locale) => [
          {
            name: `GET / (drawn) as guest, ${locale}`,
            path: '/',
            headers: { cookie: `locale=${locale}` },
            locale,
            bars: { issue: 'issue 40', ratio: 20 },
          },
          {
            name: `GET /course/{id} (drawn) as student, ${locale}`,
            path: `/course/${fixtures.courseId}`,
            headers: { cookie: `${pageSession.cookie}; locale=${locale}` },
            locale,
            bars: { issue: 'issue 40', ratio: 6 },
          },
        ]),
      ];
      for (const row of drawnRows.filter((candidate) => isWanted(candidate.name))) {
        progress(`${engine.name}: ${row.name}`);
        const sample = await (await fetch(`${base}${row.path}`, { headers: row.headers })).text();
        if (!sample.includes('id="page-state"')) throw new Error(`${row.name}: the server did not draw the page`);
        if (row.locale && !sample.includes(`<html lang="${row.locale}"`))
          throw new Error(`${row.name}: not drawn in ${row.locale}`);
        rows.push({ ...(await measureRow({ ...row, base, options })), bars: row.bars });
      }

      if (isWanted('POST /api/auth/logout (write)')) {
        progress(`${engine.name}: POST /api/auth/logout`);
        const logoutLoop = eventLoopDuring(server, probeFile);
        const write = await measureRow({
          name: 'POST /api/auth/logout (write)',
          base,
          path: '/api/auth/logout',
          method: 'POST',
          // Logout revokes its token, so every request brings the next of 'bench-0' … 'bench-N'.
          headersFor: (i) => ({ authorization: `Bearer bench-${i}` }),
          options,
          onMeasure: logoutLoop.onMeasure,
        });
        rows.push({ ...write, eventLoop: logoutLoop.result(), bars: { issue: core, p99: 25, eventLoop: 20 } });
        if (write.used > TOKENS) progress(`warning: the write row used ${write.used} tokens, only ${TOKENS + 1} were made`);
      }

      if (isWanted('POST /api/progress (write)')) {
        progress(`${engine.name}: POST /api/progress`);
        const progressLoop = eventLoopDuring(server, probeFile);
        const { lessonIds } = fixtures;
        rows.push({
          ...(await measureRow({
            name: 'POST /api/progress (write)',
            base,
            path: '/api/progress',
            method: 'POST',
            // Each request one learner's own slide: LEARNERS students in turn, each through the course's slides.
            headersFor: (i) => ({ authorization: `Bearer ${learnerToken(i % LEARNERS)}` }),
            bodyFor: (i) => JSON.stringify({ lessonId: lessonIds[Math.floor(i / LEARNERS) % lessonIds.length], completed: true }),
            options,
            onMeasure: progressLoop.onMeasure,
          })),
          eventLoop: progressLoop.result(),
          bars: { issue: learner, p99: 25, eventLoop: 20 },
        });
      }

      // Issue 24 §2: each learner pays for a cart of CART_SIZE paid courses in one payment (each request
      // makes a provider intent and a payment row per course; nothing is enrolled until it is paid).
      if (isWanted('POST /api/cart/checkout (write)')) {
        progress(`${engine.name}: POST /api/cart/checkout`);
        rows.push({
          ...(await measureRow({
            name: 'POST /api/cart/checkout (write)',
            base,
            path: '/api/cart/checkout',
            method: 'POST',
            headersFor: (i) => ({ authorization: `Bearer ${learnerToken(i % LEARNERS)}` }),
            body: '{}',
            options,
          })),
          bars: { issue: 'issue 24', ratio: 2, p99: 100 },
        });
      }

      // Issue 24 §4: a creator's earnings page (SALES sales over a year), from the read cache, which each
      // ledger entry of the creator's drops (migration 0027).
      if (isWanted('GET /api/creator/earnings')) {
        progress(`${engine.name}: GET /api/creator/earnings`);
        rows.push({
          ...(await measureRow({
            name: 'GET /api/creator/earnings',
            base,
            path: '/api/creator/earnings',
            headers: { authorization: `Bearer ${CREATOR_TOKEN}` },
            options,
          })),
          bars: { issue: 'issue 24', ratio: 2, p99: 100 },
        });
      }

      if (isWanted('PATCH /api/lessons/{id} (creator)')) {
        progress(`${engine.name}: PATCH /api/lessons/{id}`);
        rows.push(
          await measureRow({
            name: 'PATCH /api/lessons/{id} (creator)',
            base,
            path: `/api/lessons/${fixtures.editedLessonId}`,
            method: 'PATCH',
            headers: { authorization: `Bearer ${CREATOR_TOKEN}` },
            body: JSON.stringify({
              title: 'Edited by the bench',
              content: '<p>A slide <strong>edited</strong> over and over</p>',
            }),
            options,
          }),
        );
      }

      // Issue 37: a code answer's grading, alone and four at once, beside the bare run of the same Python.
      if (isWanted('POST code answer (graded)')) {
        progress(`${engine.name}: POST code answers`);
        rows.push(...(await measureCodeAnswers({ base, courseId: fixtures.creatorCourseId })));
      }
      // Issue 37: the catalogue keeps GET /api/courses' bars while two endless loops are being stopped.
      const whileLooping = 'GET /api/courses (2 endless Python loops)';
      if (isWanted(whileLooping)) {
        progress(`${engine.name}: ${whileLooping}`);
        const loops = endlessLoops(base);
        // Both loops are running before the first request.
        await sleep(1000);
        let row;
        try {
          row = await measureRow({ name: whileLooping, base, path: '/api/courses', options });
        } finally {
          const counts = await loops.stop();
          progress(`${engine.name}: endless loops sent ${counts.started}, stopped at the time limit ${counts.stoppedAtTheLimit}`);
          if (counts.other.length > 0) progress(`${engine.name}: other loop answers: ${counts.other.slice(0, 3).join('; ')}`);
        }
        // GET /api/courses' ratio bar. No p99 bar: with both cores spinning Python, the bare server's own p99
        // was 25.5 ms (the app's 33.6 ms at 89.3 % of bare, 2026-11-29): that figure measures the machine.
        rows.push({ ...row, bars: { issue: 'issue 37', ratio: 85 } });
      }

      const memory = memoryOf(server.child.pid);
      const { code, signal } = await stop(server);
      // LOG_LEVEL=warn: anything the server printed is worth a look.
      const log = server.output().trim();
      if (code !== 0 || log) {
        progress(`${engine.name}: the server exited with ${code ?? signal}${log ? `, its output:\n${log.slice(0, 4000)}` : ''}`);
      }
      return {
        name: engine.name,
        rows,
        backgroundEdits,
        creatorEditsPerS: CREATOR_EDITS_PER_S,
        memory,
        startupMs,
        connections: CONNECTIONS,
        durationS: DURATION_S,
        rounds: ROUNDS,
      };
    },
  );
}

async function runOn(makeEngine) {
  const engine = await makeEngine();
  return track(
    () => engine.dispose(),
    () => runEngine(engine),
  );
}

buildIfNeeded();
const engines = [['embedded PGlite', embeddedEngine]];
if (process.env.BENCH_DATABASE_URL) engines.push(['PostgreSQL', () => postgresEngine(process.env.BENCH_DATABASE_URL)]);
// BENCH_ENGINES=postgres (or pglite): one engine only, e.g. to measure PostgreSQL again after a noisy run.
if (process.env.BENCH_ENGINES) {
  const wanted = process.env.BENCH_ENGINES.toLowerCase();
  engines.splice(0, engines.length, ...engines.filter(([name]) => name.toLowerCase().includes(wanted)));
}

let failed = false;
for (const [name, makeEngine] of engines) {
  try {
    printEngine(await runOn(makeEngine));
  } catch (error) {
    failed = true;
    console.error(`\n${name}: the benchmark could not run: ${error instanceof Error ? error.stack : error}`);
  }
}
if (!process.env.BENCH_DATABASE_URL) console.log('\n(set BENCH_DATABASE_URL to measure PostgreSQL too)');
process.exitCode = failed ? 1 : 0;
