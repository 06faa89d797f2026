import type { APIRequestContext } from '@playwright/test';
import { apiAs, expect as baseExpect, signUpViaApi, test, uniqueEmail } from './fixtures';

// These walk through several pages each; on a busy machine a page's first load alone can take seconds.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/* Issue 22 item 4: back to where you were, after signing in and when opening a page by address. */

async function publishedCourse(request: APIRequestContext, title: string, price: string): Promise<string> {
  const creator = apiAs(request, (await signUpViaApi(request, 'creator')).token);
  const course = await creator('POST', '/api/courses', { title, description: '<p>Come back.</p>', price });
  const module = await creator('POST', `/api/courses/${course.id}/modules`, { title: 'One' });
  await creator('POST', `/api/modules/${module.id}/lessons`, { title: 'Only', type: 'text', content: '<p>Hi</p>' });
  await creator('POST', `/api/courses/${course.id}/publish`, {});
  return course.id;
}

test('Enroll as a guest, then Create Account: back on the course, the free enrollment is finished', async ({
  page,
  request,
}, testInfo) => {
  const courseId = await publishedCourse(request, `Return Free ${testInfo.workerIndex}-${Date.now()}`, '0');
  await page.goto(`/course/${courseId}`);
  await page.getByRole('button', { name: 'Enroll for Free' }).click();
  await page.getByRole('dialog', { name: 'Account Required' }).getByRole('link', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/login\?tab=signup&next=/);
  await page.getByLabel('Name').fill('Returning Learner');
  await page.getByLabel('Email').fill(uniqueEmail('return'));
  await page.getByLabel('Password').fill('comes-back-1');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  // Back on the course, enrolled there: no checkout in between.
  await expect(page).toHaveURL(new RegExp(`/course/${courseId}$`));
  await expect(page.getByRole('complementary', { name: 'Enrollment' }).getByRole('link', { name: 'Start Course' })).toBeVisible();
  await expect(page.getByText('Enrolled', { exact: true })).toBeVisible();
});

test('Enroll as a guest, then Log In on the Sign Up tab: back at the paid course, its checkout opens', async ({
  page,
  request,
}, testInfo) => {
  const courseId = await publishedCourse(request, `Return Paid ${testInfo.workerIndex}-${Date.now()}`, '19.00');
  const student = await signUpViaApi(request, 'student');
  await page.goto(`/course/${courseId}`);
  await page.getByRole('button', { name: 'Enroll Now' }).click();
  await page.getByRole('dialog', { name: 'Account Required' }).getByRole('link', { name: 'Create Account' }).click();
  // Switching tabs keeps where to return to.
  await page.getByRole('tab', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password').fill(student.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${courseId}$`));
  await expect(page.getByRole('button', { name: 'Complete Purchase' })).toBeVisible();
});

test('a signed-in page opened signed out returns there after login; a foreign next= is ignored', async ({ page, request }) => {
  const student = await signUpViaApi(request, 'student');
  await page.goto('/my-courses');
  await expect(page).toHaveURL(/\/login\?next=%2Fmy-courses$/);
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password').fill(student.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/my-courses$/);

  await page.evaluate(() => localStorage.clear());
  await page.goto('/login?next=%2F%2Fevil.example%2F');
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password').fill(student.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test('a page opened by address starts at its top; back and forward return to where it was left', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  const scrollY = () => page.evaluate(() => window.scrollY);
  await page.goto('/');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(scrollY).toBeGreaterThan(400);
  const leftAt = await scrollY();

  // Opened by address in the same tab: the previous page's position must not be reused.
  await page.goto('/?difficulty=any');
  await page.waitForTimeout(300);
  expect(await scrollY()).toBe(0);

  // Back and forward within the app restore.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(scrollY).toBeGreaterThan(400);
  const secondLeftAt = await scrollY();
  await page.getByRole('link', { name: 'Creator portal' }).click();
  await expect(page).toHaveURL(/\/creator$/);
  await expect.poll(scrollY).toBe(0);
  await page.goBack();
  await expect.poll(scrollY).toBe(secondLeftAt);
  // And a reload keeps the place too.
  await page.reload();
  await expect.poll(scrollY).toBeGreaterThan(leftAt / 2);
});
