import { mkdirSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { apiAs, expect, signInWithToken, signUpViaApi, test } from './fixtures';

/*
 * docs/product.md, Reviews: a signed-in visitor marks a review helpful, its count goes up and "Most
 * helpful" puts it first; a guest is asked to log in. A 4.5 average shows four and a half stars.
 */

const SHOTS = '/tmp/refunds-shots';

test('a visitor votes a review helpful and it rises to the top of "Most helpful"; a 4.5 average draws four and a half stars', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const creator = await signUpViaApi(page.request, 'creator', 'Hana Helpful');
  const asCreator = apiAs(page.request, creator.token);
  const course = await asCreator('POST', '/api/courses', {
    title: `Gradient Descent by Hand ${Date.now()}`,
    description: '<p>Step by step.</p>',
    price: '0',
  });
  const module = await asCreator('POST', `/api/courses/${course.id}/modules`, { title: 'Basics' });
  const lesson = await asCreator('POST', `/api/modules/${module.id}/lessons`, {
    title: 'Slopes',
    type: 'text',
    content: '<p>d/dx</p>',
  });
  await asCreator('POST', `/api/courses/${course.id}/publish`, {});

  // Two reviews, 5 and 4 stars: the older one first, so "Newest" shows the 4-star one on top.
  for (const [name, rating, body] of [
    ['Olga Older', 5, 'The worked examples are the best part.'],
    ['Nina Newer', 4, 'Good, a bit fast in places.'],
  ] as const) {
    const student = await signUpViaApi(page.request, 'student', name);
    const asStudent = apiAs(page.request, student.token);
    await asStudent('POST', '/api/enroll-free', { courseId: course.id });
    await asStudent('POST', '/api/progress', { lessonId: lesson.id, completed: true });
    await asStudent('PUT', `/api/courses/${course.id}/review`, { rating, body });
  }

  const voter = await signUpViaApi(page.request, 'student', 'Vera Voter');
  await signInWithToken(page, voter.token);
  await page.goto(`/course/${course.id}`);
  const reviews = page.getByRole('region', { name: 'Student reviews' });
  await expect(reviews.getByText('4.5', { exact: true })).toBeVisible();
  const summaryStars = reviews.getByRole('img', { name: 'Rated 4.5 out of 5' });
  await expect(summaryStars).toBeVisible();
  await expect(summaryStars.locator('[data-star]')).toHaveCount(5);
  expect(
    await summaryStars.locator('[data-star]').evaluateAll((stars) => stars.map((star) => star.getAttribute('data-star'))),
  ).toEqual(['full', 'full', 'full', 'full', 'half']);
  // The half star is painted on its left half only.
  const half = summaryStars.locator('[data-star="half"] > span');
  const [halfWidth, starWidth] = await Promise.all([
    half.evaluate((element) => element.getBoundingClientRect().width),
    summaryStars.locator('[data-star="half"]').evaluate((element) => element.getBoundingClientRect().width),
  ]);
  expect(halfWidth).toBeCloseTo(starWidth / 2, 0);
  await shoot(summaryStars, 'stars-4.5-light');

  const items = reviews.getByRole('list', { name: 'Reviews' }).getByRole('listitem');
  const olga = items.filter({ hasText: 'Olga Older' });
  await reviews.getByLabel('Sort by').selectOption('helpful');
  // Nobody voted yet: the newest first.
  await expect(items.first()).toContainText('Nina Newer');
  const helpful = olga.getByRole('button', { name: /^Helpful \(\d+\)$/ });
  await expect(helpful).toHaveText('Helpful (0)');
  await expect(helpful).toHaveAttribute('aria-pressed', 'false');
  await helpful.click();
  await expect(helpful).toHaveText('Helpful (1)');
  await expect(helpful).toHaveAttribute('aria-pressed', 'true');
  await expect(items.first()).toContainText('Olga Older');
  await shoot(reviews, 'helpful-voted-light');

  // Pressed again, the vote is withdrawn.
  await helpful.click();
  await expect(helpful).toHaveText('Helpful (0)');
  await expect(helpful).toHaveAttribute('aria-pressed', 'false');
  await helpful.click();
  await expect(helpful).toHaveText('Helpful (1)');

  // Dark, and on a phone.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await shoot(summaryStars, 'stars-4.5-dark');
  await shoot(reviews, 'helpful-voted-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(reviews, 'helpful-voted-phone-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await shoot(reviews, 'helpful-voted-phone-light');

  // A guest sees the count, and is asked to log in to vote.
  const guestContext = await browser.newContext({ baseURL });
  const guest = await guestContext.newPage();
  await guest.goto(`/course/${course.id}`);
  await guest.evaluate(() => document.dispatchEvent(new PointerEvent('pointermove', { bubbles: true })));
  const guestReviews = guest.getByRole('region', { name: 'Student reviews' });
  const guestButton = guestReviews
    .getByRole('listitem')
    .filter({ hasText: 'Olga Older' })
    .getByRole('button', { name: 'Helpful (1)' });
  await guestButton.click();
  const login = guestReviews.getByRole('link', { name: 'Log in' });
  await expect(login).toBeVisible();
  await expect(login).toHaveAttribute('href', new RegExp(`^/login\\?.*${encodeURIComponent(`/course/${course.id}`)}`));
  await guestContext.close();
});

async function shoot(target: Locator, name: string) {
  await target.scrollIntoViewIfNeeded();
  await target.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled' });
}
