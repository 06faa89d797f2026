import type { APIRequestContext, Page } from '@playwright/test';
import { mp4Bytes } from '../helpers/media-bytes';
import { AxeReport, useStableRendering } from './axe-scanner';
import { type Account, type Api, apiAs, expect, signUpViaApi, test } from './fixtures';

/*
 * Issue 22 on the Learn page: it resumes at the first unfinished item and every slide and quiz has its
 * own address, drawn by the server (1); Mark as Complete is a toggle, a video counts only once watched
 * and a slide that failed to load never counts (2); a skip link, focus that follows the lesson picked
 * and the quiz's steps (8); and on a phone the outline sits above the lesson and choosing an item
 * brings the lesson into view (7).
 */

// Several page loads each, on a machine shared with other runs.
test.describe.configure({ timeout: 90_000 });

type Course = {
  courseId: string;
  lessons: { id: string; title: string; text: string }[];
  secondModuleLesson: { id: string; title: string };
  videoLessonId: string;
  quizId: string;
};

async function uploadVideo(request: APIRequestContext, token: string): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const grant = await request.post('/api/objects/upload', { headers, data: { kind: 'video' } });
  const { uploadURL } = (await grant.json()) as { uploadURL: string };
  const put = await request.put(uploadURL, { headers: { ...headers, 'Content-Type': 'video/mp4' }, data: mp4Bytes(512) });
  expect(put.ok(), await put.text()).toBe(true);
  const saved = await request.put('/api/course-thumbnails', { headers, data: { thumbnailURL: uploadURL } });
  return ((await saved.json()) as { objectPath: string }).objectPath;
}

/** A free course: three text slides, a quiz of two questions, then a module with a text and a video slide. */
async function publishCourse(request: APIRequestContext): Promise<Course> {
  const creator = await signUpViaApi(request, 'creator', 'Tess Teacher');
  const api = apiAs(request, creator.token);
  const course = await api('POST', '/api/courses', {
    title: `Resumable ${Date.now()}`,
    description: '<p>Learn by doing.</p>',
    price: '0',
  });
  const first = await api('POST', `/api/courses/${course.id}/modules`, { title: 'Foundations' });
  const lessons: Course['lessons'] = [];
  for (const [title, text] of [
    ['Tensors', 'A tensor is an array with any number of axes.'],
    ['Gradients', 'A gradient points uphill.'],
    ['Optimisers', 'An optimiser walks downhill.'],
  ] as const) {
    const lesson = await api('POST', `/api/modules/${first.id}/lessons`, { title, type: 'text', content: `<p>${text}</p>` });
    lessons.push({ id: lesson.id, title, text });
  }
  const quiz = await api('POST', `/api/courses/${course.id}/quizzes`, { title: 'Check yourself' });
  await api('POST', `/api/quizzes/${quiz.id}/questions`, {
    question: 'Which way does a gradient point?',
    optionA: 'Uphill',
    optionB: 'Downhill',
    correctAnswer: 1,
  });
  await api('POST', `/api/quizzes/${quiz.id}/questions`, {
    question: 'What walks downhill?',
    optionA: 'A tensor',
    optionB: 'An optimiser',
    correctAnswer: 2,
  });
  const second = await api('POST', `/api/courses/${course.id}/modules`, { title: 'Practice' });
  const secondModuleLesson = await api('POST', `/api/modules/${second.id}/lessons`, {
    title: 'Training loops',
    type: 'text',
    content: '<p>Loop, measure, adjust.</p>',
  });
  const video = await api('POST', `/api/modules/${second.id}/lessons`, {
    title: 'Watch a model learn',
    type: 'video',
    videoUrl: await uploadVideo(request, creator.token),
  });
  await api('POST', `/api/courses/${course.id}/publish`, {});
  return {
    courseId: course.id,
    lessons,
    secondModuleLesson: { id: secondModuleLesson.id, title: 'Training loops' },
    videoLessonId: video.id,
    quizId: quiz.id,
  };
}

async function enrolledStudent(request: APIRequestContext, courseId: string): Promise<{ student: Account; api: Api }> {
  const student = await signUpViaApi(request, 'student', 'Lena Learner');
  const api = apiAs(request, student.token);
  await api('POST', '/api/enroll-free', { courseId });
  return { student, api };
}

