import { AxeReport } from './axe-scanner';
import { apiAs, expect, signUpViaApi, test } from './fixtures';

/*
 * Issue 23 §1: a student who has done a slide rates and reviews a course from its page, and the new
 * average shows on the course's card in the catalogue; its creator replies from the same page.
 */

test('a student reviews a course, sees the new average on its card, and reads the creator’s reply', async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  test.setTimeout(120_000);
  const creator = await signUpViaApi(page.request, 'creator', 'Rita Reviewed');
  const asCreator = apiAs(page.request, creator.token);
  const title = `Attention Explained ${Date.now()}`;
  const course = await asCreator('POST', '/api/courses', { title, description: '<p>Queries, keys and values.</p>', price: '0' });
  const module = await asCreator('POST', `/api/courses/${course.id}/modules`, { title: 'Basics' });
  const lesson = await asCreator('POST', `/api/modules/${module.id}/lessons`, {
    title: 'Dot products',
    type: 'text',
    content: '<p>q·k</p>',
  });
  await asCreator('POST', `/api/courses/${course.id}/publish`, {});

  const student = await loginAs('student');
  const asStudent = apiAs(page.request, student.token);
  await asStudent('POST', '/api/enroll-free', { courseId: course.id });

  // Enrolled but nothing done yet: no form, the rule said.
  await page.goto(`/course/${course.id}`);
  const reviews = page.getByRole('region', { name: 'Student reviews' });
  await expect(reviews.getByText('No reviews yet.')).toBeVisible();
  await expect(reviews.getByRole('button', { name: 'Post review' })).toHaveCount(0);

  await asStudent('POST', '/api/progress', { lessonId: lesson.id, completed: true });
  await page.reload();
  await expect(reviews.getByRole('heading', { name: 'Rate this course' })).toBeVisible();
  // A rating is needed: the form says so rather than sending nothing.
  await reviews.getByRole('button', { name: 'Post review' }).click();
  await expect(reviews.getByRole('alert')).toHaveText('Choose a rating from 1 to 5 stars.');
  // The stars are radio buttons: one press on the fourth star picks it.
  await reviews
    .locator('label')
    .filter({ hasText: /^4 stars$/ })
    .click();
  await expect(reviews.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await reviews.getByLabel('What did you think? (optional)').fill('The matrix pictures made it click.\nMore exercises please.');
  await reviews.getByRole('button', { name: 'Post review' }).click();

  await expect(reviews.getByText('4.0', { exact: true })).toBeVisible();
  await expect(reviews.getByText('1 rating', { exact: true })).toBeVisible();
  const item = reviews.getByRole('listitem').filter({ hasText: 'The matrix pictures made it click.' });
  await expect(item.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(item.getByText('Your review')).toBeVisible();

  const axe = new AxeReport('reviews');
  await axe.scan(page, 'course page: reviews', item);

  // The card in the catalogue carries the rating the database now keeps.
  await page.goto(`/courses?q=${encodeURIComponent(title)}`);
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card.getByText('Rated')).toBeAttached();
  await expect(card).toContainText('4.0');
  await expect(card).toContainText('(1 ratings)');

  // The creator answers from the course page.
  const creatorContext = await browser.newContext({ baseURL });
  await creatorContext.addInitScript((token) => localStorage.setItem('token', token), creator.token);
  const creatorPage = await creatorContext.newPage();
  await creatorPage.goto(`/course/${course.id}`);
  const creatorReviews = creatorPage.getByRole('region', { name: 'Student reviews' });
  // The creator replies and reports; hiding a review is an admin's (docs/product.md, Reviews).
  await expect(creatorReviews.getByRole('button', { name: 'Report' })).toBeVisible();
  await expect(creatorReviews.getByRole('button', { name: 'Hide' })).toHaveCount(0);
  await creatorReviews.getByRole('button', { name: 'Reply' }).click();
  await creatorReviews.getByLabel(`Your reply to ${student.name}`).fill('Exercises are coming in module 2.');
  await creatorReviews.getByRole('button', { name: 'Post reply' }).click();
  await expect(creatorReviews.getByText('Response from the instructor')).toBeVisible();
  await creatorContext.close();

  await page.goto(`/course/${course.id}`);
  await expect(reviews.getByText('Exercises are coming in module 2.')).toBeVisible();
  await axe.scan(page, 'course page: review with reply', reviews.getByText('Response from the instructor'));
  axe.expectNoViolations();
});
