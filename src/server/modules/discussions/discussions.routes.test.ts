import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, discussionReports, lessonThreads } from '#db/schema/index';
import { endEnrollment } from '#server/lib/end-enrollment';
import type { Thread, ThreadList } from '#shared/schemas/discussions';
import { XSS_PAYLOADS } from '#tests/e2e/xss-payloads';
import {
  addContent,
  bearer,
  createCourse,
  createUser,
  enroll,
  FACTORY_PASSWORD,
  revokedSessionToken,
  type TestUser,
} from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';

let t: TestApp;
let creator: TestUser;
let otherCreator: TestUser;
let admin: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_DISCUSSION_POSTS_PER_MINUTE: '10000' } });
  creator = await createUser(t.db.db, { role: 'creator', name: 'Ada Creator' });
  otherCreator = await createUser(t.db.db, { role: 'creator' });
  admin = await createUser(t.db.db, { role: 'admin' });
  stranger = await createUser(t.db.db);
});
afterAll(() => t.close());

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
type Caller = TestUser | { token: string } | undefined;
const call = (method: Method, url: string, user?: Caller, payload?: object | string, app = t) =>
  app.app.inject({
    method,
    url,
    headers: { ...(user ? bearer(user) : {}), ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}) },
    ...(payload !== undefined ? { payload } : {}),
  });

/** A published course of the creator with two slides, and enrolled learners. */
async function classroom(learnerCount = 2, overrides: Parameters<typeof createCourse>[2] = {}) {
  const course = await createCourse(t.db.db, creator.id, { title: 'Attention, <b>explained</b>', ...overrides });
  const { lessons } = await addContent(t.db.db, course.id, { lessonCount: 2, quizCount: 0 });
  const lessonId = lessons[0]?.id ?? '';
  const learners: TestUser[] = [];
  for (let i = 0; i < learnerCount; i++) {
    const learner = await createUser(t.db.db, { name: `Learner ${i + 1}` });
    await enroll(t.db.db, learner.id, course.id);
    learners.push(learner);
  }
  return { course, lessonId, otherLessonId: lessons[1]?.id ?? '', learners: learners as [TestUser, TestUser, ...TestUser[]] };
}

