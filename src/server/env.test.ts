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
      seedDemo: true,
      rateLimits: { loginPerMinute: 10, signupPerHour: 20, resetPerHourPerEmail: 5, resetPerHourPerIp: 20 },
    });
  });

  it('reads and converts every kind of value', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/app',
      PUBLIC_URL: 'https://academy.example/',
      SEED_DEMO: 'false',
      RATE_LIMIT_LOGIN_PER_MINUTE: '3',
    });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe('postgres://u:p@db:5432/app');
    expect(config.publicUrl).toBe('https://academy.example');
    expect(config.seedDemo).toBe(false);
    expect(config.rateLimits.loginPerMinute).toBe(3);
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
    ];
    for (const [env, message] of cases) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    }
  });
});
