import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addContent, createCourse, createUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';

// A failure of the database is a 5xx the operator hears of (and the log records), never a 404 that says the thing is gone.
let t: TestApp;
let moduleId: string;
let quizId: string;

beforeAll(async () => {
  t = await createTestApp();
  const creator = await createUser(t.db.db, { role: 'creator' });
  const course = await createCourse(t.db.db, creator.id);
  const content = await addContent(t.db.db, course.id, { lessonCount: 1, quizCount: 1 });
  moduleId = content.module.id;
  quizId = content.quizzes[0]?.id ?? '';
  // The tables go away under the app (a bad migration, a mistaken script): every read of them fails.
  await t.db.execute('alter table course_modules rename to course_modules_gone');
  await t.db.execute('alter table quizzes rename to quizzes_gone');
});
afterAll(() => t.close());

describe('when the database fails', () => {
  it('answers a module or quiz lookup with a 500, not a 404', async () => {
    for (const url of [`/api/modules/${moduleId}`, `/api/quizzes/${quizId}`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(500);
      expect(response.json()).toEqual({ message: 'Internal server error' });
    }
  });
});
