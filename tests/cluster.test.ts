import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, type DbHandle } from '#db/client';
import { migrationsFolder } from '#db/migrate';
import { seedCourses } from '#db/seed/courses/index';
import { demoAccounts } from '#db/seed/index';
import { JSON_BODY_LIMIT, LARGER_BODY_LIMITS } from '#server/body-limits';
import { addContent, createCourse, createUser, enroll, type TestUser } from '#tests/factories';
import { type Answer, type LoadWorker, parseAccessLog, startLoad, upstreamsOf } from '#tests/helpers/cluster-load';
import { createTestDb } from '#tests/helpers/db';
import { cleanUpProcesses, freePort, spawnServer, tempDataDir } from '#tests/helpers/process';
import { sendBody } from '#tests/helpers/raw-body';
import { NGINX_TEMPLATE } from '../scripts/nginx-config.mjs';
import { type Cluster, findNginx, startCluster } from '../scripts/start-cluster.mjs';

/*
 * Issue 25 §1: three instances of the built server on one PostgreSQL, behind nginx with
 * deploy/nginx.conf (ADR 0038). One is SIGKILLed in the middle of a load run and restarted. The
 * figures the closing note quotes are printed.
 */
const isPostgres = inject('dbKind') === 'postgres';
const nginxPath = findNginx();
// CI installs nginx (.ci/run): there a missing nginx is a failure, not a reason to skip.
if (isPostgres && !nginxPath && process.env.CI) throw new Error('nginx not found: CI must install it for the cluster test');

const LESSONS = 300;
const WORKERS = 12;
const FREE_COURSES = 20;

let database: DbHandle;
let cluster: Cluster;
let creator: TestUser;
let readCourseId: string;
let learningCourseId: string;
let paidCourseId: string;
let workers: (LoadWorker & { user: TestUser })[];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function api(base: string, method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null, text };
}

/** How long after `startedAt` (performance.now) `check` first holds; throws after `limitMs`. */
async function msUntil(startedAt: number, limitMs: number, check: () => Promise<boolean>): Promise<number> {
  while (performance.now() - startedAt < limitMs) {
    if (await check()) return performance.now() - startedAt;
    await sleep(5);
  }
  throw new Error(`not within ${limitMs} ms`);
}

function completedLessons(progress: { lessons: { lessonId: string; completed: boolean }[] }): Set<string> {
  return new Set(progress.lessons.filter((lesson) => lesson.completed).map((lesson) => lesson.lessonId));
}

