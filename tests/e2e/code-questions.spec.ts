import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { AxeReport, useStableRendering } from './axe-scanner';
import { apiAs, expect as baseExpect, expectNoSidewaysScroll, signUpViaApi, test } from './fixtures';

/*
 * A code question in the player (docs/product.md, Learning): the editor with the starter code, Run in
 * the learner's browser (their own prints), Submit graded on the server (correct or not, with the
 * run's output), Reset to the starter code, a refusal that keeps the code, and the results list.
 */

// Python starts in the browser on the first Run, and grading runs on the server: seconds on a busy machine.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });
const SHOTS = process.env.SHOTS_DIR;

const ADD = {
  type: 'code',
  question: 'Write add(a, b) that returns the sum.',
  starterCode: 'def add(a, b):\n    pass\n',
  testCode: 'assert add(2, 3) == 5',
  explanation: 'Return the value; printing it is not returning it.',
};
const DOUBLE = {
  type: 'code',
  question: 'Write double(n).',
  starterCode: 'def double(n):\n    pass\n',
  testCode: 'assert double(4) == 8',
  explanation: 'n * 2, or n + n.',
};

async function courseWithCodeQuiz(request: APIRequestContext) {
  const creator = await signUpViaApi(request, 'creator', 'Cody Creator');
  const api = apiAs(request, creator.token);
  const course = await api('POST', '/api/courses', { title: `Code ${Date.now()}`, description: '<p>Code.</p>', price: '0' });
  const module = await api('POST', `/api/courses/${course.id}/modules`, { title: 'Basics' });
  await api('POST', `/api/modules/${module.id}/lessons`, { title: 'Read me', type: 'text', content: '<p>Functions.</p>' });
  const quiz = await api('POST', `/api/courses/${course.id}/quizzes`, { title: 'Functions' });
  for (const question of [ADD, DOUBLE]) await api('POST', `/api/quizzes/${quiz.id}/questions`, question);
  await api('POST', `/api/courses/${course.id}/publish`, {});
  const student = await signUpViaApi(request, 'student', 'Stu Coder');
  await apiAs(request, student.token)('POST', '/api/enroll-free', { courseId: course.id });
  return { courseId: course.id as string, quizId: quiz.id as string, student, creatorToken: creator.token };
}

async function signIn(page: Page, token: string, baseURL: string) {
  await page.context().addInitScript((value) => localStorage.setItem('token', value), token);
  await page.context().addCookies([{ name: 'ga_session', value: token, url: baseURL }]);
}

const editor = (page: Page) => page.getByRole('textbox', { name: 'Your code' });

/** Replaces the editor's code, as pasting it would (typing would auto-indent each line again). */
async function writeCode(page: Page, code: string) {
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(code);
}

