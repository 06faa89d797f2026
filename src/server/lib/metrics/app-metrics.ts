import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, type Metric, Registry } from 'prom-client';
import type { DbHandle } from '#db/client';
import { registerDatabaseFamilies } from './database-families';
import { RouteLatencyHistogram } from './route-latency';
import { registerRuntimeFamilies } from './runtime-families';

/** One cache's counts since the process started, and what it holds now. */
export type CacheStats = { name: string; hits: number; misses: number; entries: number };

/** A payment's outcome when it is settled: paid (first time only), declined, or cancelled. */
export type PaymentOutcome = 'succeeded' | 'failed' | 'canceled';
/** Who decided a refund: the buyer, an admin, the app (a payment it could not keep), or the retry of one that failed. */
export type RefundReason = 'requested' | 'admin' | 'returned' | 'retried';
/**
 * A refund try: the money went back and is recorded; the provider refused it (or could not be
 * reached); or the money went back but recording it failed. The last two stay pending and are retried.
 */
export type RefundOutcome = 'refunded' | 'refused' | 'unrecorded';
/** Who draws a page: the server (ADR 0019), or the browser from the plain shell. */
export type PageDrawnBy = 'server' | 'browser';

/** What the app's code tells the metrics. Every method is a no-op while metrics are off. */
export type MetricsRecorder = {
  payment(outcome: PaymentOutcome, amountCents: number): void;
  refund(reason: RefundReason, outcome: RefundOutcome, amountCents: number): void;
  /** A request answered before any route: an address the router refused, or one that could not be parsed. */
  refused(statusCode: number): void;
  /** A page sent by the SPA handler; `page` is its router pattern (shared/page-modules.ts), never the address. */
  pageServed(request: FastifyRequest, page: string, drawnBy: PageDrawnBy): void;
};

export type MetricsSources = {
  handle: Pick<DbHandle, 'kind' | 'pool' | 'changes'>;
  /** Each cache's counts, read when scraped. */
  caches: () => Iterable<CacheStats>;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** performance.now() when the request reached its route's hooks; set only while metrics are on. */
    metricsStartedAt: number;
  }
}

/** The hooks that time one route's requests (docs/performance.md, Metrics). */
export type TimingHooks = {
  onRequest: (request: FastifyRequest, reply: FastifyReply, done: () => void) => void;
  onSend: (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => void;
};

/** Shared by every route: notes when the request arrived. */
const startClock: TimingHooks['onRequest'] = (request, _reply, done) => {
  request.metricsStartedAt = performance.now();
  done();
};

/**
 * Milliseconds since startClock. An answer sent before it ran (an app-wide onRequest hook, which runs
 * first, answered) counts with 0, not with the process's age.
 */
const elapsedMs = (request: FastifyRequest) =>
  request.metricsStartedAt === 0 ? 0 : performance.now() - request.metricsStartedAt;

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Label of requests no route answered (and no page): one series per method and status, whatever the address. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * One app's metrics in its own prom-client registry (tests build many apps in one process, so there
 * is no global one). Per request the app does one thing: the route's hooks note the time it arrives
 * and add the time to its answer (serialized, about to be written) to a series made when the route
 * was registered. Everything else (caches, the pool, the change feed, the event loop, memory) is read
 * only when scraped.
 */
