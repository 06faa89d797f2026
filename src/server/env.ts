import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_VIDEO_COMPLETE_PERCENT } from '#shared/schemas/learning';
import { isTooWideForProxies } from './lib/client-address';
import { parseCredentialKey } from './lib/credentials/credential-key-format';
import { DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts } from './lib/http-timeouts';

const booleanFromString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const positiveInt = z.coerce.number().int().positive();
const HOUR_MS = 60 * 60 * 1000;

/**
 * A hop count or a list of proxy addresses/CIDRs, never "trust everything": with that, any client
 * could pick its own address (and so its own rate-limit key) with X-Forwarded-For. A range as wide
 * as 0.0.0.0/0 or ::/0 says the same in other words, and is refused as plainly.
 */
const TrustProxySchema = z.string().transform((value, context): false | number | string[] => {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === '0' || text === 'no') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const isAddress = (entry: string) => {
    const [address = '', bits, extra] = entry.split('/');
    if (extra !== undefined || isIP(address) === 0) return false;
    if (bits === undefined) return true;
    const max = isIP(address) === 4 ? 32 : 128;
    return /^\d+$/.test(bits) && Number(bits) <= max;
  };
  if (entries.length === 0 || !entries.every(isAddress)) {
    context.addIssue({
      code: 'custom',
      message:
        'must be false, a hop count (e.g. 1) or a comma-separated list of proxy addresses/CIDRs; "true" would let clients forge their address',
    });
    return z.NEVER;
  }
  const tooWide = entries.find((entry) => {
    const [address = '', bits] = entry.split('/');
    return bits !== undefined && isTooWideForProxies(address, Number(bits));
  });
  if (tooWide) {
    context.addIssue({
      code: 'custom',
      message: `${tooWide} takes in clients, not just proxies (the widest ranges allowed are /8 for IPv4 and /7 for IPv6): any client could forge their address`,
    });
    return z.NEVER;
  }
  return entries;
});

/** True for an address without path, query or fragment (and for text that is no URL: z.url reports that). */
function hasNoPath(value: string): boolean {
  try {
    const url = new URL(value);
    return /^\/?$/.test(url.pathname) && !url.search && !url.hash;
  } catch {
    return true;
  }
}

