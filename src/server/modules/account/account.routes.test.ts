import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, emailChanges, enrollments, payments, sessionActivity, sessions, users } from '#db/schema/index';
import { accountMessages } from '#shared/schemas/account';
import { addContent, createCourse, createUser, enroll, FACTORY_PASSWORD, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { hashToken } from '../../lib/tokens';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

let ipCounter = 0;
function nextIp(): string {
  ipCounter += 1;
  return `10.9.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

async function call(method: InjectOptions['method'], url: string, token: string | null, payload?: object, userAgent?: string) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (userAgent) headers['user-agent'] = userAgent;
  const response = await t.app.inject({ method, url, headers, remoteAddress: nextIp(), ...(payload ? { payload } : {}) });
  await t.app.background.drain();
  return response;
}

const me = (token: string) => call('GET', '/api/auth/me', token);

async function logIn(user: { email: string }, userAgent?: string, password = FACTORY_PASSWORD): Promise<string> {
  const response = await call('POST', '/api/auth/login', null, { email: user.email, password }, userAgent);
  expect(response.statusCode).toBe(200);
  return response.json().token;
}

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('PATCH /api/auth/me', () => {
  it('changes the name, seen at once by the cached session, and used by certificates issued afterwards', async () => {
    const student = await createUser(t.db.db, { name: 'Old Name' });
    expect((await me(student.token)).json().name).toBe('Old Name');
    const response = await call('PATCH', '/api/auth/me', student.token, { name: '  Ada Lovelace ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: student.id, name: 'Ada Lovelace' });
    expect((await me(student.token)).json().name).toBe('Ada Lovelace');

    const creator = await createUser(t.db.db, { role: 'creator' });
    const course = await createCourse(t.db.db, creator.id);
    const content = await addContent(t.db.db, course.id, { lessonCount: 1, quizCount: 0 });
    await enroll(t.db.db, student.id, course.id);
    const lessonId = content.lessons[0]?.id ?? '';
    const done = await call('POST', '/api/progress', student.token, {
      lessonId,
      completed: true,
      completedAt: new Date().toISOString(),
    });
    expect(done.statusCode).toBe(200);
    const certificate = await call('GET', `/api/courses/${course.id}/certificate`, student.token);
    expect(certificate.statusCode).toBe(200);
    const [row] = await t.db.db.select().from(certificates).where(eq(certificates.userId, student.id));
    expect(row?.studentName).toBe('Ada Lovelace');
  });

  it('refuses an empty name and a guest', async () => {
    const student = await createUser(t.db.db);
    const empty = await call('PATCH', '/api/auth/me', student.token, { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/name/i);
    expect((await call('PATCH', '/api/auth/me', null, { name: 'X' })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/password', () => {
  it('needs the current password, then signs out the other sessions at once and keeps this one', async () => {
    const student = await createUser(t.db.db);
    const other = await logIn(student);
    expect((await me(other)).statusCode).toBe(200);

    const wrong = await call('POST', '/api/auth/password', student.token, {
      currentPassword: 'nope-nope',
      newPassword: 'brand-new-pass',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.currentPassword).toBe(accountMessages.wrongPassword);
    expect((await me(other)).statusCode).toBe(200);

    const ok = await call('POST', '/api/auth/password', student.token, {
      currentPassword: FACTORY_PASSWORD,
      newPassword: 'brand-new-pass',
    });
    expect(ok.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(student.token)).statusCode).toBe(200);
    expect((await call('POST', '/api/auth/login', null, { email: student.email, password: FACTORY_PASSWORD })).statusCode).toBe(
      401,
    );
    await logIn(student, undefined, 'brand-new-pass');
  });

  it('limits guesses of the current password per account', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_LOGIN_PER_MINUTE: '3' } });
    try {
      const student = await createUser(limited.db.db);
      const guess = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/password',
          remoteAddress: nextIp(),
          headers: { authorization: `Bearer ${student.token}` },
          payload: { currentPassword: 'wrong-guess', newPassword: 'brand-new-pass' },
        });
      for (let i = 0; i < 3; i += 1) expect((await guess()).statusCode).toBe(400);
      const refused = await guess();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe('email change', () => {
  const linkToken = (to: string) => {
    const text = t.mailer.last(to)?.text ?? '';
    const match = /\/account\/confirm-email\?token=([^\s]+)/.exec(text);
    return match ? decodeURIComponent(match[1] ?? '') : '';
  };

  it('changes the email only when the mailed link is used, once, and tells the old address', async () => {
    const student = await createUser(t.db.db);
    const newEmail = `New-${randomUUID().slice(0, 8)}@Example.com`;
    const asked = await call('POST', '/api/account/email', student.token, { newEmail, currentPassword: FACTORY_PASSWORD });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toBe(accountMessages.emailSent);
    const lower = newEmail.toLowerCase();
    const token = linkToken(lower);
    expect(token).not.toBe('');
    // Nothing changes before the link is used, and only its hash is stored.
    expect((await me(student.token)).json().email).toBe(student.email);
    const [stored] = await t.db.db.select().from(emailChanges).where(eq(emailChanges.userId, student.id));
    expect(stored?.tokenHash).toBe(hashToken(token));

    const confirmed = await call('POST', '/api/account/email/confirm', null, { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: accountMessages.emailChanged, email: lower });
    expect((await me(student.token)).json().email).toBe(lower);
    expect(t.mailer.last(student.email)?.text).toContain(lower);

    const replayed = await call('POST', '/api/account/email/confirm', null, { token });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toBe(accountMessages.emailLinkInvalid);
    await logIn({ email: lower });
  });

  it('refuses a wrong password, a taken address, an expired or superseded link', async () => {
    const student = await createUser(t.db.db);
    const someone = await createUser(t.db.db);
    const wrong = await call('POST', '/api/account/email', student.token, {
      newEmail: 'x@example.com',
      currentPassword: 'wrong-pass',
    });
    expect(wrong.statusCode).toBe(400);
    const taken = await call('POST', '/api/account/email', student.token, {
      newEmail: someone.email.toUpperCase(),
      currentPassword: FACTORY_PASSWORD,
    });
    expect(taken.statusCode).toBe(409);

    const first = `first-${randomUUID().slice(0, 8)}@example.com`;
    const second = `second-${randomUUID().slice(0, 8)}@example.com`;
    await call('POST', '/api/account/email', student.token, { newEmail: first, currentPassword: FACTORY_PASSWORD });
    const firstToken = linkToken(first);
    await call('POST', '/api/account/email', student.token, { newEmail: second, currentPassword: FACTORY_PASSWORD });
    expect((await call('POST', '/api/account/email/confirm', null, { token: firstToken })).statusCode).toBe(400);

    await t.db.db
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.userId, student.id));
    expect((await call('POST', '/api/account/email/confirm', null, { token: linkToken(second) })).statusCode).toBe(400);
    expect((await me(student.token)).json().email).toBe(student.email);
    expect((await call('POST', '/api/account/email/confirm', null, { token: 'made-up' })).statusCode).toBe(400);
  });
});

describe('sessions', () => {
  it("lists the user's live sessions with device and last use, this one marked", async () => {
    const student = await createUser(t.db.db);
    const chrome = await logIn(student, CHROME_WINDOWS);
    const firefox = await logIn(student, FIREFOX_LINUX);
    expect((await me(firefox)).statusCode).toBe(200);
    const list = await call('GET', '/api/account/sessions', chrome);
    expect(list.statusCode).toBe(200);
    const items = list.json().items as { id: string; device: string; isCurrent: boolean; lastUsedAt: string }[];
    expect(items).toHaveLength(3);
    expect(items.filter((item) => item.isCurrent).map((item) => item.device)).toEqual(['Chrome on Windows']);
    expect(items.map((item) => item.device)).toContain('Firefox on Linux');
    // Uses are stamped, apart from the sessions table (whose updates drop cached sessions).
    const firefoxRow = await t.db.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(firefox)));
    const stamps = await t.db.db
      .select()
      .from(sessionActivity)
      .where(eq(sessionActivity.sessionId, firefoxRow[0]?.id ?? ''));
    expect(stamps).toHaveLength(1);
  });

  it('signs out one other session (refused at once) and never another user’s', async () => {
    const student = await createUser(t.db.db);
    const stranger = await createUser(t.db.db);
    const other = await logIn(student, FIREFOX_LINUX);
    expect((await me(other)).statusCode).toBe(200);
    const items = (await call('GET', '/api/account/sessions', student.token)).json().items as {
      id: string;
      isCurrent: boolean;
    }[];
    const target = items.find((item) => !item.isCurrent);
    expect(target).toBeDefined();

    // The stranger cannot see or end it: the same 404 as for an id that does not exist.
    const foreign = await call('DELETE', `/api/account/sessions/${target?.id}`, stranger.token);
    expect(foreign.statusCode).toBe(404);
    expect((await call('DELETE', `/api/account/sessions/${randomUUID()}`, stranger.token)).json()).toEqual(foreign.json());
    expect((await call('DELETE', '/api/account/sessions/not-a-uuid', stranger.token)).statusCode).toBe(404);
    expect((await me(other)).statusCode).toBe(200);

    expect((await call('DELETE', `/api/account/sessions/${target?.id}`, student.token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/account/sessions/${target?.id}`, student.token)).statusCode).toBe(404);
    expect((await me(student.token)).statusCode).toBe(200);
  });

  it('signs out every other session at once', async () => {
    const student = await createUser(t.db.db);
    const others = [await logIn(student), await logIn(student)];
    for (const token of others) expect((await me(token)).statusCode).toBe(200);
    const response = await call('POST', '/api/account/sessions/sign-out-others', student.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().count).toBe(2);
    for (const token of others) expect((await me(token)).statusCode).toBe(401);
    expect((await me(student.token)).statusCode).toBe(200);
  });
});

