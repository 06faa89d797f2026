import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { AxeReport, useStableRendering } from './axe-scanner';
import {
  type Api,
  apiAs,
  catalogueIds,
  expect,
  payForCourse,
  signInWithToken,
  signUpViaApi,
  test,
  waitForAppOnLoad,
} from './fixtures';

/*
 * Issue 22, items 11–14 in the browser against the real server: the publish checklist and its
 * confirmation (publishing anyway with empty parts, which learners see as empty messages), Unpublish (enrolled students keep the course), Restore of an archived course, the
 * dashboard's per-course figures, question edit, reorder and explanation, and the create form's price,
 * field-naming notice and title counter.
 */

// Generous: each test builds its own course and scans in four variants, on a shared two-core machine.
test.describe.configure({ timeout: 300_000 });

/** A toast's title and description (a form's field may show the same description under it). */
async function expectNotice(page: Page, title: string, description?: string) {
  const notices = page.getByRole('region', { name: /^Notifications/ });
  await expect(notices.getByText(title, { exact: true })).toBeVisible();
  if (description) await expect(notices.getByText(description, { exact: true })).toBeVisible();
}

async function addSlide(api: Api, courseId: string) {
  const module = await api('POST', `/api/courses/${courseId}/modules`, { title: 'Attention' });
  await api('POST', `/api/modules/${module.id}/lessons`, { title: 'Queries and keys', type: 'text', content: '<p>Q·K</p>' });
}

