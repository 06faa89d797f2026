import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/env';
import { addContent, bearer, createCourse, createUser, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';

/*
 * GET /metrics (docs/product.md, Operations; docs/performance.md, Metrics): who may scrape it, that every
 * family named in issue 25 §4 is there, and that each moves when the app does the thing it counts, on the
 * engine of the run.
 */

const TOKEN = `metrics-${randomBytes(16).toString('hex')}`;
const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2031, cvc: '123' };
const DECLINED_CARD = { ...GOOD_CARD, cardNumber: '4000 0000 0000 0002' };
const distDir = path.resolve(process.env.DIST_DIR ?? 'dist');
const isPostgres = inject('dbKind') === 'postgres';

let t: TestApp;
let creator: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    env: { METRICS_TOKEN: TOKEN },
    // The built web app and its renderer, so pages are drawn (`npm test` builds them first).
    config: { webDir: path.join(distDir, 'web'), pageRenderMsPerSecond: 1000 },
  });
  creator = await createUser(t.db.db, { role: 'creator' });
});
afterAll(() => t?.close());

const send = (options: InjectOptions) => t.app.inject(options);
const scrape = (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }, url = '/metrics') =>
  send({ method: 'GET', url, headers });

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of Prometheus text format 0.0.4 (no escaped quotes in our label values). */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]]));
      return { name: match[1] as string, labels, value: Number(match[3]) };
    });
}

/** The sum of every sample of `name` whose labels include `labels`. */
function total(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((sum, sample) => sum + sample.value, 0);
}

async function samples(): Promise<Sample[]> {
  const response = await scrape();
  expect(response.statusCode, response.body).toBe(200);
  return parse(response.body);
}

