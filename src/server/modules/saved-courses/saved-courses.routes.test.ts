import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCourse, createUser, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';

let t: TestApp;
let creator: TestUser;
let student: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  creator = await createUser(t.db.db, { role: 'creator' });
  student = await createUser(t.db.db);
  other = await createUser(t.db.db);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, user?: TestUser) =>
  t.app.inject({ method, url, headers: user ? bearer(user) : {} });

describe('saved courses', () => {
  it('are each user’s own list of visible courses', async () => {
    const course = await createCourse(t.db.db, creator.id);
    const draft = await createCourse(t.db.db, creator.id, { published: false });
    expect((await call('GET', '/api/saved-courses')).statusCode).toBe(401);
    expect((await call('PUT', `/api/saved-courses/${course.id}`)).statusCode).toBe(401);
    expect((await call('PUT', `/api/saved-courses/${draft.id}`, student)).statusCode).toBe(404);
    expect((await call('PUT', '/api/saved-courses/not-an-id', student)).statusCode).toBe(404);

    expect((await call('PUT', `/api/saved-courses/${course.id}`, student)).json()).toEqual({ courseId: course.id, saved: true });
    expect((await call('PUT', `/api/saved-courses/${course.id}`, student)).statusCode).toBe(200);
    expect((await call('GET', '/api/saved-courses', student)).json().map((c: { id: string }) => c.id)).toEqual([course.id]);
    expect((await call('GET', '/api/saved-courses', other)).json()).toEqual([]);

    expect((await call('DELETE', `/api/saved-courses/${course.id}`, student)).json()).toEqual({
      courseId: course.id,
      saved: false,
    });
    expect((await call('GET', '/api/saved-courses', student)).json()).toEqual([]);
  });
});
