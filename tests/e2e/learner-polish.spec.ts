import type { Page } from '@playwright/test';
import { apiAs, expect as baseExpect, publishCourse, signInWithToken, signUpViaApi, test, waitForAppOnLoad } from './fixtures';

// Several pages and layouts each; on a busy machine a page's first load alone can take seconds.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/*
 * Small things a newcomer met: the theme button's icon means the same on every page, drawn or not;
 * Profile and Settings lead to different places; My Courses' empty tabs offer a way on; on a phone the
 * course page keeps its price and Enroll in a bar at the bottom while the main button is out of view.
 */

const PHONE = { width: 390, height: 844 };

/** The theme button's icon that is showing: its lucide name. */
async function shownThemeIcon(page: Page): Promise<string[]> {
  return page
    .getByRole('button', { name: 'Toggle theme' })
    .locator('svg')
    .evaluateAll((icons) =>
      icons
        .filter((icon) => getComputedStyle(icon).display !== 'none' && icon.getBoundingClientRect().width > 0)
        .map((icon) => [...icon.classList].find((name) => name.startsWith('lucide-')) ?? 'unknown'),
    );
}

test('the theme button shows the same icon on every page in a theme, on a drawn page before its code too', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  const creator = apiAs(request, (await signUpViaApi(request, 'creator')).token);
  const stamp = `${testInfo.workerIndex}-${Date.now()}`;
  const paid = await publishCourse(creator, { title: `Theme Icons ${stamp}`, description: '<p>Icons.</p>', price: '9.00' });
  const free = await publishCourse(creator, { title: `Theme Icons Free ${stamp}`, description: '<p>Free.</p>', price: '0' });
  const student = await signUpViaApi(request, 'student');
  await apiAs(request, student.token)('POST', '/api/enroll-free', { courseId: free.id });

  for (const [theme, icon] of [
    ['dark', 'lucide-sun'],
    ['light', 'lucide-moon'],
  ] as const) {
    const context = await browser.newContext({ baseURL });
    await context.addInitScript((value) => localStorage.setItem('theme', value), theme);
    const page = await context.newPage();
    // Home as the server drew it, before the visitor's first move runs its code (docs/performance.md, First paint).
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Popular AI Courses' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-app-ready'))).toBe(false);
    expect(await shownThemeIcon(page), `${theme}: Home as drawn`).toEqual([icon]);
    await expect(page.getByRole('button', { name: 'Toggle theme' })).toHaveAttribute('title', /theme/i);
    const drawnTitle = await page.getByRole('button', { name: 'Toggle theme' }).getAttribute('title');

    const app = waitForAppOnLoad(page);
    await signInWithToken(app, student.token);
    for (const url of ['/', `/course/${paid.id}`, `/checkout/${paid.id}`, `/course/${free.id}/learn`, '/my-courses']) {
      await app.goto(url);
      expect(await shownThemeIcon(app), `${theme}: ${url}`).toEqual([icon]);
      await expect(app.getByRole('button', { name: 'Toggle theme' })).toHaveAttribute('title', drawnTitle ?? '');
    }
    await context.close();
  }

  // The icon is the theme a press switches to: in dark, the sun; a press makes it light, with the moon.
  const context = await browser.newContext({ baseURL });
  const page = waitForAppOnLoad(await context.newPage());
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  expect(await shownThemeIcon(page)).toEqual(['lucide-moon']);
  await context.close();
});

