import { mkdirSync } from 'node:fs';
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
  return { courseId: course.id as string, quizId: quiz.id as string, student, creatorToken: creator.token };
}

/** Screenshots of the builder, light and dark, desktop and phone, when SHOTS_DIR is set (to look at them). */
async function shootBuilder(page: Page, name: string) {
  const shots = process.env.SHOTS_DIR;
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
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
      await page.screenshot({ path: `${shots}/${name}-${variant}-${theme}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 720 });
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

test('a creator builds one question of each type, with a preview, and edits one', async ({ page, request, baseURL }) => {
  await useStableRendering(page);
  const creator = await signUpViaApi(request, 'creator', 'Bea Builder');
  const api = apiAs(request, creator.token);
  const course = await api('POST', '/api/courses', { title: `Builder ${Date.now()}`, description: '<p>Build.</p>', price: '0' });
  const quiz = await api('POST', `/api/courses/${course.id}/quizzes`, { title: 'Typed checkpoint' });
  await signIn(page, creator.token, baseURL ?? '');
  await page.goto(`/creator/quizzes/${quiz.id}/build`);
  await expect(page.getByText('No questions yet')).toBeVisible();

  const type = page.getByLabel('Question type');
  const question = page.getByRole('textbox', { name: 'Question', exact: true });
  const add = page.getByRole('button', { name: 'Add Question' });
  const cards = page.getByRole('region', { name: /Questions/ }).or(page.locator('section[aria-labelledby="questions-title"]'));

  await type.selectOption({ label: 'Multiple answers' });
  await question.fill('Which are optimisers?');
  await page.getByRole('textbox', { name: 'Choice 1' }).fill('Adam');
  await page.getByRole('textbox', { name: 'Choice 2' }).fill('ReLU');
  await page.getByRole('button', { name: 'Add choice' }).click();
  await page.getByRole('textbox', { name: 'Choice 3' }).fill('SGD');
  await page.getByRole('checkbox', { name: 'Choice 1 is correct' }).check();
  await page.getByRole('checkbox', { name: 'Choice 3 is correct' }).check();
  // The preview shows what learners will tick.
  await expect(page.getByRole('region', { name: 'Preview' }).getByRole('checkbox', { name: 'SGD' })).toBeVisible();
  await add.click();
  await expect(cards.getByText('SGD (Correct)')).toBeVisible();

  await type.selectOption({ label: 'True or false' });
  await question.fill('A gradient points uphill.');
  await page.getByRole('radio', { name: 'False' }).first().check();
  await add.click();
  await expect(cards.getByText('Correct answer: False')).toBeVisible();

  await type.selectOption({ label: 'Short text' });
  await question.fill('Name the method that walks downhill.');
  await page.getByRole('textbox', { name: 'Accepted answer 1' }).fill('gradient descent');
  await add.click();
  await expect(cards.getByText('Accepted: gradient descent')).toBeVisible();

  await type.selectOption({ label: 'Number' });
  await question.fill('What is 0.1 + 0.2?');
  await page.getByRole('textbox', { name: 'Correct number' }).fill('0.3');
  await page.getByRole('textbox', { name: 'Tolerance (±)' }).fill('0.001');
  await add.click();
  await expect(cards.getByText('Correct: 0.3 ± 0.001')).toBeVisible();

  await type.selectOption({ label: 'Ordering' });
  await question.fill('Order a training step.');
  // Too few steps: refused before sending, in the schema's words.
  await page.getByRole('textbox', { name: 'Step 1' }).fill('Forward pass');
  await add.click();
  await expect(page.getByText(/choice cannot be empty/i).first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Step 2' }).fill('Backward pass');
  await add.click();
  await expect(cards.getByText('2. Backward pass')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Questions (5)' })).toBeVisible();

  // Code: starter code and tests in code editors (typed as pasted: typing would indent each line again).
  await type.selectOption({ label: 'Code (Python)' });
  await question.fill('Write add(a, b).');
  await page.getByRole('textbox', { name: /^Starter code/ }).click();
  await page.keyboard.insertText('def add(a, b):\n    pass\n');
  await add.click();
  await expect(page.locator('#main').getByText('Tests are required')).toBeVisible();
  // Said on the tests' editor itself, for a screen reader too.
  await expect(page.getByRole('textbox', { name: /^Tests/ })).toHaveAccessibleDescription(/Tests are required/);
  await expect(page.getByRole('textbox', { name: /^Tests/ })).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('textbox', { name: /^Tests/ }).click();
  await page.keyboard.insertText('assert add(2, 3) == 5');
  // The preview is the learner's editor: the starter code, never the tests.
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('textbox', { name: "Learner's code" })).toContainText('def add(a, b):');
  await expect(preview.getByText('assert add(2, 3) == 5')).toHaveCount(0);
  await expect(preview.getByRole('button', { name: 'Run', exact: true })).toBeVisible();
  await shootBuilder(page, 'builder-form');
  await add.click();
  await expect(cards.getByRole('region', { name: 'Tests of question 6' })).toHaveText('assert add(2, 3) == 5');
  await expect(page.getByRole('heading', { name: 'Questions (6)' })).toBeVisible();

  // Edited in its own form, filled in with its code.
  await page.getByRole('button', { name: 'Edit question 6' }).click();
  const editForm = page.getByRole('form', { name: 'Edit Question 6' });
  await expect(editForm.getByRole('textbox', { name: /^Tests/ })).toHaveText('assert add(2, 3) == 5');
  await editForm.getByRole('textbox', { name: /^Tests/ }).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText('\nassert add(-1, 1) == 0');
  await editForm.getByRole('button', { name: 'Save Question' }).click();
  await expect(cards.getByRole('region', { name: 'Tests of question 6' })).toContainText('assert add(-1, 1) == 0');
  await shootBuilder(page, 'builder-cards');

  // Editing a typed question opens its own form, filled in.
  await page.getByRole('button', { name: 'Edit question 2' }).click();
  await page.getByRole('radio', { name: 'True' }).first().check();
  await page.getByRole('button', { name: 'Save Question' }).click();
  await expect(cards.getByText('Correct answer: True')).toBeVisible();

  // The quiz's rules: a bad pass mark is refused in the form, a good set saved.
  await page.getByRole('textbox', { name: 'Pass mark (%)' }).fill('101');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('A pass mark is a whole percent from 1 to 100')).toBeVisible();
  await page.getByRole('textbox', { name: 'Pass mark (%)' }).fill('60');
  await page.getByRole('textbox', { name: 'Time limit (minutes)' }).fill('15');
  await page.getByRole('textbox', { name: 'Attempts allowed' }).fill('3');
  await page.getByRole('checkbox', { name: 'Shuffle questions and choices for each attempt' }).check();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Quiz settings saved').first()).toBeVisible();
  expect(await api('GET', `/api/quizzes/${quiz.id}`)).toMatchObject({
    passPercent: 60,
    timeLimitMinutes: 15,
    maxAttempts: 3,
    shuffle: true,
  });

  const saved = await api<{ type?: string }[]>('GET', `/api/quizzes/${quiz.id}/questions`);
  expect(saved.map((each) => each.type)).toEqual(['multiple', 'true_false', 'short_text', 'numeric', 'ordering', 'code']);

  const report = new AxeReport('creator');
  await report.scan(page, 'quiz builder with typed questions', page.getByRole('heading', { name: 'Questions (6)' }));
  report.expectNoViolations();
});

test('a timed quiz shows the time left, and a learner out of attempts is told so', async ({ page, request, baseURL }) => {
  const { courseId, quizId, student, creatorToken } = await quizOfEveryType(request);
  await apiAs(request, creatorToken)('PATCH', `/api/quizzes/${quizId}`, { timeLimitMinutes: 2, maxAttempts: 1 });
  await signIn(page, student.token, baseURL ?? '');
  await page.goto(`/course/${courseId}/learn/${quizId}`);
  await expect(page.getByRole('timer')).toHaveText(/Time left [12]:\d\d/);
  await page.getByRole('checkbox', { name: 'Adam' }).check();
  await page.getByRole('button', { name: 'Submit Answer' }).click();
  await page.getByRole('button', { name: 'Next Question' }).click();
  // Finished early by answering the rest: the only attempt is spent, so a retake is refused with the reason.
  for (let step = 0; step < 4; step += 1) {
    const tf = page.getByRole('radio', { name: 'True' });
    if (await tf.count()) await tf.check();
    const text = page.getByLabel(/^Your answer/);
    if (await text.count()) await text.fill('1');
    await page.getByRole('button', { name: 'Submit Answer' }).click();
    await page.getByRole('button', { name: /Next Question|Complete Quiz/ }).click();
  }
  await expect(page.getByText('Your score')).toBeVisible();
  await page.getByRole('button', { name: 'Retake Quiz' }).click();
  await expect(page.getByText('Failed to start new quiz attempt').first()).toBeVisible();
});