// Every variable the server reads; tests/deploy-recipe.test.ts holds README and compose.yaml to it.
export const EnvSchema = z.object({
  // Unset means a developer's machine (`npm start` seeds the demo); deployments set production.
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: TrustProxySchema.optional(),
  SEED_DEMO: booleanFromString.optional(),
  // The embedded database flushes each commit to disk before acknowledging it
  // (docs/performance.md, Durable commits); by default in production only.
  EMBEDDED_DB_FSYNC: booleanFromString.optional(),
  CREATOR_INVITE_CODE: z.string().min(8, 'must be at least 8 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Gradient Academy <no-reply@gradient.academy>'),
  RATE_LIMIT_LOGIN_PER_MINUTE: positiveInt.default(10),
  RATE_LIMIT_LOGIN_PER_HOUR_EMAIL: positiveInt.default(100),
  RATE_LIMIT_LOGIN_SUCCESS_PER_MINUTE: positiveInt.default(30),
  RATE_LIMIT_SIGNUP_PER_HOUR: positiveInt.default(20),
  RATE_LIMIT_RESET_PER_HOUR_EMAIL: positiveInt.default(5),
  RATE_LIMIT_RESET_PER_HOUR_IP: positiveInt.default(20),
  RATE_LIMIT_QUIZ_ATTEMPTS_PER_MINUTE: positiveInt.default(30),
  RATE_LIMIT_PAYMENT_INTENTS_PER_MINUTE: positiveInt.default(30),
  RATE_LIMIT_REVIEW_VOTES_PER_MINUTE: positiveInt.default(60),
  RATE_LIMIT_COUPON_CHECKS_PER_MINUTE: positiveInt.default(30),
  RATE_LIMIT_CODE_RUNS_PER_MINUTE: positiveInt.default(20),
  RATE_LIMIT_DISCUSSION_POSTS_PER_MINUTE: positiveInt.default(10),
  // Worker threads that run Python on this instance (docs/decisions/0051); 0 turns server-side runs off.
  PYTHON_WORKERS: z.coerce.number().int().min(0).max(64).default(1),
  PYTHON_QUEUE_LIMIT: z.coerce.number().int().min(0).max(10_000).default(10),
  // An operator's mirror of Pyodide's packages (the folder holding pyodide-lock.json): imports load from it.
  PYODIDE_PACKAGES_URL: z
    .url({ protocol: /^https?$/, message: 'Must be an http(s) address: the folder holding pyodide-lock.json' })
    .transform((value) => (value.endsWith('/') ? value : `${value}/`))
    .optional(),
  SHUTDOWN_TIMEOUT_MS: positiveInt.default(10_000),
  HEADERS_TIMEOUT_MS: positiveInt.default(DEFAULT_HTTP_TIMEOUTS.headersTimeoutMs),
  REQUEST_TIMEOUT_MS: positiveInt.default(DEFAULT_HTTP_TIMEOUTS.requestTimeoutMs),
  CONNECTION_TIMEOUT_MS: positiveInt.default(DEFAULT_HTTP_TIMEOUTS.connectionTimeoutMs),
  KEEP_ALIVE_TIMEOUT_MS: positiveInt.default(DEFAULT_HTTP_TIMEOUTS.keepAliveTimeoutMs),
  PURGE_INTERVAL_MS: positiveInt.default(3_600_000),
  // With Stripe: how often available balances are transferred to connected creators (daily).
  PAYOUT_INTERVAL_MS: positiveInt.default(86_400_000),
  // 5 GiB; a safe integer, so sums of uploads stay exact.
  STORAGE_QUOTA_BYTES: positiveInt.max(Number.MAX_SAFE_INTEGER).default(5 * 1024 ** 3),
  ORPHAN_UPLOAD_GRACE_HOURS: positiveInt.max(24 * 365).default(24),
  ABANDONED_QUIZ_ATTEMPT_DAYS: positiveInt.max(3650).default(30),
  ABANDONED_PAYMENT_DAYS: positiveInt.max(3650).default(3),
  VIDEO_COMPLETE_PERCENT: z.coerce.number().int().min(1).max(100).default(DEFAULT_VIDEO_COMPLETE_PERCENT),
  PAGE_RENDER_MS_PER_SECOND: z.coerce.number().int().min(0).max(1000).default(400),
  PSEUDO_LOCALE: z.enum(['0', '1']).default('0'),
  PLATFORM_FEE_PERCENT: z.coerce.number().int().min(0).max(100).default(20),
  SEARCH_COUNT_LIMIT: z.coerce.number().int().min(10).max(100_000).default(1000),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFromString.optional(),
  OBJECT_URL_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // The Ed25519 seed that signs credentials (docs/deploy.md); unset: one made at first start, kept in the database.
  CREDENTIAL_KEY: z
    .string()
    .transform((value, context) => {
      try {
        return parseCredentialKey(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    })
    .optional(),
  // GET /metrics answers only this bearer (docs/performance.md, Metrics); short tokens are guessable.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key (sk_test_…, sk_live_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_/, 'must be a Stripe publishable key (pk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a webhook signing secret (whsec_…)')
    .optional(),
  // The Connect endpoint's own secret (account.updated of creators' connected accounts), when it is another endpoint.
  STRIPE_CONNECT_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a webhook signing secret (whsec_…)')
    .optional(),
  // Who takes the money; unset means Stripe when its keys are set, else the test processor (never in production).
  PAYMENT_PROVIDER: z.enum(['stripe', 'test']).optional(),
  // Another Stripe API host (stripe-mock, a test stand-in).
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .refine(hasNoPath, 'must have no path or query: the Stripe SDK takes only a scheme, host and port')
    .optional(),
});

export type Env = z.input<typeof EnvSchema>;

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  logLevel: string;
  /** false, a hop count, or the proxies' addresses/CIDRs (Fastify's trustProxy). */
  trustProxy: false | number | string[];
  seedDemo: boolean;
  /**
   * The embedded database syncs each commit to disk (docs/performance.md, Durable commits); by default in
   * production only.
   */
  embeddedFsync: boolean;
  creatorInviteCode: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  rateLimits: {
    /** Failed logins a minute per (email, IP) and per IP. */
    loginPerMinute: number;
    /** Failed logins an hour per email: high, so a stranger cannot lock a person out. */
    loginPerHourPerEmail: number;
    /** Successful logins a minute per IP. */
    loginSuccessPerMinute: number;
    signupPerHour: number;
    resetPerHourPerEmail: number;
    resetPerHourPerIp: number;
    /** Quiz attempts started or resumed a minute per user. */
    quizAttemptsPerMinute: number;
    /** Payment intents created a minute per user. */
    paymentIntentsPerMinute: number;
    /** Helpful votes cast or withdrawn a minute per user. */
    reviewVotesPerMinute: number;
    /** Discount codes checked a minute per IP: guessing codes stays slow. */
    couponChecksPerMinute: number;
    /** Python runs (POST /api/code/run) a minute per user. */
    codeRunsPerMinute: number;
    /** Lesson Q&A questions and replies posted a minute per user, together. */
    discussionPostsPerMinute: number;
  };
  /**
   * Server-side Python (docs/product.md, Running Python): worker threads, runs that may wait for one, and
   * the packages mirror (a folder address ending in `/`, or null: the standard library only).
   */
  python: { workers: number; queueLimit: number; packagesUrl: string | null };
  shutdownTimeoutMs: number;
  httpTimeouts: HttpTimeouts;
  /** How often expired sessions, reset tokens and old rate-limit windows are deleted. */
  purgeIntervalMs: number;
  /** With Stripe, how often creators' available balances are transferred; infinite for none (tests). */
  payoutIntervalMs: number;
  /** Bytes of finished uploads one creator may keep (uploads under way count with their declared size). */
  storageQuotaBytes: number;
  /** How long the purge keeps what nobody uses any more. */
  retention: {
    /** A finished upload no slide and no course uses is deleted once it is this old. */
    orphanUploadMs: number;
    /** An in-progress quiz attempt untouched this long is deleted. */
    abandonedAttemptMs: number;
    /** A payment that never succeeded (and its test-processor intent), untouched this long, is deleted. */
    abandonedPaymentMs: number;
  };
  /**
   * How much of each second the server may spend drawing new pages (ADR 0019); past it, and at 0, the
   * browser draws them, as it can any page.
   */
  pageRenderMsPerSecond: number;
  /** Tests only: pages may be asked for in the pseudo-locale (ADR 0062), which shows every catalogued text accented. */
  allowPseudoLocale: boolean;
  /**
   * The share of each sale the platform keeps (docs/product.md, Earnings and payouts), recorded on the
   * payment when it is made.
   */
  platformFeePercent: number;
  /**
   * How many of a search's courses are counted (docs/performance.md, Search at scale): past it `total` and the
   * facets say "at least", and pages are read in each order's index instead of sorting every match.
   */
  searchCountLimit: number;
  /** Percent of a video slide the player must see played before it marks the slide complete. */
  videoCompletePercent: number;
  /** Set when uploads live in an S3-compatible bucket instead of `$DATA_DIR/objects`. */
  s3:
    | {
        bucket: string;
        /** Unset means AWS itself; set for MinIO, R2, s3rver and the like. */
        endpoint: string | undefined;
        region: string;
        /** Both unset means the SDK's default chain (instance role, profile, environment). */
        credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
  /**
   * Who takes the money: Stripe, or the built-in test processor (docs/product.md, Checkout), under which every
   * paid course is free with the test card; in production only when PAYMENT_PROVIDER=test says so.
   */
  paymentProvider: 'stripe' | 'test';
  /** Card payments through Stripe; unset means the built-in test processor (docs/product.md, Checkout). */
  stripe:
    | {
        secretKey: string;
        publishableKey: string;
        webhookSecret: string;
        /** The Connect webhook endpoint's secret, when Connect events come to another endpoint than payments'. */
        connectWebhookSecret?: string | undefined;
        /** Where the SDK sends API calls; unset means api.stripe.com. */
        api: StripeApiAddress | undefined;
      }
    | undefined;
  /** Signs short-lived lesson-media addresses; unset means a random secret kept in the database. */
  objectUrlSecret: string | undefined;
  /** The credential signing key's seed (base64url) from CREDENTIAL_KEY; unset: the one kept in the database. */
  credentialKey: string | undefined;
  /** The bearer token of GET /metrics; unset, there are no metrics at all (docs/performance.md, Metrics). */
  metricsToken: string | undefined;
  /** Built web app; absent in API-only test runs. */
  webDir: string | undefined;
};

/** The SDK's `host`, `port` and `protocol` options. */
export type StripeApiAddress = { host: string; port: number; protocol: 'http' | 'https' };

export class ConfigError extends Error {}

/** Empty strings count as unset, so `FOO= npm start` falls back to the default. */
function withoutEmpty(env: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
}

function stripeApiAddress(e: z.output<typeof EnvSchema>): StripeApiAddress | undefined {
  if (!e.STRIPE_API_URL) return undefined;
  const url = new URL(e.STRIPE_API_URL);
  // Card data and the secret key would cross the network in the clear.
  if (e.NODE_ENV === 'production' && url.protocol !== 'https:') {
    throw new ConfigError('Invalid configuration: STRIPE_API_URL must be an https:// URL in production');
  }
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return {
    // Node's http.request wants an IPv6 address without the URL's brackets.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80,
    protocol,
  };
}

function stripeConfig(e: z.output<typeof EnvSchema>): Config['stripe'] {
  if (!e.STRIPE_SECRET_KEY) {
    if (e.STRIPE_PUBLISHABLE_KEY || e.STRIPE_WEBHOOK_SECRET || e.STRIPE_CONNECT_WEBHOOK_SECRET || e.STRIPE_API_URL) {
      throw new ConfigError(
        'Invalid configuration: STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_CONNECT_WEBHOOK_SECRET and STRIPE_API_URL need STRIPE_SECRET_KEY',
      );
    }
    return undefined;
  }
  // Without the webhook, a purchase whose tab closed before confirming would never enroll.
  if (!e.STRIPE_PUBLISHABLE_KEY || !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError('Invalid configuration: STRIPE_SECRET_KEY needs STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET');
  }
  if (e.STRIPE_SECRET_KEY.split('_')[1] !== e.STRIPE_PUBLISHABLE_KEY.split('_')[1]) {
    throw new ConfigError(
      'Invalid configuration: STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test or both be live keys',
    );
  }
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    publishableKey: e.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET,
    api: stripeApiAddress(e),
  };
}

function paymentProvider(e: z.output<typeof EnvSchema>, stripe: Config['stripe']): Config['paymentProvider'] {
  if (e.PAYMENT_PROVIDER === 'stripe' && !stripe) {
    throw new ConfigError(
      'Invalid configuration: PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
    );
  }
  if (e.PAYMENT_PROVIDER === 'test' && stripe) {
    throw new ConfigError(
      'Invalid configuration: PAYMENT_PROVIDER=test and the Stripe keys contradict each other: unset one of them',
    );
  }
  if (e.PAYMENT_PROVIDER) return e.PAYMENT_PROVIDER;
  if (stripe) return 'stripe';
  // Without Stripe every paid course is free with 4242 4242 4242 4242: never by accident in production.
  if (e.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration: production takes payments through Stripe (set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET); PAYMENT_PROVIDER=test makes every paid course free with the test card instead',
    );
  }
  return 'test';
}

