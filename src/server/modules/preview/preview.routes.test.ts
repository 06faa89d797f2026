import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quizQuestions } from '#db/schema/index';
import { addContent, bearer, createCourse, createUser, enroll, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';

let t: TestApp;
let owner: TestUser;
let otherCreator: TestUser;
let student: TestUser;
let enrolled: TestUser;
let urls: string[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.db.db, { role: 'creator' });
  otherCreator = await createUser(t.db.db, { role: 'creator' });
  student = await createUser(t.db.db);
  enrolled = await createUser(t.db.db);
  const course = await createCourse(t.db.db, owner.id, { title: 'Draft under construction', published: false });
  const { module, quizzes } = await addContent(t.db.db, course.id, { lessonCount: 2, quizCount: 1 });
  const quizId = quizzes[0]?.id ?? '';
  await t.db.db
    .insert(quizQuestions)
    .values({ quizId, question: 'Best optimizer?', optionA: 'SGD', optionB: 'Adam', correctAnswer: 2 });
  await enroll(t.db.db, enrolled.id, course.id);
  urls = [
    `/api/preview/courses/${course.id}`,
    `/api/preview/courses/${course.id}/modules`,
    `/api/preview/courses/${course.id}/quizzes`,
    `/api/preview/modules/${module.id}/lessons`,
    `/api/preview/quizzes/${quizId}/questions`,
  ];
});
afterAll(() => t.close());

const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user ? bearer(user) : {} });

describe('/api/preview/*', () => {
  it("shows the creator's own draft with every part and the correct answers", async () => {
    const [course, modules, quizzes, lessons, questions] = await Promise.all(
      urls.map(async (url) => (await get(url, owner)).json()),
    );
    expect(course).toMatchObject({ title: 'Draft under construction', published: false });
    expect(modules).toMatchObject([{ title: 'Module', lessons: [{ title: 'Lesson 1' }, { title: 'Lesson 2' }] }]);
    expect(quizzes).toMatchObject([{ title: 'Quiz 1', questionCount: 1 }]);
    expect(lessons).toHaveLength(2);
    expect(questions).toMatchObject([{ question: 'Best optimizer?', correctAnswer: 2 }]);
  });

  it('refuses guests (401), students, enrolled students and other creators (403)', async () => {
    for (const url of urls) {
      expect((await get(url)).statusCode, url).toBe(401);
      for (const user of [student, enrolled, otherCreator]) expect((await get(url, user)).statusCode, url).toBe(403);
    }
  });

  it('answers 404 for parts that do not exist', async () => {
    for (const url of ['/api/preview/courses/00000000-0000-4000-8000-000000000000', '/api/preview/modules/nope/lessons']) {
      expect((await get(url, owner)).statusCode).toBe(404);
    }
  });
});
