import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quizQuestions } from '#db/schema/index';
import { QuizSchema } from '#shared/schemas/creator';
import { QuizAttemptSchema } from '#shared/schemas/learning';
import { addContent, bearer, createCourse, createUser, enroll, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';

/* A quiz's settings (docs/product.md, Learning): pass mark, time limit, attempts, shuffling. */

let t: TestApp;
let owner: TestUser;
/** Added to the real time: a test moves the server's clock forward. */
let clockOffset = 0;

function call(method: 'GET' | 'POST' | 'PATCH', url: string, user?: TestUser, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: user ? bearer(user) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A course with one slide and a quiz of `questionCount` single-choice questions (option A right), and an enrolled learner. */
async function quizWithLearner(questionCount = 2) {
  const course = await createCourse(t.db.db, owner.id);
  const content = await addContent(t.db.db, course.id, { lessonCount: 1, quizCount: 1, questionsPerQuiz: questionCount });
  const quizId = content.quizzes[0]?.id ?? '';
  const questions = (await call('GET', `/api/quizzes/${quizId}/questions`, owner)).json() as { id: string }[];
  const learner = await createUser(t.db.db);
  await enroll(t.db.db, learner.id, course.id);
  const lessonId = content.lessons[0]?.id ?? '';
  return { courseId: course.id, quizId, lessonId, questionIds: questions.map((question) => question.id), learner };
}

const settle = (quizId: string, settings: object) => call('PATCH', `/api/quizzes/${quizId}`, owner, settings);

async function start(quizId: string, learner: TestUser, forceNew = false) {
  return call('POST', `/api/quizzes/${quizId}/attempts${forceNew ? '?forceNew=true' : ''}`, learner);
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => Date.now() + clockOffset });
  owner = await createUser(t.db.db, { role: 'creator' });
});
afterAll(() => t.close());

