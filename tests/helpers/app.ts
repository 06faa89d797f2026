import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DbHandle } from '#db/client';
import { type App, type BuildAppOptions, buildApp, type TestPlugin } from '#server/app';
import { type Config, loadConfig } from '#server/env';
import type { Mail, Mailer } from '#server/lib/mailer';
import type { ObjectStore } from '#server/lib/object-store/object-store';
import type { PaymentProvider } from '#server/lib/payments/payment-provider';
import { createTestDb } from './db';

/** Keeps every message in memory so tests can read reset links. */
export class CapturingMailer implements Mailer {
  readonly sent: Mail[] = [];
  async send(mail: Mail): Promise<void> {
    this.sent.push(mail);
  }
  last(to?: string): Mail | undefined {
    return this.sent.filter((mail) => !to || mail.to === to).at(-1);
  }
}

export type TestApp = {
  app: App;
  db: DbHandle;
  mailer: CapturingMailer;
  config: Config;
  close: () => Promise<void>;
};

export type TestAppOptions = {
  env?: Record<string, string>;
  config?: Partial<Config>;
  /** Reuse one database across apps (e.g. to restart the app on the same data). */
  db?: DbHandle;
  mailer?: Mailer;
  objectStore?: ObjectStore;
  paymentProvider?: PaymentProvider;
  clock?: () => number;
  /** Silent unless a test needs the app's log (e.g. the error behind a 500). */
  logger?: BuildAppOptions['logger'];
  /** Test-only routes, e.g. cspReportsPlugin (tests/helpers/csp-reports.ts). */
  testPlugin?: TestPlugin;
  /** The job worker's lease, polling, grace and backoff (ADR 0037). */
  jobTimings?: BuildAppOptions['jobTimings'];
};

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ga-test-'));
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      CREATOR_INVITE_CODE: 'test-invite-code',
      ...options.env,
    }),
    // No scheduled Stripe transfer pays a test's creators behind its back; a test that wants it sets one.
    payoutIntervalMs: Number.POSITIVE_INFINITY,
    ...options.config,
  };
  const db = options.db ?? (await createTestDb());
  const mailer = new CapturingMailer();
  // With an SMTP_URL the app builds its real mailer, so tests can exercise SMTP end to end.
  const appMailer = options.mailer ?? (config.smtpUrl ? undefined : mailer);
  const app = await buildApp({
    config,
    db,
    ...(appMailer ? { mailer: appMailer } : {}),
    ...(options.objectStore ? { objectStore: options.objectStore } : {}),
    ...(options.paymentProvider ? { paymentProvider: options.paymentProvider } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.testPlugin ? { testPlugin: options.testPlugin } : {}),
    ...(options.jobTimings ? { jobTimings: options.jobTimings } : {}),
    logger: options.logger ?? false,
  });
  await app.ready();
  // As a load balancer would, wait until the instance is ready: until its change feed listens, its caches keep nothing.
  for (const startedAt = Date.now(); !db.changes.isReliable && Date.now() - startedAt < 10_000; ) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return {
    app,
    db,
    mailer,
    config,
    close: async () => {
      await app.close();
      if (!options.db) await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
