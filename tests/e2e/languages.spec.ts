import type { BrowserContext, Page } from '@playwright/test';
import { type AccessibilityData, createAccessibilityData } from './accessibility-data';
import { AxeReport, useStableRendering } from './axe-scanner';
import { expect, test, uniqueEmail } from './fixtures';

/*
 * Issue 40 in the browser (docs/product.md, Languages): the language menu's choice survives a reload,
 * Arabic pages lay out right to left, and every language passes axe.
 */

let data: AccessibilityData;

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  data = await createAccessibilityData(request);
});

async function inLanguage(context: BrowserContext, locale: string, token: string | null = null) {
  await context.addCookies([{ name: 'locale', value: locale, url: test.info().project.use.baseURL ?? 'http://127.0.0.1' }]);
  if (token) await context.addInitScript((value) => localStorage.setItem('token', value), token);
}

/** Where an element's box starts, as a share of the window's width. */
async function leftShare(page: Page, selector: string) {
  return page.evaluate((css) => {
    const box = document.querySelector(css)?.getBoundingClientRect();
    return box ? box.left / window.innerWidth : Number.NaN;
  }, selector);
}

test('Arabic pages lay out right to left: Home, a course page, Learn and checkout', async ({ page, context }) => {
  test.setTimeout(90_000);
  await inLanguage(context, 'ar', data.student.token);
  const shots = test.info().outputPath.bind(test.info());
  for (const [name, url] of [
    ['home', '/'],
    ['course', `/course/${data.paidCourseId}`],
    ['learn', `/course/${data.freeCourseId}/learn`],
    ['checkout', `/checkout/${data.paidCourseId}`],
  ] as const) {
    await page.goto(url);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await page.waitForLoadState('networkidle');
    // The brand, first in the header, sits at the right.
    if (name !== 'learn') expect(await leftShare(page, 'header a[href="/"]')).toBeGreaterThan(0.5);
    await page.screenshot({ path: shots(`ar-${name}.png`), fullPage: false });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.screenshot({ path: shots('ar-home-phone.png') });
});

test('every language passes axe: Home, a course page, Learn and checkout', async ({ page, context }) => {
  test.setTimeout(240_000);
  await useStableRendering(page);
  await inLanguage(context, 'es', data.student.token);
  const report = new AxeReport('languages');
  for (const locale of ['es', 'de', 'ar']) {
    await context.addCookies([{ name: 'locale', value: locale, url: test.info().project.use.baseURL ?? 'http://127.0.0.1' }]);
    await page.goto('/');
    await report.scan(page, `${locale}: home`, page.locator(`html[lang="${locale}"] main`));
    await page.goto(`/course/${data.paidCourseId}`);
    await report.scan(page, `${locale}: course`, page.locator('main h1'));
    await page.goto(`/course/${data.freeCourseId}/learn`);
    await report.scan(page, `${locale}: learn`, page.locator('main h1, main h2').first());
    await page.goto(`/checkout/${data.paidCourseId}`);
    await report.scan(page, `${locale}: checkout`, page.locator('main form, main h1').first());
  }
  report.expectNoViolations();
});

test('an account signed up on a German page keeps German', async ({ page, context }) => {
  await inLanguage(context, 'de');
  await page.goto('/login?tab=signup');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.locator('input[name="name"]').fill('Hanna Deutsch');
  await page.locator('input[name="email"]').fill(uniqueEmail('hanna'));
  await page.locator('input[name="password"]').fill('sprachen-2026');
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/$/);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
  expect(((await me.json()) as { locale: string | null }).locale).toBe('de');
});

test('Español chosen from the menu survives a reload, and the page reads Spanish', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Choose a language', exact: true }).click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('menuitemradio', { name: 'Español' }).click()]);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('link', { name: 'Saltar al contenido' })).toBeAttached();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/Master/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Elige un idioma', exact: true })).toBeVisible();
});
