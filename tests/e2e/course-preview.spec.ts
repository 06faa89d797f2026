import type { APIRequestContext } from '@playwright/test';
import { mp4Bytes, PNG_BYTES } from '../helpers/media-bytes';
import { expect, test } from './fixtures';

/*
 * The read-only preview of a course, built through the API: every section in order, lessons with
 * Previous/Next (text, image, video and their missing media), the quizzes' correct answers, each
 * empty message, and nobody but the course's creator getting in.
 */

type Api = { request: APIRequestContext; headers: Record<string, string> };

async function post<T>({ request, headers }: Api, url: string, data: unknown): Promise<T> {
  const response = await request.post(url, { headers, data });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(201);
  return (await response.json()) as T;
}

/** The real upload flow: a one-time address, the raw bytes, then the stored object path. */
async function upload(api: Api, kind: 'image' | 'video', body: Buffer, contentType: string): Promise<string> {
  const grant = await api.request.post('/api/objects/upload', { headers: api.headers, data: { kind } });
  expect(grant.ok(), await grant.text()).toBe(true);
  const { uploadURL } = (await grant.json()) as { uploadURL: string };
  const put = await api.request.put(uploadURL, { headers: { ...api.headers, 'Content-Type': contentType }, data: body });
  expect(put.ok(), await put.text()).toBe(true);
  const saved = await api.request.put('/api/course-thumbnails', { headers: api.headers, data: { thumbnailURL: uploadURL } });
  expect(saved.ok(), await saved.text()).toBe(true);
  return ((await saved.json()) as { objectPath: string }).objectPath;
}

async function createCourse(api: Api, title: string) {
  return post<{ id: string }>(api, '/api/courses', {
    title,
    description: '<p>How <strong>attention</strong> replaced recurrence.</p>',
    price: '0',
    difficulty: 'Beginner',
    duration: '1 hour',
  });
}

async function buildCourse(api: Api) {
  const course = await createCourse(api, 'Transformers, Previewed');
  const foundations = await post<{ id: string }>(api, `/api/courses/${course.id}/modules`, { title: 'Foundations', order: 0 });
  const lessons = `/api/modules/${foundations.id}/lessons`;
  await post(api, lessons, {
    title: 'What is attention?',
    type: 'text',
    content: '<p>Attention <strong>weighs</strong> tokens.</p>',
  });
  await post(api, lessons, { title: 'The diagram', type: 'image', imageUrl: await upload(api, 'image', PNG_BYTES, 'image/png') });
  await post(api, lessons, {
    title: 'The lecture',
    type: 'video',
    videoUrl: await upload(api, 'video', mp4Bytes(512), 'video/mp4'),
  });
  await post(api, lessons, { title: 'A missing figure', type: 'image' });
  await post(api, lessons, { title: 'A missing lecture', type: 'video' });
  const checkpoint = await post<{ id: string }>(api, `/api/courses/${course.id}/quizzes`, { title: 'Checkpoint', order: 1 });
  await post(api, `/api/quizzes/${checkpoint.id}/questions`, {
    question: 'What does a softmax return?',
    optionA: 'A sorted list',
    optionB: 'A hash',
    optionC: 'A probability distribution',
    optionD: 'An integer',
    correctAnswer: 3,
  });
  await post(api, `/api/quizzes/${checkpoint.id}/questions`, {
    question: 'Transformers need recurrence.',
    optionA: 'True',
    optionB: 'False',
    correctAnswer: 2,
  });
  await post(api, `/api/courses/${course.id}/modules`, { title: 'Coming soon', order: 2 });
  await post(api, `/api/courses/${course.id}/quizzes`, { title: 'Final exam', order: 3 });
  return course.id;
}