/** Signed in the way the app is: the token in storage and the page-session cookie the server draws for. */
async function signIn(page: Page, token: string, baseURL: string) {
  await page.context().addInitScript((value) => localStorage.setItem('token', value), token);
  await page.context().addCookies([{ name: 'ga_session', value: token, url: baseURL }]);
}

type Progress = { percent: number; lessons: { lessonId: string; completed: boolean }[]; videoCompletePercent: number };
const progressOf = (api: Api, courseId: string) => api<Progress>('GET', `/api/courses/${courseId}/progress`);
const isCompleted = (progress: Progress, lessonId: string) =>
  progress.lessons.find((lesson) => lesson.lessonId === lessonId)?.completed ?? false;

test('Learn resumes at the first unfinished slide, and every slide and quiz has its own address, drawn by the server', async ({
  page,
  request,
  baseURL,
}) => {
  const course = await publishCourse(request);
  const { student, api } = await enrolledStudent(request, course.courseId);
  const [tensors, gradients, optimisers] = course.lessons as [Course['lessons'][0], Course['lessons'][0], Course['lessons'][0]];
  await api('POST', '/api/progress', { lessonId: tensors.id, completed: true });

  // The server draws the slide of an address, and the quiz of one, before any script runs.
  const drawn = await request.get(`/course/${course.courseId}/learn/${optimisers.id}`, {
    headers: { cookie: `ga_session=${student.token}` },
  });
  expect(drawn.status()).toBe(200);
  const html = await drawn.text();
  // The drawn heading (the page's data, sent along, holds the whole module).
  const drawnHeading = (title: string) => new RegExp(`<h2[^>]*>${title}</h2>`);
  expect(html).toMatch(drawnHeading(optimisers.title));
  expect(html).not.toMatch(drawnHeading(tensors.title));
  const resumed = await request.get(`/course/${course.courseId}/learn`, { headers: { cookie: `ga_session=${student.token}` } });
  expect(await resumed.text()).toMatch(drawnHeading(gradients.title));

  await signIn(page, student.token, baseURL ?? '');
  await page.goto(`/course/${course.courseId}/learn`);
  await expect(page.getByRole('heading', { name: gradients.title })).toBeVisible();
  await expect(page.getByText(gradients.text)).toBeVisible();
  // Completing the resumed slide (after its second) does not move the learner on.
  await expect(page.getByRole('button', { name: 'Mark as Incomplete' })).toBeVisible({ timeout: 5000 });
  await expect(page.getByRole('heading', { name: gradients.title })).toBeVisible();

  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/course/${course.courseId}/learn/${optimisers.id}$`));
  await expect(page.getByRole('heading', { name: optimisers.title })).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/learn/${course.quizId}$`));
  await expect(page.getByRole('heading', { name: 'Check yourself' })).toBeVisible();
  await expect(page).toHaveTitle(/Check yourself/);

  // The back button walks the same way back.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/learn/${optimisers.id}$`));
  await expect(page.getByRole('heading', { name: optimisers.title })).toBeVisible();

  // A bookmarked address opens its slide; a quiz's too.
  await page.goto(`/course/${course.courseId}/learn/${tensors.id}`);
  await expect(page.getByRole('heading', { name: tensors.title })).toBeVisible();
  await page.goto(`/course/${course.courseId}/learn/${course.quizId}`);
  await expect(page.getByText('Which way does a gradient point?')).toBeVisible();
});

