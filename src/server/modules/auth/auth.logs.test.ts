import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '#db/client';
import { users } from '#db/schema/index';
import { type App, buildApp } from '#server/app';
import { loadConfig } from '#server/env';
import { createTestDb } from '#tests/helpers/db';
import { hashToken } from '../../lib/tokens';

/*
 * The real mailer and logger of a server started without SMTP_URL: what an operator's log
 * collector would receive during sign-up, login, a reset and logout.
 */

let handle: DbHandle;
beforeAll(async () => {
  handle = await createTestDb();
});
afterAll(async () => {
  await handle?.close();
});

type Started = { app: App; lines: string[]; outbox: string; close: () => Promise<void> };

async function startServer(nodeEnv: 'production' | 'development'): Promise<Started> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ga-logs-'));
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  const config = loadConfig({
    NODE_ENV: nodeEnv,
    PAYMENT_PROVIDER: 'test',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    PUBLIC_URL: 'https://academy.example',
  });
  const app = await buildApp({ config, db: handle, logger: { level: 'trace', stream } });
  await app.ready();
  return {
    app,
    lines,
    outbox: path.join(dataDir, 'outbox'),
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Signs up, fails and succeeds a login, resets the password from the mailed link, logs out. */
async function walkThroughAccount(server: Started) {
  const { app } = server;
  const email = `logs-${Math.random().toString(36).slice(2)}@example.com`;
  const password = 'first-Secret-pass';
  const newPassword = 'second-Secret-pass';
  const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password, name: 'Ada' } });
  expect(signup.statusCode).toBe(201);
  await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong-Secret-guess' } });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(login.statusCode).toBe(200);
  expect((await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } })).statusCode).toBe(200);
  await app.background.drain();
  const message = readdirSync(server.outbox)
    .map((file) => decodeQuotedPrintable(readFileSync(path.join(server.outbox, file), 'utf8')))
    .find((content) => content.includes(`To: ${email}`));
  const resetToken = message?.match(/reset-password\?token=([A-Za-z0-9_-]{43})/)?.[1] ?? '';
  expect(resetToken).not.toBe('');
  const reset = await app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token: resetToken, newPassword },
  });
  expect(reset.statusCode).toBe(200);
  const deviceCookie = login.cookies.find((cookie) => cookie.name === 'ga_device')?.value ?? 'missing device cookie';
  const again = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { cookie: `ga_device=${deviceCookie}` },
    payload: { email, password: newPassword },
  });
  const token = again.json().token as string;
  await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
  await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });
  const [row] = await handle.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, email));
  return {
    email,
    resetToken,
    secrets: [
      password,
      newPassword,
      'wrong-Secret-guess',
      row?.passwordHash ?? 'missing hash',
      signup.json().token,
      login.json().token,
      token,
      hashToken(token),
      resetToken,
      hashToken(resetToken),
      'reset-password?token',
      deviceCookie,
      // Its parts: the device id and the signature.
      ...deviceCookie.split('.').filter((_, index) => index === 1 || index === 3),
    ],
  };
}

describe('logs in production without SMTP_URL', () => {
  let server: Started;
  beforeAll(async () => {
    server = await startServer('production');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('warn once at start that mail only goes to the outbox, and carry no password, hash, token or link', async () => {
    const warnings = () =>
      server.lines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 40 && /SMTP_URL/.test(entry.msg));
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0].msg).toContain(server.outbox);

    const { email, secrets } = await walkThroughAccount(server);
    await walkThroughAccount(server);
    expect(warnings()).toHaveLength(1);

    const mailLines = server.lines.map((line) => JSON.parse(line)).filter((entry) => entry.to === email);
    expect(mailLines).toHaveLength(1);
    expect(mailLines[0]).toMatchObject({
      subject: expect.stringMatching(/reset/i),
      file: expect.stringContaining(server.outbox),
    });
    expect(mailLines[0]).not.toHaveProperty('link');

    const text = server.lines.join('');
    // Every request was logged, so the absence of secrets below means something.
    expect(text).toContain('"url":"/api/auth/reset-password"');
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});

describe('logs in development without SMTP_URL', () => {
  it('give developers the reset link, and no start-up warning', async () => {
    const server = await startServer('development');
    try {
      const { email, resetToken } = await walkThroughAccount(server);
      const entries = server.lines.map((line) => JSON.parse(line));
      expect(entries.filter((entry) => /SMTP_URL/.test(entry.msg))).toEqual([]);
      const mail = entries.find((entry) => entry.to === email);
      expect(mail?.link).toBe(`https://academy.example/reset-password?token=${resetToken}`);
    } finally {
      await server.close();
    }
  });
});