test('the creator previews every section, lesson and correct answer', async ({ page, loginAs }) => {
  test.setTimeout(60_000);
  const { token } = await loginAs('creator');
  const courseId = await buildCourse({ request: page.request, headers: { Authorization: `Bearer ${token}` } });

  await page.goto(`/course/${courseId}/preview`);
  await expect(page.getByText('Preview Mode')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Transformers, Previewed' })).toBeVisible();
  await expect(page.locator('header strong', { hasText: 'attention' })).toBeVisible();
  // No top navigation bar on the preview (docs/product.md, Pages, addresses and the header).
  await expect(page.getByPlaceholder('Search courses...')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

  const sections = page.getByRole('navigation', { name: 'Course sections' }).getByRole('button');
  await expect(sections).toHaveText([
    /^1\. Foundations.*Module · 5 lessons$/,
    /^2\. Checkpoint.*Quiz · 2 questions$/,
    /^3\. Coming soon.*Module · 0 lessons$/,
    /^4\. Final exam.*Quiz · 0 questions$/,
  ]);
  // The first section is selected on arrival.
  await expect(sections.first()).toHaveAttribute('aria-current', 'true');

  const lessonNav = page.getByRole('navigation', { name: 'Lessons' });
  const previous = lessonNav.getByRole('button', { name: 'Previous' });
  const next = lessonNav.getByRole('button', { name: 'Next' });
  await expect(page.getByRole('heading', { name: 'What is attention?' })).toBeVisible();
  await expect(page.getByText('Lesson 1 of 5')).toBeVisible();
  await expect(page.locator('.rich-text strong', { hasText: 'weighs' })).toBeVisible();
  await expect(previous).toBeDisabled();
  await next.click();
  await expect(page.getByRole('img', { name: 'The diagram' })).toHaveJSProperty('naturalWidth', 1);
  await next.click();
  await expect(page.getByText('Lesson 3 of 5')).toBeVisible();
  await expect(page.locator('video[controls]')).toHaveAttribute('src', /^\/objects\//);
  await next.click();
  await expect(page.getByText('No image available for this lesson.')).toBeVisible();
  await next.click();
  await expect(page.getByText('No video URL available for this lesson.')).toBeVisible();
  await expect(next).toBeDisabled();
  await previous.click();
  await expect(page.getByRole('heading', { name: 'A missing figure' })).toBeVisible();

  // The quiz: every question with all its options, the correct one highlighted.
  await sections.nth(1).click();
  await expect(sections.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(page.getByText('What does a softmax return?')).toBeVisible();
  await expect(page.getByText('Transformers need recurrence.')).toBeVisible();
  const first = page.getByRole('list', { name: 'Options of question 1' }).getByRole('listitem');
  const second = page.getByRole('list', { name: 'Options of question 2' }).getByRole('listitem');
  await expect(first).toHaveText(['A. A sorted list', 'B. A hash', 'C. A probability distribution (Correct)', 'D. An integer']);
  await expect(second).toHaveText(['A. True', 'B. False (Correct)']);
  await expect(first.nth(2)).toHaveClass(/bg-success-muted/);
  await expect(second.nth(1)).toHaveClass(/bg-success-muted/);
  await expect(first.nth(0)).not.toHaveClass(/bg-success-muted/);

  await sections.nth(2).click();
  await expect(page.getByText('No lessons in this module yet.')).toBeVisible();
  await sections.nth(3).click();
  await expect(page.getByText('No questions have been added to this quiz yet.')).toBeVisible();
  // Arrow keys move between sections.
  await sections.nth(3).press('ArrowUp');
  await expect(page.getByText('No lessons in this module yet.')).toBeVisible();
  await expect(sections.nth(2)).toBeFocused();
});

test('an empty course asks for a section, and a failed outline says so', async ({ page, loginAs }) => {
  const { token } = await loginAs('creator');
  const api = { request: page.request, headers: { Authorization: `Bearer ${token}` } };
  const empty = await createCourse(api, 'Nothing here yet');
  await page.goto(`/course/${empty.id}/preview`);
  await expect(page.getByRole('heading', { name: 'Nothing here yet' })).toBeVisible();
  await expect(page.getByText('Select a section to preview its content')).toBeVisible();

  await page.route('**/api/preview/courses/*/modules', (route) => route.fulfill({ status: 503, body: '' }));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Nothing here yet' })).toBeVisible();
  await expect(page.getByText('Failed to load course content')).toBeVisible();
  await page.unroute('**/api/preview/courses/*/modules');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Select a section to preview its content')).toBeVisible();
});

test('another creator and a student get an error, never the content', async ({ page, loginAs }) => {
  const owner = await loginAs('creator');
  const courseId = await buildCourse({ request: page.request, headers: { Authorization: `Bearer ${owner.token}` } });

  const other = await loginAs('creator');
  await page.goto(`/course/${courseId}/preview`);
  await expect(page.getByText('Course not found')).toBeVisible();
  await expect(page.getByText('Transformers, Previewed')).toHaveCount(0);
  await expect(page.getByText('What is attention?')).toHaveCount(0);
  const asOther = await page.request.get(`/api/preview/courses/${courseId}/modules`, {
    headers: { Authorization: `Bearer ${other.token}` },
  });
  expect(asOther.status()).toBe(403);

  await loginAs('student');
  await page.goto(`/course/${courseId}/preview`);
  await expect(page.getByText('This page is for creators only.')).toBeVisible();
  await expect(page.getByText('Transformers, Previewed')).toHaveCount(0);
  await expect(page.getByText('Preview Mode')).toHaveCount(0);

  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto(`/course/${courseId}/preview`);
  // A guest goes to the creators' sign-in, which brings them back to the preview afterwards.
  await expect(page).toHaveURL(`/creator?next=${encodeURIComponent(`/course/${courseId}/preview`)}`);
});

test("the creator's own course page offers editing and the preview, never enrolling", async ({ page, loginAs }) => {
  const { token } = await loginAs('creator');
  const course = await createCourse({ request: page.request, headers: { Authorization: `Bearer ${token}` } }, 'My Own Course');

  await page.goto(`/course/${course.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'My Own Course' })).toBeVisible();
  const enrollment = page.getByRole('complementary', { name: 'Enrollment' });
  await expect(enrollment.getByText('You created this course.')).toBeVisible();
  await expect(enrollment.getByRole('button', { name: /Enroll/ })).toHaveCount(0);
  await expect(enrollment.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(enrollment.getByRole('link', { name: 'Edit Course' })).toHaveAttribute(
    'href',
    `/creator/courses/${course.id}/build`,
  );

  await enrollment.getByRole('link', { name: 'Preview Course' }).click();
  await expect(page).toHaveURL(new RegExp(`/course/${course.id}/preview$`));
  await expect(page.getByText('Preview Mode')).toBeVisible();
});
