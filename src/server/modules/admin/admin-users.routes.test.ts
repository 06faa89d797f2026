import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, creatorInvites, sessions, users } from '#db/schema/index';
import { bearer, createCourse, createUser, FACTORY_PASSWORD, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT_LOGIN_PER_MINUTE: '1000', RATE_LIMIT_LOGIN_SUCCESS_PER_MINUTE: '1000', RATE_LIMIT_SIGNUP_PER_HOUR: '1000' },
  });
  admin = await createUser(t.db.db, { role: 'admin', name: 'Ada Admin' });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const send = (method: Method, url: string, user?: TestUser | { token: string }, payload?: object) =>
  t.app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });
const login = (email: string, password = FACTORY_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const auditOf = (targetId: string) =>
  t.db.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, targetId)).orderBy(adminAuditLog.createdAt);

/** Every page of a list, following nextCursor. */
async function allPages<T>(url: string): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const separator = url.includes('?') ? '&' : '?';
    const response = await send('GET', `${url}${cursor ? `${separator}cursor=${cursor}` : ''}`, admin);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as { items: T[]; nextCursor: string | null };
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

describe('who may use /api/admin', () => {
  it('answers 401 to guests and 403 to students and creators, before reading the request', async () => {
    const student = await createUser(t.db.db);
    const creator = await createUser(t.db.db, { role: 'creator' });
    for (const [method, url, payload] of [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/users?limit=bad'],
      ['POST', `/api/admin/users/${student.id}/suspend`],
      ['POST', '/api/admin/invitations', { email: 'not an email' }],
      ['GET', '/api/admin/audit'],
    ] as const) {
      expect((await send(method, url, undefined, payload)).statusCode, `${method} ${url} as a guest`).toBe(401);
      for (const user of [student, creator]) {
        const refused = await send(method, url, user, payload);
        expect(refused.statusCode, `${method} ${url} as ${user.role}`).toBe(403);
        expect(refused.json()).toEqual({ message: 'This action is for admins only' });
      }
    }
    expect(await t.db.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, student.id))).toEqual([]);
  });

  it('is never granted by sign-up', async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        email: 'would-be-admin@example.com',
        password: 'secret-pass',
        name: 'Eve',
        role: 'admin',
        inviteCode: 'test-invite-code',
      },
    });
    expect(signUp.statusCode).toBe(403);
    expect(await t.db.db.select().from(users).where(eq(users.email, 'would-be-admin@example.com'))).toEqual([]);
  });

  it('gives an admin none of a creator’s powers over a creator’s course', async () => {
    const creator = await createUser(t.db.db, { role: 'creator' });
    const course = await createCourse(t.db.db, creator.id, { published: true });
    for (const [method, url, payload] of [
      ['PATCH', `/api/courses/${course.id}`, { title: 'Taken over' }],
      ['POST', `/api/courses/${course.id}/unpublish`],
      ['POST', `/api/courses/${course.id}/publish`],
      ['DELETE', `/api/courses/${course.id}`],
      ['POST', `/api/courses/${course.id}/modules`, { title: 'Injected' }],
      ['GET', `/api/preview/courses/${course.id}`],
      ['GET', `/api/creator/courses/${course.id}/analytics`],
      ['POST', '/api/creator/coupons', { code: 'TAKEOVER', courseId: course.id, percentOff: 50 }],
      ['GET', '/api/creator/courses'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: bearer(admin),
        ...(payload === undefined ? {} : { payload }),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    const [unchanged] = await t.db.db.select().from(users).where(eq(users.id, creator.id));
    expect(unchanged?.role).toBe('creator');
  });
});

describe('users', () => {
  it('lists every account newest first, a page at a time, searched by name or email and filtered by role', async () => {
    const tag = `pager${Date.now()}`;
    const made: TestUser[] = [];
    for (let i = 0; i < 5; i++) made.push(await createUser(t.db.db, { name: `${tag} ${i}` }));
    const paged = await allPages<{ id: string; name: string }>(`/api/admin/users?q=${tag}&limit=2`);
    expect(paged.map((user) => user.id)).toEqual(made.map((user) => user.id).reverse());

    const byEmail = (
      await send('GET', `/api/admin/users?q=${encodeURIComponent(made[0]?.email.toUpperCase() ?? '')}`, admin)
    ).json();
    expect(byEmail.items.map((user: { id: string }) => user.id)).toEqual([made[0]?.id]);
    // % and _ are letters in a search, not wildcards.
    expect((await send('GET', '/api/admin/users?q=%25', admin)).json().items).toEqual([]);

    const admins = (await send('GET', '/api/admin/users?role=admin', admin)).json();
    expect(admins.items.map((user: { id: string }) => user.id)).toContain(admin.id);
    expect(admins.items.every((user: { role: string }) => user.role === 'admin')).toBe(true);
    expect(admins.items.find((user: { id: string }) => user.id === admin.id)).toEqual({
      id: admin.id,
      email: admin.email,
      name: 'Ada Admin',
      role: 'admin',
      createdAt: expect.any(String),
      suspendedAt: null,
    });
  });

  it('refuses a bad query with 400', async () => {
    for (const query of ['limit=0', 'limit=101', 'role=owner', 'status=gone', 'cursor=not-a-cursor', 'cursor=WzEsMl0']) {
      const response = await send('GET', `/api/admin/users?${query}`, admin);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('suspending ends every session at once, refuses sign-in with a clear 403, and is logged', async () => {
    const user = await createUser(t.db.db);
    const signedIn = (await login(user.email)).json().token as string;
    // Both tokens are cached by a first use.
    for (const token of [user.token, signedIn]) expect((await send('GET', '/api/auth/me', { token })).statusCode).toBe(200);

    const suspended = await send('POST', `/api/admin/users/${user.id}/suspend`, admin);
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json()).toMatchObject({ id: user.id, suspendedAt: expect.any(String) });

    for (const token of [user.token, signedIn]) {
      expect((await send('GET', '/api/auth/me', { token })).statusCode).toBe(401);
      expect((await send('GET', '/api/my-courses', { token })).statusCode).toBe(401);
    }
    const live = await t.db.db
      .select()
      .from(sessions)
      .where(sql`${sessions.userId} = ${user.id} and ${sessions.revokedAt} is null`);
    expect(live).toEqual([]);

    const refused = await login(user.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'This account has been suspended by an administrator. Contact support if you think this is a mistake.',
    );
    // Only the right password learns that: a wrong one is the usual 401.
    expect((await login(user.email, 'wrong-password')).statusCode).toBe(401);

    const [entry] = await auditOf(user.id);
    expect(entry).toMatchObject({
      adminId: admin.id,
      action: 'user.suspend',
      targetType: 'user',
      details: { email: user.email, revokedSessions: 2 },
    });

    expect((await send('POST', `/api/admin/users/${user.id}/suspend`, admin)).statusCode).toBe(409);
    const lifted = await send('POST', `/api/admin/users/${user.id}/unsuspend`, admin);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().suspendedAt).toBeNull();
    // The old sessions stay ended; signing in works again.
    expect((await send('GET', '/api/auth/me', user)).statusCode).toBe(401);
    const again = await login(user.email);
    expect(again.statusCode).toBe(200);
    expect((await send('GET', '/api/auth/me', { token: again.json().token })).statusCode).toBe(200);
    expect((await send('POST', `/api/admin/users/${user.id}/unsuspend`, admin)).statusCode).toBe(409);
    expect((await auditOf(user.id)).map((row) => row.action)).toEqual(['user.suspend', 'user.unsuspend']);
  });

  it('refuses a session made by a sign-in that raced the suspension', async () => {
    const user = await createUser(t.db.db);
    await t.db.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));
    // The factory's session was never revoked: the suspension alone refuses it.
    expect((await send('GET', '/api/auth/me', user)).statusCode).toBe(401);
  });

  it('cannot suspend its own account, nor an unknown one', async () => {
    const self = await send('POST', `/api/admin/users/${admin.id}/suspend`, admin);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot suspend your own account');
    expect((await send('GET', '/api/auth/me', admin)).statusCode).toBe(200);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await send('POST', `/api/admin/users/${id}/suspend`, admin)).statusCode).toBe(404);
    }
  });

  it('may suspend another admin, whose admin calls stop', async () => {
    const other = await createUser(t.db.db, { role: 'admin' });
    expect((await send('GET', '/api/admin/users', other)).statusCode).toBe(200);
    expect((await send('POST', `/api/admin/users/${other.id}/suspend`, admin)).statusCode).toBe(200);
    expect((await send('GET', '/api/admin/users', other)).statusCode).toBe(401);
  });
});

