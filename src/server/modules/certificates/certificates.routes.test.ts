import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quizQuestions, users } from '#db/schema/index';
import { addContent, bearer, createCourse, createUser, enroll, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';
import { hasPdftoppm, readPdfQrCode } from '#tests/helpers/pdf-qr';
import { pdfTextLines } from '#tests/helpers/pdf-text';
import { createLocalDiskStore } from '../../lib/object-store/local-disk-store';
import type { ObjectStore } from '../../lib/object-store/object-store';

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

  const canRender = hasPdftoppm();
  if (!canRender) console.warn('Skipping the QR code test: pdftoppm (poppler-utils) is not installed');
  it.skipIf(!canRender)('carry a QR code that a camera reads as the verification page', async () => {
    const pdf = await get(`/api/courses/${courseId}/certificate`, enrolled);
    expect(pdf.statusCode).toBe(200);
    const id = pdf.headers['x-certificate-id'] as string;
    const keepAs = process.env.CERTIFICATE_PNG_OUT;
    expect(readPdfQrCode(pdf.rawPayload, keepAs ? { keepAs } : {})).toBe(`${t.app.config.publicUrl}/certificates/${id}`);
    expect(await pdfTextLines(pdf.rawPayload)).toContain('Scan to verify');
  });
});

describe('the certificate PDF', () => {
  let puts: string[];
  let store: ObjectStore;
  let first: TestApp;
  let storeDir: string;
  let courseId: string;
  let lessonIds: string[];
  let quizId: string;
  let questionId: string;

  /** Every write goes through here, so a test can count the PDFs drawn. */
  function countingStore(inner: ObjectStore): ObjectStore {
    return {
      ...inner,
      put: (input) => {
        puts.push(input.key);
        return inner.put(input);
      },
    };
  }
  const drawn = () => puts.filter((key) => key.startsWith('certificates/'));

  beforeAll(async () => {
    puts = [];
    storeDir = mkdtempSync(path.join(os.tmpdir(), 'ga-certificates-'));
    store = countingStore(createLocalDiskStore({ root: storeDir }));
    first = await createTestApp({ objectStore: store });
    const owner = await createUser(first.db.db, { role: 'creator' });
    const course = await createCourse(first.db.db, owner.id, { title: 'Kept Certificates 101' });
    courseId = course.id;
    const content = await addContent(first.db.db, courseId, { lessonCount: 1, quizCount: 1 });
    lessonIds = content.lessons.map((lesson) => lesson.id);
    quizId = content.quizzes[0]?.id ?? '';
    const [question] = await first.db.db
      .insert(quizQuestions)
      .values({ quizId, question: 'Q?', optionA: 'right', optionB: 'wrong', correctAnswer: 1 })
      .returning();
    questionId = question?.id ?? '';
  });
  afterAll(async () => {
    await first?.close();
    rmSync(storeDir, { recursive: true, force: true });
  });

  /** A student of the course who has completed it, as the learner page does. */
  async function graduate(app: TestApp['app']) {
    const student = await createUser(first.db.db);
    await enroll(first.db.db, student.id, courseId);
    const call = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      app.inject({ method, url, headers: bearer(student), payload });
    for (const lessonId of lessonIds) await call('POST', '/api/progress', { lessonId });
    const attempt = (await call('POST', `/api/quizzes/${quizId}/attempts`, {})).json();
    await call('POST', `/api/quiz-attempts/${attempt.id}/answers`, { questionId, selectedOption: 1 });
    expect((await call('PATCH', `/api/quiz-attempts/${attempt.id}/complete`, {})).statusCode).toBe(200);
    return student;
  }
  const download = (app: TestApp['app'], student: TestUser, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `/api/courses/${courseId}/certificate`, headers: { ...bearer(student), ...headers } });

  it('is drawn once for downloads that arrive together, kept, and served from the store ever after', async () => {
    const student = await graduate(first.app);
    const together = await Promise.all(Array.from({ length: 5 }, () => download(first.app, student)));
    for (const response of together) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.rawPayload.equals(together[0]?.rawPayload as Buffer)).toBe(true);
    }
    expect(drawn()).toHaveLength(1);
    const id = together[0]?.headers['x-certificate-id'] as string;
    expect(drawn()).toEqual([`certificates/${id}.pdf`]);

    // Renamed since: the certificate keeps the name of its day, and nothing is drawn again.
    await first.db.db.update(users).set({ name: 'Someone Else' }).where(eq(users.id, student.id));
    const later = await download(first.app, student);
    expect(later.statusCode).toBe(200);
    expect(later.rawPayload.equals(together[0]?.rawPayload as Buffer)).toBe(true);
    expect(later.headers['content-length']).toBe(String(later.rawPayload.length));
    expect(drawn()).toHaveLength(1);
  });

  it('answers 304 to its ETag', async () => {
    const student = await graduate(first.app);
    const pdf = await download(first.app, student);
    const etag = pdf.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await download(first.app, student, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await download(first.app, student, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('is served by another instance on the same database and store without drawing it again', async () => {
    const student = await graduate(first.app);
    const pdf = await download(first.app, student);
    const id = pdf.headers['x-certificate-id'] as string;
    expect(await store.stat(`certificates/${id}.pdf`)).not.toBeNull();
    const before = drawn().length;
    const second = await createTestApp({ db: first.db, objectStore: store });
    try {
      const elsewhere = await download(second.app, student);
      expect(elsewhere.statusCode).toBe(200);
      expect(elsewhere.rawPayload.equals(pdf.rawPayload)).toBe(true);
      expect(elsewhere.headers.etag).toBe(pdf.headers.etag);
      expect(drawn()).toHaveLength(before);
    } finally {
      await second.close();
    }
  });

  it('is not served at /objects/…, which serves uploads only', async () => {
    const student = await graduate(first.app);
    const id = (await download(first.app, student)).headers['x-certificate-id'] as string;
    expect(await store.stat(`certificates/${id}.pdf`)).not.toBeNull();
    const response = await first.app.inject({ method: 'GET', url: `/objects/certificates/${id}.pdf` });
    expect(response.statusCode).toBe(404);
  });
});
