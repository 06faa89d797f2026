import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses, ledgerEntries, payments } from '#db/schema/index';
import { formatCourseLength } from '#shared/course-length';
import { CourseListSchema, CourseSchema } from '#shared/schemas/catalog';
import {
  CreatorCourseListSchema,
  CreatorStatsSchema,
  LessonListSchema,
  LessonSchema,
  ModuleSchema,
  PublishChecklistSchema,
  QuestionSchema,
} from '#shared/schemas/creator';
import { AnswerResultSchema } from '#shared/schemas/learning';
import { ModuleOutlineListSchema } from '#shared/schemas/outline';
import { bearer, createCourse, createUpload, createUser, enroll, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';

let t: TestApp;
let owner: TestUser;
let otherCreator: TestUser;
let student: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.db.db, { role: 'creator' });
  otherCreator = await createUser(t.db.db, { role: 'creator' });
  student = await createUser(t.db.db);
});
afterAll(() => t.close());

const signedAddressOf = (objectPath: string) => new RegExp(`^${objectPath}\\?exp=\\d+&sig=[A-Za-z0-9_-]+$`);

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
function call(method: Method, url: string, user?: TestUser, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: user ? bearer(user) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function newCourse(body: Record<string, unknown> = {}) {
  const response = await call('POST', '/api/courses', owner, { title: 'Transformers in practice', price: '19.99', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return CourseSchema.parse(response.json());
}
async function addModule(courseId: string, title = 'Module') {
  const response = await call('POST', `/api/courses/${courseId}/modules`, owner, { title });
  expect(response.statusCode, response.body).toBe(201);
  return ModuleSchema.parse(response.json());
}
async function addQuiz(courseId: string, title = 'Quiz') {
  const response = await call('POST', `/api/courses/${courseId}/quizzes`, owner, { title });
  expect(response.statusCode, response.body).toBe(201);
  return ModuleSchema.parse(response.json());
}
async function addSlide(moduleId: string, body: Record<string, unknown>) {
  const response = await call('POST', `/api/modules/${moduleId}/lessons`, owner, body);
  expect(response.statusCode, response.body).toBe(201);
  return LessonSchema.parse(response.json());
}
/** A module holding one text slide. */
async function addSlides(courseId: string) {
  const module = await addModule(courseId, 'Basics');
  await addSlide(module.id, { title: 'First', type: 'text', content: '<p>First</p>' });
  return module;
}
async function outline(courseId: string) {
  const [modules, quizzes] = await Promise.all([
    call('GET', `/api/courses/${courseId}/modules`, owner),
    call('GET', `/api/courses/${courseId}/quizzes`, owner),
  ]);
  return [...modules.json(), ...quizzes.json()]
    .sort((a: { order: number }, b: { order: number }) => a.order - b.order)
    .map((item: { title: string; order: number }) => `${item.order}:${item.title}`);
}

describe('creating and editing a course', () => {
  it('creates a draft owned by the caller, price in cents shown with two decimals, description sanitized', async () => {
    const course = await newCourse({
      description:
        '<p onclick="steal()">Hello <script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>',
      published: true,
      difficulty: 'Advanced',
      duration: '6 weeks',
    });
    expect(course).toMatchObject({
      title: 'Transformers in practice',
      price: '19.99',
      published: false,
      archived: false,
      creatorId: owner.id,
    });
    expect(course.difficulty).toBe('Advanced');
    expect(course.description).not.toMatch(/script|onclick|onerror|javascript:|<img/i);
    expect(course.description).toContain('Hello');
    // A draft is nobody else's business.
    expect((await call('GET', `/api/courses/${course.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/courses/${course.id}`, otherCreator)).statusCode).toBe(404);
    expect((await call('GET', `/api/courses/${course.id}`, owner)).statusCode).toBe(200);
  });

  it('takes an empty price as free and refuses prices that are not money', async () => {
    expect((await newCourse({ price: '' })).price).toBe('0.00');
    expect((await newCourse({ price: 5 })).price).toBe('5.00');
    for (const price of ['-1', '1.999', 'abc', '1e3', -5, 1.234, '1,50', 'Infinity']) {
      const response = await call('POST', '/api/courses', owner, { title: 'Bad price', price });
      expect(response.statusCode, `price ${JSON.stringify(price)}`).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
  });

  it('refuses a missing title, an unknown difficulty and control characters, naming the field', async () => {
    for (const [body, field] of [
      [{ title: '' }, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: 'ok', difficulty: 'Expert' }, 'difficulty'],
      [{ title: 'bad\u0000title' }, 'title'],
      [{ title: 'ok', duration: 'two\nlines' }, 'duration'],
    ] as const) {
      const response = await call('POST', '/api/courses', owner, body);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().errors ?? {})).toContain(field);
    }
  });

  it('stores the language a course is taught in as a canonical BCP 47 tag, English unless said, and refuses what is no tag', async () => {
    const english = await newCourse();
    expect(english.language).toBe('en');
    const brazilian = await newCourse({ language: 'PT-br' });
    expect(brazilian.language).toBe('pt-BR');
    for (const language of ['english', 'e', 'en_US', '', 'zh-', 42, `en-${'a'.repeat(40)}`]) {
      const response = await call('POST', '/api/courses', owner, { title: 'Bad language', language });
      expect(response.statusCode, `language ${JSON.stringify(language)}`).toBe(400);
      expect(Object.keys(response.json().errors ?? {})).toContain('language');
    }

    // Published, so every reader's cached copy of it must follow the change.
    await t.db.db.update(courses).set({ published: true }).where(eq(courses.id, english.id));
    expect((await call('GET', `/api/courses/${english.id}`)).json().language).toBe('en');
    const patched = await call('PATCH', `/api/courses/${english.id}`, owner, { language: 'zh-hant-tw' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(CourseSchema.parse(patched.json()).language).toBe('zh-Hant-TW');
    expect((await call('GET', `/api/courses/${english.id}`)).json().language).toBe('zh-Hant-TW');
    const listed = CourseListSchema.parse((await call('GET', '/api/courses?limit=100')).json());
    expect(listed.find((course) => course.id === english.id)?.language).toBe('zh-Hant-TW');
    // Another change leaves it as it is; a bad tag changes nothing.
    await call('PATCH', `/api/courses/${english.id}`, owner, { title: 'Retitled' });
    const refused = await call('PATCH', `/api/courses/${english.id}`, owner, { title: 'Never saved', language: 'not a tag' });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors ?? {})).toContain('language');
    expect((await call('GET', `/api/courses/${english.id}`)).json()).toMatchObject({ title: 'Retitled', language: 'zh-Hant-TW' });
  });

  it('accepts a thumbnail only when it is an image the creator uploaded', async () => {
    const mine = await createUpload(t.db.db, owner.id, 'image');
    const theirs = await createUpload(t.db.db, otherCreator.id, 'image');
    const video = await createUpload(t.db.db, owner.id, 'video');
    expect((await newCourse({ thumbnail: mine })).thumbnail).toBe(mine);
    for (const thumbnail of [
      theirs,
      video,
      '/objects/uploads/never-uploaded',
      'https://evil.example/x.png',
      '/objects/../etc/passwd',
    ]) {
      const response = await call('POST', '/api/courses', owner, { title: 'Thumb', thumbnail });
      expect(response.statusCode, thumbnail).toBe(400);
    }
  });

  it('lets only the owner edit, publish and archive; updatedAt moves on every change', async () => {
    const course = await newCourse();
    const url = `/api/courses/${course.id}`;
    for (const [user, status] of [
      [undefined, 401],
      [student, 403],
      [otherCreator, 403],
    ] as const) {
      expect((await call('PATCH', url, user, { title: 'Hijacked' })).statusCode).toBe(status);
      expect((await call('POST', `${url}/publish`, user)).statusCode).toBe(status);
      expect((await call('DELETE', url, user)).statusCode).toBe(status);
    }
    const [stored] = await t.db.db.select().from(courses).where(eq(courses.id, course.id));
    expect(stored).toMatchObject({ title: course.title, published: false, archived: false });

    await addSlides(course.id);
    const edited = await call('PATCH', url, owner, { title: 'Renamed', price: '0', description: '<p><strong>New</strong></p>' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Renamed', price: '0.00', description: '<p><strong>New</strong></p>' });
    expect(Date.parse(edited.json().updatedAt)).toBeGreaterThan(Date.parse(course.updatedAt));

    const published = await call('POST', `${url}/publish`, owner);
    expect(published.json()).toMatchObject({ published: true });
    expect(Date.parse(published.json().updatedAt)).toBeGreaterThan(Date.parse(edited.json().updatedAt));
    // Published: in the marketplace at once, with the edit.
    expect(CourseListSchema.parse((await call('GET', '/api/courses')).json()).find((c) => c.id === course.id)?.title).toBe(
      'Renamed',
    );

    const archived = await call('DELETE', url, owner);
    expect(archived.json()).toMatchObject({ published: true, archived: true });
    expect(CourseListSchema.parse((await call('GET', '/api/courses')).json()).map((c) => c.id)).not.toContain(course.id);
  });

  it('publishes a course as a plain API client does it: create, then publish, no content needed', async () => {
    const created = await call('POST', '/api/courses', owner, { title: 'Published straight away', price: '0' });
    expect(created.statusCode).toBe(201);
    const published = await call('POST', `/api/courses/${created.json().id}/publish`, owner, {});
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ published: true, archived: false });
    const courseId = created.json().id as string;
    expect(CourseListSchema.parse((await call('GET', '/api/courses')).json()).map((c) => c.id)).toContain(courseId);
    expect((await call('GET', `/api/courses/${courseId}`)).json()).toMatchObject({ id: courseId, published: true });
    expect((await call('GET', `/api/courses/${courseId}/modules`)).json()).toEqual([]);
  });

  it('publishes a module without slides and a quiz without questions; they count for nothing and earn no certificate', async () => {
    const course = await newCourse({ title: 'Unfinished', price: '0' });
    const module = await addModule(course.id, 'Attention');
    const quiz = await addQuiz(course.id, 'Check your understanding');
    const published = await call('POST', `/api/courses/${course.id}/publish`, owner);
    expect(published.statusCode, published.body).toBe(200);
    const [stored] = await t.db.db.select().from(courses).where(eq(courses.id, course.id));
    expect(stored?.published).toBe(true);

    const learner = await createUser(t.db.db);
    expect((await call('POST', '/api/enroll-free', learner, { courseId: course.id })).statusCode).toBeLessThan(300);
    expect((await call('GET', `/api/modules/${module.id}/lessons`, learner)).json()).toEqual([]);
    expect((await call('GET', `/api/quizzes/${quiz.id}/questions`, learner)).json()).toEqual([]);
    const progress = await call('GET', `/api/courses/${course.id}/progress`, learner);
    expect(progress.json()).toMatchObject({ lessons: [], completedQuizIds: [] });
    // Nothing to complete is not complete: an empty course never earns a certificate.
    expect((await call('GET', `/api/courses/${course.id}/certificate/eligible`, learner)).json()).toEqual({ eligible: false });
    expect((await call('GET', `/api/courses/${course.id}/certificate`, learner)).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('refuses to publish an archived course (409) and changes nothing: it is restored first', async () => {
    const course = await newCourse({ title: 'Shelved draft' });
    await call('DELETE', `/api/courses/${course.id}`, owner);
    const refused = await call('POST', `/api/courses/${course.id}/publish`, owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'Restore the course before publishing it',
      errors: { archived: expect.any(String) },
    });
    const [stored] = await t.db.db.select().from(courses).where(eq(courses.id, course.id));
    expect(stored).toMatchObject({ published: false, archived: true });

    await call('POST', `/api/courses/${course.id}/restore`, owner);
    expect((await call('POST', `/api/courses/${course.id}/publish`, owner)).json()).toMatchObject({ published: true });
  });

  it("keeps a length written as the form writes it readable by the search's length filter, and free text as it is", async () => {
    const term = 'Lengthwise';
    const lengths = [
      [{ hours: 0, minutes: 45 }, 'short'],
      [{ hours: 1, minutes: 59 }, 'short'],
      [{ hours: 2, minutes: 0 }, 'medium'],
      [{ hours: 2, minutes: 30 }, 'medium'],
      [{ hours: 9, minutes: 59 }, 'medium'],
      [{ hours: 10, minutes: 0 }, 'long'],
      [{ hours: 120, minutes: 5 }, 'long'],
    ] as const;
    const bandOf = new Map<string, string>();
    for (const [length, band] of lengths) {
      const course = await newCourse({
        title: `${term} ${length.hours}:${length.minutes}`,
        duration: formatCourseLength(length),
      });
      expect(course.duration).toBe(formatCourseLength(length));
      await call('POST', `/api/courses/${course.id}/publish`, owner);
      bandOf.set(course.id, band);
    }
    // The API keeps taking free text: stored as written, in no length band.
    const vague = await newCourse({ title: `${term} vague`, duration: 'two-ish hours' });
    expect(vague.duration).toBe('two-ish hours');
    await call('POST', `/api/courses/${vague.id}/publish`, owner);

    for (const band of ['short', 'medium', 'long']) {
      const found = await call('GET', `/api/courses/search?q=${term}&duration=${band}&limit=100`);
      expect(found.statusCode).toBe(200);
      const ids = found.json().items.map((course: { id: string }) => course.id);
      expect(new Set(ids), band).toEqual(new Set([...bandOf].filter(([, each]) => each === band).map(([id]) => id)));
    }
  });

  it('answers 404 for a course that does not exist, and for ids that are not ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '%00']) {
      expect((await call('PATCH', `/api/courses/${id}`, owner, { title: 'x' })).statusCode).toBe(404);
      expect((await call('POST', `/api/courses/${id}/modules`, owner, { title: 'x' })).statusCode).toBe(404);
    }
  });

  it('lists only my own courses, every state, newest first, to creators only', async () => {
    const draft = await newCourse({ title: 'My newest draft' });
    const response = await call('GET', '/api/creator/courses', owner);
    const mine = CourseListSchema.parse(response.json());
    expect(mine[0]?.id).toBe(draft.id);
    expect(mine.every((c) => c.creatorId === owner.id)).toBe(true);
    expect(
      CourseListSchema.parse((await call('GET', '/api/creator/courses', otherCreator)).json()).map((c) => c.id),
    ).not.toContain(draft.id);
    expect((await call('GET', '/api/creator/courses')).statusCode).toBe(401);
    expect((await call('GET', '/api/creator/courses', student)).statusCode).toBe(403);
  });
});

describe('course content', () => {
  it('gives modules and quizzes one order sequence, swaps on a move, and closes gaps on delete', async () => {
    const course = await newCourse();
    const m1 = await addModule(course.id, 'M1');
    const q1 = await addQuiz(course.id, 'Q1');
    const m2 = await addModule(course.id, 'M2');
    // A client's own idea of the order is ignored: a new item goes last.
    await call('POST', `/api/courses/${course.id}/quizzes`, owner, { title: 'Q2', order: 0 });
    expect(await outline(course.id)).toEqual(['0:M1', '1:Q1', '2:M2', '3:Q2']);

    // Move M2 up: its order becomes its neighbour's, and the neighbour takes its place.
    expect((await call('PATCH', `/api/modules/${m2.id}`, owner, { order: 1 })).json().order).toBe(1);
    expect(await outline(course.id)).toEqual(['0:M1', '1:M2', '2:Q1', '3:Q2']);
    await call('PATCH', `/api/quizzes/${q1.id}`, owner, { order: 0 });
    expect(await outline(course.id)).toEqual(['0:Q1', '1:M2', '2:M1', '3:Q2']);
    // Past the end: last.
    await call('PATCH', `/api/quizzes/${q1.id}`, owner, { order: 99 });
    expect(await outline(course.id)).toEqual(['0:Q2', '1:M2', '2:M1', '3:Q1']);

    expect((await call('DELETE', `/api/modules/${m1.id}`, owner)).statusCode).toBe(204);
    expect(await outline(course.id)).toEqual(['0:Q2', '1:M2', '2:Q1']);
    await addModule(course.id, 'M3');
    expect(await outline(course.id)).toEqual(['0:Q2', '1:M2', '2:Q1', '3:M3']);
  });

  it('keeps distinct places when a creator adds many items at once', async () => {
    const course = await newCourse();
    await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? addQuiz(course.id, `Q${i}`) : addModule(course.id, `M${i}`))));
    const orders = (await outline(course.id)).map((item) => Number(item.split(':')[0]));
    expect(orders).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('refuses every content change from anyone but the owner', async () => {
    const course = await newCourse();
    const module = await addModule(course.id);
    const quiz = await addQuiz(course.id);
    const slide = await addSlide(module.id, { title: 'Intro', type: 'text', content: '<p>Hi</p>' });
    const question = await call('POST', `/api/quizzes/${quiz.id}/questions`, owner, {
      question: 'Q?',
      optionA: 'a',
      optionB: 'b',
      correctAnswer: 1,
    });
    const questionId = question.json().id;
    const attempts: [Method, string, unknown?][] = [
      ['POST', `/api/courses/${course.id}/modules`, { title: 'x' }],
      ['POST', `/api/courses/${course.id}/quizzes`, { title: 'x' }],
      ['PATCH', `/api/modules/${module.id}`, { order: 1 }],
      ['PATCH', `/api/quizzes/${quiz.id}`, { title: 'x' }],
      ['POST', `/api/modules/${module.id}/lessons`, { title: 'x', type: 'text' }],
      ['PATCH', `/api/lessons/${slide.id}`, { title: 'x' }],
      ['POST', `/api/quizzes/${quiz.id}/questions`, { question: 'x', optionA: 'a', optionB: 'b', correctAnswer: 1 }],
      ['DELETE', `/api/questions/${questionId}`],
      ['DELETE', `/api/lessons/${slide.id}`],
      ['DELETE', `/api/quizzes/${quiz.id}`],
      ['DELETE', `/api/modules/${module.id}`],
    ];
    for (const [method, url, body] of attempts) {
      for (const [user, status] of [
        [undefined, 401],
        [student, 403],
        [otherCreator, 403],
      ] as const) {
        expect((await call(method, url, user, body)).statusCode, `${method} ${url} as ${user?.role ?? 'guest'}`).toBe(status);
      }
    }
    expect(await outline(course.id)).toEqual(['0:Module', '1:Quiz']);
    const lessons = await call('GET', `/api/modules/${module.id}/lessons`, owner);
    expect(lessons.json()).toMatchObject([{ title: 'Intro' }]);
  });

  it('shows a module and a quiz to whoever may see the course, and hides a draft’s parts', async () => {
    const course = await newCourse();
    const module = await addModule(course.id, 'Basics');
    expect((await call('GET', `/api/modules/${module.id}`, owner)).json()).toMatchObject({
      title: 'Basics',
      courseId: course.id,
    });
    expect((await call('GET', `/api/modules/${module.id}`, student)).statusCode).toBe(404);
    await addSlide(module.id, { title: 'First', type: 'text', content: '<p>First</p>' });
    expect((await call('POST', `/api/courses/${course.id}/publish`, owner)).statusCode).toBe(200);
    expect((await call('GET', `/api/modules/${module.id}`)).json()).toMatchObject({ title: 'Basics' });
    expect((await call('GET', '/api/quizzes/not-an-id')).statusCode).toBe(404);
  });
});

