import { randomUUID } from 'node:crypto';
import { apiAs, expect, signUpViaApi, test } from './fixtures';

test('the home page lists the most followed courses per difficulty, each tab with a way to all of them', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Popular AI Courses' })).toBeVisible();
  const cards = page.getByTestId('course-card');
  await expect(cards.first()).toBeVisible();
  const all = await cards.count();
  // The demo's six at least, and never more than a tab shows (the rest are on the search page).
  expect(all).toBeGreaterThanOrEqual(6);
  expect(all).toBeLessThanOrEqual(12);
  await expect(cards.filter({ hasText: 'Free' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'View all courses' })).toHaveAttribute('href', '/courses');

  await page.getByRole('tab', { name: 'Advanced' }).click();
  await expect(page.getByRole('link', { name: 'View all Advanced courses' })).toHaveAttribute(
    'href',
    '/courses?difficulty=Advanced',
  );
  await expect(cards.first()).toContainText('Advanced');
  expect(await cards.count()).toBeLessThanOrEqual(12);
  for (const card of await cards.all()) await expect(card).toContainText('Advanced');

  await cards.first().getByRole('link', { name: 'View Course' }).click();
  await expect(page).toHaveURL(/\/course\/[0-9a-f-]{36}$/);
});

test('the theme choice persists across a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
});

test('an unknown address answers HTTP 404 with the friendly not-found page', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: /page not found/i })).toBeVisible();
  // A known page still answers 200, and the API's own 404s stay JSON.
  expect((await page.request.get('/my-courses')).status()).toBe(200);
  const api = await page.request.get('/api/no-such-endpoint');
  expect(api.status()).toBe(404);
  expect(api.headers()['content-type']).toContain('application/json');
});

test("an address that names nothing answers 404; a draft does to strangers, and is its creator's all the same", async ({
  page,
  browser,
  baseURL,
}) => {
  const creator = await signUpViaApi(page.request, 'creator', 'Drafty Creator');
  const draft = await apiAs(page.request, creator.token)('POST', '/api/courses', { title: `Still a draft ${Date.now()}` });

  for (const url of [`/course/${draft.id}`, '/course/not-an-id', `/course/${randomUUID()}`]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    await expect(page.getByRole('heading', { name: 'Course not found' })).toBeVisible();
  }

  // Its creator, signed in but without the page-session cookie (the server sees a guest): the 404's
  // HTML is the app, which asks the API with the stored token and shows the draft.
  const context = await browser.newContext({ baseURL });
  await context.addInitScript((token) => localStorage.setItem('token', token), creator.token);
  const owner = await context.newPage();
  const response = await owner.goto(`/course/${draft.id}`);
  expect(response?.status()).toBe(404);
  await expect(owner.getByRole('heading', { name: String(draft.title), level: 1 })).toBeVisible();
  // Now with the cookie the app wrote: the server draws it for its creator.
  expect((await owner.goto(`/course/${draft.id}`))?.status()).toBe(200);
  await context.close();
});

test('a stored but invalid token is dropped silently on load', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('token', 'not-a-real-token'));
  await page.reload();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a signed-in student sees My Courses and the demo student sees progress on enrolled cards', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('student@demo.gradient.academy');
  await page.getByLabel('Password').fill('student-demo-2026');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'My Courses', exact: true })).toBeVisible();
  // The header's cart button: the cart page, with the count once there is something in it (cart.spec.ts).
  await expect(page.getByRole('link', { name: /^Cart(, \d+ courses?)?$/ })).toHaveAttribute('href', '/cart');
  await expect(page.getByTestId('course-card').filter({ hasText: '% complete' }).first()).toBeVisible();
});

test('the top bar is hidden on the login page and shown on the home page', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByPlaceholder('Search courses...')).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Toggle theme' })).toBeVisible();
});
