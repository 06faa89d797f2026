import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quizQuestions } from '#db/schema/index';
import { addContent, bearer, createCourse, createUser, enroll, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';

let t: TestApp;
let creator: TestUser;
let student: TestUser;
let enrolled: TestUser;
let courseId: string;
let lessonIds: string[];
let quizId: string;
let questionId: string;

beforeAll(async () => {
  t = await createTestApp();
  creator = await createUser(t.db.db, { role: 'creator' });
  student = await createUser(t.db.db);
  enrolled = await createUser(t.db.db, { name: 'Zoë Ångström-Łukasiewicz' });
  const course = await createCourse(t.db.db, creator.id, { title: 'Deep Learning: From Perceptrons to Transformers' });
  courseId = course.id;
  const content = await addContent(t.db.db, courseId, { lessonCount: 2, quizCount: 1 });
  lessonIds = content.lessons.map((lesson) => lesson.id);
  quizId = content.quizzes[0]?.id ?? '';
  const [question] = await t.db.db
    .insert(quizQuestions)
    .values({ quizId, question: 'Q?', optionA: 'right', optionB: 'wrong', correctAnswer: 1 })
    .returning();
  questionId = question?.id ?? '';
  await enroll(t.db.db, enrolled.id, courseId);
});
afterAll(() => t.close());

const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user ? bearer(user) : {} });
const post = (url: string, user: TestUser, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(user), payload });

describe('certificates', () => {
  it('are earned by completing every lesson and passing every quiz, issued once, and verifiable by anyone', async () => {
    const eligibleUrl = `/api/courses/${courseId}/certificate/eligible`;
    expect((await get(eligibleUrl)).statusCode).toBe(401);
    expect((await get(eligibleUrl, student)).statusCode).toBe(403);
    expect((await get(eligibleUrl, creator)).statusCode).toBe(403);
    expect((await get(eligibleUrl, enrolled)).json()).toEqual({ eligible: false });
    expect((await get(`/api/courses/${courseId}/certificate`, enrolled)).statusCode).toBe(403);

    for (const lessonId of lessonIds) await post('/api/progress', enrolled, { lessonId });
    expect((await get(eligibleUrl, enrolled)).json()).toEqual({ eligible: false });
    const attempt = (await post(`/api/quizzes/${quizId}/attempts`, enrolled, {})).json();
    await post(`/api/quiz-attempts/${attempt.id}/answers`, enrolled, { questionId, selectedOption: 1 });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/quiz-attempts/${attempt.id}/complete`,
      headers: bearer(enrolled),
      payload: {},
    });
    expect((await get(eligibleUrl, enrolled)).json()).toEqual({ eligible: true });

    const started = performance.now();
    const pdf = await get(`/api/courses/${courseId}/certificate`, enrolled);
    const renderMs = performance.now() - started;
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      'attachment; filename="certificate-deep-learning-from-perceptrons-to-transformers.pdf"',
    );
    expect(pdf.headers['cache-control']).toBe('no-store');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    if (process.env.CERTIFICATE_PDF_OUT) writeFileSync(process.env.CERTIFICATE_PDF_OUT, pdf.rawPayload);
    console.log(`certificate PDF: ${pdf.rawPayload.length} bytes in ${renderMs.toFixed(0)} ms (first render, fonts loaded)`);

    const id = pdf.headers['x-certificate-id'] as string;
    const again = await get(`/api/courses/${courseId}/certificate`, enrolled);
    expect(again.headers['x-certificate-id']).toBe(id);

    const verified = await get(`/api/certificates/${id}`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      id,
      courseId,
      studentName: 'Zoë Ångström-Łukasiewicz',
      courseTitle: 'Deep Learning: From Perceptrons to Transformers',
    });
    expect((await get('/api/certificates/00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/certificates/not-an-id')).statusCode).toBe(404);
  });
});
