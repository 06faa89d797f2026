import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addContent, bearer, createCourse, createUpload, createUser, enroll, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';

let t: TestApp;
let creator: TestUser;
let otherCreator: TestUser;
let student: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  creator = await createUser(t.db.db, { role: 'creator', name: 'Ines Instructor' });
  otherCreator = await createUser(t.db.db, { role: 'creator' });
  student = await createUser(t.db.db);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PATCH' | 'PUT' | 'POST', url: string, user?: TestUser, payload?: object) =>
  t.app.inject({ method, url, headers: user ? bearer(user) : {}, ...(payload ? { payload } : {}) });

describe('instructor pages', () => {
  it('show the profile, the courses on sale and totals weighted by reviews', async () => {
    const onSale = await createCourse(t.db.db, creator.id, { title: 'On sale' });
    const second = await createCourse(t.db.db, creator.id, { title: 'Second' });
    await createCourse(t.db.db, creator.id, { title: 'Draft', published: false });
    await createCourse(t.db.db, creator.id, { title: 'Archived', archived: true });
    // Three reviews of one course (5, 5, 2) and one of the other (5): 17 / 4 = 4.25 → 4.3.
    for (const [course, rating] of [
      [onSale, 5],
      [onSale, 5],
      [onSale, 2],
      [second, 5],
    ] as const) {
      const { lessons } = await addContent(t.db.db, course.id, { lessonCount: 1, quizCount: 0 });
      const learner = await createUser(t.db.db);
      await enroll(t.db.db, learner.id, course.id);
      await call('POST', '/api/progress', learner, { lessonId: lessons[0]?.id, completed: true });
      expect((await call('PUT', `/api/courses/${course.id}/review`, learner, { rating })).statusCode).toBe(200);
    }

    const page = await call('GET', `/api/instructors/${creator.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ id: creator.id, name: 'Ines Instructor', headline: null, bio: null, avatar: null });
    expect(page.json().courses.map((course: { title: string }) => course.title)).toEqual(['Second', 'On sale']);
    expect(page.json()).toMatchObject({ studentCount: 4, rating: 4.3, ratingCount: 4 });
  });

  it('exist only for creators', async () => {
    expect((await call('GET', `/api/instructors/${student.id}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/instructors/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call('GET', '/api/instructors/not-an-id')).statusCode).toBe(404);
  });

  it('are edited by their creator only: headline, bio and an avatar they uploaded', async () => {
    const avatar = await createUpload(t.db.db, creator.id, 'image');
    expect((await call('PATCH', '/api/creator/profile', undefined, { headline: 'x' })).statusCode).toBe(401);
    expect((await call('PATCH', '/api/creator/profile', student, { headline: 'x' })).statusCode).toBe(403);
    const saved = await call('PATCH', '/api/creator/profile', creator, {
      headline: '  ML engineer, 10 years of production models  ',
      bio: 'I teach what I ship.\nMostly transformers.',
      avatar,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      headline: 'ML engineer, 10 years of production models',
      bio: 'I teach what I ship.\nMostly transformers.',
      avatar,
    });
    // Another creator's upload, a video, a foreign address, control characters: refused, nothing changed.
    for (const payload of [
      { avatar: await createUpload(t.db.db, otherCreator.id, 'image') },
      { avatar: await createUpload(t.db.db, creator.id, 'video') },
      { avatar: 'https://evil.example/me.png' },
      { headline: 'two\nlines' },
      { headline: 'x'.repeat(121) },
      { bio: 'bell\u0007' },
    ]) {
      expect((await call('PATCH', '/api/creator/profile', creator, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call('GET', `/api/instructors/${creator.id}`)).json()).toMatchObject({
      avatar,
      headline: saved.json().headline,
    });
    // Clearing.
    expect((await call('PATCH', '/api/creator/profile', creator, { headline: '', avatar: null })).json()).toMatchObject({
      headline: null,
      avatar: null,
      bio: 'I teach what I ship.\nMostly transformers.',
    });
  });
});
