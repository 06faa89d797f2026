import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { AxeReport, useStableRendering } from './axe-scanner';
import { apiAs, expect, expectNoSidewaysScroll, readOutboxMail, signUpViaApi, test, waitForAppOnLoad } from './fixtures';

/*
 * Pacing (docs/product.md, Pacing): Learn shows a locked module's opening date and a module behind a
 * quiz with the quiz to pass, instead of its content; passing the quiz opens it.
 */

test.describe.configure({ timeout: 120_000 });

const SHOTS = '/tmp/pacing-shots';
const OPENING = '2031-03-14';

async function pacedCourse(request: APIRequestContext) {
  const creator = await signUpViaApi(request, 'creator', 'Paula Pacer');
  const api = apiAs(request, creator.token);
  const course = await api('POST', '/api/courses', {
    title: `Paced ${Date.now()}`,
    description: '<p>One step a week.</p>',
    price: '0',
  });
  const first = await api('POST', `/api/courses/${course.id}/modules`, { title: 'Warm-up' });
  await api('POST', `/api/modules/${first.id}/lessons`, { title: 'Hello', type: 'text', content: '<p>Welcome aboard.</p>' });
  const quiz = await api('POST', `/api/courses/${course.id}/quizzes`, { title: 'Gate check' });
  await api('POST', `/api/quizzes/${quiz.id}/questions`, {
    question: 'Which way does gradient descent step?',
    optionA: 'Downhill',
    optionB: 'Uphill',
    correctAnswer: 1,
  });
  const gated = await api('POST', `/api/courses/${course.id}/modules`, { title: 'Behind the gate' });
  await api('POST', `/api/modules/${gated.id}/lessons`, { title: 'Gated slide', type: 'text', content: '<p>Past the gate.</p>' });
  await api('PATCH', `/api/modules/${gated.id}`, { prerequisiteQuizId: quiz.id });
  const dated = await api('POST', `/api/courses/${course.id}/modules`, { title: 'Later on' });
  await api('POST', `/api/modules/${dated.id}/lessons`, { title: 'Future slide', type: 'text', content: '<p>Not yet.</p>' });
  await api('PATCH', `/api/modules/${dated.id}`, { unlockAt: OPENING });
  await api('POST', `/api/courses/${course.id}/publish`, {});
  const student = await signUpViaApi(request, 'student', 'Stu Paced');
  await apiAs(request, student.token)('POST', '/api/enroll-free', { courseId: course.id });
  return { courseId: course.id as string, quizId: quiz.id as string, gatedId: gated.id as string, student, creator };
}

