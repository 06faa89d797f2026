import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * The course and quiz builders in the browser against the real server: sections added, reordered
 * and deleted, questions added and deleted, publish, and the preview in a new tab.
 */

test.describe.configure({ timeout: 90_000 });

async function createCourse(page: Page, token: string, title: string): Promise<string> {
  const response = await page.request.post('/api/courses', {
    headers: { Authorization: `Bearer ${token}` },
    data: { title, description: '<p>From lines to networks.</p>', price: '0', difficulty: 'Beginner', duration: '1 hour' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function expectNotice(page: Page, title: string, description?: string) {
  await expect(page.getByText(title, { exact: true })).toBeVisible();
  if (description) await expect(page.getByText(description, { exact: true })).toBeVisible();
}

/** Each row of 'Course Content' as 'Label: title', in the order shown. */
async function contentRows(list: Locator): Promise<string[]> {
  return list
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((item) => `${item.querySelector('p')?.textContent}: ${item.querySelector('h3')?.textContent}`),
    );
}

test('a creator builds a course with modules and a quiz, writes questions, publishes and previews it', async ({
  page,
  loginAs,
  context,
}) => {
  const creator = await loginAs('creator');
  const courseId = await createCourse(page, creator.token, 'Machine Learning Foundations');

  await page.goto(`/creator/courses/${courseId}/build`);
  await expect(page.getByRole('heading', { level: 1, name: 'Machine Learning Foundations' })).toBeVisible();
  await expect(page.getByText('No content yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveCount(2);

  const moduleForm = page.getByRole('form', { name: 'Add Module' });
  const quizForm = page.getByRole('form', { name: 'Add Quiz' });
  await moduleForm.getByRole('button', { name: 'Add Module' }).click();
  await expectNotice(page, 'Module title required');
  await expect(moduleForm.getByLabel('Module Title')).toBeFocused();
  await quizForm.getByRole('button', { name: 'Add Quiz' }).click();
  await expectNotice(page, 'Quiz title required');

  const addSection = async (kind: 'Module' | 'Quiz', title: string, description?: string) => {
    const form = kind === 'Module' ? moduleForm : quizForm;
    await form.getByLabel(`${kind} Title`).fill(title);
    if (description) await form.getByLabel('Description (optional)').fill(description);
    await form.getByRole('button', { name: `Add ${kind}` }).click();
    await expectNotice(page, `${kind} added`);
    await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
    await expect(form.getByLabel(`${kind} Title`)).toHaveValue('');
  };
  await addSection('Module', 'Linear Regression', 'Fitting a line by least squares.');
  await addSection('Module', 'Gradient Descent');
  await addSection('Quiz', 'Checkpoint', 'Five quick questions.');

  const list = page.getByRole('region', { name: 'Course Content' }).getByRole('list');
  expect(await contentRows(list)).toEqual(['Module 1: Linear Regression', 'Module 2: Gradient Descent', 'Quiz 1: Checkpoint']);
  await expect(page.getByText('Fitting a line by least squares.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Move Linear Regression up' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Move Checkpoint down' })).toBeDisabled();

  // A move sends the neighbour's order; by keyboard, focus stays with the moved item.
  const patch = page.waitForRequest((request) => request.method() === 'PATCH');
  await page.getByRole('button', { name: 'Move Gradient Descent up' }).focus();
  await page.keyboard.press('Enter');
  expect((await patch).postDataJSON()).toEqual({ order: 0 });
  await expect
    .poll(() => contentRows(list))
    .toEqual(['Module 1: Gradient Descent', 'Module 2: Linear Regression', 'Quiz 1: Checkpoint']);
  await expect(page.getByRole('button', { name: 'Move Gradient Descent down' })).toBeFocused();
  await page.getByRole('button', { name: 'Move Checkpoint up' }).click();
  await expect
    .poll(() => contentRows(list))
    .toEqual(['Module 1: Gradient Descent', 'Quiz 1: Checkpoint', 'Module 2: Linear Regression']);

  // Delete asks first; Cancel keeps the module.
  await page.getByRole('button', { name: 'Delete Gradient Descent' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText('Are you sure you want to delete this module?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Delete Gradient Descent' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expectNotice(page, 'Module deleted');
  await expect.poll(() => contentRows(list)).toEqual(['Quiz 1: Checkpoint', 'Module 1: Linear Regression']);

  // The server holds the same order.
  const authorized = { headers: { Authorization: `Bearer ${creator.token}` } };
  const modules = await (await page.request.get(`/api/courses/${courseId}/modules`, authorized)).json();
  const quizzes = await (await page.request.get(`/api/courses/${courseId}/quizzes`, authorized)).json();
  expect(modules).toMatchObject([{ title: 'Linear Regression', order: 1 }]);
  expect(quizzes).toMatchObject([{ title: 'Checkpoint', order: 0 }]);

  // The quiz builder: one question of four options, one of two, then one deleted.
  await list.getByRole('listitem').filter({ hasText: 'Checkpoint' }).getByRole('link', { name: 'Build Quiz →' }).click();
  await expect(page).toHaveURL(/\/creator\/quizzes\/[^/]+\/build$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkpoint' })).toBeVisible();
  await expect(page.getByText('Five quick questions.')).toBeVisible();
  await expect(page.getByText('No questions yet')).toBeVisible();

  const question = page.getByRole('textbox', { name: 'Question', exact: true });
  const option = (letter: string) => page.getByRole('textbox', { name: new RegExp(`^Option ${letter}`) });
  await question.fill('What does gradient descent minimise?');
  await option('A').fill('The learning rate');
  await option('B').fill('The number of layers');
  await expect(page.getByRole('radio', { name: 'Option C' })).toHaveCount(0);
  await option('C').fill('The loss function');
  await option('D').fill('The batch size');
  await page.getByRole('radio', { name: 'Option C' }).check();
  await page.getByRole('button', { name: 'Add Question' }).click();
  await expectNotice(page, 'Question added');
  await expect(page.getByText('C. The loss function (Correct)')).toBeVisible();

  await question.fill('A larger learning rate always converges faster.');
  await option('A').fill('True');
  await option('B').fill('False');
  await expect(page.getByRole('radio')).toHaveCount(2);
  await page.getByRole('radio', { name: 'Option B' }).check();
  await page.getByRole('button', { name: 'Add Question' }).click();
  await expect(page.getByText('B. False (Correct)')).toBeVisible();
  await expect(page.getByText('A. True', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Questions (2)' })).toBeVisible();

  await page.getByRole('button', { name: 'Delete question 1' }).click();
  await expectNotice(page, 'Question deleted');
  await expect(page.getByText('C. The loss function (Correct)')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Questions (1)' })).toBeVisible();

  // Back in the course builder the quiz counts its question.
  await page.getByRole('link', { name: 'Back to Course Builder' }).click();
  await expect(page).toHaveURL(new RegExp(`/creator/courses/${courseId}/build$`));
  await expect(list.getByRole('listitem').filter({ hasText: 'Checkpoint' })).toContainText('1 question');

  // A module without slides is named by the checklist before publishing (learners would see it empty).
  await page.getByRole('button', { name: 'Publish Course' }).click();
  const publishDialog = page.getByRole('dialog', { name: /^Publish / });
  await expect(publishDialog.getByText('Add a slide to the module “Linear Regression”')).toBeVisible();
  await expect(publishDialog.getByRole('button', { name: 'Publish anyway' })).toBeEnabled();
  await publishDialog.getByRole('button', { name: 'Cancel' }).click();
  const [module] = modules as { id: string }[];
  await page.request.post(`/api/modules/${module?.id}/lessons`, {
    ...authorized,
    data: { title: 'Least squares', type: 'text', content: '<p>Minimise the squared residuals.</p>' },
  });
  // Only the (recommended) thumbnail is missing now.
  await page.getByRole('button', { name: 'Publish Course' }).click();
  await expect(publishDialog.getByText(/^1 item is missing or empty\./)).toBeVisible();
  await publishDialog.getByRole('button', { name: 'Publish anyway' }).click();
  await expectNotice(page, 'Course published!', 'Your course is now live in the marketplace.');
  await expect(page.getByRole('button', { name: 'Published' })).toBeDisabled();
  const saved = await (await page.request.get(`/api/courses/${courseId}`, authorized)).json();
  expect(saved).toMatchObject({ published: true });

  const previewLink = page.getByRole('link', { name: 'Preview Course' });
  await expect(previewLink).toHaveAttribute('target', '_blank');
  await expect(previewLink).toHaveAttribute('rel', /noopener/);
  const [preview] = await Promise.all([context.waitForEvent('page'), previewLink.click()]);
  await preview.waitForLoadState();
  await expect(preview).toHaveURL(new RegExp(`/course/${courseId}/preview$`));
});
