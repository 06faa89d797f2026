import { AxeReport } from './axe-scanner';
import { apiAs, expect, publishCourse, test } from './fixtures';

/*
 * Issue 23 §3: a creator fills in their instructor page from the dashboard; anyone reaches it from a
 * course page and finds the profile, the totals and the courses on sale.
 */

test('a creator edits their instructor page, and a visitor reaches it from a course page', async ({
  page,
  browser,
  baseURL,
  loginAs,
}) => {
  test.setTimeout(120_000);
  const creator = await loginAs('creator');
  const api = apiAs(page.request, creator.token);
  const title = `Diffusion from Zero ${Date.now()}`;
  const course = await publishCourse(
    api,
    { title, description: '<p>Noise in, images out.</p>', price: '0' },
    { module: 'Noise', title: 'Forward process', content: '<p>Add noise.</p>' },
  );

  await page.goto('/creator/dashboard');
  const editor = page.getByRole('region', { name: 'Your instructor page' });
  await editor.getByLabel('Headline').fill('Generative models researcher');
  await editor.getByLabel('About you').fill('Ten years of image models.\nI teach from first principles.');
  await editor.getByRole('button', { name: 'Save instructor page' }).click();
  await expect(page.getByText('Instructor page saved')).toBeVisible();

  const visitor = await browser.newContext({ baseURL });
  const guest = await visitor.newPage();
  await guest.goto(`/course/${course.id}`);
  // The course page names its instructor, linked to their page.
  await expect(guest.getByText(`Created by ${creator.name}`)).toBeVisible();
  await guest.getByRole('link', { name: creator.name, exact: true }).click();
  await expect(guest).toHaveURL(/\/instructors\/[0-9a-f-]{36}$/);
  await expect(guest.getByRole('heading', { level: 1, name: creator.name })).toBeVisible();
  await expect(guest.getByText('Generative models researcher')).toBeVisible();
  await expect(guest.getByText('I teach from first principles.')).toBeVisible();
  await expect(guest.getByRole('article').filter({ hasText: title })).toBeVisible();
  await expect(guest.getByText('No ratings yet')).toBeVisible();

  const axe = new AxeReport('instructor page');
  await axe.scan(guest, 'instructor page', guest.getByRole('heading', { name: `Courses by ${creator.name}` }));
  await visitor.close();
  axe.expectNoViolations();
});

test('an address that is no instructor says so', async ({ page }) => {
  await page.goto('/instructors/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Instructor not found' })).toBeVisible();
});