describe('rich text nested too deeply', () => {
  const nested = (depth: number) => `${'<strong>'.repeat(depth)}deep${'</strong>'.repeat(depth)}`;

  it('is refused with a 400 naming the field, on a course and on a slide, and changes nothing', async () => {
    // Unclosed, as in the attack that froze the server: 66,000 of them fill a slide.
    const refused = await call('POST', '/api/courses', owner, { title: 'Nested', description: '<b>'.repeat(30_000) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'Formatting is nested too deeply: at most 32 levels',
      errors: { description: 'Formatting is nested too deeply: at most 32 levels' },
    });
    const course = await newCourse({ description: `<p>${nested(31)}</p>` });
    expect(course.description).toContain('deep');
    expect((await call('PATCH', `/api/courses/${course.id}`, owner, { description: nested(33) })).statusCode).toBe(400);

    const module = await addModule(course.id);
    const slide = await call('POST', `/api/modules/${module.id}/lessons`, owner, {
      title: 'Deep',
      type: 'text',
      content: nested(40),
    });
    expect(slide.statusCode).toBe(400);
    expect(slide.json().errors).toEqual({ content: 'Formatting is nested too deeply: at most 32 levels' });
    expect((await call('GET', `/api/modules/${module.id}/lessons`, owner)).json()).toEqual([]);
  });
});

