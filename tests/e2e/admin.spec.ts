import { AxeReport, useStableRendering } from './axe-scanner';
import { ADMIN, apiAs, catalogueIds, expect, expectNoSidewaysScroll, signInWithToken, signUpViaApi, test } from './fixtures';

/*
 * Issue 24 §6, the admin console: an admin (made by `npm run admin`, see scripts/e2e-server.mjs)
 * opens /admin from the top bar, hides a reported review and unpublishes a course with a reason that
 * its creator then reads on their dashboard and in the course builder. Axe-clean in light and dark,
 * on a desktop and a phone.
 */

test.describe.configure({ timeout: 180_000 });

test('an admin hides a reported review and unpublishes a course with a reason its creator then reads', async ({
  page,
  request,
}, testInfo) => {
  await useStableRendering(page);
  const run = `${testInfo.workerIndex}-${Date.now()}`;

  // A creator's free course with one slide, reviewed by a student who did the slide, and reported by another.
  const creator = await signUpViaApi(request, 'creator', 'Carla Moderated');
  const asCreator = apiAs(request, creator.token);
  const title = `Moderated Course ${run}`;
  const course = await asCreator('POST', '/api/courses', { title, description: '<p>About models.</p>', price: '0' });
  const module = await asCreator('POST', `/api/courses/${course.id}/modules`, { title: 'Basics' });
  const lesson = await asCreator('POST', `/api/modules/${module.id}/lessons`, {
    title: 'One',
    type: 'text',
    content: '<p>1</p>',
  });
  await asCreator('POST', `/api/courses/${course.id}/publish`, {});
  const reviewer = await signUpViaApi(request, 'student', 'Rex Rude');
  const asReviewer = apiAs(request, reviewer.token);
  await asReviewer('POST', '/api/enroll-free', { courseId: course.id });
  await asReviewer('POST', '/api/progress', { lessonId: lesson.id, completed: true });
  const reviewText = `Spam spam spam ${run}`;
  const review = await asReviewer('PUT', `/api/courses/${course.id}/review`, { rating: 1, body: reviewText });
  const reporter = await signUpViaApi(request, 'student', 'Rita Reporter');
  await apiAs(request, reporter.token)('POST', `/api/reviews/${review.id}/report`);

  // A student has no Admin link, and the page tells them it is not theirs.
  await signInWithToken(page, reporter.token);
  await expect(page.getByRole('link', { name: 'My Courses' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.getByText('This page is for admins only.')).toBeVisible();

  // The admin signs in on the login page and lands on the console.
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
  await page.goto('/');
  await page.getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL('/admin');
  await expect(page).toHaveTitle(/^Admin: Users \|/);
  const axe = new AxeReport('admin');
  await axe.scan(page, 'admin: users', page.getByRole('list', { name: 'Users' }));

  // Reported reviews: the student's review, with its one report; hidden, it leaves the course page.
  await page.getByRole('tab', { name: 'Reported reviews' }).click();
  await expect(page).toHaveURL('/admin?tab=reviews');
  const reviewRow = page.getByRole('list', { name: 'Reported reviews' }).getByRole('listitem').filter({ hasText: reviewText });
  await expect(reviewRow).toContainText(title);
  await expect(reviewRow).toContainText('1 report');
  await axe.scan(page, 'admin: reported reviews', reviewRow);
  await reviewRow.getByRole('button', { name: `Hide Rex Rude’s review of ${title}` }).click();
  // It leaves the reviews still shown, and is among the hidden ones, where it can be shown again.
  await expect(reviewRow).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Review state' }).selectOption('hidden');
  await expect(reviewRow.getByRole('button', { name: /^Show again/ })).toBeVisible();
  const publicReviews = await request.get(`/api/courses/${course.id}/reviews`);
  expect(((await publicReviews.json()) as { items: unknown[] }).items).toEqual([]);

  // Courses: found by title, unpublished with a reason (asked for in a dialog, which needs one).
  await page.getByRole('tab', { name: 'Courses' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Courses' });
  await panel.getByRole('searchbox', { name: 'Find courses' }).fill(title);
  await panel.getByRole('button', { name: 'Search', exact: true }).click();
  const courseRow = page.getByRole('list', { name: 'Courses' }).getByRole('listitem').filter({ hasText: title });
  await expect(courseRow).toHaveCount(1);
  await expect(courseRow).toContainText('Published');
  await axe.scan(page, 'admin: courses', courseRow);
  await courseRow.getByRole('button', { name: `Unpublish ${title}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading', { name: `Unpublish “${title}”?` })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Unpublish' })).toBeDisabled();
  const reason = 'The slides copy another course word for word.\nReplace them with your own material.';
  await dialog.getByLabel('Reason for the creator').fill(reason);
  await axe.scan(page, 'admin: unpublish dialog', dialog);
  await dialog.getByRole('button', { name: 'Unpublish' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(courseRow).toContainText('Draft');
  await expect(courseRow).toContainText('Unpublished by an admin on');
  await expect(courseRow).toContainText('The slides copy another course word for word.');
  expect(await catalogueIds(request)).not.toContain(course.id);

  // Both actions are in the audit log, with who did them.
  await page.getByRole('tab', { name: 'Audit log' }).click();
  const audit = page.getByRole('list', { name: 'Audit log' });
  await expect(audit.getByRole('listitem').filter({ hasText: 'Unpublished a course' }).first()).toContainText(
    course.id as string,
  );
  await expect(audit.getByRole('listitem').filter({ hasText: 'Hid a review' }).first()).toContainText(review.id as string);
  await axe.scan(page, 'admin: audit log', audit);

  // The other sections draw their data (or say there is none) without a sideways scroll on a phone.
  for (const [tab, ready] of [
    ['Creators & invitations', page.getByRole('heading', { name: 'Invitations' })],
    ['Payments', page.getByRole('heading', { name: 'Payments' })],
    ['Coupons', page.getByRole('heading', { name: 'Site-wide coupons' })],
    ['Revenue', page.getByText('Platform fees')],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(ready).toBeVisible();
    await expect(page.locator('.animate-pulse')).toHaveCount(0);
    await axe.scan(page, `admin: ${tab.toLowerCase()}`, ready);
  }
  // A name with no place to break (other specs' accounts have such names and emails) wraps on a phone.
  await signUpViaApi(request, 'student', `Unbroken${'x'.repeat(60)}${run}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  for (const tab of ['Users', 'Courses', 'Reported reviews', 'Audit log']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // The creator reads the reason on the dashboard and in the course builder.
  await signInWithToken(page, creator.token);
  await page.goto('/creator/dashboard');
  const notice = page.getByRole('note', { name: 'Unpublished by an admin' });
  await expect(notice).toContainText('The slides copy another course word for word.');
  await expect(notice).toContainText('Replace them with your own material.');
  await axe.scan(page, 'creator dashboard: moderation notice', notice);
  await page.goto(`/creator/courses/${course.id}/build`);
  await expect(notice).toContainText('The slides copy another course word for word.');
  await axe.scan(page, 'course builder: moderation notice', notice);

  axe.expectNoViolations();
});
