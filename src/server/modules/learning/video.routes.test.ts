import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons, uploads, videoPositions } from '#db/schema/index';
import { addContent, bearer, createCourse, createUser, enroll, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { mp4Bytes } from '#tests/helpers/media-bytes';
import { countQueries } from '#tests/helpers/query-counter';
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

    it("costs one statement once warm, and many learners' saves at once share a few", async () => {
      const learners = await Promise.all(Array.from({ length: 40 }, () => createUser(t.db.db)));
      await Promise.all(learners.map((learner) => enroll(t.db.db, learner.id, courseId)));
      // Warm the caller's session, enrollments and record, as a player's first save does.
      await Promise.all(learners.map((learner) => save({ lessonId: videoLessonId, positionSeconds: 1 }, learner)));
      let queries = countQueries(t.db);
      try {
        expect((await save({ lessonId: videoLessonId, positionSeconds: 2 }, learners[0])).statusCode).toBe(200);
        expect(queries.count, queries.texts.join('; ')).toBe(1);
      } finally {
        queries.restore();
      }
      queries = countQueries(t.db);
      try {
        const answers = await Promise.all(
          learners.map((learner) => save({ lessonId: videoLessonId, positionSeconds: 12 }, learner)),
        );
        expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
        expect(queries.count).toBeLessThanOrEqual(4);
      } finally {
        queries.restore();
      }
      expect((await progressOf(learners[39] as TestUser)).lesson?.positionSeconds).toBe(12);
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
      // The completion call as before: no `completed` means true.
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

  async function grant(user: TestUser = creator, kind: 'captions' | 'video' = 'captions') {
    const response = await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: bearer(user), payload: { kind } });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { uploadURL: string }).uploadURL;
  }
  const put = (uploadURL: string, body: Buffer, contentType = 'text/vtt') =>
    t.app.inject({ method: 'PUT', url: uploadURL, headers: { 'content-type': contentType }, payload: body });
  async function uploadOf(uploadURL: string) {
    const [row] = await t.db.db
      .select()
      .from(uploads)
      .where(eq(uploads.grantHash, hashToken(uploadURL.split('/').at(-1) ?? '')));
    return row;
  }
  async function uploadCaptions(user: TestUser = creator, body: Buffer = VTT) {
    const uploadURL = await grant(user);
    const stored = await put(uploadURL, body);
    expect(stored.statusCode, stored.body).toBe(200);
    return (stored.json() as { objectPath: string }).objectPath;
  }
  async function videoSlide() {
    const uploadURL = await grant(creator, 'video');
    const stored = await put(uploadURL, mp4Bytes(64), 'video/mp4');
    expect(stored.statusCode, stored.body).toBe(200);
    const videoUrl = (stored.json() as { objectPath: string }).objectPath;
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/modules/${moduleId}/lessons`,
      headers: bearer(creator),
      payload: { title: 'Attention, visually', type: 'video', videoUrl },
    });
    expect(created.statusCode, created.body).toBe(201);
    return (created.json() as { id: string }).id;
  }
  const patchSlide = (id: string, payload: Record<string, unknown>, user: TestUser = creator) =>
    t.app.inject({ method: 'PATCH', url: `/api/lessons/${id}`, headers: bearer(user), payload });
  async function lessonAs(user: TestUser, id: string) {
    const response = await t.app.inject({ method: 'GET', url: `/api/modules/${moduleId}/lessons`, headers: bearer(user) });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { id: string; captions: { language: string; label: string; url: string }[] }[]).find(
      (lesson) => lesson.id === id,
    );
  }

  describe('captions upload', () => {
    it('stores a WebVTT file sent as text/vtt and serves it as text/vtt', async () => {
      const objectPath = await uploadCaptions(creator, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), VTT]));
      expect(objectPath).toMatch(/^\/objects\/captions\/[0-9a-f-]{36}$/);
      const served = await t.app.inject({ method: 'GET', url: objectPath });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('text/vtt');
      expect(served.body).toContain('Hello, gradients.');
    });

    it.each([
      ['not starting with WEBVTT', Buffer.from('1\n00:00:00,000 --> 00:00:02,000\nAn SRT file\n'), 'text/vtt', 400, /not WebVTT/],
      ['WEBVTT run into other text', Buffer.from('WEBVTTX\n\n'), 'text/vtt', 400, /not WebVTT/],
      [
        'not UTF-8',
        Buffer.concat([Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\n'), Buffer.from([0xff, 0xfe])]),
        'text/vtt',
        400,
        /UTF-8/,
      ],
      ['sent as text/plain', VTT, 'text/plain', 415, /text\/vtt/],
      ['sent as an image', VTT, 'image/png', 415, /text\/vtt/],
      ['larger than 1 MB', Buffer.concat([VTT, Buffer.alloc(1_048_576, 0x20)]), 'text/vtt', 413, /1 MB/],
    ])('refuses a file %s, keeping nothing', async (_name, body, contentType, status, message) => {
      const uploadURL = await grant();
      const response = await put(uploadURL, body, contentType);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toMatch(message);
      expect((await uploadOf(uploadURL))?.completedAt ?? null).toBeNull();
    });

    it('does not take captions where a video is expected, nor a video where captions are', async () => {
      const captionsURL = await grant();
      expect((await put(captionsURL, mp4Bytes(16), 'video/mp4')).statusCode).toBe(415);
      const videoURL = await grant(creator, 'video');
      expect((await put(videoURL, VTT, 'text/vtt')).statusCode).toBe(415);
    });
  });

  describe('lesson captions', () => {
    it('are set on a video slide, signed in the lesson JSON of a paid course, and replaced or removed by PATCH', async () => {
      const id = await videoSlide();
      const english = await uploadCaptions();
      const spanish = await uploadCaptions();
      const set = await patchSlide(id, {
        captions: [
          { language: 'en', label: 'English', url: english },
          { language: 'es', label: 'Español', url: spanish },
        ],
      });
      expect(set.statusCode, set.body).toBe(200);
      const lesson = await lessonAs(enrolled, id);
      expect(lesson?.captions.map((caption) => [caption.language, caption.label])).toEqual([
        ['en', 'English'],
        ['es', 'Español'],
      ]);
      const signed = lesson?.captions[0]?.url ?? '';
      expect(signed).toMatch(/^\/objects\/captions\/[0-9a-f-]{36}\?exp=\d+&sig=/);
      // Paid-course captions need the signature, as its video does.
      expect((await t.app.inject({ method: 'GET', url: english })).statusCode).toBe(403);
      const served = await t.app.inject({ method: 'GET', url: signed });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('text/vtt');
      // The edit form sends back what it loaded (signed addresses): kept as their paths.
      const resent = await patchSlide(id, { captions: lesson?.captions.slice(1) });
      expect(resent.statusCode, resent.body).toBe(200);
      const [stored] = await t.db.db.select({ captions: lessons.captions }).from(lessons).where(eq(lessons.id, id));
      expect(stored?.captions).toEqual([{ language: 'es', label: 'Español', url: spanish }]);
      expect((await patchSlide(id, { captions: [] })).statusCode).toBe(200);
      expect((await lessonAs(enrolled, id))?.captions).toEqual([]);
    });

    it("refuses another creator's upload, a video upload, a slide that is not a video, and a language twice", async () => {
      const id = await videoSlide();
      const others = await uploadCaptions(otherCreator);
      const notOwn = await patchSlide(id, { captions: [{ language: 'en', label: 'English', url: others }] });
      expect(notOwn.statusCode).toBe(400);
      expect(notOwn.json().errors).toEqual({ 'captions.0.url': 'Must be captions you uploaded' });
      const videoURL = await grant(creator, 'video');
      const video = ((await put(videoURL, mp4Bytes(16), 'video/mp4')).json() as { objectPath: string }).objectPath;
      expect((await patchSlide(id, { captions: [{ language: 'en', label: 'English', url: video }] })).statusCode).toBe(400);
      const own = await uploadCaptions();
      const twice = await patchSlide(id, {
        captions: [
          { language: 'en', label: 'English', url: own },
          { language: 'EN', label: 'English again', url: own },
        ],
      });
      expect(twice.statusCode).toBe(400);
      expect(JSON.stringify(twice.json())).toContain('already there');
      const badTag = await patchSlide(id, { captions: [{ language: 'english!', label: 'English', url: own }] });
      expect(badTag.statusCode).toBe(400);
      const eleven = Array.from({ length: 11 }, (_, index) => ({
        language: `l${String.fromCharCode(97 + index)}`,
        label: 'L',
        url: own,
      }));
      expect((await patchSlide(id, { captions: eleven })).statusCode).toBe(400);
      const onText = await patchSlide(textLessonId, { captions: [{ language: 'en', label: 'English', url: own }] });
      expect(onText.statusCode).toBe(400);
      expect(onText.json().errors).toEqual({ captions: 'A text slide has no captions' });
      const created = await t.app.inject({
        method: 'POST',
        url: `/api/modules/${moduleId}/lessons`,
        headers: bearer(creator),
        payload: { title: 'Text', type: 'text', captions: [{ language: 'en', label: 'English', url: own }] },
      });
      expect(created.statusCode).toBe(400);
      expect(
        (await patchSlide(id, { captions: [{ language: 'en', label: 'English', url: own }] }, otherCreator)).statusCode,
      ).toBe(403);
      expect((await lessonAs(enrolled, id))?.captions).toEqual([]);
    });

    it('are kept by the upload purge while a slide uses them; unused captions go', async () => {
      const id = await videoSlide();
      const used = await uploadCaptions();
      const unused = await uploadCaptions();
      expect((await patchSlide(id, { captions: [{ language: 'de', label: 'Deutsch', url: used }] })).statusCode).toBe(200);
      const result = await purgeUploads({
        db: t.db.db,
        store: t.app.objectStore,
        now: Date.now() + 2 * 86_400_000,
        orphanAfterMs: 86_400_000,
      });
      expect(result.orphaned).toBeGreaterThanOrEqual(1);
      expect(await t.app.objectStore.stat(used.slice('/objects/'.length))).not.toBeNull();
      expect(await t.app.objectStore.stat(unused.slice('/objects/'.length))).toBeNull();
    });
  });
});