export function createAppMetrics({ handle, caches }: MetricsSources) {
  const registry = new Registry();
  const registers = [registry];
  const latency = new RouteLatencyHistogram();
  registry.registerMetric(latency as unknown as Metric);

  const cacheCounter = (name: string, help: string, read: (stats: CacheStats) => number) =>
    new Counter({
      name,
      help,
      labelNames: ['cache'],
      registers,
      collect() {
        this.reset();
        for (const stats of caches()) this.inc({ cache: stats.name }, read(stats));
      },
    });
  cacheCounter('ga_cache_hits_total', 'Reads answered from memory, per cache', (stats) => stats.hits);
  cacheCounter('ga_cache_misses_total', 'Reads that had to load (or wait for a load), per cache', (stats) => stats.misses);
  new Gauge({
    name: 'ga_cache_entries',
    help: 'Values held, per cache',
    labelNames: ['cache'],
    registers,
    collect() {
      this.reset();
      for (const stats of caches()) this.set({ cache: stats.name }, stats.entries);
    },
  });

  const database = registerDatabaseFamilies(registry, handle);
  const runtime = registerRuntimeFamilies(registry);

  const pages = new Counter({
    name: 'ga_pages_total',
    help: "Pages sent by the SPA handler, by router pattern and who draws them: the server, or the browser from the plain shell (PAGE_RENDER_MS_PER_SECOND's budget spent, a render failed, or a page the server never draws)",
    labelNames: ['page', 'drawn_by'],
    registers,
  });
  const refused = new Counter({
    name: 'http_requests_refused_total',
    help: 'Requests answered before reaching any route (a malformed address, a path parameter too long, headers too large or too slow), by status',
    labelNames: ['status_code'],
    registers,
  });
  const payments = new Counter({
    name: 'ga_payments_total',
    help: 'Payments settled by this instance, by outcome (a paid one counts once, when it first enrolls)',
    labelNames: ['outcome'],
    registers,
  });
  const paymentCents = new Counter({
    name: 'ga_payment_amount_cents_total',
    help: 'Amounts of the payments settled by this instance, in cents of their currency, by outcome',
    labelNames: ['outcome'],
    registers,
  });
  const refunds = new Counter({
    name: 'ga_refunds_total',
    help: 'Refund tries this instance made, by who decided them and outcome: refunded, refused by the provider, or returned but not recorded (both retried)',
    labelNames: ['reason', 'outcome'],
    registers,
  });
  const refundCents = new Counter({
    name: 'ga_refund_amount_cents_total',
    help: 'Amounts of those refunds, in cents, by reason and outcome',
    labelNames: ['reason', 'outcome'],
    registers,
  });

  /** The route pattern of each page request, set by the SPA handler, read when its answer is sent. */
  const pageOf = new WeakMap<FastifyRequest, string>();
  const methodLabel = (method: string) => (METHODS.has(method) ? method : 'OTHER');

  const recorder: MetricsRecorder = {
    payment(outcome, amountCents) {
      payments.inc({ outcome });
      paymentCents.inc({ outcome }, amountCents);
    },
    refund(reason, outcome, amountCents) {
      refunds.inc({ reason, outcome });
      refundCents.inc({ reason, outcome }, amountCents);
    },
    refused(statusCode) {
      refused.inc({ status_code: String(statusCode) });
    },
    pageServed(request, page, drawnBy) {
      pages.inc({ page, drawn_by: drawnBy });
      pageOf.set(request, page);
    },
  };

  return {
    enabled: true as const,
    ...recorder,
    contentType: registry.contentType,
    /**
     * The hooks of one route: its series are found without a lookup by address or label. An
     * onRequest and an onSend hook, not Fastify's onResponse: that one sets up 'finish' listeners on
     * every response, ~1.5 µs a request against ~0.3 µs for these two (docs/performance.md, Metrics).
     */
    timingHooks(method: string | string[], route: string): TimingHooks {
      if (typeof method === 'string') {
        const series = latency.route(methodLabel(method), route);
        return {
          onRequest: startClock,
          onSend: (request, reply, payload, done) => {
            series.observe(reply.statusCode, elapsedMs(request));
            done(null, payload);
          },
        };
      }
      return {
        onRequest: startClock,
        onSend: (request, reply, payload, done) => {
          latency.route(methodLabel(request.method), route).observe(reply.statusCode, elapsedMs(request));
          done(null, payload);
        },
      };
    },
    /** The not-found handler's: a page by its router pattern, anything else as UNMATCHED_ROUTE. */
    notFoundHooks: {
      onRequest: startClock,
      onSend: (request, reply, payload, done) => {
        const route = pageOf.get(request) ?? UNMATCHED_ROUTE;
        latency.route(methodLabel(request.method), route).observe(reply.statusCode, elapsedMs(request));
        done(null, payload);
      },
    } satisfies TimingHooks,
    /** The text a Prometheus server scrapes. Probes the change feed first, so its lag is this moment's. */
    async scrape(): Promise<string> {
      runtime.snapshot();
      await database.probeLag();
      return registry.metrics();
    },
    close() {
      runtime.close();
    },
  };
}

export type AppMetrics = ReturnType<typeof createAppMetrics>;

/** While METRICS_TOKEN is unset: no registry, no hook, nothing counted. */
export const METRICS_OFF: MetricsRecorder & { enabled: false } = {
  enabled: false,
  payment() {},
  refund() {},
  refused() {},
  pageServed() {},
};
