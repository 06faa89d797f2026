import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  type FastifyPluginAsyncZod,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DbHandle } from '#db/client';
import { LOCALES, PSEUDO_LOCALE } from '#shared/i18n/locales';
import { backgroundJobHandlers } from './background-jobs';
import { JSON_BODY_LIMIT, LARGER_BODY_LIMITS } from './body-limits';
import type { Config } from './env';
import { type BackgroundWork, createBackgroundWork } from './lib/background-work';
import { DEFAULT_HTTP_TIMEOUTS, httpTimeoutOptions } from './lib/http-timeouts';
import type { JobQueue } from './lib/jobs/job-kinds';
import { type ScheduledKind, startSchedule } from './lib/jobs/job-schedule';
import { createJobWorker, type JobTimings } from './lib/jobs/job-worker';
import { lazyChildLoggerFactory, logsRequests, quietFastifyLogging, requestLogController } from './lib/lazy-logger';
import { withLogRedaction } from './lib/log-redaction';
import { createMailer, type Mailer } from './lib/mailer';
import { createLocalDiskStore } from './lib/object-store/local-disk-store';
import type { ObjectStore } from './lib/object-store/object-store';
import { createS3Store } from './lib/object-store/s3-store';
import { type ApiGet, injectGet, loadPageRenderer } from './lib/page-renderer';
import type { PaymentProvider } from './lib/payments/payment-provider';
import { createStripeProvider, STRIPE_JS_SOURCES } from './lib/payments/stripe-provider';
import { createDbTestIntentStore } from './lib/payments/test-intent-db-store';
import { createTestProcessor } from './lib/payments/test-processor';
import { createPythonPool, type PythonPool } from './lib/python-sandbox/pool';
import { requestIdFor } from './lib/request-id';
import { UNLOCK_SWEEP_INTERVAL_MS } from './lib/unlock-notices';
import { accountRoutes } from './modules/account/account.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { certificatesRoutes } from './modules/certificates/certificates.routes';
import { credentialsRoutes } from './modules/certificates/credentials.routes';
import { codeRoutes } from './modules/code/code.routes';
import { couponsRoutes } from './modules/coupons/coupons.routes';
import { creatorRoutes } from './modules/creator/creator.routes';
import { THREAD_DIGEST_INTERVAL_MS } from './modules/discussions/discussions.mail';
import { discussionsRoutes } from './modules/discussions/discussions.routes';
import { earningsRoutes } from './modules/earnings/earnings.routes';
import { cartRoutes } from './modules/enrollment/cart.routes';
import { checkoutRoutes } from './modules/enrollment/checkout.routes';
import { enrollmentRoutes } from './modules/enrollment/enrollment.routes';
import { healthRoutes } from './modules/health/health.routes';
import { instructorsRoutes } from './modules/instructors/instructors.routes';
import { learningRoutes } from './modules/learning/learning.routes';
import { notebookRoutes } from './modules/learning/notebook.routes';
import { reviewDeckRoutes } from './modules/learning/review-deck.routes';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { previewRoutes } from './modules/preview/preview.routes';
import { purchasesRoutes } from './modules/purchases/purchases.routes';
import { refundsRoutes } from './modules/refunds/refunds.routes';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { savedCoursesRoutes } from './modules/saved-courses/saved-courses.routes';
import { searchRoutes } from './modules/search/search.routes';
import { seoRoutes } from './modules/seo/seo.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { bodyDeadlinePlugin } from './plugins/body-deadline';
import { credentialsPlugin } from './plugins/credentials';
import { currentUserPlugin } from './plugins/current-user';
import { dbPlugin } from './plugins/db';
import { docsPlugin } from './plugins/docs';
import { errorHandlerPlugin } from './plugins/error-handler';
import { inFlightPlugin } from './plugins/in-flight';
import { jsonBodyPlugin } from './plugins/json-body';
import { metricsPlugin } from './plugins/metrics';
import { objectUrlsPlugin } from './plugins/object-urls';
import { loadLocalizedPages } from './plugins/page-html';
import { readCachePlugin } from './plugins/read-cache';
import { onClientError, onFrameworkError } from './plugins/router-errors';
import { type CspAllowance, securityPlugin } from './plugins/security';
import { spaPlugin } from './plugins/spa';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    mailer: Mailer;
    /** Where uploads go: files under $DATA_DIR/objects unless buildApp is given another store. */
    objectStore: ObjectStore;
    /** Takes the money: the built-in test processor unless buildApp is given another provider. */
    payments: PaymentProvider;
    /** Work started after the response (cleanup) and jobs running here; closing the app waits for it. */
    background: BackgroundWork;
    /** The job queue in the database (ADR 0037): mail and scheduled upkeep, queued in the transaction that causes them. */
    jobs: JobQueue;
    /** Milliseconds since the epoch; tests pass a fixed clock so time windows never surprise them. */
    clock: () => number;
    /** Python runs in worker threads (ADR 0051); its workers start on the first run. */
    python: PythonPool;
  }
}

