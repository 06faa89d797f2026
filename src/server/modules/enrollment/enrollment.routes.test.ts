import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonProgress, quizAttempts } from '#db/schema/index';
import { MyCourseListSchema } from '#shared/schemas/enrollment';
import { addContent, bearer, createCourse, createUser, enroll, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';

let t: TestApp;
let creator: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  creator = await createUser(t.db.db, { role: 'creator' });
});
afterAll(() => t.close());

describe('GET /api/my-courses', () => {
  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/my-courses' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toHaveProperty('message');
  });

  it('sends a long list whole when it is compressed as a stream on its first, uncached read', async () => {
    // Over 64 KB: compress streams it, on any machine. Fastify used to send the answer a second
    // time, empty, when the handler's promise settled before the stream had ended: 200, br, no body.
    const student = await createUser(t.db.db);
    const description = `<p>${'Gradient descent, step by step. '.repeat(700)}</p>`;
    const enrollInOneMore = async () =>
      enroll(t.db.db, student.id, (await createCourse(t.db.db, creator.id, { description })).id);
    for (let i = 0; i < 4; i++) await enrollInOneMore();
    for (const [encoding, courses] of [
      ['br', 4],
      ['gzip', 5],
    ] as const) {
      // Each read is the first since an enrollment: My Courses is loaded, not answered from memory.
      if (encoding === 'gzip') await enrollInOneMore();
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/my-courses',
        headers: { ...bearer(student), 'accept-encoding': encoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      const body = encoding === 'br' ? brotliDecompressSync(response.rawPayload) : gunzipSync(response.rawPayload);
      expect(MyCourseListSchema.parse(JSON.parse(body.toString()))).toHaveLength(courses);
    }
  });

  it('is empty for a student with no enrollments', async () => {
    const student = await createUser(t.db.db);
    const response = await t.app.inject({ method: 'GET', url: '/api/my-courses', headers: bearer(student) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('lists only the caller’s courses with progress from lessons done and quizzes passed', async () => {
    const student = await createUser(t.db.db);
    const other = await createUser(t.db.db);
    const course = await createCourse(t.db.db, creator.id);
    const untouched = await createCourse(t.db.db, creator.id);
    const notMine = await createCourse(t.db.db, creator.id);
    const content = await addContent(t.db.db, course.id, { lessonCount: 3, quizCount: 1, questionsPerQuiz: 4 });
    await enroll(t.db.db, student.id, course.id);
    await enroll(t.db.db, student.id, untouched.id);
    await enroll(t.db.db, other.id, notMine.id);

    const [first, second] = content.lessons;
    const [quiz] = content.quizzes;
    if (!first || !second || !quiz) throw new Error('content missing');
    await t.db.db.insert(lessonProgress).values([
      { userId: student.id, lessonId: first.id, completed: true, completedAt: new Date() },
      { userId: student.id, lessonId: second.id, completed: true, completedAt: new Date() },
      { userId: other.id, lessonId: first.id, completed: true, completedAt: new Date() },
    ]);
    // 3 of 4 is below the 80 % pass mark: the quiz does not count yet.
    await t.db.db
      .insert(quizAttempts)
      .values({ userId: student.id, quizId: quiz.id, status: 'completed', score: 3, totalQuestions: 4 });

    const body = MyCourseListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/my-courses', headers: bearer(student) })).json(),
    );
    expect(body.map((c) => c.id).sort()).toEqual([course.id, untouched.id].sort());
    expect(body.find((c) => c.id === course.id)?.progress).toBe(50);
    expect(body.find((c) => c.id === untouched.id)?.progress).toBe(0);

    await t.db.db
      .insert(quizAttempts)
      .values({ userId: student.id, quizId: quiz.id, status: 'completed', score: 4, totalQuestions: 5 });
    const after = MyCourseListSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/my-courses', headers: bearer(student) })).json(),
    );
    expect(after.find((c) => c.id === course.id)?.progress).toBe(75);
  });
});

describe('completion', () => {
  const get = (url: string, user: TestUser) => t.app.inject({ method: 'GET', url, headers: bearer(user) });
  const completeLessons = async (student: TestUser, lessonIds: string[]) => {
    await t.db.db
      .insert(lessonProgress)
      .values(lessonIds.map((lessonId) => ({ userId: student.id, lessonId, completed: true, completedAt: new Date() })));
  };

  it('lets learners finish a course published with a quiz that has no questions', async () => {
    const student = await createUser(t.db.db);
    const course = await createCourse(t.db.db, creator.id);
    const { lessons } = await addContent(t.db.db, course.id, { lessonCount: 2, quizCount: 1, questionsPerQuiz: 0 });
    await enroll(t.db.db, student.id, course.id);
    await completeLessons(
      student,
      lessons.map((lesson) => lesson.id),
    );

    const mine = MyCourseListSchema.parse((await get('/api/my-courses', student)).json());
    expect(mine.find((c) => c.id === course.id)).toMatchObject({ progress: 100, completed: true });
    expect((await get(`/api/courses/${course.id}/progress`, student)).json()).toMatchObject({ percent: 100, completed: true });
    expect((await get(`/api/courses/${course.id}/certificate/eligible`, student)).json()).toEqual({ eligible: true });
  });

  it('never calls a course completed at a rounded 100 %: 199 of 200 slides', async () => {
    const student = await createUser(t.db.db);
    const course = await createCourse(t.db.db, creator.id);
    const { lessons } = await addContent(t.db.db, course.id, { lessonCount: 200, quizCount: 0 });
    await enroll(t.db.db, student.id, course.id);
    await completeLessons(
      student,
      lessons.slice(1).map((lesson) => lesson.id),
    );

    const mine = MyCourseListSchema.parse((await get('/api/my-courses', student)).json());
    expect(mine.find((c) => c.id === course.id)).toMatchObject({ progress: 100, completed: false });
    expect((await get(`/api/courses/${course.id}/progress`, student)).json()).toMatchObject({ percent: 100, completed: false });
    expect((await get(`/api/courses/${course.id}/certificate/eligible`, student)).json()).toEqual({ eligible: false });
    // The creator's analytics count what is exactly complete too.
    expect((await get(`/api/creator/courses/${course.id}/analytics`, creator)).json()).toMatchObject({ completionRate: 0 });
    expect((await get(`/api/creator/courses/${course.id}/students`, creator)).json()).toMatchObject([
      { progress: 100, completed: false },
    ]);

    await completeLessons(student, [lessons[0]?.id ?? '']);
    expect(MyCourseListSchema.parse((await get('/api/my-courses', student)).json())[0]).toMatchObject({ completed: true });
    expect((await get(`/api/creator/courses/${course.id}/analytics`, creator)).json()).toMatchObject({ completionRate: 100 });
  });
});