describe('slides', () => {
  it('adds slides of each type with their own field only, in order, and sanitizes text', async () => {
    const course = await newCourse();
    const module = await addModule(course.id);
    const image = await createUpload(t.db.db, owner.id, 'image');
    const video = await createUpload(t.db.db, owner.id, 'video');
    await addSlide(module.id, {
      title: 'Text',
      type: 'text',
      content: '<p style="font-size: 18px" onmouseover="x()">Hi<iframe src="//evil"></iframe></p>',
    });
    await addSlide(module.id, { title: 'Image', type: 'image', imageUrl: image });
    await addSlide(module.id, { title: 'Video', type: 'video', videoUrl: video });
    const list = (await call('GET', `/api/modules/${module.id}/lessons`, owner)).json();
    expect(list.map((l: { title: string; order: number }) => `${l.order}:${l.title}`)).toEqual(['0:Text', '1:Image', '2:Video']);
    expect(list[0].content).toBe('<p style="font-size:18px">Hi</p>');
    // Media comes back as a signed address of the stored path (see object-url-signing.ts).
    expect(list[1]).toMatchObject({ imageUrl: expect.stringMatching(signedAddressOf(image)), videoUrl: null, content: null });
    expect(list[2]).toMatchObject({ videoUrl: expect.stringMatching(signedAddressOf(video)) });
    // An edit form that resends the signed address it loaded keeps the same stored path.
    const resent = await call('PATCH', `/api/lessons/${list[1].id}`, owner, { title: 'Image again', imageUrl: list[1].imageUrl });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().imageUrl).toMatch(signedAddressOf(image));

    for (const [body, field] of [
      [{ title: 'Bad', type: 'text', videoUrl: video }, 'videoUrl'],
      [{ title: 'Bad', type: 'image', imageUrl: video }, 'imageUrl'],
      [{ title: 'Bad', type: 'video', videoUrl: image }, 'videoUrl'],
      [{ title: 'Bad', type: 'quiz' }, 'type'],
      [{ title: '', type: 'text' }, 'title'],
      [{ title: 'Bad', type: 'image', imageUrl: await createUpload(t.db.db, otherCreator.id) }, 'imageUrl'],
    ] as const) {
      const response = await call('POST', `/api/modules/${module.id}/lessons`, owner, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().errors ?? {})).toContain(field);
    }
  });

  it('moves a slide by one with a swap, edits its own field, and closes the gap on delete', async () => {
    const course = await newCourse();
    const module = await addModule(course.id);
    const a = await addSlide(module.id, { title: 'A', type: 'text' });
    const b = await addSlide(module.id, { title: 'B', type: 'text' });
    const c = await addSlide(module.id, { title: 'C', type: 'text' });
    const titles = async () =>
      (await call('GET', `/api/modules/${module.id}/lessons`, owner))
        .json()
        .map((l: { title: string }) => l.title)
        .join('');
    await call('PATCH', `/api/lessons/${c.id}`, owner, { order: 1 });
    expect(await titles()).toBe('ACB');
    const edited = await call('PATCH', `/api/lessons/${a.id}`, owner, { title: 'A2', content: '<p>New <u>text</u></p>' });
    expect(edited.json()).toMatchObject({ title: 'A2', content: '<p>New <u>text</u></p>', order: 0 });
    expect(
      (await call('PATCH', `/api/lessons/${a.id}`, owner, { videoUrl: await createUpload(t.db.db, owner.id, 'video') }))
        .statusCode,
    ).toBe(400);
    await call('DELETE', `/api/lessons/${b.id}`, owner);
    const list = (await call('GET', `/api/modules/${module.id}/lessons`, owner)).json();
    expect(list.map((l: { order: number; title: string }) => `${l.order}:${l.title}`)).toEqual(['0:A2', '1:C']);
  });

  it("lets a text slide carry an image beside its text: the creator's own image upload only, removable", async () => {
    const course = await newCourse();
    const module = await addModule(course.id);
    const image = await createUpload(t.db.db, owner.id, 'image');
    const slide = await addSlide(module.id, { title: 'Diagram', type: 'text', content: '<p>Look</p>', imageUrl: image });
    expect(slide).toMatchObject({
      type: 'text',
      content: '<p>Look</p>',
      imageUrl: expect.stringMatching(signedAddressOf(image)),
    });

    for (const imageUrl of [
      await createUpload(t.db.db, owner.id, 'video'),
      await createUpload(t.db.db, otherCreator.id, 'image'),
      '/objects/uploads/never-uploaded',
    ]) {
      const refused = await call('PATCH', `/api/lessons/${slide.id}`, owner, { imageUrl });
      expect(refused.statusCode, imageUrl).toBe(400);
      expect(Object.keys(refused.json().errors ?? {})).toContain('imageUrl');
    }
    const other = await call('PATCH', `/api/lessons/${slide.id}`, otherCreator, { imageUrl: image });
    expect(other.statusCode).toBe(403);

    // Students see it as they see an image slide's image: a signed address.
    await call('POST', `/api/courses/${course.id}/publish`, owner);
    const enrolled = await createUser(t.db.db);
    await enroll(t.db.db, enrolled.id, course.id);
    const [shown] = (await call('GET', `/api/modules/${module.id}/lessons`, enrolled)).json();
    expect(shown).toMatchObject({ content: '<p>Look</p>', imageUrl: expect.stringMatching(signedAddressOf(image)) });

    const removed = await call('PATCH', `/api/lessons/${slide.id}`, owner, { imageUrl: null });
    expect(removed.json()).toMatchObject({ content: '<p>Look</p>', imageUrl: null });
  });

  it("stores a slide's code blocks highlighted and its links safe", async () => {
    const course = await newCourse();
    const module = await addModule(course.id);
    const slide = await addSlide(module.id, {
      title: 'Code',
      type: 'text',
      content:
        '<h2>Setup</h2><pre><code class="language-python">import torch</code></pre><p><a href="javascript:alert(1)">x</a> <a href="https://pytorch.org">docs</a></p>',
    });
    expect(slide.content).toBe(
      '<h2>Setup</h2><pre><code class="language-python"><span class="hljs-keyword">import</span> torch</code></pre>' +
        '<p><span>x</span> <a href="https://pytorch.org" rel="noopener noreferrer nofollow" target="_blank">docs</a></p>',
    );
  });

  it('keeps an alt text for an image slide and a text slide with an image, shown to learners and in the preview', async () => {
    const course = await newCourse();
    const module = await addModule(course.id);
    const image = await createUpload(t.db.db, owner.id, 'image');
    const pictured = await addSlide(module.id, {
      title: 'Architecture',
      type: 'image',
      imageUrl: image,
      imageAlt: '  Encoder and decoder stacks joined by cross-attention  ',
    });
    expect(pictured.imageAlt).toBe('Encoder and decoder stacks joined by cross-attention');
    const beside = await addSlide(module.id, {
      title: 'Diagram',
      type: 'text',
      content: '<p>Look</p>',
      imageUrl: image,
      imageAlt: 'A loss curve',
    });
    expect(beside.imageAlt).toBe('A loss curve');
    const plain = await addSlide(module.id, { title: 'Words', type: 'text', content: '<p>Only words</p>' });
    expect(plain.imageAlt).toBeNull();

    await call('POST', `/api/courses/${course.id}/publish`, owner);
    const enrolled = await createUser(t.db.db);
    await enroll(t.db.db, enrolled.id, course.id);
    const alts = async (url: string, user: TestUser) =>
      LessonListSchema.parse((await call('GET', url, user)).json()).map((lesson) => lesson.imageAlt);
    const expected = ['Encoder and decoder stacks joined by cross-attention', 'A loss curve', null];
    expect(await alts(`/api/modules/${module.id}/lessons`, owner)).toEqual(expected);
    expect(await alts(`/api/modules/${module.id}/lessons`, enrolled)).toEqual(expected);
    expect(await alts(`/api/preview/modules/${module.id}/lessons`, owner)).toEqual(expected);

    // Only the alt text changes: the learner's cached slides follow at once.
    const edited = await call('PATCH', `/api/lessons/${pictured.id}`, owner, {
      imageAlt: 'The original transformer, layer by layer',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().imageAlt).toBe('The original transformer, layer by layer');
    expect((await alts(`/api/modules/${module.id}/lessons`, enrolled))[0]).toBe('The original transformer, layer by layer');
    expect((await alts(`/api/preview/modules/${module.id}/lessons`, owner))[0]).toBe('The original transformer, layer by layer');

    // Empty or null removes it (the title is then the image's description).
    expect((await call('PATCH', `/api/lessons/${pictured.id}`, owner, { imageAlt: '' })).json().imageAlt).toBeNull();
    await call('PATCH', `/api/lessons/${beside.id}`, owner, { imageAlt: null });
    expect(await alts(`/api/modules/${module.id}/lessons`, enrolled)).toEqual([null, null, null]);
  });

  it('refuses an alt text that is too long, holds control characters or belongs to a video slide, changing nothing', async () => {
    const course = await newCourse();
    const module = await addModule(course.id);
    const image = await createUpload(t.db.db, owner.id, 'image');
    const slide = await addSlide(module.id, { title: 'Picture', type: 'image', imageUrl: image, imageAlt: 'Kept' });
    expect((await call('PATCH', `/api/lessons/${slide.id}`, owner, { imageAlt: 'x'.repeat(500) })).statusCode).toBe(200);
    for (const imageAlt of ['x'.repeat(501), 'two\nlines', 'bell\u0007', 'nul\u0000', 42]) {
      const refused = await call('PATCH', `/api/lessons/${slide.id}`, owner, { imageAlt });
      expect(refused.statusCode, JSON.stringify(imageAlt)).toBe(400);
      expect(Object.keys(refused.json().errors ?? {})).toEqual(['imageAlt']);
      const created = await call('POST', `/api/modules/${module.id}/lessons`, owner, {
        title: 'x',
        type: 'image',
        imageUrl: image,
        imageAlt,
      });
      expect(created.statusCode, JSON.stringify(imageAlt)).toBe(400);
    }
    const video = await createUpload(t.db.db, owner.id, 'video');
    const onVideo = await call('POST', `/api/modules/${module.id}/lessons`, owner, {
      title: 'Clip',
      type: 'video',
      videoUrl: video,
      imageAlt: 'A clip',
    });
    expect(onVideo.statusCode).toBe(400);
    expect(Object.keys(onVideo.json().errors ?? {})).toEqual(['imageAlt']);
    const clip = await addSlide(module.id, { title: 'Clip', type: 'video', videoUrl: video });
    const patched = await call('PATCH', `/api/lessons/${clip.id}`, owner, { imageAlt: 'A clip' });
    expect(patched.statusCode).toBe(400);
    expect(Object.keys(patched.json().errors ?? {})).toEqual(['imageAlt']);
    const lessons = LessonListSchema.parse((await call('GET', `/api/modules/${module.id}/lessons`, owner)).json());
    expect(lessons.map((lesson) => [lesson.title, lesson.imageAlt])).toEqual([
      ['Picture', 'x'.repeat(500)],
      ['Clip', null],
    ]);
  });

  it('shows slides to the owner and enrolled students only', async () => {
    const course = await newCourse();
    const module = await addModule(course.id);
    await addSlide(module.id, { title: 'Secret', type: 'text', content: '<p>Paid content</p>' });
    await call('POST', `/api/courses/${course.id}/publish`, owner);
    const url = `/api/modules/${module.id}/lessons`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, student)).statusCode).toBe(403);
    expect((await call('GET', url, otherCreator)).statusCode).toBe(403);
    const enrolled = await createUser(t.db.db);
    await enroll(t.db.db, enrolled.id, course.id);
    expect((await call('GET', url, enrolled)).json()).toMatchObject([{ content: '<p>Paid content</p>' }]);
  });
});