/**
 * Routes only a test build has (tests/helpers: the CSP report endpoint), registered after the app's
 * own, and the address the Content-Security-Policy sends violation reports to. Production passes none.
 */
export type TestPlugin = { routes: FastifyPluginAsyncZod; cspReportUri?: string };

export type BuildAppOptions = {
  config: Config;
  db: DbHandle;
  mailer?: Mailer;
  objectStore?: ObjectStore;
  paymentProvider?: PaymentProvider;
  clock?: () => number;
  logger?: FastifyServerOptions['logger'];
  testPlugin?: TestPlugin;
  /** The job worker's lease, polling, grace and backoff (tests make them short). */
  jobTimings?: Partial<JobTimings>;
};

/** Builds the whole app without listening; server.ts listens, tests inject. */
export async function buildApp({
  config,
  db,
  mailer,
  objectStore,
  paymentProvider,
  clock,
  logger,
  testPlugin,
  jobTimings,
}: BuildAppOptions) {
  const loggerOptions = withLogRedaction(logger ?? { level: config.logLevel });
  // Above info no request lines are written, and Fastify need not hold the logger (see quietFastifyLogging).
  const quiet =
    loggerOptions && loggerOptions !== true && !logsRequests(loggerOptions) ? quietFastifyLogging(loggerOptions) : undefined;
  const app = Fastify({
    ...(quiet
      ? { logger: false, childLoggerFactory: quiet.childLoggerFactory }
      : {
          logger: loggerOptions,
          logController: requestLogController(loggerOptions),
          childLoggerFactory: lazyChildLoggerFactory,
        }),
    trustProxy: trustProxyOption(config.trustProxy),
    // The header is read by requestIdFor, which keeps only a short id of safe characters.
    requestIdHeader: false,
    genReqId: requestIdFor,
    // Addresses that take more (uploads, webhooks, rich text) are listed in body-limits.ts.
    bodyLimit: JSON_BODY_LIMIT,
    ...httpTimeoutOptions(config.httpTimeouts),
    return503OnClosing: true,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: onFrameworkError,
    clientErrorHandler: onClientError,
  }).withTypeProvider<ZodTypeProvider>();

  // Encapsulated plugin instances inherit it from this root instance.
  if (quiet) app.log = quiet.log;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('clock', clock ?? Date.now);
  app.decorate('background', createBackgroundWork(app.log));
  const worker = createJobWorker({
    db: db.db,
    changes: db.changes,
    handlers: backgroundJobHandlers(app, db.db),
    log: app.log,
    ...(jobTimings ? { timings: jobTimings } : {}),
    track: (work) => app.background.hold(work),
  });
  app.decorate('jobs', { enqueue: worker.enqueue });
  const schedules: { stop: () => Promise<void> }[] = [];
  app.addHook('onClose', async () => {
    await Promise.all(schedules.map((schedule) => schedule.stop()));
    await worker.stop();
    await app.background.drain();
  });
  app.decorate(
    'python',
    createPythonPool({
      size: config.python.workers,
      queueLimit: config.python.queueLimit,
      packagesUrl: config.python.packagesUrl,
      log: app.log,
    }),
  );
  app.addHook('onClose', () => app.python.close());
  app.decorate('mailer', mailer ?? createMailer(config, app.log));
  app.decorate(
    'objectStore',
    objectStore ?? (config.s3 ? createS3Store(config.s3) : createLocalDiskStore({ root: path.join(config.dataDir, 'objects') })),
  );
  // Stripe when configured; otherwise test intents in the database, so every instance can confirm a checkout another started.
  app.decorate(
    'payments',
    paymentProvider ??
      (config.stripe ? createStripeProvider(config.stripe) : createTestProcessor({ intents: createDbTestIntentStore(db.db) })),
  );
  if (config.nodeEnv === 'production' && app.payments.name === 'test') {
    app.log.warn(
      'PAYMENT_PROVIDER=test: checkouts use the built-in test processor, so every paid course is free with the test card 4242 4242 4242 4242 and no money is taken',
    );
  }

  await app.register(inFlightPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(bodyDeadlinePlugin, { ...DEFAULT_HTTP_TIMEOUTS, ...config.httpTimeouts });
  await app.register(jsonBodyPlugin, { largerLimits: LARGER_BODY_LIMITS });
  await app.register(dbPlugin, { handle: db });
  await app.register(readCachePlugin);
  // Before every route: each route's registration gets its metrics hook (docs/performance.md, Metrics).
  await app.register(metricsPlugin);
  await app.register(objectUrlsPlugin);
  await app.register(credentialsPlugin);
  await app.register(currentUserPlugin);
  const pages =
    config.webDir && existsSync(path.join(config.webDir, 'index.html'))
      ? loadLocalizedPages(config.webDir, {
          publicUrl: config.publicUrl,
          locales: config.allowPseudoLocale ? [...LOCALES, PSEUDO_LOCALE] : LOCALES,
        })
      : undefined;
  // A page's API reads, as its viewer would make them, answered in-process.
  const apiGet: ApiGet = (url, token, requestId) => injectGet(app, url, token, requestId);
  // The first views the server draws (ADR 0019), where the build made a renderer beside the web app.
  const renderer =
    pages && config.webDir
      ? await loadPageRenderer({
          modulePath: path.join(config.webDir, '..', 'ssr', 'entry-server.js'),
          get: apiGet,
          renderMsPerSecond: config.pageRenderMsPerSecond,
        })
      : undefined;
  // index.html's one inline script (the theme, before first paint) and, where pages are drawn, their
  // loader run by their hashes; nothing else inline.
  const inlineScripts = [...(pages?.scriptHashes ?? []), ...(renderer ? (pages?.loaderScriptHashes ?? []) : [])];
  // A Stripe checkout loads Stripe.js, its card iframes and its API; without Stripe none of them may load.
  const stripe: CspAllowance = app.payments.name === 'stripe' ? STRIPE_JS_SOURCES : {};
  // The browser's Pyodide loads imported packages from the operator's mirror.
  const packages = config.python.packagesUrl ? [new URL(config.python.packagesUrl).origin] : [];
  await app.register(securityPlugin, {
    allow: {
      ...stripe,
      scriptSrc: [...(stripe.scriptSrc ?? []), ...inlineScripts],
      connectSrc: [...(stripe.connectSrc ?? []), ...packages],
    },
    reportUri: testPlugin?.cspReportUri,
  });
  await app.register(docsPlugin);

  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(catalogRoutes);
  await app.register(searchRoutes);
  await app.register(enrollmentRoutes);
  await app.register(creatorRoutes);
  await app.register(previewRoutes);
  await app.register(learningRoutes);
  await app.register(reviewDeckRoutes);
  await app.register(notebookRoutes);
  await app.register(uploadsRoutes);
  await app.register(checkoutRoutes);
  await app.register(cartRoutes);
  await app.register(couponsRoutes);
  await app.register(earningsRoutes);
  await app.register(refundsRoutes);
  await app.register(purchasesRoutes);
  await app.register(certificatesRoutes);
  await app.register(credentialsRoutes);
  await app.register(savedCoursesRoutes);
  await app.register(reviewsRoutes);
  await app.register(codeRoutes);
  await app.register(instructorsRoutes);
  await app.register(adminRoutes);
  await app.register(discussionsRoutes);
  await app.register(seoRoutes);
  if (testPlugin) await app.register(testPlugin.routes);

  await app.register(spaPlugin, {
    webDir: config.webDir,
    pages,
    renderer,
    get: apiGet,
    allowPseudoLocale: config.allowPseudoLocale,
  });

  app.addHook('onReady', async () => {
    worker.start();
    const schedule = (kind: ScheduledKind, intervalMs: number) =>
      schedules.push(
        startSchedule({
          db: db.db,
          jobs: app.jobs,
          kind,
          intervalMs,
          clock: app.clock,
          onError: (error) => app.log.error({ err: error, kind }, 'a scheduled job could not be queued'),
        }),
      );
    // Tests that compare every table before and after each request run with none (an infinite interval).
    if (Number.isFinite(config.purgeIntervalMs)) {
      schedule('purge', config.purgeIntervalMs);
      // Refunds the provider could not take at the time, on the same rhythm.
      schedule('refund-retry', config.purgeIntervalMs);
      // Creators' lesson Q&A digests, once a day (UTC), of the day before.
      schedule('thread-digest', THREAD_DIGEST_INTERVAL_MS);
      // Paced parts whose dates passed are announced within the hour (ADR 0056).
      schedule('unlocks', UNLOCK_SWEEP_INTERVAL_MS);
    }
    // With Stripe, connected creators' available balances are transferred on a schedule (issue 24 §4).
    if (app.payments.name === 'stripe' && app.payments.createTransfer && Number.isFinite(config.payoutIntervalMs)) {
      schedule('payouts', config.payoutIntervalMs);
    }
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/** A hop count trusts that many proxies in front of the server: X-Forwarded-For's rightmost n addresses. */
function trustProxyOption(trust: Config['trustProxy']) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}
