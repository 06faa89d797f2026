import type { APIRequestContext, Page } from '@playwright/test';
import { AxeReport, useStableRendering } from './axe-scanner';
import { apiAs, expect, expectNoSidewaysScroll, signUpViaApi, test } from './fixtures';

/*
 * Issue 37 in the player: a student answers each question type beyond the single choice by mouse and
 * keyboard (ordering by its Move buttons), sees whether they were right, the right answer and the
 * explanation, and the results list every question. A quiz is completed by passing it, never by hand.
 */

test.describe.configure({ timeout: 120_000 });

async function quizOfEveryType(request: APIRequestContext) {
  const creator = await signUpViaApi(request, 'creator', 'Tia Types');
  const api = apiAs(request, creator.token);
  const course = await api('POST', '/api/courses', {
    title: `Every type ${Date.now()}`,
    description: '<p>Typed.</p>',
    price: '0',
  });
  const module = await api('POST', `/api/courses/${course.id}/modules`, { title: 'Basics' });
  await api('POST', `/api/modules/${module.id}/lessons`, { title: 'Read me', type: 'text', content: '<p>Loss goes down.</p>' });
  const quiz = await api('POST', `/api/courses/${course.id}/quizzes`, { title: 'Every type' });
  const questions = [
    {
      type: 'multiple',
      question: 'Which are optimisers?',
      choices: ['Adam', 'ReLU', 'SGD'],
      correctChoices: [1, 3],
      explanation: 'ReLU is an activation.',
    },
    { type: 'true_false', question: 'A gradient points uphill.', correctAnswer: true },
    { type: 'short_text', question: 'Name the method that walks downhill.', acceptedAnswers: ['gradient descent'] },
    { type: 'numeric', question: 'What is 0.1 + 0.2?', correctNumber: 0.3, tolerance: 0.001 },
    {
      type: 'ordering',
      question: 'Order a training step.',
      choices: ['Forward pass', 'Loss', 'Backward pass'],
      explanation: 'Forward, measure, then backward.',
    },
  ];
  for (const question of questions) await api('POST', `/api/quizzes/${quiz.id}/questions`, question);
  await api('POST', `/api/courses/${course.id}/publish`, {});
  const student = await signUpViaApi(request, 'student', 'Stu Typed');
  await apiAs(request, student.token)('POST', '/api/enroll-free', { courseId: course.id });
  return { courseId: course.id as string, quizId: quiz.id as string, student };
}

async function signIn(page: Page, token: string, baseURL: string) {
  await page.context().addInitScript((value) => localStorage.setItem('token', value), token);
  await page.context().addCookies([{ name: 'ga_session', value: token, url: baseURL }]);
}

/** Puts the ordering's items in `wanted` order with their Move up buttons, as a keyboard user would. */
async function putInOrder(page: Page, wanted: string[]) {
  for (const [place, text] of wanted.entries()) {
    const items = page.getByRole('list', { name: /Put these in order/ }).getByRole('listitem');
    let at = (await items.allInnerTexts()).findIndex((item) => item.includes(text));
    while (at > place) {
      await page.getByRole('button', { name: `Move up: ${text}` }).focus();
      await page.keyboard.press('Enter');
      at -= 1;
    }
  }
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const) {
  test(`a student answers every question type and sees the results (${viewport.name})`, async ({ page, request, baseURL }) => {
    await page.setViewportSize(viewport);
    await useStableRendering(page);
    const { courseId, quizId, student } = await quizOfEveryType(request);
    await signIn(page, student.token, baseURL ?? '');
    await page.goto(`/course/${courseId}/learn/${quizId}`);

    // A quiz has no Mark as Complete: passing it completes it.
    await expect(page.getByText('A quiz counts once you pass it')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark as Complete' })).toHaveCount(0);

    const submit = page.getByRole('button', { name: 'Submit Answer' });
    const next = page.getByRole('button', { name: 'Next Question' });

    await expect(page.getByRole('heading', { name: 'Which are optimisers?' })).toBeVisible();
    await expect(submit).toBeDisabled();
    // Only one of the two: all or nothing, so wrong; the right ones and why are shown.
    await page.getByRole('checkbox', { name: 'Adam' }).check();
    await submit.click();
    await expect(page.getByText('Not quite: the answer is Adam, SGD.')).toBeVisible();
    await expect(page.getByText('ReLU is an activation.')).toBeVisible();
    await next.click();

    await expect(page.getByRole('heading', { name: 'A gradient points uphill.' })).toBeVisible();
    await page.getByRole('radio', { name: 'True' }).check();
    await submit.click();
    await expect(page.getByText('Correct!')).toBeVisible();
    await next.click();

    // Typed with other case and spaces, it still matches.
    await page.getByLabel('Your answer').fill('  Gradient   DESCENT ');
    await submit.click();
    await expect(page.getByText('Correct!')).toBeVisible();
    await next.click();

    await page.getByLabel('Your answer (a number)').fill('0,3');
    await page.keyboard.press('Tab');
    await submit.click();
    await expect(page.getByText('Correct!')).toBeVisible();
    await next.click();

    await expect(page.getByRole('heading', { name: 'Order a training step.' })).toBeVisible();
    await putInOrder(page, ['Forward pass', 'Loss', 'Backward pass']);
    await submit.click();
    await expect(page.getByText('Correct!')).toBeVisible();
    await expect(page.getByText('Forward, measure, then backward.')).toBeVisible();
    if (viewport.name === 'phone') await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Complete Quiz' }).click();

    // 4 of 5 is 80 %: the default pass mark.
    await expect(page.getByText('80%')).toBeVisible();
    await expect(page.getByText('You passed this quiz.')).toBeVisible();
    const review = page.getByRole('list', { name: 'Your answers' });
    await expect(review.getByText('Your answer: Adam (wrong)')).toBeVisible();
    await expect(review.getByText('Right answer: Adam, SGD')).toBeVisible();
    await expect(review.getByText('Your answer: True (correct)')).toBeVisible();
    await expect(review.getByText('Your answer: Forward pass → Loss → Backward pass (correct)')).toBeVisible();
    await expect(page.getByText('Quiz passed')).toBeVisible();

    if (viewport.name === 'desktop') {
      // Every variant: light and dark, desktop and phone.
      const report = new AxeReport('student');
      await report.scan(page, 'typed quiz results', review);
      report.expectNoViolations();
    } else {
      await expectNoSidewaysScroll(page);
    }
  });
}