async function shoot(page: Page, name: string, region: Locator) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const before = page.viewportSize();
  for (const [variant, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const theme of ['light', 'dark']) {
      await page.evaluate((value) => {
        localStorage.setItem('theme', value);
        window.dispatchEvent(new StorageEvent('storage', { key: 'theme' }));
      }, theme);
      await page.waitForFunction((dark) => document.documentElement.classList.contains('dark') === dark, theme === 'dark');
      await region.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/${name}-${variant}-${theme}.png`, fullPage: true });
    }
  }
  if (before) await page.setViewportSize(before);
}

test('a student runs code in the browser, submits it wrong then right, and the results list it', async ({
  page,
  request,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await useStableRendering(page);
  const { courseId, quizId, student } = await courseWithCodeQuiz(request);
  await signIn(page, student.token, baseURL ?? '');
  await page.goto(`/course/${courseId}/learn/${quizId}`);

  await expect(page.getByRole('heading', { name: ADD.question })).toBeVisible();
  await expect(editor(page)).toContainText('def add(a, b):');
  // The tests never reach the learner.
  await expect(page.getByText(ADD.testCode)).toHaveCount(0);

  // Run: the learner's own code in their browser, its prints below.
  await writeCode(page, 'def add(a, b):\n    return a - b\n\nprint("trying", add(2, 3))\n');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByText('Starting Python…')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Output of your run' })).toHaveText('trying -1\n', { timeout: 60_000 });

  // Submit: graded on the server, not correct, with the failing test's output.
  await page.getByRole('button', { name: 'Submit Code' }).click();
  await expect(page.getByText('Not correct: your code did not pass the tests.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Output of the graded run' })).toContainText('AssertionError');
  await expect(page.getByText(ADD.explanation)).toBeVisible();
  await page.getByRole('button', { name: 'Next Question' }).click();

  await expect(page.getByRole('heading', { name: DOUBLE.question })).toBeVisible();
  // Reset brings the starter code back.
  await writeCode(page, 'oops');
  await expect(editor(page)).toHaveText('oops');
  await page.getByRole('button', { name: 'Reset to starter code' }).click();
  await expect(editor(page)).toContainText('def double(n):');
  await expect(page.getByRole('button', { name: 'Reset to starter code' })).toBeDisabled();

  await writeCode(page, 'def double(n):\n    return n * 2\n\nprint(double(21))\n');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  // Python has started: the second Run needs no start.
  await expect(page.getByRole('region', { name: 'Output of your run' })).toHaveText('42\n');

  const question = page.getByRole('heading', { name: DOUBLE.question });
  const axe = new AxeReport('student');
  await axe.scan(page, 'code question with its output', page.getByRole('region', { name: 'Output of your run' }));
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'player-question', question);

  await page.getByRole('button', { name: 'Submit Code' }).click();
  await expect(page.getByText('Correct! Your code passed the tests.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Output of the graded run' })).toContainText('42');
  await shoot(page, 'player-feedback', question);
  await page.getByRole('button', { name: 'Complete Quiz' }).click();

  await expect(page.getByText('50%')).toBeVisible();
  const results = page.getByRole('list', { name: 'Your answers' });
  await expect(results.getByRole('listitem').nth(0)).toContainText('Tests failed');
  await expect(results.getByRole('listitem').nth(1)).toContainText('Tests passed');
  await results.getByText('Your code').nth(1).click();
  await expect(results.getByRole('region', { name: 'Your code for question 2' })).toContainText('return n * 2');
  await axe.scan(page, 'code question results', results);
  axe.expectNoViolations();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'player-results', results);
});

test('a refused grading (no Python, or every runner busy) keeps the code to submit again', async ({ page, request, baseURL }) => {
  const { courseId, quizId, student } = await courseWithCodeQuiz(request);
  await signIn(page, student.token, baseURL ?? '');
  // The instance's grading refuses once, as one without workers (503) or with a full queue (429) does.
  let refusals = 0;
  await page.route('**/api/quiz-attempts/*/answers', async (route) => {
    if (refusals > 0) return route.continue();
    refusals += 1;
    await route.fulfill({
      status: 429,
      headers: { 'retry-after': '5' },
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Every Python runner is busy. Please try again in a few seconds.' }),
    });
  });
  await page.goto(`/course/${courseId}/learn/${quizId}`);
  await writeCode(page, 'def add(a, b):\n    return a + b\n');
  await page.getByRole('button', { name: 'Submit Code' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your code could not be graded' })).toContainText(
    'Every Python runner is busy. Please try again in a few seconds. Your code is kept; submit it again later.',
  );
  await expect(editor(page)).toContainText('return a + b');

  await page.getByRole('button', { name: 'Submit Code' }).click();
  await expect(page.getByText('Correct! Your code passed the tests.')).toBeVisible();
  await expect(page.getByText('Your code could not be graded')).toHaveCount(0);
});

test('a missed code question comes back on the review page, run and submitted there', async ({ page, request, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await useStableRendering(page);
  const { quizId, student } = await courseWithCodeQuiz(request);
  // Missed in a completed attempt: the question enters the learner's deck.
  const api = apiAs(request, student.token);
  const attempt = await api('POST', `/api/quizzes/${quizId}/attempts?forceNew=true`);
  const questions = await api<{ id: string; question: string }[]>('GET', `/api/quizzes/${quizId}/questions`);
  const missed = questions.find((question) => question.question === ADD.question)?.id;
  await api('POST', `/api/quiz-attempts/${attempt.id}/answers`, { questionId: missed, answer: 'def add(a, b):\n    return 0\n' });
  await api('PATCH', `/api/quiz-attempts/${attempt.id}/complete`, {});

  await signIn(page, student.token, baseURL ?? '');
  await page.goto('/review');
  await expect(page.getByRole('heading', { name: ADD.question })).toBeVisible();
  await expect(editor(page)).toContainText('def add(a, b):');
  await writeCode(page, 'def add(a, b):\n    return a + b\n\nprint(add(40, 2))\n');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Output of your run' })).toHaveText('42\n', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Submit Code' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Correct! Your code passed the tests\. Next review/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Output of the graded run' })).toHaveText('42\n');

  const axe = new AxeReport('student');
  await axe.scan(page, 'code review card answered', page.getByRole('button', { name: 'Finish' }));
  axe.expectNoViolations();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'review-card', page.getByRole('heading', { name: ADD.question }));
});

test('the creator trying their own quiz gets the editor too, without the tests', async ({ page, request, baseURL }) => {
  const { courseId, quizId, creatorToken } = await courseWithCodeQuiz(request);
  await signIn(page, creatorToken, baseURL ?? '');
  await page.goto(`/course/${courseId}/learn/${quizId}`);
  await expect(page.getByRole('heading', { name: ADD.question })).toBeVisible();
  await expect(editor(page)).toContainText('def add(a, b):');
  await expect(page.getByText(ADD.testCode)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit Code' })).toBeEnabled();
});
