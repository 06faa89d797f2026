import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { passwordResetMail } from '../modules/auth/auth.mail';
import { createMailer } from './mailer';

type Received = { from: string; to: string[]; raw: string };

/** Undoes quoted-printable soft breaks and escapes, so links can be read from the raw message. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

describe('SMTP delivery', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    server = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const mailFrom = session.envelope.mailFrom;
          received.push({
            from: mailFrom ? mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    t = await createTestApp({
      config: { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Gradient Academy <no-reply@example.test>' },
    });
  });

  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** The mail goes out after the answer; once the app's queued work is done the receiver has it. */
  async function mailTo(to: string): Promise<Received> {
    await t.app.background.drain();
    const mail = received.find((message) => message.to.includes(to));
    if (!mail) throw new Error(`no mail for ${to} reached the SMTP receiver`);
    return mail;
  }

  it('sends the reset link from forgot-password to the account over SMTP', async () => {
    const email = `smtp-${Date.now()}@example.com`;
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: 'old-password', name: 'Grace Hopper' },
    });
    expect(signup.statusCode).toBe(201);
    expect(t.mailer.sent).toHaveLength(0);

    const forgot = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    expect(forgot.statusCode).toBe(200);

    const mail = await mailTo(email);
    expect(mail.to).toEqual([email]);
    expect(mail.from).toBe('no-reply@example.test');
    const decoded = decodeQuotedPrintable(mail.raw);
    expect(decoded).toMatch(/^Subject: Reset your Gradient Academy password$/m);
    expect(decoded).toMatch(new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'm'));
    expect(decoded).toContain('Grace Hopper');
    const token = decoded.match(/http:\/\/localhost:5000\/reset-password\?token=([A-Za-z0-9_-]{43})/)?.[1];
    expect(token).toBeDefined();

    // The mailed link is the real one: it resets the password.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'new-password' },
    });
    expect(reset.statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'new-password' } });
    expect(login.statusCode).toBe(200);
  });

  it('sends nothing for an unknown email', async () => {
    const before = received.length;
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'nobody@example.com' },
    });
    expect(forgot.statusCode).toBe(200);
    await t.app.background.drain();
    expect(received.length).toBe(before);
  });
});

describe('dev outbox', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'ga-outbox-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes each message as an .eml file and logs recipient, subject and the app link', async () => {
    const logged: Array<{ details: Record<string, unknown>; message: string }> = [];
    const publicUrl = 'http://localhost:5000';
    const mailer = createMailer(
      { smtpUrl: undefined, mailFrom: 'Gradient Academy <no-reply@example.test>', dataDir, publicUrl },
      { info: (details, message) => logged.push({ details, message }) },
    );
    const link = `${publicUrl}/reset-password?token=abc_DEF-123`;
    await mailer.send(passwordResetMail({ to: 'ada@example.com', name: 'Ada', link, locale: 'en' }));
    await mailer.send({ to: 'bob@example.com', subject: 'Plain note', text: 'No links here.' });

    const files = readdirSync(path.join(dataDir, 'outbox')).sort();
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
    const contents = files.map((file) => readFileSync(path.join(dataDir, 'outbox', file), 'utf8'));
    const reset = contents.find((content) => content.includes('To: ada@example.com'));
    expect(reset).toBeDefined();
    expect(reset).toMatch(/^From: Gradient Academy <no-reply@example.test>$/m);
    expect(reset).toMatch(/^Subject: Reset your Gradient Academy password$/m);
    expect(reset).toMatch(/multipart\/alternative/);
    expect(decodeQuotedPrintable(reset ?? '')).toContain(link);

    expect(logged).toHaveLength(2);
    expect(logged[0]?.details).toMatchObject({ to: 'ada@example.com', subject: 'Reset your Gradient Academy password', link });
    expect(logged[1]?.details).toMatchObject({ to: 'bob@example.com', subject: 'Plain note' });
    expect(logged[1]?.details).not.toHaveProperty('link');
  });

  it('in production warns once that mail is not sent, and never logs the link', async () => {
    const logged: string[] = [];
    const warnings: string[] = [];
    const publicUrl = 'https://academy.example';
    const mailer = createMailer(
      { smtpUrl: undefined, mailFrom: 'Gradient Academy <no-reply@example.test>', dataDir, publicUrl, nodeEnv: 'production' },
      {
        info: (details, message) => logged.push(JSON.stringify({ details, message })),
        warn: (message) => warnings.push(message),
      },
    );
    const link = `${publicUrl}/reset-password?token=secret-token-value`;
    await mailer.send(passwordResetMail({ to: 'ada@example.com', name: 'Ada', link, locale: 'en' }));
    await mailer.send(passwordResetMail({ to: 'bob@example.com', name: 'Bob', link, locale: 'en' }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/SMTP_URL is not set/);
    expect(logged).toHaveLength(2);
    expect(logged.join('\n')).toContain('ada@example.com');
    expect(logged.join('\n')).not.toContain('secret-token-value');
  });
});