describe('questions', () => {
  it('takes 2 to 4 options with the correct answer among the filled ones', async () => {
    const course = await newCourse();
    const quiz = await addQuiz(course.id);
    const url = `/api/quizzes/${quiz.id}/questions`;
    const four = await call('POST', url, owner, {
      question: 'Which?',
      optionA: 'a',
      optionB: 'b',
      optionC: 'c',
      optionD: 'd',
      correctAnswer: 4,
    });
    expect(four.statusCode).toBe(201);
    const two = await call('POST', url, owner, {
      question: 'Yes?',
      optionA: 'yes',
      optionB: 'no',
      optionC: '',
      correctAnswer: 2,
    });
    expect(QuestionSchema.parse(two.json())).toMatchObject({ optionC: null, optionD: null, correctAnswer: 2, order: 1 });
    for (const [body, field] of [
      [{ question: 'x', optionA: 'a', optionB: 'b', correctAnswer: 3 }, 'correctAnswer'],
      [{ question: 'x', optionA: 'a', optionB: 'b', optionC: 'c', correctAnswer: 4 }, 'correctAnswer'],
      [{ question: 'x', optionA: 'a', optionB: '', correctAnswer: 1 }, 'optionB'],
      [{ question: '', optionA: 'a', optionB: 'b', correctAnswer: 1 }, 'question'],
      [{ question: 'x', optionA: 'a', optionB: 'b', optionD: 'd', correctAnswer: 1 }, 'optionC'],
      [{ question: 'x', optionA: 'a', optionB: 'b', correctAnswer: 0 }, 'correctAnswer'],
      [{ question: 'x', optionA: 'a', optionB: 'b', correctAnswer: 1.5 }, 'correctAnswer'],
    ] as const) {
      const response = await call('POST', url, owner, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().errors ?? {})).toContain(field);
    }
  });

  it('shows the correct answer to the owner only, never to learners', async () => {
    const course = await newCourse();
    const quiz = await addQuiz(course.id);
    await call('POST', `/api/quizzes/${quiz.id}/questions`, owner, {
      question: 'Q',
      optionA: 'a',
      optionB: 'b',
      correctAnswer: 2,
    });
    await addSlides(course.id);
    expect((await call('POST', `/api/courses/${course.id}/publish`, owner)).statusCode).toBe(200);
    const enrolled = await createUser(t.db.db);
    await enroll(t.db.db, enrolled.id, course.id);
    const url = `/api/quizzes/${quiz.id}/questions`;
    expect((await call('GET', url, owner)).json()[0].correctAnswer).toBe(2);
    const learner = await call('GET', url, enrolled);
    expect(learner.statusCode).toBe(200);
    expect(learner.json()[0]).not.toHaveProperty('correctAnswer');
    expect((await call('GET', url, student)).statusCode).toBe(403);
    expect((await call('GET', url)).statusCode).toBe(401);
  });

  it('deletes a question and renumbers the rest', async () => {
    const course = await newCourse();
    const quiz = await addQuiz(course.id);
    const url = `/api/quizzes/${quiz.id}/questions`;
    const ids: string[] = [];
    for (const question of ['one', 'two', 'three']) {
      ids.push((await call('POST', url, owner, { question, optionA: 'a', optionB: 'b', correctAnswer: 1 })).json().id);
    }
    expect((await call('DELETE', `/api/questions/${ids[0]}`, owner)).statusCode).toBe(204);
    const list = (await call('GET', url, owner)).json();
    expect(list.map((q: { order: number; question: string }) => `${q.order}:${q.question}`)).toEqual(['0:two', '1:three']);
  });
});

