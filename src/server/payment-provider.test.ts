import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '#db/client';
import { createTestDb } from '#tests/helpers/db';
import { buildApp } from './app';
import { loadConfig } from './env';

/*
 * With NODE_ENV=production and no Stripe keys every paid course would be free with 4242…: the start
 * is refused (env.test.ts, tests/server-process.test.ts) unless PAYMENT_PROVIDER=test says so, and
 * then the server says so at start.
 */

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle?.close();
});

async function startLines(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ga-payments-'));
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(JSON.parse(String(chunk)));
      callback();
    },
  });
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', SMTP_URL: 'smtp://127.0.0.1:1', ...env });
  const app = await buildApp({ config, db: handle, logger: { level: 'warn', stream } });
  await app.ready();
  const provider = app.payments.name;
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  return { provider, warnings: lines.filter((line) => line.level === 40).map((line) => line.msg) };
}

describe('the payment provider at start', () => {
  it('warns once that checkouts are free when production runs the test processor by PAYMENT_PROVIDER=test', async () => {
    const { provider, warnings } = await startLines({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'test' });
    expect(provider).toBe('test');
    expect(warnings).toEqual([expect.stringMatching(/^PAYMENT_PROVIDER=test: .*every paid course is free with the test card/)]);
  });

  it('says nothing of it on a developer machine, or with Stripe in production', async () => {
    expect((await startLines({ NODE_ENV: 'development' })).warnings).toEqual([]);
    const stripe = await startLines({
      NODE_ENV: 'production',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    });
    expect(stripe).toEqual({ provider: 'stripe', warnings: [] });
  });
});
