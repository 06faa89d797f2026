import path from 'node:path';
import { z } from 'zod';

const booleanFromString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const positiveInt = z.coerce.number().int().positive();

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFromString.default(false),
  SEED_DEMO: booleanFromString.default(true),
  CREATOR_INVITE_CODE: z.string().min(8, 'must be at least 8 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Gradient Academy <no-reply@gradient.academy>'),
  RATE_LIMIT_LOGIN_PER_MINUTE: positiveInt.default(10),
  RATE_LIMIT_SIGNUP_PER_HOUR: positiveInt.default(20),
  RATE_LIMIT_RESET_PER_HOUR_EMAIL: positiveInt.default(5),
  RATE_LIMIT_RESET_PER_HOUR_IP: positiveInt.default(20),
  SHUTDOWN_TIMEOUT_MS: positiveInt.default(10_000),
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
  trustProxy: boolean;
  seedDemo: boolean;
  creatorInviteCode: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  rateLimits: {
    loginPerMinute: number;
    signupPerHour: number;
    resetPerHourPerEmail: number;
    resetPerHourPerIp: number;
  };
  shutdownTimeoutMs: number;
  /** Built web app; absent in API-only test runs. */
  webDir: string | undefined;
};

export class ConfigError extends Error {}

/** Empty strings count as unset, so `FOO= npm start` falls back to the default. */
function withoutEmpty(env: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${issue?.path.join('.')} ${issue?.message}`);
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO,
    creatorInviteCode: e.CREATOR_INVITE_CODE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    rateLimits: {
      loginPerMinute: e.RATE_LIMIT_LOGIN_PER_MINUTE,
      signupPerHour: e.RATE_LIMIT_SIGNUP_PER_HOUR,
      resetPerHourPerEmail: e.RATE_LIMIT_RESET_PER_HOUR_EMAIL,
      resetPerHourPerIp: e.RATE_LIMIT_RESET_PER_HOUR_IP,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    webDir: undefined,
  };
}