describe('the course outline everyone sees follows every content change at once', () => {
  it('drops the cached outline and course when a creator edits', async () => {
    const course = await newCourse();
    // Published while empty, which the API refuses: the outline starts empty.
    await t.db.db.update(courses).set({ published: true }).where(eq(courses.id, course.id));
    const before = await call('GET', `/api/courses/${course.id}/modules`);
    expect(ModuleOutlineListSchema.parse(before.json())).toEqual([]);
    const module = await addModule(course.id, 'Fresh module');
    await addSlide(module.id, { title: 'Fresh slide', type: 'text' });
    const after = ModuleOutlineListSchema.parse((await call('GET', `/api/courses/${course.id}/modules`)).json());
    expect(after).toMatchObject([{ title: 'Fresh module', lessons: [{ title: 'Fresh slide' }] }]);
    await call('PATCH', `/api/courses/${course.id}`, owner, { title: 'Retitled' });
    expect((await call('GET', `/api/courses/${course.id}`)).json().title).toBe('Retitled');
  });
});

describe('dashboard figures', () => {
  it('counts net earnings, distinct students and live courses of this creator only', async () => {
    const creator = await createUser(t.db.db, { role: 'creator' });
    const paid = await createCourse(t.db.db, creator.id, { priceCents: 2500 });
    const free = await createCourse(t.db.db, creator.id, { priceCents: 0 });
    await createCourse(t.db.db, creator.id, { published: false });
    await createCourse(t.db.db, creator.id, { archived: true });
    const [s1, s2] = [await createUser(t.db.db), await createUser(t.db.db)];
    for (const s of [s1, s2]) await enroll(t.db.db, s.id, free.id);
    await enroll(t.db.db, s1.id, paid.id);
    await t.db.db.insert(payments).values([
      {
        userId: s1.id,
        courseId: paid.id,
        provider: 'test',
        providerPaymentId: `pi_${s1.id}`,
        amountCents: 2500,
        status: 'succeeded',
      },
      {
        userId: s2.id,
        courseId: paid.id,
        provider: 'test',
        providerPaymentId: `pi_${s2.id}`,
        amountCents: 2500,
        status: 'requires_payment_method',
      },
      {
        userId: s2.id,
        courseId: paid.id,
        provider: 'test',
        providerPaymentId: `pi_old_${s2.id}`,
        amountCents: 1000,
        status: 'succeeded',
        createdAt: new Date('2020-01-15T00:00:00Z'),
      },
    ]);
    // The ledger dates a sale when it succeeded: the old one was sold in 2020.
    const [old] = await t.db.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.providerPaymentId, `pi_old_${s2.id}`));
    await t.db.db
      .update(ledgerEntries)
      .set({ createdAt: new Date('2020-01-15T00:00:00Z') })
      .where(inArray(ledgerEntries.paymentId, [old?.id ?? '']));
    const stats = CreatorStatsSchema.parse((await call('GET', '/api/creator/stats', creator)).json());
    // Revenue is what the creator keeps, 80 % of 35.00 and of this month's 25.00.
    expect(stats).toEqual({ totalRevenue: '28.00', thisMonthRevenue: '20.00', totalStudents: 2, activeCourses: 2 });
    expect((await call('GET', '/api/creator/stats', student)).statusCode).toBe(403);

    const analytics = (await call('GET', `/api/creator/courses/${free.id}/analytics`, creator)).json();
    expect(analytics).toMatchObject({ courseId: free.id, totalEnrollments: 2, revenue: '0.00', completionRate: 0 });
    expect(analytics.enrollmentsByDay).toHaveLength(1);
    expect((await call('GET', `/api/creator/courses/${free.id}/analytics`, owner)).statusCode).toBe(403);

    const students = (await call('GET', `/api/creator/courses/${free.id}/students`, creator)).json();
    expect(students.map((s: { userId: string }) => s.userId).sort()).toEqual([s1.id, s2.id].sort());
    expect(students[0]).toMatchObject({ progress: 0 });
    expect((await call('GET', `/api/creator/courses/${free.id}/students`)).statusCode).toBe(401);

    // The list shows each course's own figures: students from the row, revenue its net.
    const list = CreatorCourseListSchema.parse((await call('GET', '/api/creator/courses', creator)).json());
    expect(list.find((c) => c.id === paid.id)).toMatchObject({ studentCount: 1, revenue: '28.00', rating: null });
    expect(list.find((c) => c.id === free.id)).toMatchObject({ studentCount: 2, revenue: '0.00', rating: null });
  });
});