test('Mark as Complete is a toggle; a video never played and a slide that failed to load are not counted', async ({
  page,
  request,
  baseURL,
}) => {
  const course = await publishCourse(request);
  const { student, api } = await enrolledStudent(request, course.courseId);
  const [tensors] = course.lessons as [Course['lessons'][0]];
  expect((await progressOf(api, course.courseId)).videoCompletePercent).toBe(90);
  await signIn(page, student.token, baseURL ?? '');

  // A text slide still completes itself after a second (docs/product.md, Learning), and the toggle undoes it for good.
  await page.goto(`/course/${course.courseId}/learn/${tensors.id}`);
  const undo = page.getByRole('button', { name: 'Mark as Incomplete' });
  await expect(undo).toBeVisible({ timeout: 5000 });
  await expect(page.getByText('17%')).toBeVisible();
  await undo.click();
  await expect(page.getByRole('button', { name: 'Mark as Complete' })).toBeEnabled();
  await expect(page.getByText('0%', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Lesson marked as not complete.' })).toBeAttached();
  await page.waitForTimeout(1500);
  expect(isCompleted(await progressOf(api, course.courseId), tensors.id)).toBe(false);
  await page.getByRole('button', { name: 'Mark as Complete' }).click();
  await expect(undo).toBeVisible();
  expect(isCompleted(await progressOf(api, course.courseId), tensors.id)).toBe(true);

  // A video slide open for seconds but never played is not complete.
  await page.goto(`/course/${course.courseId}/learn/${course.videoLessonId}`);
  await expect(page.getByRole('heading', { name: 'Watch a model learn' })).toBeVisible();
  await expect(page.locator('video')).toBeAttached();
  await page.waitForTimeout(2500);
  expect(isCompleted(await progressOf(api, course.courseId), course.videoLessonId)).toBe(false);
  await expect(page.getByRole('button', { name: 'Mark as Complete' })).toBeEnabled();

  // A slide whose content could not be fetched is never marked, and cannot be marked by hand.
  await page.goto(`/course/${course.courseId}/learn/${tensors.id}`);
  await page.route('**/api/modules/*/lessons', (route) => route.abort());
  await page.getByRole('button', { name: 'Training loops' }).click();
  await expect(page.getByText('The lesson could not be loaded.')).toBeVisible();
  await page.waitForTimeout(2000);
  expect(isCompleted(await progressOf(api, course.courseId), course.secondModuleLesson.id)).toBe(false);
  await expect(page.getByRole('button', { name: 'Mark as Complete' })).toBeDisabled();
});

test('keyboard: a skip link, focus follows the lesson picked, and the quiz moves focus to its next step', async ({
  page,
  request,
  baseURL,
}) => {
  const course = await publishCourse(request);
  const { student } = await enrolledStudent(request, course.courseId);
  const [tensors, gradients] = course.lessons as [Course['lessons'][0], Course['lessons'][0]];
  await signIn(page, student.token, baseURL ?? '');
  await page.goto(`/course/${course.courseId}/learn/${tensors.id}`);

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to lesson' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#lesson')).toBeFocused();

  await page.getByRole('button', { name: gradients.title }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: gradients.title })).toBeVisible();
  await expect(page.locator('#lesson')).toBeFocused();

  await page.getByRole('button', { name: 'Check yourself' }).click();
  await page.getByRole('radio', { name: /Uphill/ }).check();
  await page.getByRole('button', { name: 'Submit Answer' }).click();
  const next = page.getByRole('button', { name: 'Next Question' });
  await expect(next).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'What walks downhill?' })).toBeFocused();
  // Tab from the question reaches its options, then Submit once one is picked.
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Submit Answer' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Complete Quiz' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your score')).toBeFocused();
});

test('on a phone the outline sits above the lesson, folded, and choosing an item brings the lesson into view (axe clean)', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const course = await publishCourse(request);
  const { student } = await enrolledStudent(request, course.courseId);
  await signIn(page, student.token, baseURL ?? '');
  await useStableRendering(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/course/${course.courseId}/learn`);

  const outlineToggle = page.getByRole('button', { name: 'Course content' });
  await expect(outlineToggle).toHaveAttribute('aria-expanded', 'false');
  const lessonHeading = page.getByRole('heading', { name: 'Tensors' });
  const toggleBox = await outlineToggle.boundingBox();
  const lessonBox = await lessonHeading.boundingBox();
  expect(toggleBox && lessonBox && toggleBox.y < lessonBox.y).toBe(true);
  await expect(page.getByRole('button', { name: 'Training loops' })).toBeHidden();

  await outlineToggle.click();
  await page.getByRole('button', { name: 'Training loops' }).click();
  const heading = page.getByRole('heading', { name: 'Training loops' });
  await expect(heading).toBeInViewport();
  await expect(page.locator('#lesson')).toBeFocused();
  await expect(outlineToggle).toHaveAttribute('aria-expanded', 'false');

  const report = new AxeReport('student');
  await report.scan(page, 'learn (resumed)', page.getByRole('heading', { name: 'Training loops' }));
  await outlineToggle.click();
  await report.scan(page, 'learn, outline open', page.getByRole('button', { name: 'Watch a model learn' }));
  report.expectNoViolations();
});