test('a course with empty parts goes live once the creator publishes anyway; learners see the empty messages and no certificate', async ({
  page,
  loginAs,
  browser,
}) => {
  const creator = await loginAs('creator');
  const api = apiAs(page.request, creator.token);
  const course = await api('POST', '/api/courses', { title: 'Transformers in Practice', price: '0' });
  await api('POST', `/api/courses/${course.id}/modules`, { title: 'Attention' });
  await api('POST', `/api/courses/${course.id}/quizzes`, { title: 'Checkpoint' });

  await useStableRendering(page);
  await page.goto(`/creator/courses/${course.id}/build`);
  await page.getByRole('button', { name: 'Publish Course' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish “Transformers in Practice”?' });
  const checklist = dialog.getByRole('list', { name: 'Publishing checklist' });
  const item = (text: string) => checklist.getByRole('listitem').filter({ hasText: text });
  await expect(item('At least one module with slides')).toContainText('Add a module and at least one slide to it');
  await expect(item('Module “Attention” has slides')).toContainText('Add a slide to the module “Attention”');
  await expect(item('Quiz “Checkpoint” has questions')).toContainText('Add a question to the quiz “Checkpoint”');
  await expect(item('Thumbnail')).toContainText('Upload a thumbnail image');
  await expect(item('Price')).toContainText('Free');
  await expect(dialog.getByText(/^5 items are missing or empty\. You can publish anyway/)).toBeVisible();
  await expect(dialog.getByText(/It goes live in the marketplace at once, priced Free/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Publish anyway' })).toBeEnabled();

  // The scanner switches themes under an open page, but a theme switch under a modal dialog never
  // settles its transitions, so the dialog is scanned opened fresh in each theme and size instead.
  for (const [theme, viewport] of [
    ['light', { width: 1280, height: 800 }],
    ['dark', { width: 1280, height: 800 }],
    ['dark', { width: 390, height: 844 }],
    ['light', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.evaluate((chosen) => localStorage.setItem('theme', chosen), theme);
    await page.reload();
    await page.getByRole('button', { name: 'Publish Course' }).click();
    await expect(dialog.getByRole('button', { name: 'Publish anyway' })).toBeEnabled();
    await expect(checklist).toBeVisible();
    const { violations } = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(violations.map((violation) => `${theme} ${viewport.width}: ${violation.id}`)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`publish-checklist-${theme}-${viewport.width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await dialog.getByRole('button', { name: 'Publish anyway' }).click();
  await expectNotice(page, 'Course published!', 'Your course is now live in the marketplace.');
  await expect(page.getByRole('button', { name: 'Published' })).toBeDisabled();
  expect(await catalogueIds(page.request)).toContain(course.id);

  // Its page works for anyone.
  const guest = await browser.newContext();
  const guestPage = waitForAppOnLoad(await guest.newPage());
  await guestPage.goto(`/course/${course.id}`);
  await expect(guestPage.getByRole('heading', { name: 'Transformers in Practice' })).toBeVisible();
  await guest.close();

  // A learner sees the empty messages, no error, 0 % and no certificate, on a desktop and a phone.
  const student = await signUpViaApi(page.request, 'student');
  await apiAs(page.request, student.token)('POST', '/api/enroll-free', { courseId: course.id });
  const learner = await browser.newContext();
  const learnerPage = waitForAppOnLoad(await learner.newPage());
  const errors: string[] = [];
  learnerPage.on('pageerror', (error) => errors.push(error.message));
  await signInWithToken(learnerPage, student.token);
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await learnerPage.setViewportSize(viewport);
    await learnerPage.goto(`/course/${course.id}/learn`);
    const outline = learnerPage.getByRole('complementary', { name: 'Course navigation' });
    if (viewport.width < 1024) await outline.getByRole('button', { name: 'Course content' }).click();
    await expect(outline.getByText('No lessons in this module yet.')).toBeVisible();
    await expect(learnerPage.getByRole('heading', { name: 'Checkpoint' })).toBeVisible();
    await expect(learnerPage.getByText('No questions have been added to this quiz yet.')).toBeVisible();
    await expect(outline.getByText('0%')).toBeVisible();
    await expect(learnerPage.getByRole('button', { name: 'Download Certificate' })).toHaveCount(0);
    await learnerPage.screenshot({ path: test.info().outputPath(`learn-empty-${viewport.width}.png`) });
  }
  expect(errors).toEqual([]);
  const eligibility = await apiAs(learnerPage.request, student.token)<{ eligible: boolean }>(
    'GET',
    `/api/courses/${course.id}/certificate/eligible`,
  );
  expect(eligibility).toEqual({ eligible: false });
  await learner.close();
});

test('an archived draft cannot be published from the builder: the checklist says to restore it first', async ({
  page,
  loginAs,
}) => {
  const creator = await loginAs('creator');
  const api = apiAs(page.request, creator.token);
  const course = await api('POST', '/api/courses', { title: 'Shelved Draft', price: '0' });
  await api('DELETE', `/api/courses/${course.id}`);

  await page.goto(`/creator/courses/${course.id}/build`);
  await page.getByRole('button', { name: 'Publish Course' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish “Shelved Draft”?' });
  await expect(dialog.getByText('An archived course cannot be published. Restore it from your dashboard first.')).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Not archived' })).toContainText(
    'Restore the course from your dashboard before publishing it',
  );
  await expect(dialog.getByRole('button', { name: /^Publish (now|anyway)$/ })).toBeDisabled();
});

test('Unpublish takes a course back to a draft and out of the catalogue; its enrolled student keeps it', async ({
  page,
  loginAs,
  browser,
}) => {
  const creator = await loginAs('creator');
  const api = apiAs(page.request, creator.token);
  const course = await api('POST', '/api/courses', { title: 'Attention Is Enough', description: '<p>Heads.</p>', price: '0' });
  await addSlide(api, course.id);
  await api('POST', `/api/courses/${course.id}/publish`, {});
  const student = await signUpViaApi(page.request, 'student');
  await apiAs(page.request, student.token)('POST', '/api/enroll-free', { courseId: course.id });
  // The catalogue is read (and cached) before the change.
  expect(await catalogueIds(page.request)).toContain(course.id);

  await page.goto(`/creator/courses/${course.id}/build`);
  await page.getByRole('button', { name: 'Unpublish' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Unpublish “Attention Is Enough”?' });
  await expect(confirm.getByText('Students who have enrolled keep access.', { exact: false })).toBeVisible();
  await confirm.getByRole('button', { name: 'Unpublish' }).click();
  await expectNotice(page, 'Course unpublished', 'It is a draft again. Students who have enrolled keep access.');
  await expect(page.getByRole('button', { name: 'Publish Course' })).toBeVisible();
  await expect(page.locator('header').getByText('Draft', { exact: true })).toBeVisible();

  expect(await catalogueIds(page.request)).not.toContain(course.id);
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  expect((await guestPage.request.get(`/api/courses/${course.id}`)).status()).toBe(404);
  await guest.close();

  // The enrolled student still has it in My Courses and can open its lessons.
  const learner = await browser.newContext();
  const learnerPage = await learner.newPage();
  await learnerPage.goto('/');
  await learnerPage.evaluate((token) => localStorage.setItem('token', token), student.token);
  await learnerPage.goto(`/course/${course.id}/learn`);
  await expect(learnerPage.getByRole('heading', { name: 'Queries and keys' })).toBeVisible();
  const mine = (await (
    await learnerPage.request.get('/api/my-courses', { headers: { Authorization: `Bearer ${student.token}` } })
  ).json()) as { id: string }[];
  expect(mine.map((entry) => entry.id)).toContain(course.id);
  await learner.close();
});

test('the dashboard shows each course’s students, revenue and rating, and restores an archived course', async ({
  page,
  loginAs,
}) => {
  const creator = await loginAs('creator');
  const api = apiAs(page.request, creator.token);
  const sold = await api('POST', '/api/courses', { title: 'Diffusion, Sold Once', description: '<p>Noise.</p>', price: '19.99' });
  await addSlide(api, sold.id);
  await api('POST', `/api/courses/${sold.id}/publish`, {});
  const buyer = await signUpViaApi(page.request, 'student');
  await payForCourse(apiAs(page.request, buyer.token), sold.id);
  const retired = await api('POST', '/api/courses', { title: 'Retired RNNs', description: '<p>Old.</p>', price: '5' });
  await addSlide(api, retired.id);
  await api('POST', `/api/courses/${retired.id}/publish`, {});
  await api('DELETE', `/api/courses/${retired.id}`);

  await page.goto('/creator/dashboard');
  const row = (title: string) => page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  await expect(row(sold.title as string)).toContainText('1 student');
  // Its net earnings: 19.99 less the 20 % fee.
  await expect(row(sold.title as string)).toContainText('Net earnings$15.99');
  await expect(row(sold.title as string)).toContainText('No ratings yet');
  await expect(row(retired.title as string)).toContainText('0 students');

  await expect(row(retired.title as string).getByText('Archived', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Actions for ${retired.title}` }).click();
  await page.getByRole('menuitem', { name: 'Restore' }).click();
  await expectNotice(page, 'Course restored');
  await expect(row(retired.title as string).getByText('Archived', { exact: true })).toHaveCount(0);
  expect(await catalogueIds(page.request)).toContain(retired.id);
  await page.getByRole('button', { name: `Actions for ${retired.title}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Archive' })).toBeVisible();
  await page.keyboard.press('Escape');

  await useStableRendering(page);
  const report = new AxeReport('creator dashboard figures');
  await report.scan(page, 'dashboard with figures', row(sold.title as string).getByText('No ratings yet'));
  report.expectNoViolations();
});

test('a creator edits, explains and reorders questions; the learner sees the explanation after answering', async ({
  page,
  loginAs,
  browser,
}) => {
  const creator = await loginAs('creator');
  const api = apiAs(page.request, creator.token);
  const course = await api('POST', '/api/courses', { title: 'Quiz Craft', description: '<p>Checks.</p>', price: '0' });
  await addSlide(api, course.id);
  const quiz = await api('POST', `/api/courses/${course.id}/quizzes`, { title: 'Checkpoint' });
  for (const question of ['First question?', 'Second question?']) {
    await api('POST', `/api/quizzes/${quiz.id}/questions`, { question, optionA: 'Yes', optionB: 'No', correctAnswer: 1 });
  }

  await page.goto(`/creator/quizzes/${quiz.id}/build`);
  const questions = page.getByRole('region', { name: /Questions/ }).locator('ol > li');
  await expect(questions).toHaveCount(2);
  await page.getByRole('button', { name: 'Edit question 2' }).click();
  const editor = page.getByRole('form', { name: 'Edit Question 2' });
  await expect(editor.getByRole('textbox', { name: 'Question', exact: true })).toBeFocused();
  await expect(editor.getByRole('textbox', { name: 'Question', exact: true })).toHaveValue('Second question?');
  await editor.getByRole('textbox', { name: 'Question', exact: true }).fill('What does softmax scaling prevent?');
  await editor.getByRole('textbox', { name: 'Option A', exact: true }).fill('Vanishing gradients in a flat softmax');
  await editor.getByRole('textbox', { name: 'Option B', exact: true }).fill('Overfitting');
  await editor
    .getByRole('textbox', { name: 'Explanation (optional)' })
    .fill('Large dot products push softmax into flat regions.');
  await editor.getByRole('button', { name: 'Save Question' }).click();
  await expectNotice(page, 'Question updated');
  await expect(questions.nth(1)).toContainText('What does softmax scaling prevent?');
  await expect(questions.nth(1)).toContainText('Explanation: Large dot products push softmax into flat regions.');

  await page.getByRole('button', { name: 'Move question 2 up' }).click();
  await expect(questions.nth(0)).toContainText('What does softmax scaling prevent?');
  await expect(questions.nth(1)).toContainText('First question?');
  await expect(page.getByRole('button', { name: 'Move question 1 up' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Move question 1 down' })).toBeFocused();

  await useStableRendering(page);
  const report = new AxeReport('quiz builder');
  await report.scan(page, 'quiz builder with explanation', questions.nth(0).getByText('Explanation:'));
  report.expectNoViolations();

  await api('POST', `/api/courses/${course.id}/publish`, {});
  const student = await signUpViaApi(page.request, 'student');
  await apiAs(page.request, student.token)('POST', '/api/enroll-free', { courseId: course.id });
  const learner = await browser.newContext();
  const learnerPage = await learner.newPage();
  await learnerPage.goto('/');
  await learnerPage.evaluate((token) => localStorage.setItem('token', token), student.token);
  await learnerPage.goto(`/course/${course.id}/learn`);
  await learnerPage.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await expect(learnerPage.getByRole('heading', { name: 'Queries and keys' })).toBeVisible();
  await learnerPage.getByRole('button', { name: 'Next' }).click();
  await expect(learnerPage.getByRole('heading', { name: 'What does softmax scaling prevent?' })).toBeVisible();
  await expect(learnerPage.getByText('Large dot products push softmax into flat regions.')).toHaveCount(0);
  await learnerPage.getByRole('radio', { name: /Overfitting/ }).check();
  await learnerPage.getByRole('button', { name: 'Submit Answer' }).click();
  await expect(learnerPage.getByText('Explanation: Large dot products push softmax into flat regions.')).toBeVisible();
  await learner.close();
});

test('Create & Build takes an empty price as free, names a missing description and counts the title', async ({
  page,
  loginAs,
}) => {
  const creator = await loginAs('creator');
  await page.goto('/creator/create-course');
  await expect(page.getByText('0/200 characters')).toBeVisible();
  await page.getByLabel('Course Title').fill('Free Tensor Tricks');
  await expect(page.getByText('18/200 characters')).toBeVisible();

  await page.getByRole('button', { name: 'Create & Build' }).click();
  await expectNotice(page, 'Description required', 'Please describe your course to start building');
  await expect(page.getByText('Missing fields')).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Description' }).click();
  await page.keyboard.type('Broadcasting, views and einsum.');
  await page.getByRole('button', { name: 'Create & Build' }).click();
  await expectNotice(page, 'Course created!');
  await expect(page).toHaveURL(/\/creator\/courses\/[^/]+\/build$/);
  const [created] = (await (
    await page.request.get('/api/creator/courses', { headers: { Authorization: `Bearer ${creator.token}` } })
  ).json()) as { title: string; price: string }[];
  expect(created).toMatchObject({ title: 'Free Tensor Tricks', price: '0.00' });
});