describe('dashboard revenue and Earnings', () => {
  const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2031, cvc: '123' };
  async function buy(courseId: string): Promise<string> {
    const buyer = await createUser(t.db.db);
    const { paymentIntentId } = (await call('POST', '/api/create-payment-intent', buyer, { courseId })).json();
    expect((await call('POST', `/api/test-payments/${paymentIntentId}/confirm`, buyer, GOOD_CARD)).statusCode).toBe(200);
    const [payment] = await t.db.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.providerPaymentId, paymentIntentId));
    return payment?.id ?? '';
  }

  it('are one figure: Total Revenue and This Month are Earnings’ net, each course’s revenue its net', async () => {
    const creator = await createUser(t.db.db, { role: 'creator' });
    const deep = await createCourse(t.db.db, creator.id, { priceCents: 3999, title: 'Deep' });
    const wide = await createCourse(t.db.db, creator.id, { priceCents: 2499, title: 'Wide' });
    await buy(deep.id);
    const refunded = await buy(deep.id);
    const lastYear = await buy(wide.id);
    await buy(wide.id);
    await t.db.db.update(payments).set({ status: 'refunded' }).where(eq(payments.id, refunded));
    await t.db.db
      .update(ledgerEntries)
      .set({ createdAt: new Date('2020-03-01T00:00:00Z') })
      .where(eq(ledgerEntries.paymentId, lastYear));

    const earnings = (await call('GET', '/api/creator/earnings', creator)).json();
    const monthStart = `${new Date().toISOString().slice(0, 7)}-01`;
    const thisMonth = (await call('GET', `/api/creator/earnings?from=${monthStart}`, creator)).json();
    const stats = CreatorStatsSchema.parse((await call('GET', '/api/creator/stats', creator)).json());
    expect(stats.totalRevenue).toBe(earnings.net);
    expect(stats.thisMonthRevenue).toBe(thisMonth.net);
    // 39.99 + 24.99 + 24.99 kept, less 20 % fees (8.00 + 5.00 + 5.00).
    expect(earnings).toMatchObject({ gross: '129.96', refunds: '39.99', fees: '18.00', net: '71.97' });

    const list = CreatorCourseListSchema.parse((await call('GET', '/api/creator/courses', creator)).json());
    for (const course of earnings.byCourse as { courseId: string; net: string }[]) {
      expect(list.find((row) => row.id === course.courseId)?.revenue).toBe(course.net);
      const analytics = (await call('GET', `/api/creator/courses/${course.courseId}/analytics`, creator)).json();
      expect(analytics.revenue).toBe(course.net);
    }
  });
});

