import type { APIRequestContext, Page } from '@playwright/test';
import { apiAs, catalogueIds, expect, expectNoSidewaysScroll, payForCourse, signUpViaApi, test, uniqueEmail } from './fixtures';

// Long journeys through a real browser on a busy two-core box.
test.describe.configure({ timeout: 90_000 });

const ARCHIVE_CONFIRMATION =
  'Are you sure you want to archive this course? It will be hidden from the marketplace but students who have enrolled can still access it.';
const ARCHIVED_DESCRIPTION =
  'The course has been archived and hidden from the marketplace. Students who have enrolled can still access it.';

type CreatedCourse = { id: string; title: string };

function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}

async function createCourse(request: APIRequestContext, token: string, title: string): Promise<CreatedCourse> {
  const response = await request.post('/api/courses', {
    headers: bearer(token),
    data: { title, description: '<p>Hands-on lessons.</p>', price: '19.99', difficulty: 'Beginner', duration: '2 hours' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedCourse;
}

/** Gives the course a module with a slide, as publishing needs, and publishes it. */
async function publish(request: APIRequestContext, token: string, courseId: string) {
  const api = apiAs(request, token);
  const module = await api('POST', `/api/courses/${courseId}/modules`, { title: 'Getting started' });
  await api('POST', `/api/modules/${module.id}/lessons`, { title: 'Welcome', type: 'text', content: '<p>Hello.</p>' });
  const response = await request.post(`/api/courses/${courseId}/publish`, { headers: bearer(token) });
  expect(response.ok(), await response.text()).toBe(true);
}

/** A student who signs up and pays for the course with the test processor's good card. */
async function buyAsNewStudent(request: APIRequestContext, courseId: string, name: string) {
  const buyer = await signUpViaApi(request, 'student', name);
  await payForCourse(apiAs(request, buyer.token), courseId);
  return buyer.email;
}

function metric(page: Page, label: string) {
  return page.getByRole('region', { name: 'Your figures' }).getByRole('group', { name: label });
}

function figure(page: Page, label: string) {
  return page.getByRole('region', { name: 'Course figures' }).getByRole('group', { name: label });
}

function row(page: Page, title: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });
}

test('a creator follows their courses from the dashboard and archives one', async ({ page, loginAs }) => {
  const creator = await loginAs('creator');
  await page.goto('/creator/dashboard');

  await expect(page.getByRole('heading', { name: 'Creator Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText("You haven't created any courses yet")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Your First Course' })).toHaveAttribute('href', '/creator/create-course');
  await expect(page.getByRole('link', { name: 'Create Course', exact: true })).toHaveAttribute('href', '/creator/create-course');
  await expect(metric(page, 'Active Courses').getByText('0', { exact: true })).toBeVisible();

  const draft = await createCourse(page.request, creator.token, 'Diffusion Models From Scratch');
  const live = await createCourse(page.request, creator.token, 'Prompt Engineering Basics');
  await publish(page.request, creator.token, live.id);
  await page.reload();

  await expect(row(page, draft.title).getByText('Draft', { exact: true })).toBeVisible();
  await expect(row(page, draft.title).getByText('$19.99')).toBeVisible();
  await expect(row(page, live.title).getByText('Published', { exact: true })).toBeVisible();
  await expect(row(page, live.title).getByText('Archived', { exact: true })).toHaveCount(0);
  await expect(metric(page, 'Active Courses').getByText('1', { exact: true })).toBeVisible();
  await expect(metric(page, 'Total Students').getByText('0', { exact: true })).toBeVisible();
  await expect(metric(page, 'Total Revenue').getByText('$0.00', { exact: true })).toBeVisible();
  await expect(metric(page, 'This Month').getByText('$0.00', { exact: true })).toBeVisible();

  // The row menu opens and is driven from the keyboard.
  await page.getByRole('button', { name: `Actions for ${live.title}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Analytics' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/creator/courses/${live.id}/analytics`);
  await expect(page.getByRole('heading', { name: live.title, level: 1 })).toBeVisible();
  await expect(page.getByText('No enrollments yet')).toBeVisible();
  await expect(figure(page, 'Total Enrollments').getByText('0', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();

  await page.getByRole('button', { name: `Actions for ${live.title}` }).click();
  await page.getByRole('menuitem', { name: 'View Students' }).click();
  await expect(page).toHaveURL(`/creator/courses/${live.id}/students`);
  await expect(page.getByText('No students enrolled yet')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();

  await page.getByRole('button', { name: `Actions for ${live.title}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toHaveAttribute('href', `/creator/courses/${live.id}/build`);
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText(ARCHIVE_CONFIRMATION, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row(page, live.title).getByText('Archived', { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: `Actions for ${live.title}` }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(page.getByText('Course archived', { exact: true })).toBeVisible();
  await expect(page.getByText(ARCHIVED_DESCRIPTION, { exact: true })).toBeVisible();
  await expect(row(page, live.title).getByText('Archived', { exact: true })).toBeVisible();
  // The figures follow: an archived course is no longer active.
  await expect(metric(page, 'Active Courses').getByText('0', { exact: true })).toBeVisible();

  expect(await catalogueIds(page.request)).not.toContain(live.id);

  // An archived course offers no second archive.
  await page.getByRole('button', { name: `Actions for ${live.title}` }).click();
  await expect(page.getByRole('menuitem', { name: 'View Students' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Archive' })).toHaveCount(0);
});

test('sales show up in the figures, the analytics and the students list', async ({ page, loginAs }) => {
  const creator = await loginAs('creator');
  const course = await createCourse(page.request, creator.token, 'Vector Databases in Practice');
  await publish(page.request, creator.token, course.id);
  const email = await buyAsNewStudent(page.request, course.id, 'Ada Learner');

  await page.goto('/creator/dashboard');
  // Revenue is what the creator keeps: 19.99 less the 20 % fee.
  await expect(metric(page, 'Total Revenue').getByText('$15.99', { exact: true })).toBeVisible();
  await expect(metric(page, 'This Month').getByText('$15.99', { exact: true })).toBeVisible();
  await expect(metric(page, 'Total Students').getByText('1', { exact: true })).toBeVisible();

  await page.goto(`/creator/courses/${course.id}/analytics`);
  await expect(figure(page, 'Total Enrollments').getByText('1', { exact: true })).toBeVisible();
  await expect(figure(page, 'Net earnings').getByText('$15.99', { exact: true })).toBeVisible();
  await expect(figure(page, 'Completion Rate').getByText('0%', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Enrollments per day/ })).toBeVisible();
  const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  await expect(page.getByRole('table').getByRole('row', { name: `${today} 1` })).toBeAttached();

  await page.goto(`/creator/courses/${course.id}/students`);
  const student = page.getByRole('row', { name: /Ada Learner/ });
  await expect(student).toContainText(email);
  await expect(student).toContainText('0%');
  await expect(student.getByRole('progressbar', { name: 'Progress of Ada Learner' })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(student).toContainText(email);
  await expectNoSidewaysScroll(page);
  await page.goto(`/creator/courses/${course.id}/analytics`);
  await expect(page.getByRole('img', { name: /^Enrollments per day/ })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.goto('/creator/dashboard');
  await expect(row(page, course.title)).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test("another creator's course reads 'Course not found'", async ({ page, loginAs, request }) => {
  const other = await request.post('/api/auth/signup', {
    data: {
      email: uniqueEmail('other-creator'),
      password: 'correct-horse-9',
      name: 'Olga Other',
      role: 'creator',
      inviteCode: process.env.CREATOR_INVITE_CODE ?? 'e2e-creator-invite',
    },
  });
  expect(other.status(), await other.text()).toBe(201);
  const { token } = (await other.json()) as { token: string };
  const theirs = await createCourse(request, token, 'Somebody Else’s Course');

  await loginAs('creator');
  await page.goto(`/creator/courses/${theirs.id}/analytics`);
  await expect(page.getByRole('heading', { name: 'Course not found', level: 1 })).toBeVisible();
  await expect(page.getByText('Total Enrollments')).toHaveCount(0);
  await page.goto(`/creator/courses/${theirs.id}/students`);
  await expect(page.getByRole('heading', { name: 'Course not found', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^Course not found/);
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL('/creator/dashboard');
});

test('students are refused and guests are sent to the creator portal', async ({ page, loginAs }) => {
  await page.goto('/creator/dashboard');
  // Signing in there comes back to the page asked for (issue 22).
  await expect(page).toHaveURL('/creator?next=%2Fcreator%2Fdashboard');

  await loginAs('student');
  await page.goto('/creator/dashboard');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.getByText('This page is for creators only.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Creator Dashboard' })).toHaveCount(0);
});
