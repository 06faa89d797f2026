import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('loadConfig', () => {
  it('has working defaults for a bare machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 5000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:5000',
      // Unset NODE_ENV is a developer's machine: `npm install && npm start` seeds the demo.
      nodeEnv: 'development',
      seedDemo: true,
      trustProxy: false,
      purgeIntervalMs: 3_600_000,
      rateLimits: {
        loginPerMinute: 10,
        loginPerHourPerEmail: 100,
        loginSuccessPerMinute: 30,
        signupPerHour: 20,
        resetPerHourPerEmail: 5,
        resetPerHourPerIp: 20,
        quizAttemptsPerMinute: 30,
        paymentIntentsPerMinute: 30,
      },
      storageQuotaBytes: 5 * 1024 ** 3,
      retention: { orphanUploadMs: 86_400_000, abandonedAttemptMs: 30 * 86_400_000, abandonedPaymentMs: 3 * 86_400_000 },
    });
  });

  it('reads and converts every kind of value', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/app',
      PUBLIC_URL: 'https://academy.example/',
      SEED_DEMO: 'false',
      RATE_LIMIT_LOGIN_PER_MINUTE: '3',
      RATE_LIMIT_LOGIN_PER_HOUR_EMAIL: '7',
      RATE_LIMIT_LOGIN_SUCCESS_PER_MINUTE: '4',
      PURGE_INTERVAL_MS: '60000',
      RATE_LIMIT_QUIZ_ATTEMPTS_PER_MINUTE: '5',
      RATE_LIMIT_PAYMENT_INTENTS_PER_MINUTE: '6',
      STORAGE_QUOTA_BYTES: '1000000',
      ORPHAN_UPLOAD_GRACE_HOURS: '2',
      ABANDONED_QUIZ_ATTEMPT_DAYS: '7',
      ABANDONED_PAYMENT_DAYS: '1',
    });
    expect(config.rateLimits).toMatchObject({ quizAttemptsPerMinute: 5, paymentIntentsPerMinute: 6 });
    expect(config.storageQuotaBytes).toBe(1_000_000);
    expect(config.retention).toEqual({
      orphanUploadMs: 2 * 3_600_000,
      abandonedAttemptMs: 7 * 86_400_000,
      abandonedPaymentMs: 86_400_000,
    });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe('postgres://u:p@db:5432/app');
    expect(config.publicUrl).toBe('https://academy.example');
    expect(config.seedDemo).toBe(false);
    expect(config.rateLimits).toMatchObject({ loginPerMinute: 3, loginPerHourPerEmail: 7, loginSuccessPerMinute: 4 });
    expect(config.purgeIntervalMs).toBe(60_000);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 5000, databaseUrl: undefined });
  });

  it('stops with one clear line naming the bad variable', () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ PORT: 'eighty' }, /^Invalid configuration: PORT /],
      [{ PORT: '70000' }, /^Invalid configuration: PORT /],
      [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must start with postgres/],
      [{ SEED_DEMO: 'maybe' }, /^Invalid configuration: SEED_DEMO /],
      [{ CREATOR_INVITE_CODE: 'short' }, /^Invalid configuration: CREATOR_INVITE_CODE must be at least 8 characters/],
      [{ SMTP_URL: 'http://mail' }, /^Invalid configuration: SMTP_URL /],
      [{ NODE_ENV: 'staging' }, /^Invalid configuration: NODE_ENV /],
      [{ RATE_LIMIT_LOGIN_PER_HOUR_EMAIL: '0' }, /^Invalid configuration: RATE_LIMIT_LOGIN_PER_HOUR_EMAIL /],
      [{ RATE_LIMIT_QUIZ_ATTEMPTS_PER_MINUTE: 'many' }, /^Invalid configuration: RATE_LIMIT_QUIZ_ATTEMPTS_PER_MINUTE /],
      [{ RATE_LIMIT_PAYMENT_INTENTS_PER_MINUTE: '0' }, /^Invalid configuration: RATE_LIMIT_PAYMENT_INTENTS_PER_MINUTE /],
      [{ STORAGE_QUOTA_BYTES: '5GB' }, /^Invalid configuration: STORAGE_QUOTA_BYTES /],
      [{ STORAGE_QUOTA_BYTES: '1e300' }, /^Invalid configuration: STORAGE_QUOTA_BYTES /],
      [{ ORPHAN_UPLOAD_GRACE_HOURS: '-1' }, /^Invalid configuration: ORPHAN_UPLOAD_GRACE_HOURS /],
      [{ ABANDONED_QUIZ_ATTEMPT_DAYS: '1.5' }, /^Invalid configuration: ABANDONED_QUIZ_ATTEMPT_DAYS /],
      [{ ABANDONED_PAYMENT_DAYS: '0' }, /^Invalid configuration: ABANDONED_PAYMENT_DAYS /],
    ];
    for (const [env, message] of cases) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    }
  });

  it('seeds the demo by default except in production, where only an explicit SEED_DEMO=true does', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).seedDemo).toBe(true);
    const production = { NODE_ENV: 'production', PAYMENT_PROVIDER: 'test' };
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('takes payments with Stripe when its keys are set, and with the test processor in production only when PAYMENT_PROVIDER=test says so', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_PUBLISHABLE_KEY: 'pk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    expect(loadConfig({}).paymentProvider).toBe('test');
    expect(loadConfig({ NODE_ENV: 'test' }).paymentProvider).toBe('test');
    expect(loadConfig(stripe).paymentProvider).toBe('stripe');
    expect(loadConfig({ ...stripe, NODE_ENV: 'production' }).paymentProvider).toBe('stripe');
    expect(loadConfig({ ...stripe, NODE_ENV: 'production', PAYMENT_PROVIDER: 'stripe' }).paymentProvider).toBe('stripe');
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'test' }).paymentProvider).toBe('test');
    // Connect events may come to an endpoint of their own, with its own secret.
    expect(loadConfig(stripe).stripe?.connectWebhookSecret).toBeUndefined();
    expect(loadConfig({ ...stripe, STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_2' }).stripe?.connectWebhookSecret).toBe('whsec_2');
    const refused: Array<[Record<string, string>, RegExp]> = [
      [{ NODE_ENV: 'production' }, /^Invalid configuration: production takes payments through Stripe .*PAYMENT_PROVIDER=test/],
      [{ PAYMENT_PROVIDER: 'stripe' }, /^Invalid configuration: PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY/],
      [{ ...stripe, PAYMENT_PROVIDER: 'test' }, /^Invalid configuration: PAYMENT_PROVIDER=test and the Stripe keys contradict/],
      [{ PAYMENT_PROVIDER: 'paypal' }, /^Invalid configuration: PAYMENT_PROVIDER /],
      [
        { STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_2' },
        /^Invalid configuration: .*STRIPE_CONNECT_WEBHOOK_SECRET .*need STRIPE_SECRET_KEY/,
      ],
      [{ ...stripe, STRIPE_CONNECT_WEBHOOK_SECRET: 'sk_2' }, /^Invalid configuration: STRIPE_CONNECT_WEBHOOK_SECRET /],
    ];
    for (const [env, message] of refused) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    }
  });

  it('points the Stripe SDK at STRIPE_API_URL (stripe-mock, a stand-in), over https only in production', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    const api = (env: Record<string, string>) => loadConfig({ ...stripe, ...env }).stripe?.api;
    expect(api({})).toBeUndefined();
    expect(api({ STRIPE_API_URL: 'http://127.0.0.1:12111' })).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    expect(api({ STRIPE_API_URL: 'https://[::1]/' })).toEqual({ host: '::1', port: 443, protocol: 'https' });
    expect(api({ NODE_ENV: 'production', STRIPE_API_URL: 'https://stripe.internal:8443' })).toEqual({
      host: 'stripe.internal',
      port: 8443,
      protocol: 'https',
    });
    const refused: Array<[Record<string, string>, RegExp]> = [
      [{ ...stripe, STRIPE_API_URL: 'localhost:12111' }, /^Invalid configuration: STRIPE_API_URL must be an http/],
      [{ ...stripe, STRIPE_API_URL: 'ftp://127.0.0.1' }, /^Invalid configuration: STRIPE_API_URL must be an http/],
      [{ ...stripe, STRIPE_API_URL: 'http://127.0.0.1:12111/v1' }, /^Invalid configuration: STRIPE_API_URL must have no path/],
      [{ ...stripe, NODE_ENV: 'production', STRIPE_API_URL: 'http://stripe.internal' }, /https:\/\/ URL in production/],
      [{ STRIPE_API_URL: 'http://127.0.0.1:12111' }, /need STRIPE_SECRET_KEY/],
    ];
    for (const [env, message] of refused) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    }
  });

  it('takes TRUST_PROXY as a hop count or proxy addresses, never "trust everything"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
    for (const value of ['true', 'all', '*', '10.0.0.1/33', 'proxy.local']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/^Invalid configuration: TRUST_PROXY /);
    }
  });

  it('refuses a TRUST_PROXY range that takes in clients (0.0.0.0/0, ::/0 and their like) with one line', () => {
    for (const value of [
      '0.0.0.0/0',
      '::/0',
      '0.0.0.0/1, 128.0.0.0/1',
      '10.0.0.1, 4.0.0.0/6',
      '::ffff:0:0/96',
      '::/8',
      '2000::/3',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        /^Invalid configuration: TRUST_PROXY \S+ takes in clients, not just proxies [^\n]*$/,
      );
    }
    // Private networks and one proxy's mapped address are proxies.
    for (const value of ['10.0.0.0/8', '172.16.0.0/12', 'fc00::/7', '::ffff:10.0.0.0/104', '2001:db8::/32']) {
      expect(loadConfig({ TRUST_PROXY: value }).trustProxy, value).toEqual([value]);
    }
  });
});