describe('hostile input', () => {
  it('refuses a megabyte body with 413 and deep nesting or absurd numbers with 400, changing nothing', async () => {
    const course = await newCourse();
    const url = `/api/courses/${course.id}`;
    const huge = await call('PATCH', url, owner, { description: `<p>${'x'.repeat(1_100_000)}</p>` });
    expect(huge.statusCode).toBe(413);
    const deep = await t.app.inject({
      method: 'PATCH',
      url,
      headers: { ...bearer(owner), 'content-type': 'application/json' },
      payload: `{"title": ${'['.repeat(50_000)}"deep"${']'.repeat(50_000)}}`,
    });
    expect(deep.statusCode).toBe(400);
    const module = await addModule(course.id);
    for (const order of [-1, 1e12, 0.5, '1', null]) {
      expect((await call('PATCH', `/api/modules/${module.id}`, owner, { order })).statusCode, String(order)).toBe(400);
    }
    const polluted = await t.app.inject({
      method: 'PATCH',
      url,
      headers: { ...bearer(owner), 'content-type': 'application/json' },
      payload: '{"__proto__": {"published": true}, "constructor": {"prototype": {"archived": true}}}',
    });
    expect(polluted.statusCode).toBeLessThan(500);
    const [stored] = await t.db.db.select().from(courses).where(eq(courses.id, course.id));
    expect(stored).toMatchObject({ title: course.title, published: false, archived: false });
  });

  it('names the field holding a control character in slides and questions', async () => {
    const course = await newCourse();
    const module = await addModule(course.id);
    const quiz = await addQuiz(course.id);
    const slide = await call('POST', `/api/modules/${module.id}/lessons`, owner, { title: 'Tab\there', type: 'text' });
    expect(slide.json().errors).toHaveProperty('title');
    const text = await call('POST', `/api/modules/${module.id}/lessons`, owner, {
      title: 'ok',
      type: 'text',
      content: '<p>a\u0000b</p>',
    });
    expect(text.json().errors).toHaveProperty('content');
    const question = await call('POST', `/api/quizzes/${quiz.id}/questions`, owner, {
      question: 'ok',
      optionA: 'a\u001b[31m',
      optionB: 'b',
      correctAnswer: 1,
    });
    expect(question.statusCode).toBe(400);
    expect(question.json().errors).toHaveProperty('optionA');
  });
});

