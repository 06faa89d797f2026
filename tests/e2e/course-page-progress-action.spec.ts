import { apiAs, expect, signUpViaApi, test } from './fixtures';

/*
 * The course page's main button follows the learner's progress, as My Courses does: Start Course at
 * 0 % (the fixed text), Continue Course once begun, Review Course once every slide is done.
 */

test('an enrolled course page says Start Course at 0 %, Continue Course at 25 %, Review Course at 100 %', async ({
  page,
  loginAs,
  request,
}, testInfo) => {
  const creator = apiAs(request, (await signUpViaApi(request, 'creator')).token);
  const title = `Progress Words ${testInfo.workerIndex}-${Date.now()}`;
  const course = await creator('POST', '/api/courses', { title, description: '<p>Four slides.</p>', price: '0' });
  const module = await creator('POST', `/api/courses/${course.id}/modules`, { title: 'Only module' });
  const lessonIds: string[] = [];
  for (const name of ['One', 'Two', 'Three', 'Four']) {
    const lesson = await creator('POST', `/api/modules/${module.id}/lessons`, {
      title: name,
      type: 'text',
      content: `<p>${name}.</p>`,
    });
    lessonIds.push(lesson.id);
  }
  await creator('POST', `/api/courses/${course.id}/publish`, {});

  const student = apiAs(page.request, (await loginAs('student')).token);
  await student('POST', '/api/enroll-free', { courseId: course.id });
  const complete = (lessonId: string) =>
    student('POST', '/api/progress', { lessonId, completed: true, completedAt: new Date().toISOString() });
  const enrollment = page.getByRole('complementary', { name: 'Enrollment' });

  await page.goto(`/course/${course.id}`);
  await expect(enrollment.getByText('0% complete')).toBeVisible();
  await expect(enrollment.getByRole('link', { name: 'Start Course' })).toHaveAttribute('href', `/course/${course.id}/learn`);

  await complete(lessonIds[0] ?? '');
  await page.goto(`/course/${course.id}`);
  await expect(enrollment.getByText('25% complete')).toBeVisible();
  await expect(enrollment.getByRole('link', { name: 'Continue Course' })).toHaveAttribute('href', `/course/${course.id}/learn`);
  await expect(enrollment.getByRole('link', { name: 'Start Course' })).toHaveCount(0);
  // My Courses agrees.
  await page.goto('/my-courses');
  await expect(page.getByRole('link', { name: /^Continue/ })).toBeVisible();

  // Arriving from My Courses (the browser draws it, not the server): the same word.
  await page.getByRole('link', { name: title, exact: true }).click();
  await expect(enrollment.getByRole('link', { name: 'Continue Course' })).toBeVisible();

  for (const lessonId of lessonIds.slice(1)) await complete(lessonId);
  await page.goto(`/course/${course.id}`);
  await expect(enrollment.getByText('100% complete')).toBeVisible();
  await expect(enrollment.getByRole('link', { name: 'Review Course' })).toHaveAttribute('href', `/course/${course.id}/learn`);
});
