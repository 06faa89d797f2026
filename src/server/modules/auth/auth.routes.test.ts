import { randomUUID } from 'node:crypto';
import { and, eq, isNull, like } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatorInvites, passwordResets, rateLimits, sessions, users } from '#db/schema/index';
import { CapturingMailer, createTestApp, type TestApp } from '#tests/helpers/app';
import { countQueries } from '#tests/helpers/query-counter';
import { createCreatorInvite } from '../../lib/creator-invites';
import { hashToken } from '../../lib/tokens';
import { requestPasswordReset, sendPasswordResetMail } from './auth.service';

let t: TestApp;

// A fixed clock in the middle of a minute and of an hour: rate-limit windows never turn during a test.
const NOW = Date.UTC(2030, 0, 1, 12, 30, 30);
const clock = () => NOW;

beforeAll(async () => {
  t = await createTestApp({ clock });
});

afterAll(async () => {
  await t?.close();
});

let ipCounter = 0;
/** Every test (and by default every request) comes from its own address, so IP limits stay apart. */
function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

function uniqueEmail(label = 'user'): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

type RequestOptions = { ip?: string; token?: string; app?: TestApp };

async function request(method: 'GET' | 'POST', url: string, payload: unknown, options: RequestOptions = {}) {
  const init: InjectOptions = {
    method,
    url,
    remoteAddress: options.ip ?? nextIp(),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  };
  if (payload !== undefined) init.payload = payload as InjectOptions['payload'];
  const target = (options.app ?? t).app;
  const response = await target.inject(init);
  // Reset links are made and mailed after the answer; tests read the mailbox once that is done.
  if (url === '/api/auth/forgot-password') await target.background.drain();
  return response;
}

const post = (url: string, payload: unknown, options?: RequestOptions) => request('POST', url, payload, options);
const me = (token?: string) => request('GET', '/api/auth/me', undefined, token ? { token } : {});

const PASSWORD = 'correct-horse';

async function signUp(fields: Record<string, unknown> = {}, options?: RequestOptions) {
  const email = (fields.email as string | undefined) ?? uniqueEmail();
  const response = await post('/api/auth/signup', { email, password: PASSWORD, name: 'Ada Lovelace', ...fields }, options);
  return { response, email, body: response.json() };
}

async function userRows(email: string) {
  return t.db.db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
}