describe('publishing with a safety net', () => {
  const checklistOf = async (courseId: string) =>
    PublishChecklistSchema.parse((await call('GET', `/api/courses/${courseId}/publish-checklist`, owner)).json());
  const state = (items: { key: string; ok: boolean; required: boolean }[]) =>
    Object.fromEntries(items.map((item) => [item.key, `${item.required ? 'required' : 'recommended'}:${item.ok}`]));

  it('lists what is missing or empty without refusing the publish', async () => {
    const course = await newCourse({ title: 'Empty paid course', price: '49.99' });
    const empty = await checklistOf(course.id);
    expect(empty.canPublish).toBe(true);
    expect(state(empty.items)).toEqual({
      title: 'required:true',
      description: 'recommended:false',
      thumbnail: 'recommended:false',
      content: 'recommended:false',
      price: 'required:true',
    });
    expect(empty.items.find((item) => item.key === 'price')?.detail).toBe('$49.99');
    expect(empty.items.find((item) => item.key === 'content')?.detail).toBe('Add a module and at least one slide to it');

    const quiz = await addQuiz(course.id, 'Checkpoint');
    const module = await addModule(course.id, 'Attention');
    const withEmptyParts = await checklistOf(course.id);
    expect(withEmptyParts.canPublish).toBe(true);
    expect(withEmptyParts.items.filter((item) => !item.ok).map((item) => [item.key, item.required, item.detail])).toEqual([
      ['description', false, 'Describe what students will learn (Edit Details)'],
      ['thumbnail', false, 'Upload a thumbnail image (Edit Details)'],
      ['content', false, 'Add a module and at least one slide to it'],
      [`module:${module.id}`, false, 'Add a slide to the module “Attention”'],
      [`quiz:${quiz.id}`, false, 'Add a question to the quiz “Checkpoint”'],
    ]);

    const published = await call('POST', `/api/courses/${course.id}/publish`, owner);
    expect(published.statusCode).toBe(200);
    expect((await call('GET', '/api/courses')).json().map((c: { id: string }) => c.id)).toContain(course.id);
  });

  it('names an archived course as the one thing that keeps it from publishing', async () => {
    const course = await newCourse({ title: 'Archived draft' });
    await call('DELETE', `/api/courses/${course.id}`, owner);
    const archived = await checklistOf(course.id);
    expect(archived.canPublish).toBe(false);
    expect(archived.items.filter((item) => item.required && !item.ok).map((item) => item.key)).toEqual(['archived']);
  });

  it('shows the checklist to the owner only', async () => {
    const course = await newCourse();
    const url = `/api/courses/${course.id}/publish-checklist`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, student)).statusCode).toBe(403);
    expect((await call('GET', url, otherCreator)).statusCode).toBe(403);
    expect((await call('GET', '/api/courses/00000000-0000-4000-8000-000000000000/publish-checklist', owner)).statusCode).toBe(
      404,
    );
  });

  it('unpublishes to a draft out of the catalogue at once while enrolled students keep the course', async () => {
    const course = await newCourse({ title: 'Soon to be unpublished' });
    const module = await addSlides(course.id);
    expect((await call('POST', `/api/courses/${course.id}/publish`, owner)).statusCode).toBe(200);
    const enrolled = await createUser(t.db.db);
    await enroll(t.db.db, enrolled.id, course.id);
    // Warm the caches the status change must reach.
    expect((await call('GET', '/api/courses')).json().map((c: { id: string }) => c.id)).toContain(course.id);
    expect((await call('GET', `/api/courses/${course.id}`, student)).statusCode).toBe(200);

    for (const [user, status] of [
      [undefined, 401],
      [student, 403],
      [enrolled, 403],
      [otherCreator, 403],
    ] as const) {
      expect((await call('POST', `/api/courses/${course.id}/unpublish`, user)).statusCode).toBe(status);
    }
    const unpublished = await call('POST', `/api/courses/${course.id}/unpublish`, owner);
    expect(unpublished.statusCode).toBe(200);
    expect(unpublished.json()).toMatchObject({ published: false, archived: false });

    expect((await call('GET', '/api/courses')).json().map((c: { id: string }) => c.id)).not.toContain(course.id);
    expect((await call('GET', `/api/courses/${course.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/courses/${course.id}`, student)).statusCode).toBe(404);
    expect((await call('GET', `/api/courses/${course.id}`, enrolled)).statusCode).toBe(200);
    expect((await call('GET', `/api/modules/${module.id}/lessons`, enrolled)).statusCode).toBe(200);
    const mine = (await call('GET', '/api/my-courses', enrolled)).json();
    expect(mine.map((c: { id: string }) => c.id)).toContain(course.id);
    // Nobody new can enroll in a draft.
    expect((await call('POST', '/api/enroll-free', student, { courseId: course.id })).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('restores an archived course to the marketplace, owner only', async () => {
    const course = await newCourse({ title: 'Archived then restored' });
    await addSlides(course.id);
    await call('POST', `/api/courses/${course.id}/publish`, owner);
    await call('DELETE', `/api/courses/${course.id}`, owner);
    expect((await call('GET', '/api/courses')).json().map((c: { id: string }) => c.id)).not.toContain(course.id);
    for (const [user, status] of [
      [undefined, 401],
      [student, 403],
      [otherCreator, 403],
    ] as const) {
      expect((await call('POST', `/api/courses/${course.id}/restore`, user)).statusCode).toBe(status);
    }
    const restored = await call('POST', `/api/courses/${course.id}/restore`, owner);
    expect(restored.json()).toMatchObject({ published: true, archived: false });
    expect((await call('GET', '/api/courses')).json().map((c: { id: string }) => c.id)).toContain(course.id);
  });
});

describe('editing questions', () => {
  const questionsOf = async (quizId: string) =>
    QuestionSchema.array().parse((await call('GET', `/api/quizzes/${quizId}/questions`, owner)).json());

  it('edits any field, keeps the options consistent, and moves a question by a swap', async () => {
    const course = await newCourse();
    const quiz = await addQuiz(course.id);
    const url = `/api/quizzes/${quiz.id}/questions`;
    const ids: string[] = [];
    for (const question of ['one', 'two', 'three']) {
      ids.push((await call('POST', url, owner, { question, optionA: 'a', optionB: 'b', correctAnswer: 1 })).json().id);
    }
    const edited = await call('PATCH', `/api/questions/${ids[0]}`, owner, {
      question: 'One, edited',
      optionC: 'c',
      correctAnswer: 3,
      explanation: '  C is right because it is the third.  ',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      question: 'One, edited',
      optionC: 'c',
      correctAnswer: 3,
      explanation: 'C is right because it is the third.',
    });

    // Clearing option C while it is the answer is refused, naming the field, and changes nothing.
    const refused = await call('PATCH', `/api/questions/${ids[0]}`, owner, { optionC: '' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toHaveProperty('correctAnswer');
    expect((await questionsOf(quiz.id))[0]).toMatchObject({ optionC: 'c', correctAnswer: 3 });
    expect((await call('PATCH', `/api/questions/${ids[1]}`, owner, { optionD: 'd' })).statusCode).toBe(400);

    expect((await call('PATCH', `/api/questions/${ids[2]}`, owner, { order: 1 })).statusCode).toBe(200);
    expect((await questionsOf(quiz.id)).map((q) => `${q.order}:${q.question}`)).toEqual(['0:One, edited', '1:three', '2:two']);
    expect((await call('PATCH', `/api/questions/${ids[0]}`, owner, { order: 99 })).statusCode).toBe(200);
    expect((await questionsOf(quiz.id)).map((q) => q.question)).toEqual(['two', 'three', 'One, edited']);

    for (const [user, status] of [
      [undefined, 401],
      [student, 403],
      [otherCreator, 403],
    ] as const) {
      expect((await call('PATCH', `/api/questions/${ids[0]}`, user, { question: 'Hijacked' })).statusCode).toBe(status);
    }
    expect((await call('PATCH', '/api/questions/not-an-id', owner, { question: 'x' })).statusCode).toBe(404);
  });

  it('gives learners the explanation only after they answer', async () => {
    const course = await newCourse();
    await addSlides(course.id);
    const quiz = await addQuiz(course.id);
    const created = await call('POST', `/api/quizzes/${quiz.id}/questions`, owner, {
      question: 'What scales the dot products?',
      optionA: 'The batch size',
      optionB: 'The square root of the key dimension',
      correctAnswer: 2,
      explanation: 'Dividing by √d keeps the softmax out of its flat regions.',
    });
    expect(created.json()).toMatchObject({ explanation: 'Dividing by √d keeps the softmax out of its flat regions.' });
    await call('POST', `/api/courses/${course.id}/publish`, owner);
    const learner = await createUser(t.db.db);
    await enroll(t.db.db, learner.id, course.id);
    const listed = (await call('GET', `/api/quizzes/${quiz.id}/questions`, learner)).json();
    expect(listed[0]).not.toHaveProperty('explanation');
    const attempt = (await call('POST', `/api/quizzes/${quiz.id}/attempts`, learner)).json();
    const answer = await call('POST', `/api/quiz-attempts/${attempt.id}/answers`, learner, {
      questionId: created.json().id,
      selectedOption: 1,
    });
    expect(AnswerResultSchema.parse(answer.json())).toEqual({
      correct: false,
      correctAnswer: 2,
      explanation: 'Dividing by √d keeps the softmax out of its flat regions.',
    });
  });
});