describe.skipIf(!isPostgres || !nginxPath)('a cluster of three instances behind nginx', () => {
  beforeAll(async () => {
    database = await createTestDb();
    const db = database.db;
    creator = await createUser(db, { role: 'creator' });
    readCourseId = (await createCourse(db, creator.id, { title: 'Read under load' })).id;
    const learning = await createCourse(db, creator.id, { title: 'Learning under load' });
    learningCourseId = learning.id;
    const { lessons } = await addContent(db, learning.id, { lessonCount: LESSONS, quizCount: 0 });
    const paid = await createCourse(db, creator.id, { title: 'Bought on one instance', priceCents: 2500 });
    paidCourseId = paid.id;
    await addContent(db, paid.id, { lessonCount: 2, quizCount: 0 });
    const freeCourseIds: string[] = [];
    for (let i = 0; i < FREE_COURSES; i++)
      freeCourseIds.push((await createCourse(db, creator.id, { title: `Free ${i + 1}` })).id);
    workers = [];
    for (let i = 0; i < WORKERS; i++) {
      const user = await createUser(db);
      await enroll(db, user.id, learning.id);
      // Each learner starts at another slide, so writes spread over the table.
      const offset = (i * 25) % LESSONS;
      const lessonIds = [...lessons.slice(offset), ...lessons.slice(0, offset)].map((lesson) => lesson.id);
      workers.push({ user, token: user.token, lessonIds, freeCourseIds });
    }

    cluster = await startCluster({
      databaseUrl: String(database.connection.connectionString),
      instances: 3,
      // Migrated already (the run's template) and not seeded: nothing for the first to do alone.
      firstAlone: false,
      env: { NODE_ENV: 'production', PAYMENT_PROVIDER: 'test', SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
    });
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
    await database?.close();
  });

  it('runs nginx on deploy/nginx.conf with only its placeholders filled in', () => {
    const template = readFileSync(NGINX_TEMPLATE, 'utf8');
    const escaped = template.split(/\$\{GA_[A-Z0-9_]+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    const running = readFileSync(cluster.nginx.configFile, 'utf8');
    expect(running).toMatch(new RegExp(`^${escaped.join('[^\\n]+')}$`));
    const commandLine = readFileSync(`/proc/${cluster.nginx.child.pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    expect(commandLine).toContain(`-c ${cluster.nginx.configFile}`);
  });

  it('keeps answering while an instance is killed and restarted, and loses no acknowledged write', async () => {
    const [, victim] = cluster.instances;
    if (!victim) throw new Error('no second instance');
    const load = startLoad({ url: cluster.url, readCourseId, progressCourseId: learningCourseId }, workers);
    await sleep(2000);

    const killedAt = Date.now();
    await victim.kill('SIGKILL');
    // A write made while the instance is down, for it to show the moment it is back.
    const downtimeTitle = 'Renamed while an instance was down';
    const renamed = await api(cluster.url, 'PATCH', `/api/courses/${readCourseId}`, creator.token, { title: downtimeTitle });
    expect(renamed.status, renamed.text).toBe(200);
    await sleep(1000);

    const restartStartedAt = performance.now();
    await victim.start();
    const restartMs = performance.now() - restartStartedAt;
    const restartedAt = Date.now();
    // Fresh at once: the first answers of the restarted instance, asked directly, already hold
    // what was written while it was down and every write acknowledged so far.
    const firstWorker = workers[0] as (typeof workers)[number];
    const acknowledgedSoFar = new Set(load.acknowledged[0]?.lessonIds);
    const course = await api(victim.url, 'GET', `/api/courses/${readCourseId}`);
    expect(course.json.title).toBe(downtimeTitle);
    const progress = await api(victim.url, 'GET', `/api/courses/${learningCourseId}/progress`, firstWorker.token);
    const completed = completedLessons(progress.json);
    expect([...acknowledgedSoFar].filter((id) => !completed.has(id))).toEqual([]);

    // Load goes on until nginx has sent the restarted instance its share again.
    const servedByRestarted = () =>
      parseAccessLog(readFileSync(cluster.nginx.accessLog, 'utf8')).filter(
        (entry) => entry.time * 1000 >= restartedAt && upstreamsOf(entry).at(-1) === victim.address && entry.status < 500,
      ).length;
    const deadline = Date.now() + 10_000;
    while (servedByRestarted() < 20 && Date.now() < deadline) await sleep(100);
    await load.stop();
    const stoppedAt = Date.now();

    const log = parseAccessLog(readFileSync(cluster.nginx.accessLog, 'utf8'));
    const byRequestId = new Map(log.map((entry) => [entry.requestId, entry]));
    const answers = load.answers;
    const failed = answers.filter((answer) => answer.status === 0);
    const serverErrors = answers.filter((answer) => answer.status >= 500);
    /** A request nginx had sent to the killed instance when it died: the only kind that may fail. */
    const inFlightOnVictim = (answer: Answer) => {
      const entry = answer.requestId ? byRequestId.get(answer.requestId) : undefined;
      return (
        entry !== undefined &&
        upstreamsOf(entry).length === 1 &&
        upstreamsOf(entry)[0] === victim.address &&
        answer.sentAt <= killedAt + 1000 &&
        answer.answeredAt >= killedAt
      );
    };
    const unexplained = serverErrors.filter((answer) => !inFlightOnVictim(answer));
    const retried = log.filter((entry) => upstreamsOf(entry).length > 1);
    const during = answers.filter((answer) => answer.sentAt >= killedAt && answer.sentAt < restartedAt);
    const seconds = (stoppedAt - (answers[0]?.sentAt ?? stoppedAt)) / 1000;
    /** p50 and p99 of the answers' times, per kind of request. */
    const kinds = new Map<string, number[]>();
    for (const answer of answers) {
      const kind = `${answer.method} ${answer.path.replace(/[0-9a-f-]{36}/g, ':id')}`;
      kinds.set(kind, [...(kinds.get(kind) ?? []), answer.answeredAt - answer.sentAt]);
    }
    const latencies = [...kinds].map(([kind, times]) => {
      const sorted = times.sort((a, b) => a - b);
      const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
      return `${kind} ×${sorted.length} p50 ${at(0.5)} ms p99 ${at(0.99)} ms`;
    });
    const perInstance = cluster.instances.map(
      (instance) => `${instance.name} ${log.filter((entry) => upstreamsOf(entry).at(-1) === instance.address).length}`,
    );

    // Read back every acknowledged write, through nginx.
    let writesChecked = 0;
    const lost: string[] = [];
    for (const [index, worker] of workers.entries()) {
      const acknowledged = load.acknowledged[index] as (typeof load.acknowledged)[number];
      const done = completedLessons(
        (await api(cluster.url, 'GET', `/api/courses/${learningCourseId}/progress`, worker.token)).json,
      );
      const enrolled = new Set(
        ((await api(cluster.url, 'GET', '/api/my-courses', worker.token)).json as { id: string }[]).map((c) => c.id),
      );
      for (const id of acknowledged.lessonIds) if (!done.has(id)) lost.push(`worker ${index}: slide ${id}`);
      for (const id of acknowledged.courseIds) if (!enrolled.has(id)) lost.push(`worker ${index}: enrollment in ${id}`);
      writesChecked += acknowledged.lessonIds.size + acknowledged.courseIds.size;
    }

    console.log(
      [
        `cluster: ${answers.length} requests in ${seconds.toFixed(1)} s through nginx (${Math.round(answers.length / seconds)}/s) from ${WORKERS} workers; served by ${perInstance.join(', ')}`,
        `  kill: ${victim.name} SIGKILLed, restarted and ready in ${Math.round(restartMs)} ms; ${during.length} requests sent while it was down`,
        `  5xx: ${serverErrors.length} (${serverErrors.map((a) => `${a.method} ${a.path} ${a.status}`).join('; ') || 'none'}), all in flight on ${victim.name} when it died: ${unexplained.length === 0}; connection errors ${failed.length}`,
        `  retried by nginx on another instance: ${retried.length} requests`,
        `  latency: ${latencies.join('; ')}`,
        `  acknowledged writes read back: ${writesChecked}, lost: ${lost.length}`,
      ].join('\n'),
    );

    expect(
      log.filter((entry) => entry.time * 1000 < killedAt && upstreamsOf(entry).includes(victim.address)).length,
    ).toBeGreaterThan(0);
    expect(failed).toEqual([]);
    expect(unexplained).toEqual([]);
    // nginx retries reads; only a write already sent to the dying instance can fail.
    expect(serverErrors.filter((answer) => answer.method === 'GET')).toEqual([]);
    expect(lost).toEqual([]);
    expect(writesChecked).toBeGreaterThan(50);
    expect(servedByRestarted()).toBeGreaterThanOrEqual(20);
  }, 120_000);

  it('shows a logout, a course edit and a purchase made on one instance on the others within a second', async () => {
    const [first, ...others] = cluster.instances;
    if (!first) throw new Error('no instance');
    const db = database.db;
    const onEachOther = async (startedAt: number, check: (base: string) => Promise<boolean>) =>
      Math.max(...(await Promise.all(others.map((other) => msUntil(startedAt, 1000, () => check(other.url))))));

    // A logout: the token, used (so cached) on the others, is refused there.
    const student = await createUser(db);
    for (const other of others) expect((await api(other.url, 'GET', '/api/auth/me', student.token)).status).toBe(200);
    expect((await api(first.url, 'POST', '/api/auth/logout', student.token)).status).toBe(200);
    const logoutMs = await onEachOther(
      performance.now(),
      async (base) => (await api(base, 'GET', '/api/auth/me', student.token)).status === 401,
    );

    // A course edit by its creator.
    for (const other of others) expect((await api(other.url, 'GET', `/api/courses/${readCourseId}`)).status).toBe(200);
    const edited = await api(first.url, 'PATCH', `/api/courses/${readCourseId}`, creator.token, {
      title: 'Edited on one instance',
    });
    expect(edited.status, edited.text).toBe(200);
    const editMs = await onEachOther(
      performance.now(),
      async (base) => (await api(base, 'GET', `/api/courses/${readCourseId}`)).json.title === 'Edited on one instance',
    );

    // A purchase with the test processor.
    const buyer = await createUser(db);
    for (const other of others) expect((await api(other.url, 'GET', '/api/my-courses', buyer.token)).json).toEqual([]);
    const intent = await api(first.url, 'POST', '/api/create-payment-intent', buyer.token, { courseId: paidCourseId });
    expect(intent.status, intent.text).toBe(200);
    const { paymentIntentId } = intent.json as { paymentIntentId: string };
    const card = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2031, cvc: '123' };
    expect((await api(first.url, 'POST', `/api/test-payments/${paymentIntentId}/confirm`, buyer.token, card)).json).toEqual({
      status: 'succeeded',
    });
    const confirmed = await api(first.url, 'POST', '/api/confirm-payment', buyer.token, {
      paymentIntentId,
      courseId: paidCourseId,
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const purchaseMs = await onEachOther(performance.now(), async (base) =>
      ((await api(base, 'GET', '/api/my-courses', buyer.token)).json as { id: string }[]).some((c) => c.id === paidCourseId),
    );

    console.log(
      `cluster: seen on both other instances after a logout ${Math.round(logoutMs)} ms, a course edit ${Math.round(editMs)} ms, a purchase ${Math.round(purchaseMs)} ms`,
    );
  });

  it('limits clients by the address nginx saw, whatever X-Forwarded-For they send', async () => {
    const { port } = new URL(cluster.url);
    /** A failed login sent to nginx from `localAddress` (any 127.x address is this machine). */
    const failedLogin = (localAddress: string, forwardedFor: string) =>
      new Promise<number>((resolve, reject) => {
        const body = JSON.stringify({ email: `nobody-${Math.random()}@cluster.test`, password: 'not-the-password' });
        const sent = request(
          {
            host: '127.0.0.1',
            port,
            localAddress,
            method: 'POST',
            path: '/api/auth/login',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          },
        );
        sent.on('error', reject);
        sent.end(body);
      });
    // The default limit: 10 failed logins a minute per client address, each one forging another.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push(await failedLogin('127.0.0.2', `198.51.100.${i + 1}`));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    // Another client behind the same nginx is its own client, not nginx.
    expect(await failedLogin('127.0.0.3', '127.0.0.2')).toBe(401);
  });

  it('passes bodies too large for its memory to the app, and refuses those over their limit itself in JSON', async () => {
    // ~90 KB: past nginx's in-memory buffer (16 KB), so written to its temp directory first, then sent on.
    const description = `<p>${'Long description. '.repeat(5_000)}</p>`;
    const large = await api(cluster.url, 'PATCH', `/api/courses/${paidCourseId}`, creator.token, { description });
    expect(large.status, large.text).toBe(200);
    expect(large.json.description).toBe(description);
    const huge = await api(cluster.url, 'POST', '/api/auth/login', undefined, {
      email: 'a@cluster.test',
      password: 'x'.repeat(2_000_000),
    });
    expect(huge.status).toBe(413);
    expect(huge.json).toEqual({ message: 'Request body is too large' });
  });

  it("answers a body over its address's limit with a JSON 413, never a 502, and passes one at the limit to the app", async () => {
    const TOO_LARGE = { status: 413, body: JSON.stringify({ message: 'Request body is too large' }) };
    // Each with the method its route takes: an upload is a PUT, a change to one thing a PATCH (a review
    // card's answer is a POST), the rest POSTs.
    const methodOf = (route: string) =>
      route.startsWith('/api/uploads/') ? 'PUT' : route.endsWith(':id') && !route.startsWith('/api/review/') ? 'PATCH' : 'POST';
    const addresses = [
      ['/api/auth/login', JSON_BODY_LIMIT, 'POST'],
      ...Object.entries(LARGER_BODY_LIMITS).map(
        ([route, limit]) => [route.replace(/:[a-z]+/gi, randomUUID()), limit, methodOf(route)] as const,
      ),
    ] as const;
    for (const [path, limit, method] of addresses) {
      const headers = { 'content-type': method === 'PUT' ? 'video/mp4' : 'application/json' };
      for (let i = 0; i < 10; i++) {
        expect(await sendBody(cluster.url, { method, path, size: limit + 1, headers }), `${path}: ${limit + 1} bytes`).toEqual(
          TOO_LARGE,
        );
      }
      // At the limit it is the app's to answer (not JSON, no such course, not signed in...): no refusal by size.
      const atLimit = await sendBody(cluster.url, { method, path, size: limit, headers });
      expect([400, 401, 404], `${path}: ${limit} bytes`).toContain(atLimit.status);
    }
    // Within the upload address's limit the app refuses early, before the file has arrived; its answer arrives all the same.
    for (let i = 0; i < 10; i++) {
      const grant = await api(cluster.url, 'POST', '/api/objects/upload', creator.token, { kind: 'image' });
      expect(
        await sendBody(cluster.url, {
          method: 'PUT',
          path: grant.json.uploadURL,
          size: 6_000_000,
          headers: { 'content-type': 'image/png' },
        }),
      ).toEqual({ status: 413, body: JSON.stringify({ message: 'The file is larger than 5 MB' }) });
      const unknown = await sendBody(cluster.url, {
        method: 'PUT',
        path: `/api/uploads/${randomBytes(32).toString('base64url')}`,
        size: 6_000_000,
        headers: { 'content-type': 'image/png' },
      });
      expect(unknown).toEqual({ status: 404, body: JSON.stringify({ message: 'Upload address not found' }) });
    }
  }, 120_000);

  it('keeps upload grants and query strings out of its access log, and makes every request id itself', async () => {
    const response = await fetch(`${cluster.url}/api/uploads/grantSECRETinPATH?token=querySECRET`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png', 'x-request-id': 'chosen-by-the-client' },
      body: 'not an image',
    });
    expect(response.status).toBe(404);
    await response.arrayBuffer();
    // One id, nginx's, in the answer and the log: a client cannot make its requests' log lines look like another's.
    const requestId = response.headers.get('x-request-id') ?? '';
    expect(requestId).toMatch(/^[0-9a-f]{32}$/);
    // nginx writes a request's line once it has answered: moments after the client has the answer.
    const logged = () =>
      parseAccessLog(readFileSync(cluster.nginx.accessLog, 'utf8')).some((entry) => entry.requestId === requestId);
    for (let waited = 0; !logged() && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    const log = readFileSync(cluster.nginx.accessLog, 'utf8');
    expect(log).not.toContain('SECRET');
    expect(parseAccessLog(log).find((entry) => entry.requestId === requestId)).toMatchObject({
      method: 'PUT',
      path: '/api/uploads/[redacted]',
      status: 404,
    });
  });
});

describe.skipIf(!isPostgres)('instances started together on an empty PostgreSQL database', () => {
  let admin: DbHandle;
  const names: string[] = [];
  beforeAll(async () => {
    const adminUrl = new URL(inject('postgresTemplateUrl'));
    adminUrl.pathname = '/postgres';
    admin = await createDb({ kind: 'postgres', url: adminUrl.toString(), poolSize: 1 });
  });
  afterAll(async () => {
    cleanUpProcesses();
    for (const name of names) await admin?.execute(`drop database if exists ${name} with (force)`);
    await admin?.close();
  });

  async function emptyDatabaseUrl(): Promise<string> {
    const name = `ga_empty_${randomBytes(6).toString('hex')}`;
    names.push(name);
    await admin.execute(`create database ${name}`);
    const url = new URL(inject('postgresTemplateUrl'));
    url.pathname = `/${name}`;
    return url.toString();
  }

  /** Starts `count` instances at once and resolves once every one is ready; one that exits first fails it. */
  async function startTogether(count: number, env: Record<string, string>) {
    const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
    const servers = ports.map((port) => spawnServer(tempDataDir(), port, env));
    await Promise.all(
      ports.map(async (port, index) => {
        const server = servers[index] as (typeof servers)[number];
        const deadline = Date.now() + 80_000;
        while (Date.now() < deadline && server.child.exitCode === null) {
          const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
            (response) => response.status === 200,
            () => false,
          );
          if (ready) return;
          await sleep(100);
        }
        throw new Error(`instance ${index + 1} not ready:\n${server.output()}`);
      }),
    );
    return servers;
  }

  async function query<T>(url: string, text: string): Promise<T[]> {
    const database = await createDb({ kind: 'postgres', url, poolSize: 1 });
    try {
      return ((await database.execute(text)) as { rows: T[] }).rows;
    } finally {
      await database.close();
    }
  }

  // docs/deploy.md: each instance migrates as it starts, under one advisory lock.
  it('both become ready, and each migration is applied once', async () => {
    const url = await emptyDatabaseUrl();
    await startTogether(2, { DATABASE_URL: url });
    const rows = await query<{ hash: string }>(url, 'select hash from drizzle.__drizzle_migrations');
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    expect(rows).toHaveLength(journal.entries.length);
    expect(new Set(rows.map((row) => row.hash)).size).toBe(rows.length);
  }, 90_000);

  // The demo is seeded under the same lock: one instance seeds, the others find it there.
  it('three seeding the demo all become ready, and the demo is seeded once', async () => {
    const url = await emptyDatabaseUrl();
    const servers = await startTogether(3, { DATABASE_URL: url, SEED_DEMO: 'true' });
    expect(servers.filter((server) => server.output().includes('Seeded ')).length).toBe(1);
    const [courses] = await query<{ count: string }>(url, 'select count(*) from courses');
    expect(Number(courses?.count)).toBe(seedCourses.length);
    const owners = await query<{ email: string }>(
      url,
      'select distinct u.email from courses c join users u on u.id = c.creator_id',
    );
    expect(owners.map((owner) => owner.email)).toEqual([demoAccounts[0].email]);
  }, 120_000);
});
