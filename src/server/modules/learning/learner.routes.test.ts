import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseModules, enrollments, lessons, quizAttempts, quizQuestions } from '#db/schema/index';
import { addContent, bearer, createCourse, createUser, enroll, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { countQueries } from '#tests/helpers/query-counter';
import { createProgressRecorder } from './progress.service';

let t: TestApp;
let creator: TestUser;
let otherCreator: TestUser;
let student: TestUser;
let enrolled: TestUser;
let courseId: string;
let lessonIds: string[];
let quizId: string;
let questionIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  creator = await createUser(t.db.db, { role: 'creator' });
  otherCreator = await createUser(t.db.db, { role: 'creator' });
  student = await createUser(t.db.db);
  enrolled = await createUser(t.db.db);
  const course = await createCourse(t.db.db, creator.id, { priceCents: 1500 });
  courseId = course.id;
  const content = await addContent(t.db.db, courseId, { lessonCount: 2, quizCount: 1 });
  lessonIds = content.lessons.map((lesson) => lesson.id);
  quizId = content.quizzes[0]?.id ?? '';
  const questions = await t.db.db
    .insert(quizQuestions)
    .values([
      { quizId, question: 'One?', optionA: 'yes', optionB: 'no', correctAnswer: 1, position: 0 },
      { quizId, question: 'Two?', optionA: 'a', optionB: 'b', optionC: 'c', correctAnswer: 3, position: 1 },
    ])
    .returning();
  questionIds = questions.map((question) => question.id);
  await enroll(t.db.db, enrolled.id, courseId);
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'PATCH', url: string, user?: TestUser, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: user ? bearer(user) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

describe('learner reads and writes', () => {
  it('read from memory once warm, and a progress write costs one statement', async () => {
    const moduleId = (await call('GET', `/api/courses/${courseId}/modules`, enrolled)).json()[0].id as string;
    const requests: [method: 'GET' | 'POST', url: string, queries: number, payload?: unknown][] = [
      ['GET', `/api/modules/${moduleId}/lessons`, 0],
      ['GET', `/api/courses/${courseId}/progress`, 0],
      ['POST', '/api/progress', 1, { lessonId: lessonIds[1], completed: false }],
    ];
    for (const [method, url, , payload] of requests) expect((await call(method, url, enrolled, payload)).statusCode).toBe(200);
    // The write dropped the caller's progress: read it once more to warm it.
    expect((await call('GET', `/api/courses/${courseId}/progress`, enrolled)).statusCode).toBe(200);
    for (const [method, url, expected, payload] of requests) {
      const queries = countQueries(t.db);
      try {
        expect((await call(method, url, enrolled, payload)).statusCode).toBe(200);
        expect(queries.count, `${method} ${url}: ${queries.texts.join('; ')}`).toBe(expected);
      } finally {
        queries.restore();
      }
    }
  });

  it('show a slide edited, added or removed, and a lesson completed, at once', async () => {
    const course = await createCourse(t.db.db, creator.id);
    const content = await addContent(t.db.db, course.id, { lessonCount: 2, quizCount: 0 });
    await enroll(t.db.db, enrolled.id, course.id);
    const moduleId = content.module.id;
    const [first, second] = content.lessons.map((lesson) => lesson.id);
    const slides = async () =>
      (await call('GET', `/api/modules/${moduleId}/lessons`, enrolled)).json() as { id: string; content: string | null }[];
    const progress = async () => (await call('GET', `/api/courses/${course.id}/progress`, enrolled)).json();
    expect((await slides()).map((slide) => slide.id)).toEqual([first, second]);
    expect((await progress()).percent).toBe(0);

    // Straight to the database, as another instance would: the cache learns it from the database.
    await t.db.db
      .update(lessons)
      .set({ content: '<p>Rewritten</p>' })
      .where(eq(lessons.id, first ?? ''));
    expect((await slides())[0]?.content).toBe('<p>Rewritten</p>');
    await t.db.db.delete(lessons).where(eq(lessons.id, second ?? ''));
    expect((await slides()).map((slide) => slide.id)).toEqual([first]);
    expect((await call('POST', '/api/progress', enrolled, { lessonId: first, completed: true })).statusCode).toBe(200);
    expect((await progress()).percent).toBe(100);
    await t.db.db.insert(lessons).values({ moduleId, title: 'Added', type: 'text', position: 1 });
    expect(await slides()).toHaveLength(2);
    expect((await progress()).percent).toBe(50);
  });

  it('record marks sent together, a repeated mark of one slide in the order sent', async () => {
    const course = await createCourse(t.db.db, creator.id);
    const content = await addContent(t.db.db, course.id, { lessonCount: 3, quizCount: 0 });
    const learners = [await createUser(t.db.db), await createUser(t.db.db), await createUser(t.db.db)];
    for (const learner of learners) await enroll(t.db.db, learner.id, course.id);
    const [a, b, c] = content.lessons.map((lesson) => lesson.id);
    const marks: [TestUser, string | undefined, boolean][] = [
      ...learners.flatMap((learner): [TestUser, string | undefined, boolean][] => [
        [learner, a, true],
        [learner, b, true],
      ]),
      [learners[0] as TestUser, c, true],
      [learners[0] as TestUser, c, false],
      [learners[0] as TestUser, b, false],
    ];
    const answers = await Promise.all(
      marks.map(([learner, lessonId, completed]) => call('POST', '/api/progress', learner, { lessonId, completed })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(marks.map(() => 200));
    const state = async (learner: TestUser) =>
      Object.fromEntries(
        (
          (await call('GET', `/api/courses/${course.id}/progress`, learner)).json().lessons as {
            lessonId: string;
            completed: boolean;
          }[]
        ).map((lesson) => [lesson.lessonId, lesson.completed]),
      );
    expect(await state(learners[0] as TestUser)).toEqual({ [a as string]: true, [b as string]: false, [c as string]: false });
    expect(await state(learners[1] as TestUser)).toEqual({ [a as string]: true, [b as string]: true, [c as string]: false });
  });

  it('answer 404 for a module or slide deleted after its course was remembered', async () => {
    const course = await createCourse(t.db.db, creator.id);
    const content = await addContent(t.db.db, course.id, { lessonCount: 1, quizCount: 0 });
    await enroll(t.db.db, enrolled.id, course.id);
    const lessonId = content.lessons[0]?.id ?? '';
    expect((await call('GET', `/api/modules/${content.module.id}/lessons`, enrolled)).statusCode).toBe(200);
    expect((await call('POST', '/api/progress', enrolled, { lessonId })).statusCode).toBe(200);

    await t.db.db.delete(lessons).where(eq(lessons.id, lessonId));
    expect((await call('POST', '/api/progress', enrolled, { lessonId })).statusCode).toBe(404);
    await t.db.db.delete(courseModules).where(eq(courseModules.id, content.module.id));
    expect((await call('GET', `/api/modules/${content.module.id}/lessons`, enrolled)).statusCode).toBe(404);
  });
});

describe('progress', () => {
  it('is for enrolled students and the creator: 401 guest, 403 others', async () => {
    const url = `/api/courses/${courseId}/progress`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, student)).statusCode).toBe(403);
    expect((await call('GET', url, otherCreator)).statusCode).toBe(403);
    expect((await call('GET', url, creator)).statusCode).toBe(200);
    expect((await call('POST', '/api/progress', student, { lessonId: lessonIds[0] })).statusCode).toBe(403);
    expect((await call('POST', '/api/progress', undefined, { lessonId: lessonIds[0] })).statusCode).toBe(401);
    expect((await call('POST', '/api/progress', enrolled, { lessonId: 'nope' })).statusCode).toBe(404);
    expect((await call('POST', '/api/progress', enrolled, { lessonId: lessonIds[0], completed: 'yes' })).statusCode).toBe(400);
  });

  it('records completions at the server time and counts them in the percent and My Courses', async () => {
    const first = await call('POST', '/api/progress', enrolled, {
      lessonId: lessonIds[0],
      completed: true,
      completedAt: '1999-01-01T00:00:00Z',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().completedAt).not.toBe('1999-01-01T00:00:00.000Z');
    const again = await call('POST', '/api/progress', enrolled, { lessonId: lessonIds[0], completed: true });
    expect(again.json().completedAt).toBe(first.json().completedAt);
    const progress = (await call('GET', `/api/courses/${courseId}/progress`, enrolled)).json();
    expect(progress.percent).toBe(33);
    expect(progress.lessons).toEqual([
      { lessonId: lessonIds[0], completed: true, completedAt: first.json().completedAt, positionSeconds: null },
      { lessonId: lessonIds[1], completed: false, completedAt: null, positionSeconds: null },
    ]);
    const mine = (await call('GET', '/api/my-courses', enrolled)).json();
    expect(mine.find((course: { id: string }) => course.id === courseId)?.progress).toBe(33);
  });
});

describe('undoing a completion (Mark as Complete as a toggle, issue 22)', () => {
  it('is for enrolled students and the creator: 401 guest, 403 a student or another creator, 400 bad input', async () => {
    const undo = { lessonId: lessonIds[0], completed: false };
    expect((await call('POST', '/api/progress', undefined, undo)).statusCode).toBe(401);
    expect((await call('POST', '/api/progress', student, undo)).statusCode).toBe(403);
    expect((await call('POST', '/api/progress', otherCreator, undo)).statusCode).toBe(403);
    expect((await call('POST', '/api/progress', creator, undo)).statusCode).toBe(200);
    expect((await call('POST', '/api/progress', enrolled, { lessonId: lessonIds[0], completed: 'no' })).statusCode).toBe(400);
    expect((await call('POST', '/api/progress', enrolled, { lessonId: 'nope', completed: false })).statusCode).toBe(404);
    const undone = await call('POST', '/api/progress', enrolled, undo);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toEqual({ lessonId: lessonIds[0], completed: false, completedAt: null });
    // The tests below count on the enrolled student's earlier completion.
    expect((await call('POST', '/api/progress', enrolled, { lessonId: lessonIds[0], completed: true })).statusCode).toBe(200);
  });

  it('takes the slide out of the percent, My Courses and the certificate at once, and marking again restores them', async () => {
    const course = await createCourse(t.db.db, creator.id);
    const content = await addContent(t.db.db, course.id, { lessonCount: 2, quizCount: 0 });
    const learner = await createUser(t.db.db);
    await enroll(t.db.db, learner.id, course.id);
    const [a, b] = content.lessons.map((lesson) => lesson.id);
    const progress = async () => (await call('GET', `/api/courses/${course.id}/progress`, learner)).json();
    const eligible = async () => (await call('GET', `/api/courses/${course.id}/certificate/eligible`, learner)).json().eligible;
    const myPercent = async () =>
      (await call('GET', '/api/my-courses', learner)).json().find((one: { id: string }) => one.id === course.id)?.progress;
    for (const lessonId of [a, b]) await call('POST', '/api/progress', learner, { lessonId, completed: true });
    // Warm every read, so the undo must drop what the caches hold.
    expect((await progress()).percent).toBe(100);
    expect(await eligible()).toBe(true);
    expect(await myPercent()).toBe(100);

    expect((await call('POST', '/api/progress', learner, { lessonId: b, completed: false })).statusCode).toBe(200);
    expect(await progress()).toMatchObject({ percent: 50, completed: false });
    expect((await progress()).lessons).toContainEqual({
      lessonId: b,
      completed: false,
      completedAt: null,
      positionSeconds: null,
    });
    expect(await eligible()).toBe(false);
    expect(await myPercent()).toBe(50);

    expect((await call('POST', '/api/progress', learner, { lessonId: b, completed: true })).statusCode).toBe(200);
    expect(await progress()).toMatchObject({ percent: 100, completed: true });
    expect(await eligible()).toBe(true);
  });

  it('tells the player how much of a video counts: 90 % by default, VIDEO_COMPLETE_PERCENT otherwise', async () => {
    expect((await call('GET', `/api/courses/${courseId}/progress`, enrolled)).json().videoCompletePercent).toBe(90);
    const other = await createTestApp({ db: t.db, config: { videoCompletePercent: 75 } });
    try {
      const answer = await other.app.inject({
        method: 'GET',
        url: `/api/courses/${courseId}/progress`,
        headers: bearer(enrolled),
      });
      expect(answer.json().videoCompletePercent).toBe(75);
    } finally {
      await other.close();
    }
  });
});

describe('quiz attempts', () => {
  it('never sends a correct answer before the pick, scores on the server, and passes at 80 %', async () => {
    expect((await call('POST', `/api/quizzes/${quizId}/attempts`)).statusCode).toBe(401);
    expect((await call('POST', `/api/quizzes/${quizId}/attempts`, student)).statusCode).toBe(403);
    const questions = await call('GET', `/api/quizzes/${quizId}/questions`, enrolled);
    expect(questions.body).not.toContain('correctAnswer');

    const attempt = (await call('POST', `/api/quizzes/${quizId}/attempts`, enrolled)).json();
    expect(attempt).toMatchObject({ quizId, status: 'in_progress', score: null, totalQuestions: 2, answers: [] });
    const resumed = (await call('POST', `/api/quizzes/${quizId}/attempts`, enrolled)).json();
    expect(resumed.id).toBe(attempt.id);

    // Another learner cannot touch this attempt.
    expect(
      (await call('POST', `/api/quiz-attempts/${attempt.id}/answers`, student, { questionId: questionIds[0], selectedOption: 1 }))
        .statusCode,
    ).toBe(404);
    // Option 4 does not exist on a three-option question; option 5 never does.
    expect(
      (
        await call('POST', `/api/quiz-attempts/${attempt.id}/answers`, enrolled, {
          questionId: questionIds[1],
          selectedOption: 4,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call('POST', `/api/quiz-attempts/${attempt.id}/answers`, enrolled, {
          questionId: questionIds[1],
          selectedOption: 5,
        })
      ).statusCode,
    ).toBe(400);

    const wrong = await call('POST', `/api/quiz-attempts/${attempt.id}/answers`, enrolled, {
      questionId: questionIds[0],
      selectedOption: 2,
    });
    expect(wrong.json()).toEqual({ correct: false, correctAnswer: 1, explanation: null });
    // A second pick of the same question keeps the first.
    const changed = await call('POST', `/api/quiz-attempts/${attempt.id}/answers`, enrolled, {
      questionId: questionIds[0],
      selectedOption: 1,
    });
    expect(changed.json()).toEqual({ correct: false, correctAnswer: 1, explanation: null });
    await call('POST', `/api/quiz-attempts/${attempt.id}/answers`, enrolled, { questionId: questionIds[1], selectedOption: 3 });
    const done = (await call('PATCH', `/api/quiz-attempts/${attempt.id}/complete`, enrolled)).json();
    expect(done).toMatchObject({ status: 'completed', score: 1, totalQuestions: 2 });
    const blocked = await call('POST', `/api/quiz-attempts/${attempt.id}/answers`, enrolled, {
      questionId: questionIds[1],
      selectedOption: 1,
    });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe('This quiz has already been completed. Please retake it to answer again.');
    expect((await call('GET', `/api/courses/${courseId}/progress`, enrolled)).json().completedQuizIds).toEqual([]);

    // Retake: a fresh attempt, both right, passed.
    const retake = (await call('POST', `/api/quizzes/${quizId}/attempts?forceNew=true`, enrolled)).json();
    expect(retake.id).not.toBe(attempt.id);
    expect(retake.answers).toEqual([]);
    await call('POST', `/api/quiz-attempts/${retake.id}/answers`, enrolled, { questionId: questionIds[0], selectedOption: 1 });
    await call('POST', `/api/quiz-attempts/${retake.id}/answers`, enrolled, { questionId: questionIds[1], selectedOption: 3 });
    const [passed, twice] = await Promise.all([
      call('PATCH', `/api/quiz-attempts/${retake.id}/complete`, enrolled, {}),
      call('PATCH', `/api/quiz-attempts/${retake.id}/complete`, enrolled, {}),
    ]);
    expect(passed.json()).toMatchObject({ status: 'completed', score: 2 });
    expect(twice.json()).toMatchObject({ status: 'completed', score: 2 });
    const progress = (await call('GET', `/api/courses/${courseId}/progress`, enrolled)).json();
    expect(progress.completedQuizIds).toEqual([quizId]);
    expect(progress.percent).toBe(67);
  });
});

describe('one attempt in progress', () => {
  /** A learner enrolled in a new course with a quiz of two questions. */
  async function learnerWithQuiz() {
    const learner = await createUser(t.db.db);
    const course = await createCourse(t.db.db, creator.id);
    const { quizzes } = await addContent(t.db.db, course.id, { lessonCount: 1, quizCount: 1, questionsPerQuiz: 2 });
    await enroll(t.db.db, learner.id, course.id);
    return { learner, quiz: quizzes[0]?.id ?? '' };
  }
  const start = (learner: TestUser, quiz: string, forceNew = false) =>
    call('POST', `/api/quizzes/${quiz}/attempts${forceNew ? '?forceNew=true' : ''}`, learner);
  const attemptsOf = async (learner: TestUser) => t.db.db.select().from(quizAttempts).where(eq(quizAttempts.userId, learner.id));

  it('gives four parallel starts (a double click) one and the same attempt', async () => {
    const { learner, quiz } = await learnerWithQuiz();
    const answers = await Promise.all(Array.from({ length: 4 }, () => start(learner, quiz)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    expect(await attemptsOf(learner)).toHaveLength(1);
  });

  it('gives four parallel retakes one new attempt, and keeps the completed one', async () => {
    const { learner, quiz } = await learnerWithQuiz();
    const first = (await start(learner, quiz)).json().id as string;
    expect((await call('PATCH', `/api/quiz-attempts/${first}/complete`, learner)).statusCode).toBe(200);
    const retakes = await Promise.all(Array.from({ length: 4 }, () => start(learner, quiz, true)));
    expect(retakes.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const ids = new Set(retakes.map((answer) => answer.json().id));
    expect(ids.size).toBe(1);
    expect(ids.has(first)).toBe(false);
    expect((await attemptsOf(learner)).map((attempt) => attempt.status).sort()).toEqual(['completed', 'in_progress']);
  });

  it('replaces an answered attempt in progress on a forced start, and the database refuses a second one', async () => {
    const { learner, quiz } = await learnerWithQuiz();
    const attempt = (await start(learner, quiz)).json() as { id: string };
    const [question] = (await call('GET', `/api/quizzes/${quiz}/questions`, learner)).json() as { id: string }[];
    await call('POST', `/api/quiz-attempts/${attempt.id}/answers`, learner, { questionId: question?.id, selectedOption: 1 });
    const fresh = (await start(learner, quiz, true)).json();
    expect(fresh.id).not.toBe(attempt.id);
    expect(fresh.answers).toEqual([]);
    expect((await attemptsOf(learner)).map((row) => row.id)).toEqual([fresh.id]);

    await expect(t.db.db.insert(quizAttempts).values({ userId: learner.id, quizId: quiz, totalQuestions: 2 })).rejects.toThrow();
  });
});

describe('peak progress (enrollments.peak_progress)', () => {
  const peakOf = async (userId: string, id: string) =>
    (
      await t.db.db
        .select()
        .from(enrollments)
        .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, id)))
    )[0]?.peakProgress;

  it('rises with completions, counting marks of one batch together, and never falls', async () => {
    const course = await createCourse(t.db.db, creator.id);
    const { lessons: slides } = await addContent(t.db.db, course.id, { lessonCount: 4, quizCount: 0 });
    const learner = await createUser(t.db.db);
    await enroll(t.db.db, learner.id, course.id);
    const record = createProgressRecorder(t.db.db);
    const mark = (lessonId: string, completed: boolean) => record({ userId: learner.id, lessonId, completed, now: Date.now() });
    const [first, second, third] = slides.map((slide) => slide.id) as [string, string, string];

    // Called in one turn: one statement, in which each completion counts the other.
    await Promise.all([mark(first, true), mark(second, true)]);
    expect(await peakOf(learner.id, course.id)).toBe(50);
    // One done and one undone in one statement: three of four were never done at once.
    await Promise.all([mark(third, true), mark(first, false)]);
    expect(await peakOf(learner.id, course.id)).toBe(50);
    await Promise.all([mark(second, false), mark(third, false)]);
    expect(await peakOf(learner.id, course.id)).toBe(50);
    // Marked again, a slide raises it from today's count, not past it.
    await mark(first, true);
    expect(await peakOf(learner.id, course.id)).toBe(50);
  });
});
