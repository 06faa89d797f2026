import type { BrowserContext, Page } from '@playwright/test';
import { LOCALE_NAMES } from '#shared/i18n/locales';
import { type AccessibilityData, createAccessibilityData } from './accessibility-data';
import { ADMIN, expect, test } from './fixtures';

/*
 * No English left behind (ADR 0062): every page in the pseudo-locale, where each catalogued text reads
 * accented ("⟦Šîĝñ îñ⟧"). Any plain ASCII word the page shows (text, labels, placeholders, titles, the
 * document's title) must then be data the page read from the API (a course's title, a name, a
 * lesson's code) or what `Intl` writes for English dates; anything else is a string that never went
 * through the catalogs.
 */

let data: AccessibilityData;
let adminToken: string;
let creatorId: string;

/** Words `Intl` writes for English dates and times, which the pseudo-locale formats as English. */
const INTL_WORDS = new Set(
  [
    ...Array.from({ length: 12 }, (_, month) => [
      new Date(Date.UTC(2026, month, 15)).toLocaleString('en', { month: 'long', timeZone: 'UTC' }),
      new Date(Date.UTC(2026, month, 15)).toLocaleString('en', { month: 'short', timeZone: 'UTC' }),
    ]).flat(),
    ...Array.from({ length: 7 }, (_, day) => [
      new Date(Date.UTC(2026, 10, 1 + day)).toLocaleString('en', { weekday: 'long', timeZone: 'UTC' }),
      new Date(Date.UTC(2026, 10, 1 + day)).toLocaleString('en', { weekday: 'short', timeZone: 'UTC' }),
    ]).flat(),
    'AM',
    'PM',
    'ago',
    'in',
    'yesterday',
    'today',
    'tomorrow',
    'now',
    'last',
    'next',
    ...['second', 'minute', 'hour', 'day', 'week', 'month', 'year'].flatMap((unit) => [unit, `${unit}s`]),
    // Sizes, as formatBytes writes them.
    ...['byte', 'bytes', 'KB', 'MB', 'GB', 'TB'],
    // Languages' names: the menu names each in its own language, and a course's language is named by
    // Intl.DisplayNames, in English for the pseudo-locale.
    ...Object.values(LOCALE_NAMES).flatMap((name) => name.split(' ')),
    ...[
      'en',
      'es',
      'de',
      'fr',
      'pt',
      'pt-BR',
      'it',
      'ar',
      'zh',
      'ja',
      'ko',
      'hi',
      'ru',
      'tr',
      'nl',
      'pl',
      'sv',
      'uk',
      'id',
      'vi',
      'fi',
    ].flatMap((code) => (new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? '').split(' ')),
  ].map((word) => word.replace(/\.$/, '')),
);

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  data = await createAccessibilityData(request);
  const login = await request.post('/api/auth/login', { data: ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  adminToken = ((await login.json()) as { token: string }).token;
  creatorId = ((await data.creator.api('GET', '/api/auth/me')) as { id: string }).id;
});

/** Every string value in a JSON answer, where the page's data comes from. */
function stringsOf(value: unknown, into: string[]) {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) stringsOf(item, into);
}

async function inPseudoLocale(context: BrowserContext, token: string | null) {
  await context.addCookies([{ name: 'locale', value: 'en-XA', url: test.info().project.use.baseURL ?? 'http://127.0.0.1' }]);
  if (token) await context.addInitScript((value) => localStorage.setItem('token', value), token);
}

/** The page's visible and spoken texts with a plain ASCII word that is not the page's data. */
async function uncatalogued(page: Page, url: string, dataStrings: string[]): Promise<string[]> {
  const response = await page.goto(url);
  // A drawn page's data came in its HTML, whose state script the app removes once it takes over.
  const drawnState = /<script type="application\/json" id="page-state">([\s\S]*?)<\/script>/.exec(
    (await response?.text()) ?? '',
  )?.[1];
  if (drawnState) stringsOf(JSON.parse(drawnState), dataStrings);
  await page.evaluate(() => document.dispatchEvent(new PointerEvent('pointermove', { bubbles: true })));
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.animate-spin, [aria-busy="true"]')).toHaveCount(0);
  const texts = await page.evaluate(() => {
    const found: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, pre, code, .cm-editor, [data-page-state]')) continue;
      if (node.textContent?.trim()) found.push(node.textContent.trim());
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name);
        if (value?.trim()) found.push(value.trim());
      }
    }
    return found;
  });
  const corpus = dataStrings.join('\n');
  // Two capitals are a course's or a person's initials, drawn where there is no picture.
  const isData = (word: string) => INTL_WORDS.has(word) || /^[A-Z]{2}$/.test(word) || corpus.includes(word);
  return texts.filter((text) => [...text.matchAll(/[A-Za-z]{2,}/g)].some(([word]) => !isData(word)));
}

async function walk(page: Page, urls: string[]) {
  const dataStrings: string[] = [];
  page.on('response', async (response) => {
    if (!response.url().includes('/api/') || !response.headers()['content-type']?.includes('json')) return;
    const body = await response.json().catch(() => null);
    stringsOf(body, dataStrings);
  });
  const leftovers: string[] = [];
  for (const url of urls) {
    for (const text of await uncatalogued(page, url, dataStrings)) leftovers.push(`${url}: ${text}`);
  }
  expect(leftovers, 'interface text that did not go through the catalogs').toEqual([]);
}

test('a guest meets no uncatalogued text', async ({ page, context }) => {
  test.setTimeout(120_000);
  await inPseudoLocale(context, null);
  await walk(page, [
    '/',
    '/courses',
    '/courses?q=gradient',
    `/course/${data.freeCourseId}`,
    `/course/${data.paidCourseId}`,
    `/instructors/${creatorId}`,
    '/login',
    '/login?tab=signup',
    '/creator',
    '/forgot-password',
    '/reset-password?token=not-a-real-token',
    `/certificates/${data.certificateId}`,
    '/no-such-page',
  ]);
});

test('a student meets no uncatalogued text', async ({ page, context }) => {
  test.setTimeout(120_000);
  await inPseudoLocale(context, data.student.token);
  await walk(page, [
    '/my-courses',
    '/purchases',
    '/review',
    '/cart',
    '/account',
    `/checkout/${data.paidCourseId}`,
    `/course/${data.freeCourseId}/learn`,
    `/course/${data.freeCourseId}/learn/${data.quizId}`,
  ]);
});

test('a creator meets no uncatalogued text', async ({ page, context }) => {
  test.setTimeout(150_000);
  await inPseudoLocale(context, data.creator.token);
  await walk(page, [
    '/creator/dashboard',
    '/creator/create-course',
    `/creator/courses/${data.freeCourseId}/edit`,
    `/creator/courses/${data.freeCourseId}/analytics`,
    `/creator/courses/${data.freeCourseId}/students`,
    `/creator/courses/${data.freeCourseId}/build`,
    `/creator/modules/${data.moduleId}/build`,
    `/creator/quizzes/${data.quizId}/build`,
    '/creator/coupons',
    '/creator/earnings',
    '/creator/questions',
    `/course/${data.freeCourseId}/preview`,
  ]);
});

test('an admin meets no uncatalogued text', async ({ page, context }) => {
  await inPseudoLocale(context, adminToken);
  test.setTimeout(90_000);
  const tabs = [
    'creators',
    'courses',
    'reviews',
    'questions',
    'payments',
    'payouts',
    'coupons',
    'certificates',
    'revenue',
    'audit',
  ];
  await walk(page, ['/admin', ...tabs.map((tab) => `/admin?tab=${tab}`)]);
});