describe('quiz settings', () => {
  it('default to an 80 % pass mark, no time limit, unlimited attempts and no shuffling, and change by PATCH', async () => {
    const { quizId } = await quizWithLearner();
    expect(QuizSchema.parse((await call('GET', `/api/quizzes/${quizId}`, owner)).json())).toMatchObject({
      passPercent: 80,
      timeLimitMinutes: null,
      maxAttempts: null,
      shuffle: false,
    });
    const changed = await settle(quizId, { passPercent: 60, timeLimitMinutes: 15, maxAttempts: 3, shuffle: true });
    expect(changed.statusCode, changed.body).toBe(200);
    const expected = { passPercent: 60, timeLimitMinutes: 15, maxAttempts: 3, shuffle: true };
    expect(changed.json()).toMatchObject(expected);
    expect((await call('GET', `/api/quizzes/${quizId}`, owner)).json()).toMatchObject(expected);
    // Null takes a limit away; a rename leaves the settings alone.
    expect((await settle(quizId, { timeLimitMinutes: null, maxAttempts: null, title: 'Renamed' })).json()).toMatchObject({
      title: 'Renamed',
      passPercent: 60,
      timeLimitMinutes: null,
      maxAttempts: null,
      shuffle: true,
    });
  });

  it('refuses settings out of range with a 400 naming the field, changing nothing', async () => {
    const { quizId } = await quizWithLearner();
    const cases: [object, string][] = [
      [{ passPercent: 0 }, 'passPercent'],
      [{ passPercent: 101 }, 'passPercent'],
      [{ passPercent: 50.5 }, 'passPercent'],
      [{ timeLimitMinutes: 0 }, 'timeLimitMinutes'],
      [{ maxAttempts: 0 }, 'maxAttempts'],
      [{ maxAttempts: 'two' }, 'maxAttempts'],
      [{ shuffle: 'yes' }, 'shuffle'],
    ];
    for (const [body, field] of cases) {
      const response = await settle(quizId, { title: 'Should not stick', ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().errors ?? {})).toContain(field);
    }
    expect((await call('GET', `/api/quizzes/${quizId}`, owner)).json()).toMatchObject({ title: 'Quiz 1', passPercent: 80 });
  });

  it("pass by the quiz's own pass mark: the attempt's passed, progress and the certificate follow it", async () => {
    const { courseId, quizId, questionIds, learner, lessonId } = await quizWithLearner(2);
    const takeHalfRight = async () => {
      const attempt = (await start(quizId, learner, true)).json();
      expect(attempt).toMatchObject({ passed: false, expiresAt: null });
      await call('POST', `/api/quiz-attempts/${attempt.id}/answers`, learner, { questionId: questionIds[0], selectedOption: 1 });
      await call('POST', `/api/quiz-attempts/${attempt.id}/answers`, learner, { questionId: questionIds[1], selectedOption: 2 });
      return QuizAttemptSchema.parse((await call('PATCH', `/api/quiz-attempts/${attempt.id}/complete`, learner)).json());
    };
    const progress = async () => (await call('GET', `/api/courses/${courseId}/progress`, learner)).json();
    const eligible = async () => (await call('GET', `/api/courses/${courseId}/certificate/eligible`, learner)).json().eligible;
    expect((await call('POST', '/api/progress', learner, { lessonId })).statusCode).toBe(200);

    expect(await takeHalfRight()).toMatchObject({ score: 1, totalQuestions: 2, passed: false });
    expect(await progress()).toMatchObject({ completedQuizIds: [], percent: 50 });
    expect(await eligible()).toBe(false);

    expect((await settle(quizId, { passPercent: 50 })).statusCode).toBe(200);
    expect(await takeHalfRight()).toMatchObject({ score: 1, totalQuestions: 2, passed: true });
    expect(await progress()).toMatchObject({ completedQuizIds: [quizId], percent: 100 });
    expect(await eligible()).toBe(true);
  });

  it('refuse a new attempt past maxAttempts with a 409; one given up counts', async () => {
    const { quizId, questionIds, learner } = await quizWithLearner(2);
    expect((await settle(quizId, { maxAttempts: 2 })).statusCode).toBe(200);
    const first = (await start(quizId, learner)).json();
    await call('POST', `/api/quiz-attempts/${first.id}/answers`, learner, { questionId: questionIds[0], selectedOption: 1 });
    // Restarting gives the first attempt up: it is scored on what it has, and counts.
    const second = await start(quizId, learner, true);
    expect(second.statusCode).toBe(200);
    expect(second.json().id).not.toBe(first.id);
    // Without an answer the attempt in progress is still the new one: asking again is no new start.
    expect((await start(quizId, learner, true)).json().id).toBe(second.json().id);
    await call('PATCH', `/api/quiz-attempts/${second.json().id}/complete`, learner);
    const third = await start(quizId, learner, true);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toMatch(/2 attempts/);
    // The latest attempt can still be read.
    expect((await start(quizId, learner)).json()).toMatchObject({ id: second.json().id, status: 'completed' });
    const firstNow = QuizAttemptSchema.parse((await call('PATCH', `/api/quiz-attempts/${first.id}/complete`, learner)).json());
    expect(firstNow).toMatchObject({ status: 'completed', score: 1 });

    expect((await settle(quizId, { maxAttempts: 3 })).statusCode).toBe(200);
    expect((await start(quizId, learner, true)).statusCode).toBe(200);
  });

  it('take no answer after the time limit, by the server clock, and complete with what was answered', async () => {
    const { quizId, questionIds, learner } = await quizWithLearner(2);
    expect((await settle(quizId, { timeLimitMinutes: 10 })).statusCode).toBe(200);
    clockOffset = 0;
    const before = Date.now();
    const attempt = QuizAttemptSchema.parse((await start(quizId, learner)).json());
    const expiresAt = Date.parse(attempt.expiresAt ?? '');
    expect(expiresAt).toBeGreaterThanOrEqual(before + 10 * 60_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
    const answer = (questionId: string | undefined) =>
      call('POST', `/api/quiz-attempts/${attempt.id}/answers`, learner, { questionId, selectedOption: 1 });
    try {
      clockOffset = 9 * 60_000;
      expect((await answer(questionIds[0])).statusCode).toBe(200);
      clockOffset = 11 * 60_000;
      const late = await answer(questionIds[1]);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toMatch(/Time is up/);
      const done = QuizAttemptSchema.parse((await call('PATCH', `/api/quiz-attempts/${attempt.id}/complete`, learner)).json());
      expect(done).toMatchObject({ status: 'completed', score: 1, totalQuestions: 2, passed: false });
      expect(done.answers.map((a) => a.questionId)).toEqual([questionIds[0]]);
    } finally {
      clockOffset = 0;
    }
  });

  it('shuffle questions and choices in an order fixed per attempt', async () => {
    const { quizId, questionIds, learner } = await quizWithLearner(0);
    for (let i = 0; i < 6; i++) {
      await t.db.db.insert(quizQuestions).values({
        quizId,
        type: 'multiple',
        question: `Pick the first of ${i}`,
        fields: { type: 'multiple', choices: ['a', 'b', 'c', 'd', 'e'], correctChoices: [1] },
        choiceIds: ['id-a', 'id-b', 'id-c', 'id-d', 'id-e'],
        position: i,
      });
    }
    expect(questionIds).toEqual([]);
    const written = (await call('GET', `/api/quizzes/${quizId}/questions`, owner)).json().map((q: { id: string }) => q.id);
    const read = async () =>
      (
        (await call('GET', `/api/quizzes/${quizId}/questions`, learner)).json() as { id: string; choices: { id: string }[] }[]
      ).map((question) => ({ id: question.id, choices: question.choices.map((choice) => choice.id).join() }));
    // Without shuffle: the creator's order, choices as written.
    expect((await read()).map((q) => q.id)).toEqual(written);
    expect((await read())[0]?.choices).toBe('id-a,id-b,id-c,id-d,id-e');

    expect((await settle(quizId, { shuffle: true })).statusCode).toBe(200);
    const orders = new Set<string>();
    for (let attempt = 0; attempt < 5; attempt++) {
      const started = (await start(quizId, learner, attempt > 0)).json();
      const order = await read();
      expect(await read(), 'the same on every read of one attempt').toEqual(order);
      expect(order.map((q) => q.id).sort()).toEqual([...written].sort());
      orders.add(JSON.stringify(order));
      // An answer makes the next forced start a new attempt.
      const first = order[0] as { id: string };
      await call('POST', `/api/quiz-attempts/${started.id}/answers`, learner, { questionId: first.id, answer: ['id-a'] });
    }
    expect(orders.size).toBeGreaterThan(1);
    const shuffledChoices = [...orders].some((order) =>
      (JSON.parse(order) as { choices: string }[]).some((q) => q.choices !== 'id-a,id-b,id-c,id-d,id-e'),
    );
    expect(shuffledChoices).toBe(true);
  });
});