describe('creators and invitations', () => {
  it('lists creators with their course and enrollment counts', async () => {
    const creator = await createUser(t.db.db, { role: 'creator', name: `Counted ${Date.now()}` });
    await createCourse(t.db.db, creator.id, { published: true, studentCount: 3 });
    await createCourse(t.db.db, creator.id, { published: false, studentCount: 1 });
    await createCourse(t.db.db, creator.id, { published: true, archived: true });
    const list = (await send('GET', `/api/admin/creators?q=${encodeURIComponent(creator.name)}`, admin)).json();
    expect(list).toEqual({
      items: [
        {
          id: creator.id,
          email: creator.email,
          name: creator.name,
          createdAt: expect.any(String),
          suspendedAt: null,
          courseCount: 3,
          publishedCount: 1,
          enrollmentCount: 4,
        },
      ],
      nextCursor: null,
    });
    const all = await allPages<{ id: string }>('/api/admin/creators?limit=1');
    expect(all.map((row) => row.id)).toContain(creator.id);
    expect(all.map((row) => row.id)).not.toContain(admin.id);
  });

  it('invites a creator from the web as the CLI does: a mailed single-use code for that email', async () => {
    const email = `invited-${Date.now()}@example.com`;
    const made = await send('POST', '/api/admin/invitations', admin, { email: email.toUpperCase() });
    expect(made.statusCode, made.body).toBe(201);
    const body = made.json();
    expect(body).toEqual({
      invitation: {
        id: expect.any(String),
        email,
        status: 'pending',
        createdAt: expect.any(String),
        usedAt: null,
        usedBy: null,
        revokedAt: null,
      },
      link: expect.stringMatching(/\/creator\?tab=signup&invite=[\w-]{43}$/),
      isMailed: true,
    });
    await t.app.background.drain();
    const mail = t.mailer.last(email);
    expect(mail?.text).toContain(body.link);
    const code = new URL(body.link).searchParams.get('invite');

    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: 'creator-pass', name: 'Invited', role: 'creator', inviteCode: code },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const listed = (await send('GET', '/api/admin/invitations?status=used', admin)).json();
    expect(listed.items.find((row: { id: string }) => row.id === body.invitation.id)).toMatchObject({
      status: 'used',
      usedBy: { id: signUp.json().user.id, name: 'Invited' },
    });
    // A used invitation cannot be revoked.
    const revoke = await send('POST', `/api/admin/invitations/${body.invitation.id}/revoke`, admin);
    expect(revoke.statusCode).toBe(409);
    expect(revoke.json().message).toBe('This invitation has been used and cannot be revoked');
    expect((await auditOf(body.invitation.id)).map((row) => [row.action, row.details])).toEqual([
      ['invitation.create', { email }],
    ]);
  });

  it('revokes an unused invitation: its code signs nobody up', async () => {
    const email = `revoked-${Date.now()}@example.com`;
    const made = (await send('POST', '/api/admin/invitations', admin, { email })).json();
    const revoked = await send('POST', `/api/admin/invitations/${made.invitation.id}/revoke`, admin);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ id: made.invitation.id, status: 'revoked', revokedAt: expect.any(String) });
    const code = new URL(made.link).searchParams.get('invite');
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: 'creator-pass', name: 'Too late', role: 'creator', inviteCode: code },
    });
    expect(signUp.statusCode).toBe(403);
    expect((await send('POST', `/api/admin/invitations/${made.invitation.id}/revoke`, admin)).statusCode).toBe(409);
    expect((await send('POST', '/api/admin/invitations/00000000-0000-4000-8000-000000000000/revoke', admin)).statusCode).toBe(
      404,
    );
    const pending = await allPages<{ id: string }>('/api/admin/invitations?status=pending&limit=1');
    expect(pending.map((row) => row.id)).not.toContain(made.invitation.id);
    const revokedList = await allPages<{ id: string }>('/api/admin/invitations?status=revoked');
    expect(revokedList.map((row) => row.id)).toContain(made.invitation.id);
    expect((await auditOf(made.invitation.id)).map((row) => row.action)).toEqual(['invitation.create', 'invitation.revoke']);
  });

  it('refuses to invite an email that has an account, or no email at all', async () => {
    const student = await createUser(t.db.db);
    const before = await t.db.db.$count(creatorInvites);
    const taken = await send('POST', '/api/admin/invitations', admin, { email: student.email });
    expect(taken.statusCode).toBe(409);
    for (const payload of [{}, { email: 'nope' }, { email: 'a\u0000b@example.com' }]) {
      expect((await send('POST', '/api/admin/invitations', admin, payload)).statusCode).toBe(400);
    }
    expect(await t.db.db.$count(creatorInvites)).toBe(before);
  });
});

describe('the audit log', () => {
  it('lists who did what to what and when, newest first, filtered by action', async () => {
    const target = await createUser(t.db.db);
    await send('POST', `/api/admin/users/${target.id}/suspend`, admin);
    const page = (await send('GET', '/api/admin/audit?action=user.suspend&limit=1', admin)).json();
    expect(page.items).toEqual([
      {
        id: expect.any(String),
        action: 'user.suspend',
        targetType: 'user',
        targetId: target.id,
        details: { email: target.email, revokedSessions: 1 },
        createdAt: expect.any(String),
        admin: { id: admin.id, name: 'Ada Admin', email: admin.email },
      },
    ]);
    const everything = await allPages<{ action: string; createdAt: string }>('/api/admin/audit?limit=3');
    expect(everything.length).toBe(await t.db.db.$count(adminAuditLog));
    const times = everything.map((entry) => entry.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await send('GET', '/api/admin/audit?action=user.delete', admin)).statusCode).toBe(400);
  });

  it('is append-only in the database itself', async () => {
    await expect(t.db.db.update(adminAuditLog).set({ action: 'user.unsuspend' })).rejects.toThrow();
    await expect(t.db.db.delete(adminAuditLog)).rejects.toThrow();
  });
});
