import type { APIRequestContext } from '@playwright/test';
import { AxeReport, useStableRendering } from './axe-scanner';
import { type Api, apiAs, expect, signUpViaApi, test } from './fixtures';

/*
 * Issue 22 item 6: My Courses reads right. A student whose only course is finished is not told "No
 * enrolled courses yet"; Completed offers the certificate; the learn button says "Start Course" at 0 %
 * and "Continue" once started; the tab is in the address; a course without an image gets a placeholder
 * with its initials, never a blank box.
 */

/** A published free course of `lessons` text slides; answers its id and the slides' ids. */
async function freeCourse(api: Api, title: string, lessons: number) {
  const course = await api('POST', '/api/courses', { title, description: '<p>Learn by doing.</p>', price: '0' });
  const module = await api('POST', `/api/courses/${course.id}/modules`, { title: 'Foundations' });
  const lessonIds: string[] = [];
  for (let i = 1; i <= lessons; i++) {
    const lesson = await api('POST', `/api/modules/${module.id}/lessons`, {
      title: `Slide ${i}`,
      type: 'text',
      content: `<p>Slide ${i}.</p>`,
    });
    lessonIds.push(lesson.id);
  }
  await api('POST', `/api/courses/${course.id}/publish`, {});
  return { id: course.id, lessonIds };
}

async function creatorApi(request: APIRequestContext): Promise<Api> {
  return apiAs(request, (await signUpViaApi(request, 'creator', 'Tess Teacher')).token);
}

const complete = (api: Api, lessonId: string) =>
  api('POST', '/api/progress', { lessonId, completed: true, completedAt: new Date().toISOString() });

test('a finished course: In Progress says so and links to Completed, which offers the certificate; the tab is in the address', async ({
  page,
  request,
  loginAs,
}, testInfo) => {
  test.setTimeout(90_000);
  const stamp = `${testInfo.workerIndex}-${Date.now()}`;
  const creator = await creatorApi(request);
  const finished = await freeCourse(creator, `Gradient Descent Basics ${stamp}`, 1);
  const student = await loginAs('student');
  const api = apiAs(request, student.token);
  await api('POST', '/api/enroll-free', { courseId: finished.id });
  await complete(api, finished.lessonIds[0] ?? '');

  await page.goto('/my-courses');
  const inProgress = page.getByRole('tabpanel', { name: 'In Progress' });
  await expect(inProgress.getByText('Nothing in progress right now.')).toBeVisible();
  await expect(page.getByText(/No enrolled courses yet/)).toHaveCount(0);
  await expect(inProgress).toContainText("You've completed 1 course");

  await inProgress.getByRole('link', { name: 'see Completed' }).click();
  await expect(page).toHaveURL(/\/my-courses\?tab=completed$/);
  const completed = page.getByRole('tabpanel', { name: 'Completed' });
  await expect(page.getByRole('tab', { name: 'Completed' })).toHaveAttribute('aria-selected', 'true');
  await expect(completed.getByRole('link', { name: `Gradient Descent Basics ${stamp}`, exact: true })).toBeVisible();

  // No image: the course's initials on its own gradient, not an empty box.
  await expect(completed.getByTestId('thumbnail-placeholder')).toHaveText('GD');

  const download = page.waitForEvent('download');
  await completed.getByRole('button', { name: `Download certificate for Gradient Descent Basics ${stamp}` }).click();
  expect((await download).suggestedFilename()).toMatch(/^certificate-.*\.pdf$/);
  await expect(page.getByText('Success!')).toBeVisible();

  // The tab survives a reload and follows back and forward.
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Completed' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Saved' }).click();
  await expect(page).toHaveURL(/\/my-courses\?tab=saved$/);
  await expect(page.getByText('No saved courses yet')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Completed' })).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  await expect(page).toHaveURL(/\/my-courses$/);
  await expect(page.getByRole('tab', { name: 'In Progress' })).toHaveAttribute('aria-selected', 'true');
  await page.goForward();
  await expect(page.getByRole('tab', { name: 'Completed' })).toHaveAttribute('aria-selected', 'true');
});

test('"Start Course" for a course not begun, "Continue" for one under way; a student with no course is told so', async ({
  page,
  request,
  loginAs,
}, testInfo) => {
  test.setTimeout(90_000);
  await useStableRendering(page);
  const stamp = `${testInfo.workerIndex}-${Date.now()}`;
  const creator = await creatorApi(request);
  const untouched = await freeCourse(creator, `Untouched Course ${stamp}`, 2);
  const begun = await freeCourse(creator, `Begun Course ${stamp}`, 2);
  const student = await loginAs('student');

  await page.goto('/my-courses');
  await expect(page.getByText('No enrolled courses yet. Browse courses to get started!')).toBeVisible();

  const api = apiAs(request, student.token);
  await api('POST', '/api/enroll-free', { courseId: untouched.id });
  await api('POST', '/api/enroll-free', { courseId: begun.id });
  await complete(api, begun.lessonIds[0] ?? '');

  await page.reload();
  const rowOf = (title: string) => page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  const untouchedRow = rowOf(`Untouched Course ${stamp}`);
  const begunRow = rowOf(`Begun Course ${stamp}`);
  await expect(untouchedRow.getByText('0%')).toBeVisible();
  await expect(untouchedRow.getByRole('link', { name: 'Start Course' })).toHaveAttribute('href', `/course/${untouched.id}/learn`);
  await expect(untouchedRow.getByRole('link', { name: 'Continue' })).toHaveCount(0);
  await expect(begunRow.getByText('50%')).toBeVisible();
  await expect(begunRow.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', `/course/${begun.id}/learn`);
  await expect(begunRow.getByTestId('thumbnail-placeholder')).toHaveText('BC');

  const report = new AxeReport('student');
  await report.scan(page, 'my courses: in progress', begunRow.getByRole('link', { name: 'Continue' }));
  await page.getByRole('tab', { name: 'Completed' }).click();
  await report.scan(page, 'my courses: completed (empty)', page.getByText('No completed courses yet'));
  report.expectNoViolations();
});
