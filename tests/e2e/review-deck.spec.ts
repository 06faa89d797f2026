import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { AxeReport, useStableRendering } from './axe-scanner';
import { apiAs, expect, expectNoSidewaysScroll, signUpViaApi, test, waitForAppOnLoad } from './fixtures';

/*
 * The review deck (docs/product.md, Review deck): a question a student misses in a quiz comes back on
 * the review page, which My Courses links to with "N to review"; it is answered by keyboard alone.
 */

test.describe.configure({ timeout: 120_000 });

const SHOTS = '/tmp/review-deck-shots';

async function courseWithQuiz(request: APIRequestContext) {
  const creator = await signUpViaApi(request, 'creator', 'Rita Review');
  const api = apiAs(request, creator.token);
  const course = await api('POST', '/api/courses', {
    title: `Spaced ${Date.now()}`,
    description: '<p>Remember.</p>',
    price: '0',
  });
  const module = await api('POST', `/api/courses/${course.id}/modules`, { title: 'Basics' });
  await api('POST', `/api/modules/${module.id}/lessons`, { title: 'Read me', type: 'text', content: '<p>Adam adapts.</p>' });
  const quiz = await api('POST', `/api/courses/${course.id}/quizzes`, { title: 'Check' });
  await api('POST', `/api/quizzes/${quiz.id}/questions`, {
    question: 'Which of these is an optimiser?',
    optionA: 'ReLU',
    optionB: 'Adam',
    optionC: 'Softmax',
    correctAnswer: 2,
    explanation: 'Adam updates the weights; the others are activations.',
  });
  await api('POST', `/api/quizzes/${quiz.id}/questions`, {
    type: 'true_false',
    question: 'A gradient points uphill.',
    correctAnswer: true,
  });
  await api('POST', `/api/courses/${course.id}/publish`, {});
  const student = await signUpViaApi(request, 'student', 'Stu Spaced');
  await apiAs(request, student.token)('POST', '/api/enroll-free', { courseId: course.id });
  return { courseId: course.id as string, quizId: quiz.id as string, student };
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

test('a missed question comes back on the review page, answered by keyboard', async ({ page, request, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await useStableRendering(page);
  // The quiz's options answer only once the app has taken over the drawn Learn page.
  waitForAppOnLoad(page);
  const { courseId, quizId, student } = await courseWithQuiz(request);
  await signIn(page, student.token, baseURL ?? '');

  // Nothing missed yet: My Courses offers no review.
  await page.goto('/my-courses');
  await expect(page.getByRole('link', { name: /Continue|Start Course/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /to review/ })).toHaveCount(0);

  // The quiz: the optimiser missed, the true-or-false right.
  await page.goto(`/course/${courseId}/learn/${quizId}`);
  // A choice made on the drawn quiz before React has taken over its part is not kept: choose until it is.
  await expect(async () => {
    await page.getByRole('radio', { name: /ReLU/ }).check();
    await expect(page.getByRole('button', { name: 'Submit Answer' })).toBeEnabled({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Submit Answer' }).click();
  await expect(page.getByText('Not quite: the answer is B.')).toBeVisible();
  await page.getByRole('button', { name: 'Next Question' }).click();
  await page.getByRole('radio', { name: 'True' }).check();
  await page.getByRole('button', { name: 'Submit Answer' }).click();
  await page.getByRole('button', { name: 'Complete Quiz' }).click();
  await expect(page.getByText('1 of 2 correct.')).toBeVisible();

  await page.goto('/my-courses');
  const toReview = page.getByRole('link', { name: '1 to review' });
  await expect(toReview).toBeVisible();
  await shoot(page, 'my-courses');
  await toReview.click();
  await expect(page).toHaveURL(/\/review$/);

  // One card: its course, where it stands, and the options with their keys.
  await expect(page.getByRole('heading', { name: 'Which of these is an optimiser?' })).toBeVisible();
  await expect(page.getByText('Card 1 of 1')).toBeVisible();
  await shoot(page, 'card');
  await page.keyboard.press('2');
  await expect(page.getByRole('radio', { name: /Adam/ })).toBeChecked();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Correct! Next review in 10 minutes.' })).toBeVisible();
  await expect(page.getByText('Adam updates the weights; the others are activations.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Finish' })).toBeFocused();

  const report = new AxeReport('student');
  await report.scan(page, 'review card answered', page.getByRole('button', { name: 'Finish' }));
  await shoot(page, 'answered');

  await page.keyboard.press('ArrowRight');
  await expect(page.getByText('Nothing to review')).toBeVisible();
  await expect(page.getByText('You reviewed 1 card.')).toBeVisible();
  await report.scan(page, 'review deck empty', page.getByRole('link', { name: 'Back to My Courses' }));
  report.expectNoViolations();
  await shoot(page, 'empty');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);

  // Answered, the card is not due: My Courses says nothing to review again.
  await page.getByRole('link', { name: 'Back to My Courses' }).click();
  await expect(page.getByRole('heading', { name: 'My Courses' })).toBeVisible();
  await expect(page.getByRole('link', { name: /to review/ })).toHaveCount(0);
});

test('a wrong answer by keyboard shows the right one and comes back within minutes', async ({ page, request, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await useStableRendering(page);
  const { quizId, student } = await courseWithQuiz(request);
  // Missed through the API: this test is about the review page on a phone.
  const api = apiAs(request, student.token);
  const attempt = await api('POST', `/api/quizzes/${quizId}/attempts`, {});
  const questions = await api<{ id: string; question: string }[]>('GET', `/api/quizzes/${quizId}/questions`);
  const trueFalse = questions.find((question) => question.question.startsWith('A gradient'))?.id;
  await api('POST', `/api/quiz-attempts/${attempt.id}/answers`, { questionId: trueFalse, answer: false });
  await api('PATCH', `/api/quiz-attempts/${attempt.id}/complete`, {});
  await signIn(page, student.token, baseURL ?? '');

  await page.goto('/review');
  await expect(page.getByRole('heading', { name: 'A gradient points uphill.' })).toBeVisible();
  // Enter with nothing chosen sends nothing.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Submit Answer' })).toBeDisabled();
  await page.keyboard.press('2');
  await expect(page.getByRole('radio', { name: 'False' })).toBeChecked();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: 'Not quite: the answer is True. Next review in 1 minute.' }),
  ).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/wrong-phone-light.png`, fullPage: true });
});
