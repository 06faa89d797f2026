import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseModules, enrollments, lessons, unlockNotices } from '#db/schema/index';
import { PAGE_SESSION_COOKIE } from '#shared/page-session';
import { addContent, bearer, createCourse, createUser, enroll, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { sweepUnlocks } from '../../lib/unlock-notices';

/* Pacing (docs/product.md, Pacing; ADR 0056): drip by days and dates, prerequisites, the unlock mail. */

const DAY = 86_400_000;
const distDir = path.resolve(process.env.DIST_DIR ?? 'dist');
const LOCKED_TEXT = 'The secret of the second module.';

let t: TestApp;
let owner: TestUser;
/** Added to the real time: a test moves the server's clock forward. */
let clockOffset = 0;
const now = () => Date.now() + clockOffset;

function call(method: 'GET' | 'POST' | 'PATCH', url: string, user?: TestUser, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: user ? bearer(user) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/**
 * A course of two modules (the first open, the second `paced`) and two quizzes of two single-choice
 * questions each (option 1 right), with one enrolled student.
 */
async function pacedCourse(paced: object, { enrolledAt }: { enrolledAt?: Date } = {}) {
  const course = await createCourse(t.db.db, owner.id);
  const first = await addContent(t.db.db, course.id, { lessonCount: 1, quizCount: 2, questionsPerQuiz: 2 });
  const [second] = await t.db.db
    .insert(courseModules)
    .values({ courseId: course.id, title: 'Second module', position: 3 })
    .returning();
  if (!second) throw new Error('no module');
  const [lesson] = await t.db.db
    .insert(lessons)
    .values({ moduleId: second.id, title: 'Locked slide', type: 'text', position: 0, content: `<p>${LOCKED_TEXT}</p>` })
    .returning();
  const [quiz1, quiz2] = first.quizzes;
  if (!lesson || !quiz1 || !quiz2) throw new Error('no content');
  const student = await createUser(t.db.db);
  await enroll(t.db.db, student.id, course.id);
  if (enrolledAt) await t.db.db.update(enrollments).set({ createdAt: enrolledAt }).where(eq(enrollments.userId, student.id));
  const patched = await call('PATCH', `/api/modules/${second.id}`, owner, paced);
  expect(patched.statusCode, patched.body).toBe(200);
  return { courseId: course.id, moduleId: second.id, lessonId: lesson.id, quiz1Id: quiz1.id, quiz2Id: quiz2.id, student };
}

/** Passes a quiz of two questions through the API. */
async function pass(quizId: string, student: TestUser) {
  const attempt = (await call('POST', `/api/quizzes/${quizId}/attempts`, student)).json() as { id: string };
  const questions = (await call('GET', `/api/quizzes/${quizId}/questions`, student)).json() as { id: string }[];
  for (const question of questions) {
    await call('POST', `/api/quiz-attempts/${attempt.id}/answers`, student, { questionId: question.id, selectedOption: 1 });
  }
  const done = await call('PATCH', `/api/quiz-attempts/${attempt.id}/complete`, student);
  expect(done.json()).toMatchObject({ passed: true });
}

/** The module's content routes as the student calls them. */
const moduleRoutes = (moduleId: string, lessonId: string) =>
  [
    ['GET', `/api/modules/${moduleId}/lessons`, undefined],
    ['POST', '/api/progress', { lessonId, completed: true }],
    ['GET', `/api/lessons/${lessonId}/notebook`, undefined],
    ['GET', `/api/lessons/${lessonId}/notebook/file`, undefined],
  ] as const;

async function expectLocked(
  user: TestUser,
  routes: readonly (readonly ['GET' | 'POST' | 'PATCH', string, unknown])[],
  unlocksAt: string | null,
) {
  for (const [method, url, payload] of routes) {
    const response = await call(method, url, user, payload);
    expect(response.statusCode, `${method} ${url}`).toBe(403);
    expect(response.json(), `${method} ${url}`).toMatchObject({ unlocksAt });
  }
}

async function mailsTo(email: string, subject: string, { atLeast }: { atLeast: number }) {
  for (let waited = 0; waited < 5_000; waited += 25) {
    if (t.mailer.sent.filter((mail) => mail.to === email && mail.subject.includes(subject)).length >= atLeast) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  // A moment more, so a second mail that should not come would have.
  await new Promise((resolve) => setTimeout(resolve, 150));
  return t.mailer.sent.filter((mail) => mail.to === email && mail.subject.includes(subject));
}

const sweep = () => sweepUnlocks({ db: t.db.db, jobs: t.app.jobs, now: now() });
const noticesOf = (user: TestUser) => t.db.db.select().from(unlockNotices).where(eq(unlockNotices.userId, user.id));

beforeAll(async () => {
  const webDir = path.join(distDir, 'web');
  t = await createTestApp({
    clock: now,
    config: { purgeIntervalMs: Number.POSITIVE_INFINITY, ...(existsSync(webDir) ? { webDir, pageRenderMsPerSecond: 1000 } : {}) },
    jobTimings: { pollMs: 50 },
  });
  owner = await createUser(t.db.db, { role: 'creator' });
});
afterAll(() => t.close());

describe('a module paced by days after enrollment', () => {
  it('answers 403 with unlocksAt on every content route until the days pass; the creator and the preview see it all along', async () => {
    clockOffset = 0;
    const { moduleId, lessonId, student } = await pacedCourse({ unlockAfterDays: 3 });
    const [enrollment] = await t.db.db.select().from(enrollments).where(eq(enrollments.userId, student.id));
    const unlocksAt = new Date((enrollment?.createdAt.getTime() ?? 0) + 3 * DAY).toISOString();
    await expectLocked(student, moduleRoutes(moduleId, lessonId), unlocksAt);
    expect((await call('GET', `/api/modules/${moduleId}/lessons`, owner)).statusCode).toBe(200);
    expect((await call('GET', `/api/preview/modules/${moduleId}/lessons`, owner)).statusCode).toBe(200);
    expect((await call('GET', `/api/modules/${moduleId}`, student)).json()).toMatchObject({
      locked: true,
      unlocksAt,
      unlockAfterDays: 3,
    });

    clockOffset = 3 * DAY + 60_000;
    const opened = await call('GET', `/api/modules/${moduleId}/lessons`, student);
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain(LOCKED_TEXT);
    expect((await call('POST', '/api/progress', student, { lessonId, completed: true })).statusCode).toBe(200);
    clockOffset = 0;
  });
});

describe('a quiz paced by a date', () => {
  it('refuses its questions, a new attempt, and the answers and completion of an attempt begun before it was paced', async () => {
    clockOffset = 0;
    const { quiz2Id, student } = await pacedCourse({});
    const attempt = (await call('POST', `/api/quizzes/${quiz2Id}/attempts`, student)).json() as { id: string };
    const questions = (await call('GET', `/api/quizzes/${quiz2Id}/questions`, student)).json() as { id: string }[];
    const unlockAt = new Date(Date.now() + 10 * DAY).toISOString();
    expect((await call('PATCH', `/api/quizzes/${quiz2Id}`, owner, { unlockAt })).json()).toMatchObject({ unlockAt });

    await expectLocked(
      student,
      [
        ['GET', `/api/quizzes/${quiz2Id}/questions`, undefined],
        ['POST', `/api/quizzes/${quiz2Id}/attempts`, undefined],
        ['POST', `/api/quiz-attempts/${attempt.id}/answers`, { questionId: questions[0]?.id, selectedOption: 1 }],
        ['PATCH', `/api/quiz-attempts/${attempt.id}/complete`, undefined],
      ],
      unlockAt,
    );
    expect((await call('GET', `/api/quizzes/${quiz2Id}/questions`, owner)).statusCode).toBe(200);

    clockOffset = 10 * DAY + 60_000;
    expect((await call('GET', `/api/quizzes/${quiz2Id}/questions`, student)).statusCode).toBe(200);
    clockOffset = 0;
  });

  it('takes a date alone as its start in UTC', async () => {
    const { moduleId } = await pacedCourse({ unlockAt: '2031-05-04' });
    expect((await call('GET', `/api/modules/${moduleId}`, owner)).json()).toMatchObject({ unlockAt: '2031-05-04T00:00:00.000Z' });
  });
});

describe('a module behind a quiz', () => {
  it('opens once the quiz is passed, with unlocksAt null while only the quiz holds it, and mails the student once', async () => {
    clockOffset = 0;
    const { moduleId, lessonId, quiz1Id, student } = await pacedCourse({});
    expect((await call('PATCH', `/api/modules/${moduleId}`, owner, { prerequisiteQuizId: quiz1Id })).statusCode).toBe(200);
    await expectLocked(student, moduleRoutes(moduleId, lessonId), null);

    await pass(quiz1Id, student);
    expect((await call('GET', `/api/modules/${moduleId}/lessons`, student)).statusCode).toBe(200);
    const mails = await mailsTo(student.email, 'Second module is open in', { atLeast: 1 });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`/learn/${lessonId}`);
    // Passing again mails nothing more.
    await pass(quiz1Id, student);
    expect(await noticesOf(student)).toHaveLength(1);
    expect(await mailsTo(student.email, 'Second module is open in', { atLeast: 1 })).toHaveLength(1);
  });
});

describe('the outline', () => {
  it('gives an enrolled student locked and unlocksAt per item, and everyone else the shared rules without them', async () => {
    clockOffset = 0;
    const { courseId, moduleId, quiz1Id, quiz2Id, student } = await pacedCourse({ unlockAfterDays: 2 });
    await call('PATCH', `/api/quizzes/${quiz2Id}`, owner, { prerequisiteQuizId: quiz1Id });
    const modules = (await call('GET', `/api/courses/${courseId}/modules`, student)).json() as Record<string, unknown>[];
    expect(modules[0]).toMatchObject({ locked: false, unlocksAt: null, unlockAfterDays: null });
    expect(modules.find((module) => module.id === moduleId)).toMatchObject({
      locked: true,
      unlocksAt: expect.any(String),
      unlockAfterDays: 2,
    });
    const quizzes = (await call('GET', `/api/courses/${courseId}/quizzes`, student)).json() as Record<string, unknown>[];
    expect(quizzes.map((quiz) => [quiz.locked, quiz.unlocksAt])).toEqual([
      [false, null],
      [true, null],
    ]);
    expect(quizzes[1]).toMatchObject({ prerequisiteQuizId: quiz1Id });

    const stranger = await createUser(t.db.db);
    for (const viewer of [undefined, stranger, owner]) {
      const seen = (await call('GET', `/api/courses/${courseId}/modules`, viewer)).json() as Record<string, unknown>[];
      expect(seen.find((module) => module.id === moduleId)).toMatchObject({ unlockAfterDays: 2 });
      expect(seen.every((module) => !('locked' in module))).toBe(true);
    }
    // An unpaced course: every item open, the same bytes for every enrolled student.
    const plain = await createCourse(t.db.db, owner.id);
    await addContent(t.db.db, plain.id, { lessonCount: 1, quizCount: 1 });
    await enroll(t.db.db, student.id, plain.id);
    expect((await call('GET', `/api/courses/${plain.id}/modules`, student)).json()).toMatchObject([
      { locked: false, unlocksAt: null },
    ]);
  });

  it.skipIf(!existsSync(path.join(distDir, 'ssr', 'entry-server.js')))(
    "draws a locked module's slide in Learn without its content",
    async () => {
      clockOffset = 0;
      const { courseId, lessonId, student } = await pacedCourse({ unlockAfterDays: 5 });
      const page = await t.app.inject({
        method: 'GET',
        url: `/course/${courseId}/learn/${lessonId}`,
        headers: { cookie: `${PAGE_SESSION_COOKIE}=${student.token}` },
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain(LOCKED_TEXT);
      clockOffset = 6 * DAY;
      const opened = await t.app.inject({
        method: 'GET',
        url: `/course/${courseId}/learn/${lessonId}`,
        headers: { cookie: `${PAGE_SESSION_COOKIE}=${student.token}` },
      });
      expect(opened.body).toContain(LOCKED_TEXT);
      clockOffset = 0;
    },
  );
});

describe('PATCH pacing', () => {
  it('refuses bad days, bad dates, a quiz of another course, a quiz as its own prerequisite and a circle, with field errors', async () => {
    const { moduleId, quiz1Id, quiz2Id } = await pacedCourse({});
    const other = await createCourse(t.db.db, owner.id);
    const elsewhere = (await addContent(t.db.db, other.id, { lessonCount: 1, quizCount: 1 })).quizzes[0]?.id;
    const cases: [string, object, string][] = [
      [`/api/modules/${moduleId}`, { unlockAfterDays: 3651 }, 'unlockAfterDays'],
      [`/api/modules/${moduleId}`, { unlockAfterDays: -1 }, 'unlockAfterDays'],
      [`/api/quizzes/${quiz1Id}`, { unlockAfterDays: 1.5 }, 'unlockAfterDays'],
      [`/api/modules/${moduleId}`, { unlockAt: 'next tuesday' }, 'unlockAt'],
      [`/api/quizzes/${quiz1Id}`, { unlockAt: '2027-13-01' }, 'unlockAt'],
      [`/api/modules/${moduleId}`, { prerequisiteQuizId: elsewhere }, 'prerequisiteQuizId'],
      [`/api/modules/${moduleId}`, { prerequisiteQuizId: moduleId }, 'prerequisiteQuizId'],
      [`/api/quizzes/${quiz1Id}`, { prerequisiteQuizId: quiz1Id }, 'prerequisiteQuizId'],
      [`/api/quizzes/${quiz1Id}`, { prerequisiteQuizId: 'not-an-id' }, 'prerequisiteQuizId'],
    ];
    for (const [url, body, field] of cases) {
      const response = await call('PATCH', url, owner, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors, JSON.stringify(body)).toHaveProperty(field);
    }
    expect((await call('PATCH', `/api/quizzes/${quiz2Id}`, owner, { prerequisiteQuizId: quiz1Id })).statusCode).toBe(200);
    const circle = await call('PATCH', `/api/quizzes/${quiz1Id}`, owner, { prerequisiteQuizId: quiz2Id });
    expect(circle.statusCode).toBe(400);
    expect(circle.json().errors).toHaveProperty('prerequisiteQuizId');
    expect((await call('GET', `/api/quizzes/${quiz1Id}`, owner)).json()).toMatchObject({ prerequisiteQuizId: null });
    // Null removes a rule; another creator may not pace the course at all.
    expect((await call('PATCH', `/api/quizzes/${quiz2Id}`, owner, { prerequisiteQuizId: null })).json()).toMatchObject({
      prerequisiteQuizId: null,
    });
    const stranger = await createUser(t.db.db, { role: 'creator' });
    expect((await call('PATCH', `/api/modules/${moduleId}`, stranger, { unlockAfterDays: 1 })).statusCode).toBe(403);
  });
});

describe('the unlock mail', () => {
  it('goes once when the hourly sweep finds the days passed, never for a part open at enrollment or a refunded student', async () => {
    clockOffset = 0;
    const { moduleId, student } = await pacedCourse({ unlockAfterDays: 1 });
    // Open when this one enrolled: the date had passed already.
    const early = await pacedCourse({ unlockAt: new Date(Date.now() - DAY).toISOString() });
    const refunded = await pacedCourse({ unlockAfterDays: 1 });
    await t.db.db.delete(enrollments).where(eq(enrollments.userId, refunded.student.id));

    await sweep();
    expect(await noticesOf(student)).toHaveLength(0);
    clockOffset = DAY + 60_000;
    // The scheduled job twice, as two instances or two hours would run it.
    await sweep();
    await sweep();
    const mails = await mailsTo(student.email, 'Second module is open in', { atLeast: 1 });
    expect(mails).toHaveLength(1);
    expect(await noticesOf(student)).toMatchObject([{ moduleId, quizId: null }]);
    expect(await noticesOf(early.student)).toHaveLength(0);
    expect(await noticesOf(refunded.student)).toHaveLength(0);
    expect(await mailsTo(early.student.email, 'is open in', { atLeast: 0 })).toHaveLength(0);
    expect(await mailsTo(refunded.student.email, 'is open in', { atLeast: 0 })).toHaveLength(0);
    clockOffset = 0;
  });

  it('waits for the prerequisite too: a pass before the date mails nothing until the date passes', async () => {
    clockOffset = 0;
    const { moduleId, quiz1Id, student } = await pacedCourse({ unlockAfterDays: 2 });
    await call('PATCH', `/api/modules/${moduleId}`, owner, { prerequisiteQuizId: quiz1Id });
    clockOffset = 3 * DAY;
    await sweep();
    expect(await noticesOf(student)).toHaveLength(0);
    await pass(quiz1Id, student);
    await sweep();
    expect(await mailsTo(student.email, 'Second module is open in', { atLeast: 1 })).toHaveLength(1);
    expect(await noticesOf(student)).toHaveLength(1);
    clockOffset = 0;
  });
});