async function signIn(page: Page, token: string, baseURL: string) {
  await page.context().addInitScript((value) => localStorage.setItem('token', value), token);
  await page.context().addCookies([{ name: 'ga_session', value: token, url: baseURL }]);
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const [variant, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const theme of ['light', 'dark']) {
      await page.evaluate((value) => {
        localStorage.setItem('theme', value);
        window.dispatchEvent(new StorageEvent('storage', { key: 'theme' }));
      }, theme);
      await page.waitForFunction(
        (dark) =>
          document.documentElement.classList.contains('dark') === dark &&
          document.getAnimations().every((animation) => animation.playState !== 'running'),
        theme === 'dark',
      );
      await page.screenshot({ path: `${SHOTS}/${name}-${variant}-${theme}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a locked module shows its date, and a module behind a quiz opens once the quiz is passed', async ({
  page,
  request,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await useStableRendering(page);
  waitForAppOnLoad(page);
  const { courseId, quizId, student } = await pacedCourse(request);
  await signIn(page, student.token, baseURL ?? '');
  const lessonsOf = (title: string) =>
    apiAs(request, student.token)<{ id: string; title: string; lessons: { id: string }[] }[]>(
      'GET',
      `/api/courses/${courseId}/modules`,
    ).then((modules) => modules.find((module) => module.title === title)?.lessons[0]?.id ?? '');

  // The dated module: its date in the outline and in the panel, never its slide.
  const futureSlide = await lessonsOf('Later on');
  await page.goto(`/course/${courseId}/learn/${futureSlide}`);
  const outline = page.getByRole('complementary', { name: 'Course navigation' });
  const lesson = page.getByRole('region', { name: 'Future slide' });
  await expect(lesson.getByRole('heading', { name: 'Not open yet' })).toBeVisible();
  await expect(lesson.getByText(/^Opens on /)).toBeVisible();
  await expect(lesson.locator(`time[datetime^="${OPENING}"]`)).toBeVisible();
  await expect(page.getByText('Not yet.')).toHaveCount(0);
  await expect(outline.getByText(/Opens on/)).toBeVisible();
  await expect(outline.getByText('Pass Gate check to open')).toBeVisible();
  const report = new AxeReport('student');
  await report.scan(page, 'learn: a module locked by date', lesson.getByRole('heading', { name: 'Not open yet' }));
  await shoot(page, 'locked-by-date');

  // The gated module links to its quiz.
  const gatedSlide = await lessonsOf('Behind the gate');
  await page.goto(`/course/${courseId}/learn/${gatedSlide}`);
  const gated = page.getByRole('region', { name: 'Gated slide' });
  await expect(gated.getByRole('heading', { name: 'Not open yet' })).toBeVisible();
  await report.scan(page, 'learn: a module behind a quiz', gated.getByRole('link', { name: 'Gate check' }));
  await shoot(page, 'locked-by-quiz');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await gated.getByRole('link', { name: 'Gate check' }).click();
  await expect(page).toHaveURL(new RegExp(`/learn/${quizId}$`));

  await expect(async () => {
    await page.getByRole('radio', { name: /Downhill/ }).check();
    await expect(page.getByRole('button', { name: 'Submit Answer' })).toBeEnabled({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Submit Answer' }).click();
  await page.getByRole('button', { name: 'Complete Quiz' }).click();
  await expect(page.getByText('1 of 1 correct.')).toBeVisible();

  await page.goto(`/course/${courseId}/learn/${gatedSlide}`);
  await expect(page.getByText('Past the gate.')).toBeVisible();
  await expect(page.getByText('Pass Gate check to open')).toHaveCount(0);
  report.expectNoViolations();
  await shoot(page, 'opened');
  expect(await readOutboxMail(student.email)).toContain('Behind the gate is open in');
});

test("the builders set pacing by keyboard and show the server's field errors", async ({ page, request, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await useStableRendering(page);
  const { courseId, quizId, gatedId, creator } = await pacedCourse(request);
  const api = apiAs(request, creator.token);
  const second = await api('POST', `/api/courses/${courseId}/quizzes`, { title: 'Second check' });
  await api('PATCH', `/api/quizzes/${second.id}`, { prerequisiteQuizId: quizId });
  await signIn(page, creator.token, baseURL ?? '');

  // The gated module's builder shows its prerequisite; a number of days is saved.
  await page.goto(`/creator/modules/${gatedId}/build`);
  const pacing = page.getByRole('form', { name: 'Pacing' });
  await expect(pacing.getByLabel('Quiz to pass first')).toHaveValue(quizId);
  await pacing.getByLabel('Days after enrollment').fill('14');
  await pacing.getByLabel('Days after enrollment').press('Enter');
  await expect(page.getByText('Pacing saved')).toBeVisible();
  expect(await api('GET', `/api/modules/${gatedId}`)).toMatchObject({ unlockAfterDays: 14, prerequisiteQuizId: quizId });

  // The first quiz behind the second, which waits for the first: a circle, refused with its reason.
  await page.goto(`/creator/quizzes/${quizId}/build`);
  const quizPacing = page.getByRole('form', { name: 'Pacing' });
  await expect(quizPacing.getByLabel('Quiz to pass first').locator('option')).toHaveText(['None', 'Second check']);
  await quizPacing.getByLabel('Quiz to pass first').selectOption({ label: 'Second check' });
  await quizPacing.getByRole('button', { name: 'Save Pacing' }).focus();
  await page.keyboard.press('Enter');
  const error = quizPacing.getByText(/go round in a circle/);
  await expect(error).toBeVisible();
  await expect(quizPacing.getByLabel('Quiz to pass first')).toHaveAttribute('aria-invalid', 'true');
  const report = new AxeReport('creator');
  await report.scan(page, 'quiz builder: pacing with an error', error);
  report.expectNoViolations();
  await quizPacing.scrollIntoViewIfNeeded();
  await shoot(page, 'quiz-builder-pacing');
});