describe('POST /api/auth/signup', () => {
  it('creates a student by default and answers 201 with the user and a token, never a hash', async () => {
    const email = uniqueEmail('Mixed.Case');
    const response = await post('/api/auth/signup', { email: `  ${email.toUpperCase()} `, password: PASSWORD, name: 'Ada' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    expect(Object.keys(body.user).sort()).toEqual(['email', 'id', 'locale', 'name', 'role']);
    expect(body.user).toMatchObject({ email: email.toLowerCase(), name: 'Ada', role: 'student' });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [row] = await userRows(email);
    expect(row?.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(response.body).not.toContain(row?.passwordHash);
    expect(response.body).not.toMatch(/passwordHash|password_hash|scrypt/);
    expect(response.body).not.toContain(hashToken(body.token));
    const stored = await t.db.db.select().from(sessions).where(eq(sessions.userId, body.user.id));
    expect(stored.map((session) => session.tokenHash)).toEqual([hashToken(body.token)]);
    const expiresInDays = ((stored[0]?.expiresAt.getTime() ?? 0) - NOW) / 86_400_000;
    expect(expiresInDays).toBeGreaterThan(29.9);
    expect(expiresInDays).toBeLessThanOrEqual(30);

    const who = await me(body.token);
    expect(who.statusCode).toBe(200);
    expect(who.json()).toEqual(body.user);
  });

  it('also accepts role "student" explicitly', async () => {
    const { response, body } = await signUp({ role: 'student' });
    expect(response.statusCode).toBe(201);
    expect(body.user.role).toBe('student');
  });

  it('refuses a second account for the same email, whatever its case (409)', async () => {
    const { email } = await signUp();
    for (const variant of [email, email.toUpperCase(), ` ${email.replace(/^./, (c) => c.toUpperCase())} `]) {
      const again = await post('/api/auth/signup', { email: variant, password: 'another-pass', name: 'Other' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'An account with this email already exists' });
    }
    expect(await userRows(email)).toHaveLength(1);
  });

  it('rejects a password shorter than 6 characters with a field error (400)', async () => {
    const { response, body, email } = await signUp({ password: '12345' });
    expect(response.statusCode).toBe(400);
    expect(body.errors?.password).toMatch(/at least 6/);
    expect(await userRows(email)).toHaveLength(0);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['email missing', { password: PASSWORD, name: 'A' }, 'email'],
    ['password missing', { email: 'x@example.com', password: undefined, name: 'A' }, 'password'],
    ['name missing', { email: 'x@example.com', password: PASSWORD }, 'name'],
    ['email a number', { email: 123, password: PASSWORD, name: 'A' }, 'email'],
    ['email not an address', { email: 'not-an-email', password: PASSWORD, name: 'A' }, 'email'],
    ['password a number', { email: 'x@example.com', password: 12345678, name: 'A' }, 'password'],
    ['name null', { email: 'x@example.com', password: PASSWORD, name: null }, 'name'],
    ['name blank', { email: 'x@example.com', password: PASSWORD, name: '   ' }, 'name'],
    ['role a number', { email: 'x@example.com', password: PASSWORD, name: 'A', role: 1 }, 'role'],
  ])('rejects %s (400)', async (_label, payload, field) => {
    const email = uniqueEmail();
    // Well-formed addresses are made unique so the check below cannot see another test's user.
    const body = { ...payload, ...(typeof payload.email === 'string' && payload.email.includes('@') ? { email } : {}) };
    const response = await post('/api/auth/signup', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty(field);
    expect(await userRows(email)).toHaveLength(0);
  });

  it('rejects bodies that are not an object (400)', async () => {
    for (const payload of [[], 'null', '"text"', '42']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });

  it.each([
    ['name of 10 000 characters', { name: 'n'.repeat(10_000) }, 'name'],
    ['password of 10 000 characters', { password: 'p'.repeat(10_000) }, 'password'],
    ['email of 1 000 characters', { email: `${'e'.repeat(988)}@example.com` }, 'email'],
  ])('rejects a %s (400)', async (_label, fields, field) => {
    const { response, body } = await signUp(fields);
    expect(response.statusCode).toBe(400);
    expect(body.errors).toHaveProperty(field);
    const count = await t.db.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.name, 'n'.repeat(10_000)));
    expect(count).toHaveLength(0);
  });

  it('rejects malformed JSON (400)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@example.com", "password": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Malformed JSON body' });
  });

  it('rejects bodies that are not JSON (415)', async () => {
    const email = uniqueEmail();
    for (const [type, payload] of [
      ['text/plain', JSON.stringify({ email, password: PASSWORD, name: 'A' })],
      ['application/x-www-form-urlencoded', `email=${encodeURIComponent(email)}&password=${PASSWORD}&name=A`],
      ['application/xml', '<signup/>'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { 'content-type': type },
        payload,
      });
      expect(response.statusCode, type).toBe(415);
      expect(response.json().message).toMatch(/application\/json/);
    }
    expect(await userRows(email)).toHaveLength(0);
  });

  describe('creator accounts', () => {
    it('needs an invitation code (403)', async () => {
      const { response, body, email } = await signUp({ role: 'creator' });
      expect(response.statusCode).toBe(403);
      expect(body).toEqual({ message: 'A valid invitation code is required to create a creator account' });
      expect(await userRows(email)).toHaveLength(0);
    });

    it('refuses a wrong invitation code (403)', async () => {
      for (const inviteCode of ['wrong-code', 'test-invite-codE', 'test-invite-code-', '']) {
        const { response, body, email } = await signUp({ role: 'creator', inviteCode });
        expect(response.statusCode).toBe(403);
        expect(body.message).toBe('A valid invitation code is required to create a creator account');
        expect(await userRows(email)).toHaveLength(0);
      }
    });

    it('refuses any other role, even with a valid code (403)', async () => {
      for (const role of ['admin', 'Creator', 'STUDENT', '']) {
        const { response, email } = await signUp({ role, inviteCode: 'test-invite-code' });
        expect(response.statusCode, role).toBe(403);
        expect(await userRows(email)).toHaveLength(0);
      }
    });

    it('creates a creator with CREATOR_INVITE_CODE', async () => {
      const { response, body, email } = await signUp({ role: 'creator', inviteCode: 'test-invite-code' });
      expect(response.statusCode).toBe(201);
      expect(body.user).toMatchObject({ email, role: 'creator' });
      const [row] = await userRows(email);
      expect(row?.role).toBe('creator');
    });

    it('a single-use invite works once, for its own email, then answers 403', async () => {
      const email = uniqueEmail('invited');
      const invite = await createCreatorInvite({ db: t.db.db, publicUrl: t.config.publicUrl, email });
      const [stored] = await t.db.db
        .select()
        .from(creatorInvites)
        .where(eq(creatorInvites.codeHash, hashToken(invite.code)));
      expect(stored).toMatchObject({ email, usedAt: null });
      expect(invite.link).toBe(`${t.config.publicUrl}/creator?tab=signup&invite=${invite.code}`);

      const other = await signUp({ role: 'creator', inviteCode: invite.code });
      expect(other.response.statusCode).toBe(403);
      expect(other.body.message).toBe('This invitation code was issued for a different email address');

      const first = await signUp({ email: email.toUpperCase(), role: 'creator', inviteCode: invite.code });
      expect(first.response.statusCode).toBe(201);
      expect(first.body.user).toMatchObject({ email, role: 'creator' });
      const [used] = await t.db.db
        .select()
        .from(creatorInvites)
        .where(eq(creatorInvites.id, stored?.id ?? ''));
      expect(used?.usedAt).toBeInstanceOf(Date);
      expect(used?.usedBy).toBe(first.body.user.id);

      const second = await signUp({ email, role: 'creator', inviteCode: invite.code });
      expect(second.response.statusCode).toBe(403);
      expect(second.body.message).toBe('A valid invitation code is required to create a creator account');
    });

    it('keeps an invite unused when the sign-up fails', async () => {
      const { email } = await signUp();
      const invite = await createCreatorInvite({ db: t.db.db, publicUrl: t.config.publicUrl, email });
      const taken = await signUp({ email, role: 'creator', inviteCode: invite.code });
      expect(taken.response.statusCode).toBe(409);
      const [row] = await t.db.db
        .select()
        .from(creatorInvites)
        .where(eq(creatorInvites.codeHash, hashToken(invite.code)));
      expect(row?.usedAt).toBeNull();
    });
  });
});

