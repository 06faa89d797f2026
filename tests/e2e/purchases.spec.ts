import { readFile } from 'node:fs/promises';
import { AxeReport, useStableRendering } from './axe-scanner';
import { apiAs, expect, payForCourse, publishCourse, signUpViaApi, test } from './fixtures';

/*
 * Issue 24 §5 (purchases): the buyer finds what they paid for from the user menu, saves a receipt, and
 * gives a course back within the rules; the course then leaves My Courses.
 */

test('purchases: both payments listed, a receipt saved, one course refunded and gone from My Courses', async ({
  page,
  request,
  loginAs,
}, testInfo) => {
  test.setTimeout(150_000);
  await useStableRendering(page);
  const stamp = `${testInfo.workerIndex}-${Date.now()}`;
  const creator = apiAs(request, (await signUpViaApi(request, 'creator')).token);
  const kept = await publishCourse(creator, {
    title: `Kept Course ${stamp}`,
    description: '<p>Worth keeping.</p>',
    price: '30.00',
  });
  const returned = await publishCourse(creator, {
    title: `Returned Course ${stamp}`,
    description: '<p>Not for me.</p>',
    price: '45.00',
  });
  const student = await loginAs('student');
  const api = apiAs(request, student.token);
  await payForCourse(api, kept.id);
  await payForCourse(api, returned.id);

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Purchases', exact: true }).click();
  await expect(page).toHaveURL(/\/purchases$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Purchases' })).toBeVisible();

  const keptRow = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Kept Course ${stamp}` }) });
  const returnedRow = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Returned Course ${stamp}` }) });
  await expect(keptRow).toContainText('$30.00');
  await expect(keptRow.getByText('Paid', { exact: true })).toBeVisible();
  await expect(returnedRow).toContainText('$45.00');
  await expect(returnedRow.getByText(/^Refundable until /)).toBeVisible();
  // Newest first.
  await expect(page.getByRole('listitem').first()).toContainText(`Returned Course ${stamp}`);

  const report = new AxeReport('student');
  await report.scan(page, 'purchases', returnedRow.getByRole('button', { name: /^Request refund/ }));

  const download = page.waitForEvent('download');
  await keptRow.getByRole('button', { name: `Download receipt for Kept Course ${stamp}` }).click();
  const receipt = await download;
  expect(receipt.suggestedFilename()).toMatch(/\.pdf$/);
  const file = await receipt.path();
  expect((await readFile(file)).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await returnedRow.getByRole('button', { name: `Request refund for Returned Course ${stamp}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Refund this course?' });
  await expect(dialog).toContainText(/within 30 days of buying while you have completed less than 30\s% of the course/);
  await report.scan(page, 'purchases: refund dialog', dialog.getByRole('button', { name: 'Refund $45.00' }));
  await dialog.getByRole('button', { name: 'Refund $45.00' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Refunded $45.00')).toBeVisible();
  await expect(returnedRow.getByText(/^Refunded on /)).toBeVisible();
  await expect(returnedRow.getByRole('button', { name: /^Request refund/ })).toHaveCount(0);
  await expect(keptRow.getByRole('button', { name: /^Request refund/ })).toBeVisible();

  report.expectNoViolations();

  await page.getByRole('link', { name: 'My Courses' }).click();
  await expect(page.getByRole('link', { name: `Kept Course ${stamp}`, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: `Returned Course ${stamp}` })).toHaveCount(0);
});

test('purchases: a guest is sent to sign in, a new student sees none', async ({ page, loginAs }) => {
  await page.goto('/purchases');
  await expect(page).toHaveURL(/\/login/);
  await loginAs('student');
  await page.goto('/purchases');
  await expect(page.getByText('No purchases yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse courses' })).toBeVisible();
});

test('purchases: a refund the server refuses (the course is done) says why in the dialog', async ({
  page,
  request,
  loginAs,
}, testInfo) => {
  const title = `Finished Course ${testInfo.workerIndex}-${Date.now()}`;
  const creator = apiAs(request, (await signUpViaApi(request, 'creator')).token);
  const course = await creator('POST', '/api/courses', { title, description: '<p>Short.</p>', price: '20.00' });
  const module = await creator('POST', `/api/courses/${course.id}/modules`, { title: 'Only' });
  const lesson = await creator('POST', `/api/modules/${module.id}/lessons`, {
    title: 'All of it',
    type: 'text',
    content: '<p>Done.</p>',
  });
  await creator('POST', `/api/courses/${course.id}/publish`, {});
  const student = await loginAs('student');
  const api = apiAs(request, student.token);
  await payForCourse(api, course.id);
  await api('POST', '/api/progress', { lessonId: lesson.id, completed: true, completedAt: new Date().toISOString() });

  await page.goto('/purchases');
  await page.getByRole('button', { name: `Request refund for ${title}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Refund this course?' });
  await dialog.getByRole('button', { name: 'Refund $20.00' }).click();
  await expect(dialog.getByRole('alert')).toContainText('30 %');
  await dialog.getByRole('button', { name: 'Keep the course' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
});