async function ask(lessonId: string, user: TestUser, body = 'Why do the weights sum to one?') {
  const response = await call('POST', `/api/lessons/${lessonId}/threads`, user, { body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Thread;
}

async function answer(threadId: string, user: TestUser, body = 'Because of the softmax.') {
  const response = await call('POST', `/api/threads/${threadId}/replies`, user, { body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; instructor: boolean };
}

const list = async (lessonId: string, user: TestUser, query = '') => {
  const response = await call('GET', `/api/lessons/${lessonId}/threads${query}`, user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ThreadList;
};

/** The mails sent to `user` once the queued jobs ran. */
const mailsTo = async (user: { email: string }) => {
  await t.app.background.drain();
  return t.mailer.sent.filter((mail) => mail.to === user.email);
};

describe('lesson Q&A access', () => {
  it('lets enrolled students and the course’s creator read and post; 401, 403 and 404 for the rest', async () => {
    const { course, lessonId, learners } = await classroom(2);
    const [learner, refunded] = learners;
    const thread = await ask(lessonId, learner);
    const url = `/api/lessons/${lessonId}/threads`;

    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('POST', url, undefined, { body: 'Hi' })).statusCode).toBe(401);
    for (const outsider of [stranger, otherCreator, admin]) {
      expect((await call('GET', url, outsider)).statusCode).toBe(403);
      expect((await call('POST', url, outsider, { body: 'Hi' })).statusCode).toBe(403);
      expect((await call('POST', `/api/threads/${thread.id}/replies`, outsider, { body: 'Hi' })).statusCode).toBe(403);
      expect((await call('POST', `/api/threads/${thread.id}/upvote`, outsider)).statusCode).toBe(403);
      expect((await call('POST', `/api/threads/${thread.id}/report`, outsider)).statusCode).toBe(403);
    }
    expect((await list(lessonId, creator)).items.map((item) => item.id)).toEqual([thread.id]);
    expect((await list(lessonId, refunded)).items).toHaveLength(1);
    await answer(thread.id, refunded, 'Me too.');

    // A refund ends the enrollment, and the questions with it.
    await t.db.db.transaction((tx) => endEnrollment(tx, { userId: refunded.id, courseId: course.id, reason: 'refunded' }));
    expect((await call('GET', url, refunded)).statusCode).toBe(403);
    expect((await call('POST', `/api/threads/${thread.id}/replies`, refunded, { body: 'Hi' })).statusCode).toBe(403);

    // A signed-out token is a guest's.
    const revoked = await revokedSessionToken(t.app, learner);
    expect((await call('GET', url, { token: revoked })).statusCode).toBe(401);
  });

  it('answers 404 for unknown or malformed ids and for a draft to those who may not see it', async () => {
    const { lessonId, learners } = await classroom(1);
    const draft = await classroom(1, { published: false });
    const [learner] = learners;
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000', "1'; drop table users;--"]) {
      const encoded = encodeURIComponent(id);
      expect((await call('GET', `/api/lessons/${encoded}/threads`, learner)).statusCode).toBe(404);
      expect((await call('POST', `/api/lessons/${encoded}/threads`, learner, { body: 'Hi' })).statusCode).toBe(404);
      expect((await call('POST', `/api/threads/${encoded}/replies`, learner, { body: 'Hi' })).statusCode).toBe(404);
      expect((await call('POST', `/api/threads/${encoded}/upvote`, learner)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/threads/${encoded}`, learner)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/replies/${encoded}`, learner)).statusCode).toBe(404);
      expect((await call('POST', `/api/replies/${encoded}/report`, learner)).statusCode).toBe(404);
      expect((await call('PUT', `/api/admin/threads/${encoded}/hidden`, admin, { hidden: true })).statusCode).toBe(404);
    }
    expect((await call('GET', `/api/lessons/${draft.lessonId}/threads`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/lessons/${draft.lessonId}/threads`, draft.learners[0])).statusCode).toBe(200);
    expect((await call('GET', `/api/lessons/${lessonId}/threads?sort=best`, learner)).statusCode).toBe(400);
  });
});

describe('lesson Q&A threads', () => {
  it('are answered once the course’s creator replies, and mail the asker once', async () => {
    const { lessonId, learners } = await classroom(2);
    const [asker, classmate] = learners;
    const thread = await ask(lessonId, asker, 'What is a <key>?');
    expect(thread).toMatchObject({
      answered: false,
      upvotes: 0,
      upvoted: false,
      replies: [],
      user: { id: asker.id, name: 'Learner 1' },
    });

    expect((await answer(thread.id, classmate)).instructor).toBe(false);
    expect((await list(lessonId, asker)).items[0]?.answered).toBe(false);
    expect(await mailsTo(asker)).toHaveLength(0);

    const first = await answer(thread.id, creator, 'A vector the query is compared with.');
    expect(first.instructor).toBe(true);
    const second = await answer(thread.id, creator, 'See the next slide too.');
    const [listed] = (await list(lessonId, asker)).items;
    expect(listed?.answered).toBe(true);
    expect(listed?.replies.map((reply) => [reply.user.id, reply.instructor])).toEqual([
      [classmate.id, false],
      [creator.id, true],
      [creator.id, true],
    ]);

    const mails = await mailsTo(asker);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('What is a <key>?');
    expect(mails[0]?.text).toContain(`${t.config.publicUrl}/course/`);
    expect(mails[0]?.text).toContain(`/learn/${lessonId}`);
    expect(mails[0]?.html).toContain('What is a &#60;key&#62;?');
    expect(mails[0]?.html).not.toContain('<key>');

    // Deleting one of the creator's replies keeps it answered; deleting the last makes it unanswered again.
    expect((await call('DELETE', `/api/replies/${first.id}`, creator)).statusCode).toBe(204);
    expect((await list(lessonId, asker)).items[0]?.answered).toBe(true);
    expect((await call('DELETE', `/api/replies/${second.id}`, creator)).statusCode).toBe(204);
    expect((await list(lessonId, asker)).items[0]?.answered).toBe(false);
    expect((await list(lessonId, asker, '?unanswered=true')).items).toHaveLength(1);
  });

  it('mail no one when the creator answers their own question', async () => {
    const { lessonId } = await classroom(0);
    const before = (await mailsTo(creator)).length;
    const thread = await ask(lessonId, creator, 'Pinned: ask about the homework here');
    await answer(thread.id, creator);
    expect((await list(lessonId, creator)).items[0]?.answered).toBe(true);
    expect(await mailsTo(creator)).toHaveLength(before);
  });

  it('count one upvote per person, even sent twice at once, and not one’s own', async () => {
    const { lessonId, learners } = await classroom(2);
    const [asker, classmate] = learners;
    const thread = await ask(lessonId, asker);
    const url = `/api/threads/${thread.id}/upvote`;
    const both = await Promise.all([call('POST', url, classmate), call('POST', url, classmate)]);
    expect(both.map((response) => response.statusCode)).toEqual([200, 200]);
    expect((await call('POST', url, classmate)).json()).toEqual({ id: thread.id, upvotes: 1, upvoted: true });
    expect((await call('POST', url, creator)).json()).toEqual({ id: thread.id, upvotes: 2, upvoted: true });
    expect((await list(lessonId, classmate)).items[0]).toMatchObject({ upvotes: 2, upvoted: true });
    expect((await list(lessonId, asker)).items[0]).toMatchObject({ upvotes: 2, upvoted: false });
    expect((await call('POST', url, asker)).statusCode).toBe(403);
    expect((await call('DELETE', url, classmate)).json()).toEqual({ id: thread.id, upvotes: 1, upvoted: false });
    expect((await call('DELETE', url, classmate)).json()).toEqual({ id: thread.id, upvotes: 1, upvoted: false });
  });

  it('sort newest or top, filter unanswered, and page by cursor without gaps or repeats', async () => {
    const { lessonId, otherLessonId, learners } = await classroom(3);
    const [asker, voterA, voterB] = learners;
    const threads: Thread[] = [];
    for (let i = 0; i < 7; i++) threads.push(await ask(lessonId, asker, `Question ${i}`));
    await ask(otherLessonId, asker, 'Elsewhere');
    const byIndex = (i: number) => threads[i]?.id ?? '';
    for (const voter of [voterA, voterB]) await call('POST', `/api/threads/${byIndex(2)}/upvote`, voter);
    await call('POST', `/api/threads/${byIndex(5)}/upvote`, voterA);
    await answer(byIndex(6), creator);

    const newest = await list(lessonId, asker);
    expect(newest.items.map((item) => item.body)).toEqual([6, 5, 4, 3, 2, 1, 0].map((i) => `Question ${i}`));
    expect(newest.nextCursor).toBeNull();
    const top = await list(lessonId, asker, '?sort=top');
    expect(top.items.map((item) => item.body).slice(0, 3)).toEqual(['Question 2', 'Question 5', 'Question 6']);
    expect((await list(lessonId, asker, '?unanswered=true')).items.map((item) => item.body)).not.toContain('Question 6');

    for (const sort of ['newest', 'top']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: ThreadList = await list(
          lessonId,
          asker,
          `?sort=${sort}&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(page.items.length).toBeLessThanOrEqual(3);
        seen.push(...page.items.map((item) => item.body));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual((sort === 'top' ? top : newest).items.map((item) => item.body));
    }
    const newestCursor = (await list(lessonId, asker, '?limit=2')).nextCursor ?? '';
    expect((await call('GET', `/api/lessons/${lessonId}/threads?sort=top&cursor=${newestCursor}`, asker)).statusCode).toBe(400);
    expect((await call('GET', `/api/lessons/${lessonId}/threads?cursor=garbage`, asker)).statusCode).toBe(400);
  });

  it('are deleted by their author, the course’s creator or an admin (audit-logged), by no one else', async () => {
    const { lessonId, learners } = await classroom(2);
    const [asker, classmate] = learners;
    const [a, b, c] = [await ask(lessonId, asker), await ask(lessonId, asker), await ask(lessonId, asker)];
    const reply = await answer(a.id, classmate);
    const creatorReply = await answer(a.id, creator);

    expect((await call('DELETE', `/api/threads/${a.id}`, classmate)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/replies/${creatorReply.id}`, classmate)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/replies/${reply.id}`, asker)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/threads/${a.id}`, otherCreator)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/threads/${a.id}`)).statusCode).toBe(401);

    expect((await call('DELETE', `/api/replies/${reply.id}`, classmate)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/replies/${creatorReply.id}`, admin)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/threads/${a.id}`, asker)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/threads/${b.id}`, creator)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/threads/${c.id}`, admin)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/threads/${c.id}`, admin)).statusCode).toBe(404);
    expect((await list(lessonId, asker)).items).toEqual([]);

    const audit = await t.db.db
      .select({ action: adminAuditLog.action, targetId: adminAuditLog.targetId })
      .from(adminAuditLog)
      .where(eq(adminAuditLog.adminId, admin.id));
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'reply.delete', targetId: creatorReply.id },
        { action: 'thread.delete', targetId: c.id },
      ]),
    );
    expect(audit.filter((row) => row.targetId === a.id || row.targetId === b.id)).toEqual([]);
  });
});

describe('lesson Q&A moderation', () => {
  it('takes one report per person and post, lists them most reported first, for admins only', async () => {
    const { lessonId, learners } = await classroom(3);
    const [asker, reporterA, reporterB] = learners;
    const thread = await ask(lessonId, asker, 'Buy my course at spam.example');
    const reply = await answer(thread.id, reporterA, 'Rude words');
    const url = `/api/threads/${thread.id}/report`;
    expect((await call('POST', url, reporterA, { reason: 'Spam' })).json()).toEqual({ reported: true });
    expect((await call('POST', url, reporterA, { reason: 'Spam again' })).json()).toEqual({ reported: true });
    expect((await call('POST', url, reporterB)).json()).toEqual({ reported: true });
    expect((await call('POST', url, asker)).statusCode).toBe(400);
    expect((await call('POST', `/api/replies/${reply.id}/report`, asker, { reason: 'Rude' })).json()).toEqual({ reported: true });
    const rows = await t.db.db.select().from(discussionReports).where(eq(discussionReports.threadId, thread.id));
    expect(rows).toHaveLength(2);

    expect((await call('GET', '/api/admin/discussions', creator)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/discussions')).statusCode).toBe(401);
    const reported = await call('GET', '/api/admin/discussions?limit=50', admin);
    expect(reported.statusCode, reported.body).toBe(200);
    const items = reported.json().items as { id: string; reportCount: number; kind: string; reasons: string[] }[];
    const mine = items.filter((item) => item.id === thread.id || item.id === reply.id);
    expect(mine).toEqual([
      expect.objectContaining({
        kind: 'thread',
        id: thread.id,
        reportCount: 2,
        reasons: ['Spam'],
        threadId: thread.id,
        lessonId,
      }),
      expect.objectContaining({ kind: 'reply', id: reply.id, reportCount: 1, reasons: ['Rude'], threadId: thread.id }),
    ]);
    const counts = items.map((item) => item.reportCount);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: { id: string }[]; nextCursor: string | null } = (
        await call('GET', `/api/admin/discussions?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, admin)
      ).json();
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(items.map((item) => item.id));
  });

  it('lets only admins hide a thread or reply, audit-logged, and hidden posts leave every list', async () => {
    const { lessonId, learners } = await classroom(2);
    const [asker, classmate] = learners;
    const kept = await ask(lessonId, asker, 'Kept');
    const hidden = await ask(lessonId, asker, 'Hidden');
    const reply = await answer(kept.id, classmate, 'Hidden reply');
    const creatorReply = await answer(kept.id, creator, 'The answer');

    for (const user of [asker, creator, otherCreator]) {
      expect((await call('PUT', `/api/admin/threads/${hidden.id}/hidden`, user, { hidden: true })).statusCode).toBe(403);
    }
    expect((await call('PUT', `/api/admin/threads/${hidden.id}/hidden`, undefined, { hidden: true })).statusCode).toBe(401);
    const hide = await call('PUT', `/api/admin/threads/${hidden.id}/hidden`, admin, { hidden: true });
    expect(hide.json()).toEqual({ id: hidden.id, hidden: true });
    expect((await call('PUT', `/api/admin/threads/${hidden.id}/hidden`, admin, { hidden: true })).json()).toEqual({
      id: hidden.id,
      hidden: true,
    });
    expect((await call('PUT', `/api/admin/replies/${reply.id}/hidden`, admin, { hidden: true })).statusCode).toBe(200);

    const shown = await list(lessonId, classmate);
    expect(shown.items.map((item) => item.body)).toEqual(['Kept']);
    expect(shown.items[0]?.replies.map((item) => item.body)).toEqual(['The answer']);
    const inbox = (await call('GET', '/api/creator/threads?limit=50', creator)).json() as { items: { id: string }[] };
    expect(inbox.items.map((item) => item.id)).not.toContain(hidden.id);
    expect((await call('POST', `/api/threads/${hidden.id}/replies`, asker, { body: 'Hello?' })).statusCode).toBe(404);
    expect((await call('POST', `/api/threads/${hidden.id}/upvote`, classmate)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/threads/${hidden.id}`, asker)).statusCode).toBe(404);
    expect((await call('POST', `/api/replies/${reply.id}/report`, asker)).statusCode).toBe(404);

    // Hiding the creator's only reply unanswers the thread; showing it again answers it.
    await call('PUT', `/api/admin/replies/${creatorReply.id}/hidden`, admin, { hidden: true });
    expect((await list(lessonId, classmate)).items[0]?.answered).toBe(false);
    await call('PUT', `/api/admin/replies/${creatorReply.id}/hidden`, admin, { hidden: false });
    expect((await list(lessonId, classmate)).items[0]?.answered).toBe(true);

    const audit = await t.db.db
      .select({ action: adminAuditLog.action, targetType: adminAuditLog.targetType })
      .from(adminAuditLog)
      .where(
        and(
          eq(adminAuditLog.adminId, admin.id),
          sql`${adminAuditLog.targetId} in (${hidden.id}, ${reply.id}, ${creatorReply.id})`,
        ),
      );
    expect(audit.map((row) => `${row.targetType}:${row.action}`).sort()).toEqual([
      'reply:reply.hide',
      'reply:reply.hide',
      'reply:reply.unhide',
      'thread:thread.hide',
    ]);
  });
});

describe('lesson Q&A input', () => {
  it('refuses empty, too long and control-character bodies, and keeps the text as sent', async () => {
    const { lessonId, learners } = await classroom(1);
    const [learner] = learners;
    const url = `/api/lessons/${lessonId}/threads`;
    for (const body of ['', '   \n ', 'x'.repeat(5001), 'nul\u0000here', 'bell\u0007']) {
      const refused = await call('POST', url, learner, { body });
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toHaveProperty('message');
    }
    expect((await call('POST', url, learner, { text: 'Hi' })).statusCode).toBe(400);
    const thread = await ask(lessonId, learner, 'x'.repeat(5000));
    expect((await call('POST', `/api/threads/${thread.id}/replies`, learner, { body: '' })).statusCode).toBe(400);
    expect(await t.db.db.select().from(lessonThreads).where(eq(lessonThreads.lessonId, lessonId))).toHaveLength(1);
  });

  it('takes 5,000 characters however a client escapes them, and refuses a body over 32 KB with 413', async () => {
    const { lessonId, learners } = await classroom(1);
    const [learner] = learners;
    // 5,000 non-ASCII characters escaped as \uXXXX: 30 KB of JSON, over the default 16 KB.
    const escaped = `{"body":"${'\\u00e9'.repeat(5000)}"}`;
    const accepted = await call('POST', `/api/lessons/${lessonId}/threads`, learner, escaped);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().body).toBe('é'.repeat(5000));
    const tooLarge = `{"body":"${'x'.repeat(33 * 1024)}"}`;
    for (const url of [`/api/lessons/${lessonId}/threads`, `/api/threads/${accepted.json().id}/replies`]) {
      const refused = await call('POST', url, learner, tooLarge);
      expect(refused.statusCode).toBe(413);
    }
  });

  it('carries the XSS corpus through threads and replies byte for byte, as text', async () => {
    const { lessonId, learners } = await classroom(1);
    const [learner] = learners;
    for (const payload of XSS_PAYLOADS) {
      const thread = await ask(lessonId, learner, payload.html);
      expect(thread.body).toBe(payload.html);
      await answer(thread.id, creator, payload.html);
    }
    const seen: Thread[] = [];
    let cursor: string | null = null;
    do {
      const page: ThreadList = await list(lessonId, learner, `?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.map((thread) => thread.body).reverse()).toEqual(XSS_PAYLOADS.map((payload) => payload.html));
    expect(seen.map((thread) => thread.replies[0]?.body).reverse()).toEqual(XSS_PAYLOADS.map((payload) => payload.html));
    const mail = (await mailsTo(learner)).at(-1);
    expect(mail?.html).not.toMatch(/<(script|img|svg|style|pre|code|iframe)/i);
  });

  it('limits posting, threads and replies together, per person with 429 and Retry-After', async () => {
    const limited = await createTestApp({
      db: t.db,
      env: { RATE_LIMIT_DISCUSSION_POSTS_PER_MINUTE: '2' },
      clock: () => Date.UTC(2026, 0, 1),
    });
    try {
      const { lessonId, learners } = await classroom(2);
      const [learner, classmate] = learners;
      const first = await call('POST', `/api/lessons/${lessonId}/threads`, learner, { body: 'One' }, limited);
      expect(first.statusCode).toBe(201);
      expect((await call('POST', `/api/threads/${first.json().id}/replies`, learner, { body: 'Two' }, limited)).statusCode).toBe(
        201,
      );
      const third = await call('POST', `/api/lessons/${lessonId}/threads`, learner, { body: 'Three' }, limited);
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      expect((await call('POST', `/api/threads/${first.json().id}/replies`, learner, { body: 'Four' }, limited)).statusCode).toBe(
        429,
      );
      expect((await call('POST', `/api/lessons/${lessonId}/threads`, classmate, { body: 'Mine' }, limited)).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('account deletion', () => {
  it('takes the person’s questions, replies, upvotes and reports with it', async () => {
    const { lessonId, learners } = await classroom(2);
    const [leaving, staying] = learners;
    const theirs = await ask(lessonId, leaving, 'Mine');
    const kept = await ask(lessonId, staying, 'Theirs');
    await answer(kept.id, leaving, 'My reply');
    await call('POST', `/api/threads/${kept.id}/upvote`, leaving);
    await call('POST', `/api/threads/${kept.id}/report`, leaving, { reason: 'Off topic' });
    await answer(theirs.id, staying, 'A reply that goes with the question');

    const deleted = await call('POST', '/api/account/delete', leaving, { currentPassword: FACTORY_PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const shown = await list(lessonId, staying);
    expect(shown.items).toEqual([expect.objectContaining({ id: kept.id, upvotes: 0, replies: [] })]);
    expect(await t.db.db.select().from(discussionReports).where(eq(discussionReports.threadId, kept.id))).toEqual([]);
  });
});

describe('the creator’s inbox', () => {
  it('lists the questions of all their courses with the unanswered count, for creators only', async () => {
    const lone = await createUser(t.db.db, { role: 'creator' });
    const courseA = await createCourse(t.db.db, lone.id);
    const courseB = await createCourse(t.db.db, lone.id);
    const lessonA = (await addContent(t.db.db, courseA.id, { lessonCount: 1, quizCount: 0 })).lessons[0]?.id ?? '';
    const lessonB = (await addContent(t.db.db, courseB.id, { lessonCount: 1, quizCount: 0 })).lessons[0]?.id ?? '';
    const learner = await createUser(t.db.db, { name: 'Grace' });
    await enroll(t.db.db, learner.id, courseA.id);
    await enroll(t.db.db, learner.id, courseB.id);
    const q1 = await ask(lessonA, learner, 'A1');
    await ask(lessonA, learner, 'A2');
    await ask(lessonB, learner, 'B1');
    await answer(q1.id, lone);

    const inbox = await call('GET', '/api/creator/threads', lone);
    expect(inbox.statusCode, inbox.body).toBe(200);
    expect(inbox.json().unansweredCount).toBe(2);
    expect(inbox.json().items.map((item: { body: string }) => item.body)).toEqual(['B1', 'A2', 'A1']);
    expect(inbox.json().items[0]).toMatchObject({ course: { id: courseB.id }, lesson: { id: lessonB }, user: { name: 'Grace' } });
    const unanswered = (await call('GET', '/api/creator/threads?unanswered=true&limit=1', lone)).json();
    expect(unanswered).toMatchObject({ items: [{ body: 'B1' }], unansweredCount: 2 });
    const next = (await call('GET', `/api/creator/threads?unanswered=true&limit=1&cursor=${unanswered.nextCursor}`, lone)).json();
    expect(next).toMatchObject({ items: [{ body: 'A2' }], nextCursor: null });

    expect((await call('GET', '/api/creator/threads', otherCreator)).json()).toMatchObject({ items: [], unansweredCount: 0 });
    expect((await call('GET', '/api/creator/threads', learner)).statusCode).toBe(403);
    expect((await call('GET', '/api/creator/threads', admin)).statusCode).toBe(403);
    expect((await call('GET', '/api/creator/threads')).statusCode).toBe(401);
  });
});

describe('the daily digest', () => {
  const DAY = 86_400_000;
  const runOf = (periodStart: number) => ({
    periodStart: new Date(periodStart).toISOString(),
    periodEnd: new Date(periodStart + DAY).toISOString(),
  });
  const runDigest = async (periodStart: number) => {
    await t.app.jobs.enqueue(t.db.db, 'thread-digest', runOf(periodStart));
    await t.app.background.drain();
    // The digest's own mails are jobs the run queued.
    await t.app.background.drain();
  };

  it('mails each creator asked something the day before one digest per period, escaped, with links', async () => {
    const digestCreator = await createUser(t.db.db, { role: 'creator', name: 'Digest Creator' });
    const course = await createCourse(t.db.db, digestCreator.id, { title: 'Course <i>one</i>' });
    const { lessons } = await addContent(t.db.db, course.id, { lessonCount: 1, quizCount: 0 });
    const lessonId = lessons[0]?.id ?? '';
    const learner = await createUser(t.db.db);
    await enroll(t.db.db, learner.id, course.id);
    const today = Math.floor(Date.now() / DAY) * DAY;
    const asked: Thread[] = [];
    for (let i = 0; i < 12; i++) asked.push(await ask(lessonId, learner, `Question ${i} <script>alert(${i})</script>`));
    asked.push(await ask(lessonId, digestCreator, 'The creator’s own question'));
    const late = await ask(lessonId, learner, 'Asked the next day');
    // Periods ahead of the app's own schedule (which marks today's): those on day 1, a minute apart, the last on day 2.
    const day1 = today + DAY;
    for (const [index, thread] of asked.entries()) {
      await t.db.db
        .update(lessonThreads)
        .set({ createdAt: new Date(day1 + index * 60_000) })
        .where(eq(lessonThreads.id, thread.id));
    }
    await t.db.db
      .update(lessonThreads)
      .set({ createdAt: new Date(day1 + DAY + 60_000) })
      .where(eq(lessonThreads.id, late.id));

    await runDigest(day1 + DAY);
    await runDigest(day1 + DAY);
    const mails = await mailsTo(digestCreator);
    expect(mails).toHaveLength(1);
    const [digest] = mails;
    expect(digest?.subject).toContain('12 new questions');
    expect(digest?.text).toContain('Question 11 <script>alert(11)</script>');
    expect(digest?.text).not.toContain('Question 1 <script>alert(1)</script>');
    expect(digest?.text).toContain('And 2 more');
    expect(digest?.text).not.toContain('Asked the next day');
    expect(digest?.text).not.toContain('The creator’s own question');
    expect(digest?.text).toContain(`${t.config.publicUrl}/creator/questions`);
    expect(digest?.text).toContain(`/course/${course.id}/learn/${lessonId}`);
    expect(digest?.html).toContain('&#60;script&#62;alert(11)&#60;/script&#62;');
    expect(digest?.html).toContain('Course &#60;i&#62;one&#60;/i&#62;');
    expect(digest?.html).not.toMatch(/<script|<i>/);

    // The next day's run tells of the next day's question only.
    await runDigest(day1 + 2 * DAY);
    const next = (await mailsTo(digestCreator)).slice(1);
    expect(next).toHaveLength(1);
    expect(next[0]?.subject).toContain('1 new question');
    expect(next[0]?.text).toContain('Asked the next day');
    expect(next[0]?.text).not.toContain('Question 11');
  });
});