describe('POST /api/auth/login', () => {
  it('answers the user and a new session token', async () => {
    const { email, body: signedUp } = await signUp();
    const response = await post('/api/auth/login', { email, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    expect(body.user).toEqual(signedUp.user);
    expect(body.token).not.toBe(signedUp.token);
    expect(response.body).not.toMatch(/scrypt|passwordHash/);
    expect((await me(body.token)).json()).toEqual(signedUp.user);
  });

  it('ignores the case and surrounding spaces of the email', async () => {
    const { email } = await signUp();
    const response = await post('/api/auth/login', { email: `  ${email.toUpperCase()}  `, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe(email);
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const { email } = await signUp();
    const wrongPassword = await post('/api/auth/login', { email, password: 'not-the-password' });
    const unknownEmail = await post('/api/auth/login', { email: uniqueEmail('nobody'), password: PASSWORD });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: 'Invalid email or password' });
    expect(unknownEmail.body).toBe(wrongPassword.body);
  });

  it('validates the body (400)', async () => {
    for (const payload of [
      {},
      { email: 'a@example.com' },
      { email: 123, password: 'x' },
      { email: 'a@example.com', password: '' },
    ]) {
      const response = await post('/api/auth/login', payload);
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('GET /api/auth/me', () => {
  it('answers the user for a valid token', async () => {
    const { body } = await signUp();
    const response = await me(body.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(body.user);
  });

  it('answers 401 without a token, with a garbage token or another scheme', async () => {
    const { body } = await signUp();
    expect((await me()).statusCode).toBe(401);
    expect((await me('garbage')).statusCode).toBe(401);
    expect((await me('x'.repeat(5_000))).statusCode).toBe(401);
    expect((await me(hashToken(body.token))).statusCode).toBe(401);
    const basic = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Basic ${body.token}` } });
    expect(basic.statusCode).toBe(401);
    expect(basic.json()).toEqual({ message: expect.any(String) });
  });

  it('answers 401 for a revoked or expired session', async () => {
    const { body } = await signUp();
    const login = (await post('/api/auth/login', { email: body.user.email, password: PASSWORD })).json();
    await t.db.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, hashToken(body.token)));
    expect((await me(body.token)).statusCode).toBe(401);
    await t.db.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(login.token)));
    expect((await me(login.token)).statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes only the session it is called with', async () => {
    const { body } = await signUp();
    const other = (await post('/api/auth/login', { email: body.user.email, password: PASSWORD })).json();
    const response = await post('/api/auth/logout', undefined, { token: body.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Logged out' });
    expect((await me(body.token)).statusCode).toBe(401);
    expect((await me(other.token)).statusCode).toBe(200);
    const [row] = await t.db.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(body.token)));
    expect(row?.revokedAt).toBeInstanceOf(Date);
    expect((await post('/api/auth/logout', undefined, { token: body.token })).statusCode).toBe(401);
  });

  it('accepts a JSON content type with no body or an empty object', async () => {
    const { body } = await signUp();
    const login = (await post('/api/auth/login', { email: body.user.email, password: PASSWORD })).json();
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${body.token}`, 'content-type': 'application/json' },
    });
    expect(empty.statusCode).toBe(200);
    const object = await post('/api/auth/logout', {}, { token: login.token });
    expect(object.statusCode).toBe(200);
    expect((await me(login.token)).statusCode).toBe(401);
  });

  it('judges expiry by the app clock: a session past its 30 days cannot log out', async () => {
    const { body } = await signUp();
    const later = await createTestApp({ db: t.db, clock: () => NOW + 31 * 86_400_000 });
    try {
      expect((await post('/api/auth/logout', undefined, { token: body.token, app: later })).statusCode).toBe(401);
    } finally {
      await later.close();
    }
    expect((await post('/api/auth/logout', undefined, { token: body.token })).statusCode).toBe(200);
  });

  it('logs out sessions arriving together in shared statements, each answered for itself', async () => {
    const { body } = await signUp();
    const tokens = [body.token];
    for (let i = 0; i < 11; i++)
      tokens.push((await post('/api/auth/login', { email: body.user.email, password: PASSWORD })).json().token);
    const logout = (token: string) => post('/api/auth/logout', undefined, { token });
    const queries = countQueries(t.db);
    let statuses: number[];
    try {
      // Every live token, one of them twice, and two that are no sessions of ours.
      statuses = (await Promise.all([...tokens, tokens[0] as string, 'garbage', 'x'.repeat(64)].map(logout))).map(
        (r) => r.statusCode,
      );
      // Requests that reach the handler in the same turn of the event loop share a statement.
      expect(queries.count).toBeLessThanOrEqual(3);
    } finally {
      queries.restore();
    }
    expect(statuses.slice(0, 12)).toEqual(Array(12).fill(200));
    // The repeated token logged out once: its second logout found no live session.
    expect(statuses.slice(12)).toEqual([401, 401, 401]);
    const live = await t.db.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, body.user.id), isNull(sessions.revokedAt)));
    expect(live).toHaveLength(0);
    for (const token of tokens) expect((await me(token)).statusCode).toBe(401);
  });

  it('shares a statement between logouts read at different clock times, each revoked at its own time', async () => {
    let ticks = 0;
    // Every reading of this clock is a millisecond later than the one before.
    const ticking = await createTestApp({ db: t.db, clock: () => NOW + ticks++ });
    try {
      const { body } = await signUp();
      const tokens = [body.token];
      for (let i = 0; i < 9; i++)
        tokens.push((await post('/api/auth/login', { email: body.user.email, password: PASSWORD })).json().token);
      const queries = countQueries(t.db);
      let statuses: number[];
      try {
        const answers = await Promise.all(tokens.map((token) => post('/api/auth/logout', undefined, { token, app: ticking })));
        statuses = answers.map((answer) => answer.statusCode);
        expect(queries.count).toBeLessThanOrEqual(3);
      } finally {
        queries.restore();
      }
      expect(statuses).toEqual(Array(10).fill(200));
      const revoked = await t.db.db
        .select({ revokedAt: sessions.revokedAt })
        .from(sessions)
        .where(eq(sessions.userId, body.user.id));
      const times = revoked.map((row) => row.revokedAt?.getTime() ?? 0);
      expect(new Set(times).size).toBe(10);
      for (const time of times) expect(time).toBeGreaterThanOrEqual(NOW);
    } finally {
      await ticking.close();
    }
  });

  it('answers 401 without a valid token', async () => {
    expect((await post('/api/auth/logout', undefined)).statusCode).toBe(401);
    expect((await post('/api/auth/logout', undefined, { token: 'garbage' })).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  function resetTokenFrom(email: string): string {
    const mail = t.mailer.last(email);
    const link = mail?.text.match(/https?:\/\/\S+\/reset-password\?token=([A-Za-z0-9_-]+)/);
    if (!link?.[1]) throw new Error(`no reset link mailed to ${email}`);
    expect(link[0].startsWith(`${t.config.publicUrl}/reset-password?token=`)).toBe(true);
    return link[1];
  }

  async function resetRowsOf(userId: string) {
    return t.db.db.select().from(passwordResets).where(eq(passwordResets.userId, userId));
  }

  it("answers before the reset token is written: the account lookup, the token and the mail are the queued job's", async () => {
    const { email, body } = await signUp();
    const mailer = new CapturingMailer();
    const queued: { kind: string; payload: unknown }[] = [];
    const { message } = await requestPasswordReset({
      db: t.db.db,
      config: t.config,
      jobs: {
        enqueue: async (_db, kind, payload) => {
          queued.push({ kind, payload });
        },
      },
      ip: nextIp(),
      now: NOW,
      email,
    });
    expect(message).toBe('If the email exists, a password reset link has been sent.');
    expect(await resetRowsOf(body.user.id)).toHaveLength(0);
    // The job carries the address only: no token is made before it runs.
    expect(queued).toEqual([{ kind: 'mail.password-reset', payload: { email } }]);
    await sendPasswordResetMail({ db: t.db.db, mailer, publicUrl: t.config.publicUrl, now: NOW, email });
    expect(await resetRowsOf(body.user.id)).toHaveLength(1);
    expect(mailer.sent.map((mail) => mail.to)).toEqual([email]);
  });

  it('answers while the mail is still being sent, and closing the app waits for it', async () => {
    const { email } = await signUp();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = new CapturingMailer();
    const held = await createTestApp({
      db: t.db,
      clock,
      mailer: {
        send: async (mail) => {
          await gate;
          await slow.send(mail);
        },
      },
    });
    let isClosed = false;
    try {
      const response = await held.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
      expect(response.statusCode).toBe(200);
      expect(slow.sent).toHaveLength(0);
      // Closing cannot finish before the queued mail has gone out, however late that is.
      const late = setTimeout(release, 100);
      await held.close();
      isClosed = true;
      clearTimeout(late);
      expect(slow.sent.map((mail) => mail.to)).toEqual([email]);
    } finally {
      release();
      if (!isClosed) await held.close();
    }
  });

  it('answers the same 200 for unknown and known emails and mails only the known one', async () => {
    const { email } = await signUp();
    const unknown = uniqueEmail('ghost');
    const before = t.mailer.sent.length;
    const forUnknown = await post('/api/auth/forgot-password', { email: unknown });
    const forKnown = await post('/api/auth/forgot-password', { email: email.toUpperCase() });
    expect(forUnknown.statusCode).toBe(200);
    expect(forKnown.statusCode).toBe(200);
    expect(forKnown.body).toBe(forUnknown.body);
    expect(forKnown.json()).toEqual({ message: 'If the email exists, a password reset link has been sent.' });

    const sent = t.mailer.sent.slice(before);
    expect(sent.map((mail) => mail.to)).toEqual([email]);
    expect(sent[0]?.subject).toMatch(/reset/i);
    expect(sent[0]?.html).toContain('/reset-password?token=');
    const token = resetTokenFrom(email);
    const [row] = await t.db.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    expect(row).toBeDefined();
    const minutesLeft = ((row?.expiresAt.getTime() ?? 0) - NOW) / 60_000;
    expect(minutesLeft).toBeGreaterThan(59);
    expect(minutesLeft).toBeLessThanOrEqual(60);
    const all = await t.db.db.select({ tokenHash: passwordResets.tokenHash }).from(passwordResets);
    expect(all.some((reset) => reset.tokenHash === token)).toBe(false);
  });

  it('sets the new password, revokes every session and works only once', async () => {
    const { email, body } = await signUp();
    const second = (await post('/api/auth/login', { email, password: PASSWORD })).json();
    await post('/api/auth/forgot-password', { email });
    const token = resetTokenFrom(email);

    const reset = await post('/api/auth/reset-password', { token, newPassword: 'brand-new-secret' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Password reset successful' });

    expect((await me(body.token)).statusCode).toBe(401);
    expect((await me(second.token)).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(401);
    const login = await post('/api/auth/login', { email, password: 'brand-new-secret' });
    expect(login.statusCode).toBe(200);
    expect((await me(login.json().token)).statusCode).toBe(200);

    const reuse = await post('/api/auth/reset-password', { token, newPassword: 'third-password' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ message: 'Invalid or expired reset token' });
    expect((await post('/api/auth/login', { email, password: 'brand-new-secret' })).statusCode).toBe(200);
  });

  it('resets once when the same token is used twice at the same moment', async () => {
    const { email } = await signUp();
    await post('/api/auth/forgot-password', { email });
    const token = resetTokenFrom(email);
    const answers = await Promise.all(
      ['first-new-password', 'second-new-password'].map((newPassword) =>
        post('/api/auth/reset-password', { token, newPassword }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]?.statusCode === 200 ? 'first-new-password' : 'second-new-password';
    expect((await post('/api/auth/login', { email, password: winner })).statusCode).toBe(200);
  });

  it('refuses an expired token (400)', async () => {
    const { email } = await signUp();
    await post('/api/auth/forgot-password', { email });
    const token = resetTokenFrom(email);
    await t.db.db
      .update(passwordResets)
      .set({ expiresAt: new Date(NOW - 1000) })
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    const response = await post('/api/auth/reset-password', { token, newPassword: 'brand-new-secret' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Invalid or expired reset token' });
    expect((await post('/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('refuses an unknown token, and an older link once a newer one was sent (400)', async () => {
    const unknown = await post('/api/auth/reset-password', { token: 'made-up-token', newPassword: 'brand-new-secret' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: 'Invalid or expired reset token' });

    const { email } = await signUp();
    await post('/api/auth/forgot-password', { email });
    const older = resetTokenFrom(email);
    await post('/api/auth/forgot-password', { email });
    const newer = resetTokenFrom(email);
    expect(newer).not.toBe(older);
    expect((await post('/api/auth/reset-password', { token: older, newPassword: 'brand-new-secret' })).statusCode).toBe(400);
    expect((await post('/api/auth/reset-password', { token: newer, newPassword: 'brand-new-secret' })).statusCode).toBe(200);
  });

  it('validates the bodies (400) and keeps the token usable', async () => {
    const { email } = await signUp();
    expect((await post('/api/auth/forgot-password', {})).statusCode).toBe(400);
    expect((await post('/api/auth/forgot-password', { email: 'nope' })).statusCode).toBe(400);
    await post('/api/auth/forgot-password', { email });
    const token = resetTokenFrom(email);
    const short = await post('/api/auth/reset-password', { token, newPassword: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors?.newPassword).toMatch(/at least 6/);
    expect((await post('/api/auth/reset-password', { newPassword: 'long-enough' })).statusCode).toBe(400);
    expect((await post('/api/auth/reset-password', { token, newPassword: 'long-enough' })).statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  function expectRateLimited(response: Awaited<ReturnType<typeof post>>, maxSeconds: number) {
    expect(response.statusCode).toBe(429);
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
    expect(response.json().message).toMatch(/^Too many attempts\. Please try again in \d+ (seconds?|minutes)\.$/);
  }

  it('blocks the 11th failed login for one email from one IP within a minute, even with the right password', async () => {
    const { email } = await signUp();
    const ip = nextIp();
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await post('/api/auth/login', { email, password: `wrong-${attempt}` }, { ip })).statusCode).toBe(401);
    }
    expectRateLimited(await post('/api/auth/login', { email, password: 'wrong-11' }, { ip }), 60);
    expectRateLimited(await post('/api/auth/login', { email, password: PASSWORD }, { ip }), 60);
    // The owner, elsewhere, is not locked out by someone else's guesses.
    expect((await post('/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('stops guesses spread over many IPs at the hourly per-email ceiling, which a password reset clears', async () => {
    const strict = await createTestApp({ db: t.db, clock, env: { RATE_LIMIT_LOGIN_PER_HOUR_EMAIL: '5' } });
    try {
      const { email } = await signUp();
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect((await post('/api/auth/login', { email, password: `wrong-${attempt}` }, { app: strict })).statusCode).toBe(401);
      }
      expectRateLimited(await post('/api/auth/login', { email, password: PASSWORD }, { app: strict }), 3600);

      await post('/api/auth/forgot-password', { email }, { app: strict });
      const token = strict.mailer.last(email)?.text.match(/token=([A-Za-z0-9_-]+)/)?.[1] ?? '';
      expect((await post('/api/auth/reset-password', { token, newPassword: 'brand-new-pass' })).statusCode).toBe(200);
      const again = await createTestApp({ db: t.db, clock, env: { RATE_LIMIT_LOGIN_PER_HOUR_EMAIL: '5' } });
      try {
        expect((await post('/api/auth/login', { email, password: 'brand-new-pass' }, { app: again })).statusCode).toBe(200);
      } finally {
        await again.close();
      }
    } finally {
      await strict.close();
    }
  });

  it('limits successful logins per IP', async () => {
    const small = await createTestApp({ db: t.db, clock, env: { RATE_LIMIT_LOGIN_SUCCESS_PER_MINUTE: '3' } });
    try {
      const { email } = await signUp();
      const ip = nextIp();
      for (let i = 0; i < 3; i++) {
        expect((await post('/api/auth/login', { email, password: PASSWORD }, { ip, app: small })).statusCode).toBe(200);
      }
      expectRateLimited(await post('/api/auth/login', { email, password: PASSWORD }, { ip, app: small }), 60);
      expect((await post('/api/auth/login', { email, password: PASSWORD }, { app: small })).statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('adds no counter for a refused request: neither a 429 nor a 400', async () => {
    const { email } = await signUp();
    const ip = nextIp();
    for (let attempt = 1; attempt <= 15; attempt++) await post('/api/auth/login', { email, password: 'wrong' }, { ip });
    const rows = await t.db.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `%${ip}%`));
    expect(rows.length).toBeGreaterThan(0);
    expect(Math.max(...rows.map((row) => row.count))).toBe(10);

    const before = (await t.db.db.select().from(rateLimits)).length;
    const badIp = nextIp();
    for (const body of [{ email: 'not-an-email', password: 'x' }, { email }, 'not json']) {
      expect([400, 415]).toContain((await post('/api/auth/login', body, { ip: badIp })).statusCode);
    }
    expect((await t.db.db.select().from(rateLimits)).length).toBe(before);
  });

  it('never counts past a limit, even when the guesses arrive together', async () => {
    const { email } = await signUp();
    const ip = nextIp();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, attempt) => post('/api/auth/login', { email, password: `wrong-${attempt}` }, { ip })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(20);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    const rows = await t.db.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `%${ip}%`));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.count, row.key).toBeLessThanOrEqual(10);
  });

  it('stops counting sign-ups, reset requests and reset attempts at their limits', async () => {
    const ip = nextIp();
    for (let i = 0; i < 25; i++) await signUp({}, { ip });
    const email = uniqueEmail('hammer');
    for (let i = 0; i < 8; i++) await post('/api/auth/forgot-password', { email });
    const resetIp = nextIp();
    for (let i = 0; i < 25; i++)
      await post('/api/auth/reset-password', { token: `unknown-${i}`, newPassword: 'long-enough' }, { ip: resetIp });
    const counts = Object.fromEntries((await t.db.db.select().from(rateLimits)).map((row) => [row.key, row.count] as const));
    expect(counts[`signup:ip:${ip}`]).toBe(20);
    expect(counts[`forgot:email:${email}`]).toBe(5);
    expect(counts[`reset:ip:${resetIp}`]).toBe(20);
  });

  it('keeps at most 20 live sessions per user, revoking the oldest', async () => {
    const { email, body } = await signUp();
    expect((await post('/api/auth/logout', undefined, { token: body.token })).statusCode).toBe(200);
    const tokens: string[] = [];
    for (let i = 0; i < 22; i++) {
      const response = await post('/api/auth/login', { email, password: PASSWORD });
      expect(response.statusCode).toBe(200);
      tokens.push(response.json().token);
      // Each token is used once, so a revocation must also reach the cached session.
      expect((await me(response.json().token)).statusCode).toBe(200);
    }
    expect((await me(tokens[0])).statusCode).toBe(401);
    expect((await me(tokens[1])).statusCode).toBe(401);
    for (const token of tokens.slice(2)) expect((await me(token)).statusCode).toBe(200);
    const live = await t.db.db.select().from(sessions).where(eq(sessions.userId, body.user.id));
    expect(live.filter((session) => session.revokedAt === null)).toHaveLength(20);
  });

  it('blocks the 11th failed login from one IP within a minute', async () => {
    const { email } = await signUp();
    const ip = nextIp();
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await post('/api/auth/login', { email: uniqueEmail('guess'), password: 'whatever' }, { ip });
      expect(response.statusCode).toBe(401);
    }
    expectRateLimited(await post('/api/auth/login', { email, password: PASSWORD }, { ip }), 60);
    expect((await post('/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('reads the login limit from the configuration and does not count successful logins', async () => {
    const small = await createTestApp({ db: t.db, clock, env: { RATE_LIMIT_LOGIN_PER_MINUTE: '3' } });
    try {
      const { email } = await signUp();
      const ip = nextIp();
      for (let i = 0; i < 4; i++) {
        expect((await post('/api/auth/login', { email, password: PASSWORD }, { ip, app: small })).statusCode).toBe(200);
      }
      for (let i = 0; i < 3; i++) {
        expect((await post('/api/auth/login', { email, password: 'wrong' }, { ip, app: small })).statusCode).toBe(401);
      }
      expectRateLimited(await post('/api/auth/login', { email, password: PASSWORD }, { ip, app: small }), 60);
    } finally {
      await small.close();
    }
  });

  it('allows 20 sign-ups an hour from one IP, then 429', async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i++) {
      expect((await signUp({}, { ip })).response.statusCode).toBe(201);
    }
    const blocked = await signUp({}, { ip });
    expectRateLimited(blocked.response, 3600);
    expect(await userRows(blocked.email)).toHaveLength(0);
    expect((await signUp()).response.statusCode).toBe(201);
  });

  it('allows 5 reset requests an hour per email, then 429 (known or not)', async () => {
    const { email } = await signUp();
    for (const target of [email, uniqueEmail('ghost')]) {
      const before = t.mailer.sent.filter((mail) => mail.to === target).length;
      for (let i = 0; i < 5; i++) {
        expect((await post('/api/auth/forgot-password', { email: target })).statusCode).toBe(200);
      }
      expectRateLimited(await post('/api/auth/forgot-password', { email: target.toUpperCase() }), 3600);
      const mailed = t.mailer.sent.filter((mail) => mail.to === target).length - before;
      expect(mailed).toBe(target === email ? 5 : 0);
    }
  });

  it('allows 20 reset requests an hour per IP, then 429', async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i++) {
      expect((await post('/api/auth/forgot-password', { email: uniqueEmail('ip') }, { ip })).statusCode).toBe(200);
    }
    expectRateLimited(await post('/api/auth/forgot-password', { email: uniqueEmail('ip') }, { ip }), 3600);
  });

  it('counts reset attempts against the account whichever of its tokens is tried, from any IP', async () => {
    const { email, body } = await signUp();
    const at = new Date(NOW);
    const tokens = Array.from({ length: 6 }, (_, i) => `spent-${i}-${randomUUID()}`);
    await t.db.db
      .insert(passwordResets)
      .values(tokens.map((token) => ({ userId: body.user.id, tokenHash: hashToken(token), expiresAt: at, usedAt: at })));
    for (const token of tokens.slice(0, 5)) {
      expect((await post('/api/auth/reset-password', { token, newPassword: 'long-enough' })).statusCode).toBe(400);
    }
    expectRateLimited(await post('/api/auth/reset-password', { token: tokens[5], newPassword: 'long-enough' }), 3600);
    const keys = (await t.db.db.select().from(rateLimits)).map((row) => row.key);
    expect(keys).toContain(`reset:email:${email}`);
    expect(keys.some((key) => tokens.some((token) => key.includes(token) || key.includes(hashToken(token))))).toBe(false);
  });

  it('limits reset attempts per account and per IP', async () => {
    const { email } = await signUp();
    await post('/api/auth/forgot-password', { email });
    const token = t.mailer.last(email)?.text.match(/token=([A-Za-z0-9_-]+)/)?.[1] ?? '';
    expect((await post('/api/auth/reset-password', { token, newPassword: 'long-enough' })).statusCode).toBe(200);
    // The used link, tried again from anywhere, counts against its account.
    for (let i = 0; i < 4; i++) {
      expect((await post('/api/auth/reset-password', { token, newPassword: 'long-enough' })).statusCode).toBe(400);
    }
    expectRateLimited(await post('/api/auth/reset-password', { token, newPassword: 'long-enough' }), 3600);

    const ip = nextIp();
    for (let i = 0; i < 20; i++) {
      const response = await post('/api/auth/reset-password', { token: `guess-${i}`, newPassword: 'long-enough' }, { ip });
      expect(response.statusCode).toBe(400);
    }
    expectRateLimited(await post('/api/auth/reset-password', { token: 'guess-21', newPassword: 'long-enough' }, { ip }), 3600);
  });
});