test('Profile and Settings lead to different places: a student to their profile and their sign-in settings, a creator to their public page', async ({
  page,
  loginAs,
  browser,
  baseURL,
}) => {
  await loginAs('student');
  const menu = page.getByRole('button', { name: /^User menu/ });
  await menu.click();
  const profile = page.getByRole('menuitem', { name: 'Profile', exact: true });
  const settings = page.getByRole('menuitem', { name: 'Settings', exact: true });
  const profileHref = await profile.getAttribute('href');
  const settingsHref = await settings.getAttribute('href');
  expect(profileHref).not.toBe(settingsHref);
  await profile.click();
  await expect(page).toHaveURL(/\/account#profile$/);
  await expect(page.getByRole('heading', { name: 'Name on certificates' })).toBeInViewport();
  await menu.click();
  await page.getByRole('menuitem', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/account#security$/);
  await expect(page.getByRole('heading', { name: 'Password' })).toBeInViewport();

  const context = await browser.newContext({ baseURL });
  const creatorPage = waitForAppOnLoad(await context.newPage());
  const creator = await signUpViaApi(creatorPage.request, 'creator', 'Petra Public');
  await signInWithToken(creatorPage, creator.token);
  await creatorPage.getByRole('button', { name: /^User menu/ }).click();
  await expect(creatorPage.getByRole('menuitem', { name: 'Settings', exact: true })).toHaveAttribute('href', '/account#security');
  await creatorPage.getByRole('menuitem', { name: 'Profile', exact: true }).click();
  await expect(creatorPage).toHaveURL(/\/instructors\/[0-9a-f-]{36}$/);
  await expect(creatorPage.getByRole('heading', { level: 1, name: 'Petra Public' })).toBeVisible();
  await context.close();
});

test("My Courses' empty Completed and Saved tabs keep their words and offer a way to browse courses", async ({
  page,
  loginAs,
}) => {
  await loginAs('student');
  for (const [tab, text] of [
    ['Completed', 'No completed courses yet'],
    ['Saved', 'No saved courses yet'],
  ] as const) {
    await page.goto('/my-courses');
    await page.getByRole('tab', { name: tab }).click();
    const panel = page.getByRole('tabpanel', { name: tab });
    await expect(panel.getByText(text, { exact: true })).toBeVisible();
    const browse = panel.getByRole('link', { name: 'Browse courses' });
    await expect(browse).toBeVisible();
    await browse.click();
    await expect(page.getByRole('heading', { name: 'Popular AI Courses' })).toBeVisible();
  }
});

test.describe('the course page on a 390 px phone', () => {
  test.use({ viewport: PHONE });

  test('keeps the price and Enroll in a bar at the bottom while the main button is out of view', async ({
    page,
    request,
  }, testInfo) => {
    const creator = apiAs(request, (await signUpViaApi(request, 'creator')).token);
    // A title of a few lines, as many are: the main button starts below a phone's fold.
    const title = `Sticky Enroll ${testInfo.workerIndex}-${Date.now()}: Practical Machine Learning for Everyone Who Builds Things`;
    const course = await publishCourse(creator, {
      title,
      description: `<p>${'A long description that fills the page. '.repeat(60)}</p>`,
      price: '24.00',
    });
    await page.goto(`/course/${course.id}`);
    const main = page.getByRole('complementary', { name: 'Enrollment' }).getByRole('button', { name: 'Enroll Now' });
    await expect(main).not.toBeInViewport();
    const bar = page.getByRole('region', { name: 'Pinned course actions' });
    await expect(bar).toBeVisible();
    await expect(bar.getByText('$24.00')).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Enroll Now' })).toBeInViewport();
    const barBox = await bar.boundingBox();
    expect((barBox?.y ?? 0) + (barBox?.height ?? 0)).toBeGreaterThanOrEqual(PHONE.height - 1);
    await page.screenshot({ path: testInfo.outputPath('sticky-bar-top.png') });

    // The main button in view: the bar steps aside.
    await main.scrollIntoViewIfNeeded();
    await expect(main).toBeInViewport();
    await expect(bar).toBeHidden();

    // At the very bottom nothing is covered: the footer's links are on top at their own place.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Creator portal' });
    await expect(footerLink).toBeInViewport();
    const covered = await footerLink.evaluate((link) => {
      const box = link.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return !(top && link.contains(top));
    });
    expect(covered, 'the footer is not covered by the bar').toBe(false);
    await page.screenshot({ path: testInfo.outputPath('sticky-bar-bottom.png') });

    // Back up, the bar's Enroll does what the main button does: a guest is asked for an account.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar).toBeVisible();
    await bar.getByRole('button', { name: 'Enroll Now' }).click();
    await expect(page.getByRole('dialog', { name: 'Account Required' })).toBeVisible();
  });

  test('shows an enrolled learner the way back into the course; never on a desktop', async ({
    page,
    loginAs,
    request,
  }, testInfo) => {
    const creator = apiAs(request, (await signUpViaApi(request, 'creator')).token);
    const title = `Sticky Continue ${testInfo.workerIndex}-${Date.now()}: Practical Machine Learning for Everyone Who Builds Things`;
    const course = await publishCourse(creator, {
      title,
      description: `<p>${'Words to scroll past. '.repeat(80)}</p>`,
      price: '0',
    });
    const student = apiAs(page.request, (await loginAs('student')).token);
    await student('POST', '/api/enroll-free', { courseId: course.id });
    await page.goto(`/course/${course.id}`);
    const bar = page.getByRole('region', { name: 'Pinned course actions' });
    await expect(bar.getByRole('link', { name: 'Start Course' })).toHaveAttribute('href', `/course/${course.id}/learn`);
    await page.screenshot({ path: testInfo.outputPath('sticky-bar-enrolled.png') });

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(bar).toBeHidden();
  });
});