describe('POST /api/account/delete', () => {
  it('deletes what the page says, keeps payments without the person, and refuses the token at once', async () => {
    const student = await createUser(t.db.db);
    const creator = await createUser(t.db.db, { role: 'creator' });
    const course = await createCourse(t.db.db, creator.id, { priceCents: 1000 });
    await addContent(t.db.db, course.id, { lessonCount: 1, quizCount: 0 });
    await enroll(t.db.db, student.id, course.id);
    await t.db.db.insert(payments).values({
      userId: student.id,
      courseId: course.id,
      provider: 'test',
      providerPaymentId: `pi_${randomUUID()}`,
      amountCents: 1000,
      status: 'succeeded',
    });
    await t.db.db.insert(certificates).values({ userId: student.id, courseId: course.id, studentName: 'X', courseTitle: 'Y' });
    const other = await logIn(student);
    expect((await me(other)).statusCode).toBe(200);

    const wrong = await call('POST', '/api/account/delete', student.token, { currentPassword: 'wrong-pass' });
    expect(wrong.statusCode).toBe(400);
    expect((await me(student.token)).statusCode).toBe(200);

    const deleted = await call('POST', '/api/account/delete', student.token, { currentPassword: FACTORY_PASSWORD });
    expect(deleted.statusCode).toBe(200);
    expect((await me(student.token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect(await t.db.db.select().from(enrollments).where(eq(enrollments.userId, student.id))).toHaveLength(0);
    expect(await t.db.db.select().from(certificates).where(eq(certificates.userId, student.id))).toHaveLength(0);
    expect(await t.db.db.select().from(payments).where(eq(payments.userId, student.id))).toHaveLength(1);
    const [row] = await t.db.db.select().from(users).where(eq(users.id, student.id));
    expect(row?.name).toBe('Deleted user');
    expect(row?.email).not.toContain(student.email.split('@')[0] ?? '');
    expect((await call('POST', '/api/auth/login', null, { email: student.email, password: FACTORY_PASSWORD })).statusCode).toBe(
      401,
    );
    // The address is free again.
    const again = await call('POST', '/api/auth/signup', null, { email: student.email, password: 'again-pass', name: 'Again' });
    expect(again.statusCode).toBe(201);
  });

  it('refuses a creator whose courses have students or are published; deletes one with drafts only', async () => {
    const withStudents = await createUser(t.db.db, { role: 'creator' });
    const course = await createCourse(t.db.db, withStudents.id, { published: true, archived: true });
    const learner: TestUser = await createUser(t.db.db);
    await enroll(t.db.db, learner.id, course.id);
    const refused = await call('POST', '/api/account/delete', withStudents.token, { currentPassword: FACTORY_PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(accountMessages.creatorHasStudents);

    const publishing = await createUser(t.db.db, { role: 'creator' });
    await createCourse(t.db.db, publishing.id, { published: true });
    const published = await call('POST', '/api/account/delete', publishing.token, { currentPassword: FACTORY_PASSWORD });
    expect(published.statusCode).toBe(409);
    expect(published.json().message).toBe(accountMessages.creatorHasPublished);
    expect((await me(publishing.token)).statusCode).toBe(200);

    const drafting = await createUser(t.db.db, { role: 'creator' });
    const draft = await createCourse(t.db.db, drafting.id, { published: false });
    expect((await call('POST', '/api/account/delete', drafting.token, { currentPassword: FACTORY_PASSWORD })).statusCode).toBe(
      200,
    );
    expect((await call('GET', `/api/courses/${draft.id}`, null)).statusCode).toBe(404);
    expect((await me(drafting.token)).statusCode).toBe(401);
  });
});