function s3Config(e: z.output<typeof EnvSchema>): Config['s3'] {
  if (!e.S3_BUCKET) return undefined;
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    // Custom endpoints (MinIO, s3rver) rarely have wildcard DNS for virtual-hosted buckets.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
  };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${issue?.path.join('.')} ${issue?.message}`);
  }
  const e = parsed.data;
  const stripe = stripeConfig(e);
  // Real money on a database that a power cut can roll back: never by accident (docs/performance.md, Durable commits).
  if (
    e.NODE_ENV === 'production' &&
    !e.DATABASE_URL &&
    e.EMBEDDED_DB_FSYNC === false &&
    /^(sk|rk)_live_/.test(e.STRIPE_SECRET_KEY ?? '')
  ) {
    throw new ConfigError(
      'Invalid configuration: EMBEDDED_DB_FSYNC=false with live Stripe keys in production would let a power cut lose acknowledged payments; unset it (or use DATABASE_URL)',
    );
  }
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ?? false,
    // Never known demo passwords in a production database unless asked for explicitly.
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    // Production's data must survive a power cut; a laptop's demo, the tests and the bench trade that
    // for write speed (a third of the write rows' throughput: docs/performance.md, Durable commits).
    embeddedFsync: e.EMBEDDED_DB_FSYNC ?? e.NODE_ENV === 'production',
    creatorInviteCode: e.CREATOR_INVITE_CODE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    rateLimits: {
      loginPerMinute: e.RATE_LIMIT_LOGIN_PER_MINUTE,
      loginPerHourPerEmail: e.RATE_LIMIT_LOGIN_PER_HOUR_EMAIL,
      loginSuccessPerMinute: e.RATE_LIMIT_LOGIN_SUCCESS_PER_MINUTE,
      signupPerHour: e.RATE_LIMIT_SIGNUP_PER_HOUR,
      resetPerHourPerEmail: e.RATE_LIMIT_RESET_PER_HOUR_EMAIL,
      resetPerHourPerIp: e.RATE_LIMIT_RESET_PER_HOUR_IP,
      quizAttemptsPerMinute: e.RATE_LIMIT_QUIZ_ATTEMPTS_PER_MINUTE,
      paymentIntentsPerMinute: e.RATE_LIMIT_PAYMENT_INTENTS_PER_MINUTE,
      reviewVotesPerMinute: e.RATE_LIMIT_REVIEW_VOTES_PER_MINUTE,
      couponChecksPerMinute: e.RATE_LIMIT_COUPON_CHECKS_PER_MINUTE,
      codeRunsPerMinute: e.RATE_LIMIT_CODE_RUNS_PER_MINUTE,
      discussionPostsPerMinute: e.RATE_LIMIT_DISCUSSION_POSTS_PER_MINUTE,
    },
    python: { workers: e.PYTHON_WORKERS, queueLimit: e.PYTHON_QUEUE_LIMIT, packagesUrl: e.PYODIDE_PACKAGES_URL ?? null },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    httpTimeouts: {
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      uploadWindowMs: DEFAULT_HTTP_TIMEOUTS.uploadWindowMs,
      uploadMinBytesPerWindow: DEFAULT_HTTP_TIMEOUTS.uploadMinBytesPerWindow,
      connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    },
    purgeIntervalMs: e.PURGE_INTERVAL_MS,
    payoutIntervalMs: e.PAYOUT_INTERVAL_MS,
    storageQuotaBytes: e.STORAGE_QUOTA_BYTES,
    retention: {
      orphanUploadMs: e.ORPHAN_UPLOAD_GRACE_HOURS * HOUR_MS,
      abandonedAttemptMs: e.ABANDONED_QUIZ_ATTEMPT_DAYS * 24 * HOUR_MS,
      abandonedPaymentMs: e.ABANDONED_PAYMENT_DAYS * 24 * HOUR_MS,
    },
    pageRenderMsPerSecond: e.PAGE_RENDER_MS_PER_SECOND,
    allowPseudoLocale: e.PSEUDO_LOCALE === '1',
    searchCountLimit: e.SEARCH_COUNT_LIMIT,
    platformFeePercent: e.PLATFORM_FEE_PERCENT,
    videoCompletePercent: e.VIDEO_COMPLETE_PERCENT,
    s3: s3Config(e),
    objectUrlSecret: e.OBJECT_URL_SECRET,
    credentialKey: e.CREDENTIAL_KEY,
    metricsToken: e.METRICS_TOKEN,
    stripe,
    paymentProvider: paymentProvider(e, stripe),
    webDir: undefined,
  };
}