describe('who may read GET /metrics', () => {
  it('answers the Prometheus text format to the bearer of METRICS_TOKEN', async () => {
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toMatch(/^# HELP /m);
  });

  it('refuses with 401 and a JSON error without the token, with a wrong one, or with it anywhere but the header', async () => {
    const student = await createUser(t.db.db);
    const wrongOfSameLength = `${TOKEN.slice(0, -1)}${TOKEN.endsWith('0') ? '1' : '0'}`;
    const refused = [
      await scrape({}),
      await scrape({ authorization: `Bearer ${wrongOfSameLength}` }),
      await scrape({ authorization: `Bearer ${TOKEN.slice(0, 16)}` }),
      await scrape({ authorization: `Bearer ${TOKEN}x` }),
      await scrape({ authorization: `Bearer ${'x'.repeat(100_000)}` }),
      await scrape({ authorization: TOKEN }),
      await scrape({ authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}` }),
      await scrape({ authorization: `Bearer ${TOKEN} ${TOKEN}` }),
      await scrape(bearer(student)),
      await scrape({}, `/metrics?token=${TOKEN}`),
      await scrape({}, `/metrics?access_token=${TOKEN}`),
      await scrape({ cookie: `token=${TOKEN}`, 'x-metrics-token': TOKEN }),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'The metrics token is missing or wrong' });
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain('# HELP');
    }
  });

  it('is not there (404) when METRICS_TOKEN is unset, whatever is sent', async () => {
    const off = await createTestApp({ db: t.db });
    try {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const response = await off.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: 'Not found' });
      }
    } finally {
      await off.close();
    }
  });

  it('refuses to start with a METRICS_TOKEN shorter than 16 characters, in one line', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short-token' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'short-token' })).toThrow(
      'Invalid configuration: METRICS_TOKEN must be at least 16 characters',
    );
    expect(loadConfig({ METRICS_TOKEN: 'x'.repeat(16) }).metricsToken).toBe('x'.repeat(16));
    expect(loadConfig({}).metricsToken).toBeUndefined();
  });
});

const FAMILIES = [
  ['http_request_duration_seconds', 'histogram'],
  ['http_requests_refused_total', 'counter'],
  ['ga_cache_hits_total', 'counter'],
  ['ga_cache_misses_total', 'counter'],
  ['ga_cache_entries', 'gauge'],
  ['ga_change_feed_connected', 'gauge'],
  ['ga_change_feed_lag_seconds', 'gauge'],
  ['ga_change_feed_notifications_total', 'counter'],
  ['ga_change_feed_disconnects_total', 'counter'],
  ['ga_change_feed_reconnects_total', 'counter'],
  ['ga_db_pool_connections', 'gauge'],
  ['ga_db_pool_idle_connections', 'gauge'],
  ['ga_db_pool_waiting_requests', 'gauge'],
  ['ga_db_pool_max_connections', 'gauge'],
  ['nodejs_eventloop_lag_p99_seconds', 'gauge'],
  ['nodejs_eventloop_lag_max_seconds', 'gauge'],
  ['process_resident_memory_bytes', 'gauge'],
  ['process_cpu_seconds_total', 'counter'],
  ['ga_pages_total', 'counter'],
  ['ga_payments_total', 'counter'],
  ['ga_payment_amount_cents_total', 'counter'],
  ['ga_refunds_total', 'counter'],
  ['ga_refund_amount_cents_total', 'counter'],
] as const;

describe('the families', () => {
  it('names each family of issue 25 §4 with its help and type', async () => {
    const text = (await scrape()).body;
    for (const [name, type] of FAMILIES) {
      expect(text, name).toMatch(new RegExp(`^# HELP ${name} \\S`, 'm'));
      expect(text, name).toContain(`# TYPE ${name} ${type}\n`);
    }
  });

  it('reports the change feed connected, its lag, the pool of the engine and the event loop', async () => {
    // The event-loop monitor samples every 10 ms: give it a few since the last scrape.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = await samples();
    expect(total(now, 'ga_change_feed_connected')).toBe(1);
    const lag = total(now, 'ga_change_feed_lag_seconds');
    expect(lag).toBeGreaterThan(0);
    expect(lag).toBeLessThan(1);
    const engine = inject('dbKind');
    expect(total(now, 'ga_db_pool_connections', { engine })).toBeGreaterThan(0);
    expect(total(now, 'ga_db_pool_max_connections', { engine })).toBeGreaterThan(0);
    expect(now.some((sample) => sample.name === 'ga_db_pool_waiting_requests' && sample.labels.engine === engine)).toBe(true);
    expect(total(now, 'nodejs_eventloop_lag_max_seconds')).toBeGreaterThan(0);
    expect(total(now, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
  });

  it('moves each family when the app does what it counts', async () => {
    const buyer = await createUser(t.db.db);
    const course = await createCourse(t.db.db, creator.id, { priceCents: 4200 });
    await addContent(t.db.db, course.id, { lessonCount: 2, quizCount: 0 });
    const before = await samples();

    // Reads: the catalogue, and a course never read before (a miss), then again (hits).
    for (let i = 0; i < 20; i++) expect((await send({ method: 'GET', url: '/api/courses' })).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect((await send({ method: 'GET', url: `/api/courses/${course.id}` })).statusCode).toBe(200);
    }
    // A declined card, then a paid one, then the buyer's refund.
    const pay = (url: string, payload: object) => send({ method: 'POST', url, headers: bearer(buyer), payload });
    const { paymentIntentId } = (await pay('/api/create-payment-intent', { courseId: course.id })).json();
    expect((await pay(`/api/test-payments/${paymentIntentId}/confirm`, DECLINED_CARD)).statusCode).toBe(200);
    expect((await pay(`/api/test-payments/${paymentIntentId}/confirm`, GOOD_CARD)).statusCode).toBe(200);
    expect((await pay('/api/confirm-payment', { paymentIntentId, courseId: course.id })).statusCode).toBe(200);
    const refund = await send({ method: 'POST', url: `/api/courses/${course.id}/refund`, headers: bearer(buyer) });
    expect(refund.json()).toEqual({ status: 'refunded', amount: '42.00' });
    // A page the server draws, and one it leaves to the browser (sign-in forms are never drawn).
    const drawn = await send({ method: 'GET', url: `/course/${course.id}` });
    expect(drawn.body).toContain(course.title);
    expect((await send({ method: 'GET', url: '/login' })).statusCode).toBe(200);

    const after = await samples();
    const moved = (name: string, labels: Record<string, string> = {}) => total(after, name, labels) - total(before, name, labels);
    const count = 'http_request_duration_seconds_count';
    // A drawn page's own API calls, answered in-process, count as requests of their routes too.
    expect(moved(count, { method: 'GET', route: '/api/courses', status_code: '200' })).toBeGreaterThanOrEqual(20);
    expect(moved(count, { method: 'GET', route: '/api/courses/:id', status_code: '200' })).toBeGreaterThanOrEqual(3);
    expect(moved(count, { method: 'POST', route: '/api/courses/:id/refund', status_code: '200' })).toBe(1);
    expect(moved(count, { method: 'GET', route: '/course/:id', status_code: '200' })).toBe(1);
    expect(moved('http_request_duration_seconds_bucket', { route: '/api/courses', le: '+Inf' })).toBe(
      moved(count, { route: '/api/courses' }),
    );
    expect(moved('http_request_duration_seconds_sum', { route: '/api/courses' })).toBeGreaterThan(0);

    expect(moved('ga_cache_misses_total', { cache: 'courses' })).toBeGreaterThanOrEqual(1);
    expect(moved('ga_cache_hits_total', { cache: 'courses' })).toBeGreaterThanOrEqual(2);
    expect(moved('ga_cache_hits_total', { cache: 'catalog' })).toBeGreaterThanOrEqual(19);
    expect(total(after, 'ga_cache_entries', { cache: 'courses' })).toBeGreaterThanOrEqual(1);

    expect(moved('ga_payments_total', { outcome: 'failed' })).toBe(1);
    expect(moved('ga_payments_total', { outcome: 'succeeded' })).toBe(1);
    expect(moved('ga_payment_amount_cents_total', { outcome: 'succeeded' })).toBe(4200);
    expect(moved('ga_refunds_total', { reason: 'requested', outcome: 'refunded' })).toBe(1);
    expect(moved('ga_refund_amount_cents_total', { reason: 'requested', outcome: 'refunded' })).toBe(4200);

    expect(moved('ga_pages_total', { page: '/course/:id', drawn_by: 'server' })).toBe(1);
    expect(moved('ga_pages_total', { page: '/login', drawn_by: 'browser' })).toBe(1);
    // The payment and the refund announced changes of cached data.
    expect(moved('ga_change_feed_notifications_total')).toBeGreaterThan(0);
    expect(moved('process_cpu_seconds_total')).toBeGreaterThan(0);
  });
});

describe('attacks', () => {
  it('keeps the label sets bounded: 1,000 distinct unknown addresses add at most one series per method and status', async () => {
    const series = (text: string) => parse(text).filter((sample) => sample.name === 'http_request_duration_seconds_count');
    const before = series((await scrape()).body);
    const marks: string[] = [];
    for (let i = 0; i < 1000; i++) {
      const mark = randomBytes(8).toString('hex');
      marks.push(mark);
      const url = [`/api/${mark}`, `/objects/${mark}`, `/assets/${mark}.js`, `/${mark}/${mark}`][i % 4] as string;
      const method = (['GET', 'POST', 'DELETE', 'PROPFIND'] as const)[Math.floor(i / 4) % 4] as InjectOptions['method'];
      await send({ method, url: `${url}?q=${mark}` });
    }
    const text = (await scrape()).body;
    const added = series(text).length - before.length;
    // At most: `unmatched` × (GET, POST, DELETE, OTHER), the not-found page `*` and `/objects/*` for GET, all 404.
    expect(added).toBeLessThanOrEqual(8);
    for (const mark of marks) expect(text).not.toContain(mark);
    const routes = new Set(series(text).map((sample) => sample.labels.route));
    expect([...routes].filter((route) => route !== 'unmatched' && route !== '*' && !route?.startsWith('/'))).toEqual([]);
    expect(new Set(series(text).map((sample) => sample.labels.method))).not.toContain('PROPFIND');
  });

  it('counts the requests the router refuses by status, and no address of theirs', async () => {
    const before = await samples();
    const refusedUrls = ['/api/courses/%E0%A4%A', `/api/courses/${'x'.repeat(300)}`];
    for (const url of refusedUrls) expect((await send({ method: 'GET', url })).statusCode).toBeGreaterThanOrEqual(400);
    const text = (await scrape()).body;
    const after = parse(text);
    const moved = (status: string) =>
      total(after, 'http_requests_refused_total', { status_code: status }) -
      total(before, 'http_requests_refused_total', { status_code: status });
    expect(moved('400')).toBe(1);
    expect(moved('414')).toBe(1);
    expect(text).not.toContain('xxxxxxxxxx');
  });

  it('does not count a request as its address: an id in the path is the route pattern', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    await send({ method: 'GET', url: `/api/courses/${id}` });
    const text = (await scrape()).body;
    expect(text).not.toContain(id);
    expect(text).toContain('route="/api/courses/:id",status_code="404"');
  });
});

describe.skipIf(!isPostgres)('the change feed cut (its listener terminated)', () => {
  it('counts the disconnect and the reconnect', async () => {
    const before = await samples();
    const pid = t.db.changes.listenerProcessId;
    expect(pid).toBeTypeOf('number');
    await t.db.execute(`select pg_terminate_backend(${pid})`);
    const deadline = Date.now() + 10_000;
    let after = await samples();
    while (total(after, 'ga_change_feed_reconnects_total') === total(before, 'ga_change_feed_reconnects_total')) {
      if (Date.now() > deadline) throw new Error('the change feed did not reconnect within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await samples();
    }
    expect(total(after, 'ga_change_feed_disconnects_total') - total(before, 'ga_change_feed_disconnects_total')).toBe(1);
    expect(total(after, 'ga_change_feed_reconnects_total') - total(before, 'ga_change_feed_reconnects_total')).toBe(1);
    expect(total(after, 'ga_change_feed_connected')).toBe(1);
  });
});
