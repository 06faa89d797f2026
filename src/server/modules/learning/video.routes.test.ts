import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons, uploads, videoPositions } from '#db/schema/index';
import { addContent, bearer, createCourse, createUser, enroll, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { mp4Bytes } from '#tests/helpers/media-bytes';
import { hashToken } from '../../lib/tokens';
import { purgeUploads } from '../../lib/upload-purge';

/* docs/product.md, Video: where a learner stopped, and captions. */

const VTT = Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nHello, gradients.\n');

describe('video slides', () => {
  let t: TestApp;
  let creator: TestUser;
  let otherCreator: TestUser;
  let student: TestUser;
  let enrolled: TestUser;
  let other: TestUser;
  let courseId: string;
  let moduleId: string;
  let textLessonId: string;
  let videoLessonId: string;

  beforeAll(async () => {
    t = await createTestApp();
    [creator, otherCreator, student, enrolled, other] = await Promise.all([
      createUser(t.db.db, { role: 'creator' }),
      createUser(t.db.db, { role: 'creator' }),
      createUser(t.db.db),
      createUser(t.db.db),
      createUser(t.db.db),
    ]);
    courseId = (await createCourse(t.db.db, creator.id, { priceCents: 4_900 })).id;
    const content = await addContent(t.db.db, courseId, { lessonCount: 1, quizCount: 0 });
    moduleId = content.module.id;
    textLessonId = content.lessons[0]?.id ?? '';
    const [video] = await t.db.db
      .insert(lessons)
      .values({ moduleId, title: 'Backpropagation', type: 'video', position: 1 })
      .returning();
    videoLessonId = video?.id ?? '';
    await enroll(t.db.db, enrolled.id, courseId);
    await enroll(t.db.db, other.id, courseId);
  });
  afterAll(async () => {
    await t?.close();
  });

  const save = (payload: Record<string, unknown>, user: TestUser | null = enrolled) =>
    t.app.inject({ method: 'POST', url: '/api/progress', headers: user ? bearer(user) : {}, payload });
  async function progressOf(user: TestUser, lessonId = videoLessonId) {
    const response = await t.app.inject({ method: 'GET', url: `/api/courses/${courseId}/progress`, headers: bearer(user) });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as {
      percent: number;
      lessons: { lessonId: string; completed: boolean; positionSeconds: number | null }[];
    };
    return { ...body, lesson: body.lessons.find((lesson) => lesson.lessonId === lessonId) };
  }

  describe('positions', () => {
    it('keeps the newest position and returns it in progress, null before any save and for other slides', async () => {
      expect((await progressOf(enrolled)).lesson?.positionSeconds).toBeNull();
      const first = await save({ lessonId: videoLessonId, positionSeconds: 42.5 });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ lessonId: videoLessonId, completed: false, completedAt: null, positionSeconds: 42.5 });
      expect((await save({ lessonId: videoLessonId, positionSeconds: 97.25 })).statusCode).toBe(200);
      const progress = await progressOf(enrolled);
      expect(progress.lesson?.positionSeconds).toBe(97.25);
      expect(progress.lessons.find((lesson) => lesson.lessonId === textLessonId)?.positionSeconds).toBeNull();
    });

    it('takes many saves at once, the last of each learner winning', async () => {
      const answers = await Promise.all(
        [10, 20, 30].map((positionSeconds) => save({ lessonId: videoLessonId, positionSeconds }, other)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      expect((await progressOf(other)).lesson?.positionSeconds).toBe(30);
    });

    it.each([
      ['a negative position', -1],
      ['a position past a week', 7 * 86_400 + 1],
      ['a string', '12'],
      ['"NaN"', 'NaN'],
      ['null', null],
      ['an object', { seconds: 3 }],
    ])('refuses %s with a 400, saving nothing', async (_name, positionSeconds) => {
      const response = await save({ lessonId: videoLessonId, positionSeconds }, student);
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      const enrolledResponse = await save({ lessonId: videoLessonId, positionSeconds }, creator);
      expect(enrolledResponse.statusCode, enrolledResponse.body).toBe(400);
      const rows = await t.db.db.select().from(videoPositions).where(eq(videoPositions.userId, creator.id));
      expect(rows).toEqual([]);
    });

    it('refuses a position for a slide that is not a video with a 400', async () => {
      const response = await save({ lessonId: textLessonId, positionSeconds: 5 });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ positionSeconds: 'Only a video slide has a position' });
      expect((await progressOf(enrolled, textLessonId)).lesson).toMatchObject({ completed: false, positionSeconds: null });
    });

    it("writes only the caller's own position, and only in a course they learn from", async () => {
      expect((await save({ lessonId: videoLessonId, positionSeconds: 5 }, null)).statusCode).toBe(401);
      expect((await save({ lessonId: videoLessonId, positionSeconds: 5 }, student)).statusCode).toBe(403);
      expect((await save({ lessonId: videoLessonId, positionSeconds: 5 }, otherCreator)).statusCode).toBe(403);
      // A userId in the body is no way to write someone else's: the caller is the learner.
      const forged = await save({ lessonId: videoLessonId, positionSeconds: 1, userId: other.id }, enrolled);
      expect(forged.statusCode).toBe(200);
      expect((await progressOf(other)).lesson?.positionSeconds).toBe(30);
      const rows = await t.db.db.select().from(videoPositions).where(eq(videoPositions.userId, student.id));
      expect(rows).toEqual([]);
    });

    it('never changes completion: a save alone leaves a slide as it was, done or not', async () => {
      const learner = await createUser(t.db.db);
      await enroll(t.db.db, learner.id, courseId);
      expect((await save({ lessonId: videoLessonId, positionSeconds: 600 }, learner)).json().completed).toBe(false);
      expect((await progressOf(learner)).lesson).toMatchObject({ completed: false, positionSeconds: 600 });
      // SPEC's call as before: no `completed` means true.
      expect((await save({ lessonId: videoLessonId }, learner)).json()).toMatchObject({ completed: true });
      const again = await save({ lessonId: videoLessonId, positionSeconds: 3 }, learner);
      expect(again.json()).toMatchObject({ completed: true, positionSeconds: 3 });
      expect((await progressOf(learner)).lesson).toMatchObject({ completed: true, positionSeconds: 3 });
      expect((await progressOf(learner)).percent).toBe(50);
      // Both at once: the completion as sent, the position saved.
      const undone = await save({ lessonId: videoLessonId, completed: false, positionSeconds: 4 }, learner);
      expect(undone.json()).toMatchObject({ completed: false, completedAt: null, positionSeconds: 4 });
      expect((await progressOf(learner)).lesson).toMatchObject({ completed: false, positionSeconds: 4 });
    });
  });
});
