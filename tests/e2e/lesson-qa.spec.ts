import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { AxeReport } from './axe-scanner';
import { apiAs, expect, expectNoSidewaysScroll, signUpViaApi, test } from './fixtures';
import { XSS_PAYLOADS } from './xss-payloads';
import { inspect, watchForXss } from './xss-watch';

/*
 * Lesson Q&A (docs/product.md, Lesson Q&A) against the real server: a student asks under a slide,
 * another upvotes it once and reports a question, the creator sees the unanswered count on the
 * dashboard and answers from the inbox, and the asker sees the answer. Markup in a question is text.
 */

test.describe.configure({ timeout: 180_000 });

const SHOTS = '/tmp/qa-web-shots';

async function openAs(browser: Browser, token: string, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
  await context.addCookies([{ name: 'ga_session', value: token, url: baseURL }]);
  const page = await context.newPage();
  // As useStableRendering: transitions take 1 ms, so axe never reads a colour mid-fade.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  return page;
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const [variant, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const theme of ['light', 'dark']) {
      await page.evaluate((value) => {
        localStorage.setItem('theme', value);
        window.dispatchEvent(new StorageEvent('storage', { key: 'theme' }));
      }, theme);
      await page.waitForFunction((dark) => document.documentElement.classList.contains('dark') === dark, theme === 'dark');
      await page.screenshot({ path: `${SHOTS}/${name}-${variant}-${theme}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const questionItem = (page: Page, author: string) => page.getByRole('listitem', { name: `${author}’s question` });

test('a question asked under a slide, upvoted once, reported, answered from the creator’s inbox', async ({
  browser,
  request,
  baseURL,
}) => {
  const origin = baseURL ?? '';
  const creator = await signUpViaApi(request, 'creator', 'Cora Creator');
  const asCreator = apiAs(request, creator.token);
  const course = await asCreator('POST', '/api/courses', { title: `Q&A ${Date.now()}`, description: '<p>Ask.</p>', price: '0' });
  const module = await asCreator('POST', `/api/courses/${course.id}/modules`, { title: 'Basics' });
  const lesson = await asCreator('POST', `/api/modules/${module.id}/lessons`, {
    title: 'Gradients',
    type: 'text',
    content: '<p>A gradient points uphill.</p>',
  });
  await asCreator('POST', `/api/courses/${course.id}/publish`, {});
  const asker = await signUpViaApi(request, 'student', 'Ada Asker');
  const voter = await signUpViaApi(request, 'student', 'Bo Voter');
  for (const student of [asker, voter]) await apiAs(request, student.token)('POST', '/api/enroll-free', { courseId: course.id });
  const slideUrl = `/course/${course.id}/learn/${lesson.id}`;

  // The asker: an empty list, then a question of two lines, sent with Ctrl+Enter.
  const askerPage = await openAs(browser, asker.token, origin);
  const findings = await watchForXss(askerPage);
  await askerPage.goto(slideUrl);
  await expect(askerPage.getByRole('heading', { name: 'Questions' })).toBeVisible();
  await expect(askerPage.getByText('No questions yet — ask the first one')).toBeVisible();
  const field = askerPage.getByLabel('Ask a question about this slide');
  await field.fill('Why uphill?\nI expected downhill.');
  await expect(askerPage.getByText(/^32 \/ 5,000 characters/)).toBeVisible();
  await field.press('Control+Enter');
  const asked = questionItem(askerPage, 'Ada Asker');
  await expect(asked).toContainText('Why uphill?\nI expected downhill.');
  await expect(field).toHaveValue('');

  // Markup from the XSS corpus is a question's text: shown as typed, nothing runs.
  const payload = XSS_PAYLOADS.slice(0, 12)
    .map((each) => each.html)
    .join('\n');
  await field.fill(payload);
  await askerPage.getByRole('button', { name: 'Post question' }).click();
  await expect(askerPage.getByText(XSS_PAYLOADS[0]?.html ?? '', { exact: false }).first()).toBeVisible();
  await expect(askerPage.getByRole('listitem', { name: 'Ada Asker’s question' })).toHaveCount(2);
  await inspect(askerPage, 'questions with markup', findings);
  expect(findings.dialogs, 'dialogs opened').toEqual([]);
  expect(findings.pages.map((page) => [page.marker, page.dangerousMarkup])).toEqual([[undefined, []]]);

  // Another student upvotes the first question once (the vote stays after a reload), and reports the other.
  const voterPage = await openAs(browser, voter.token, origin);
  await voterPage.goto(slideUrl);
  const first = questionItem(voterPage, 'Ada Asker').filter({ hasText: 'Why uphill?' });
  const upvote = first.getByRole('button', { name: /^Upvote/ });
  await expect(upvote).toHaveAttribute('aria-pressed', 'false');
  await upvote.click();
  await expect(upvote).toHaveAttribute('aria-pressed', 'true');
  await expect(upvote).toHaveAccessibleName('Upvote, 1 upvote');
  await voterPage.reload();
  await expect(first.getByRole('button', { name: 'Upvote, 1 upvote' })).toHaveAttribute('aria-pressed', 'true');
  const other = questionItem(voterPage, 'Ada Asker').filter({ hasNotText: 'Why uphill?' });
  await other.getByRole('button', { name: /^Report/ }).click();
  const dialog = voterPage.getByRole('dialog', { name: 'Report Ada Asker’s question' });
  await dialog.getByLabel('Reason (optional)').fill('Looks like an attack');
  await shoot(voterPage, 'report-dialog');
  await dialog.getByRole('button', { name: 'Report' }).click();
  await expect(other.getByText('Reported')).toBeVisible();
  await voterPage.getByRole('heading', { name: 'Questions' }).scrollIntoViewIfNeeded();
  await shoot(voterPage, 'learn-questions');

  // The creator: two unanswered on the dashboard, answered from the inbox.
  const creatorPage = await openAs(browser, creator.token, origin);
  await creatorPage.goto('/creator/dashboard');
  const card = creatorPage.getByRole('link', { name: /Questions\s*2 unanswered/ });
  await expect(card).toBeVisible();
  await card.click();
  await expect(creatorPage).toHaveURL(/\/creator\/questions$/);
  await expect(creatorPage.getByText('2 unanswered')).toBeVisible();
  const inboxItem = questionItem(creatorPage, 'Ada Asker').filter({ hasText: 'Why uphill?' });
  await expect(inboxItem.getByRole('link', { name: 'Gradients' })).toHaveAttribute(
    'href',
    `${slideUrl}#thread-${await threadId(inboxItem)}`,
  );
  await shoot(creatorPage, 'inbox');
  await inboxItem.getByLabel('Your reply to Ada Asker').fill('Descent follows minus the gradient.');
  await inboxItem.getByRole('button', { name: 'Post reply' }).click();
  await expect(inboxItem.getByText('Answered')).toBeVisible();
  await expect(creatorPage.getByText('1 unanswered')).toBeVisible();

  // The asker sees the answer, marked Instructor; the link from the inbox goes straight to it.
  // A fresh load (only the hash differs from the address the page is at).
  await askerPage.goto('about:blank');
  await askerPage.goto(`${slideUrl}#thread-${await threadId(inboxItem)}`);
  const answered = questionItem(askerPage, 'Ada Asker').filter({ hasText: 'Why uphill?' });
  await expect(answered.getByText('Answered')).toBeVisible();
  await expect(answered.getByRole('list', { name: /^Replies/ }).getByText('Instructor')).toBeVisible();
  await expect(answered).toBeFocused();
  await shoot(askerPage, 'answered');

  const report = new AxeReport('student');
  await report.scan(askerPage, 'questions under a slide', answered.getByText('Answered'));
  const creatorReport = new AxeReport('creator');
  await creatorReport.scan(creatorPage, 'questions inbox', inboxItem.getByText('Answered'));
  await askerPage.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(askerPage);
  await creatorPage.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(creatorPage);
  report.expectNoViolations();
  creatorReport.expectNoViolations();
});

async function threadId(item: ReturnType<Page['getByRole']>): Promise<string> {
  const id = await item.getAttribute('id');
  return (id ?? '').replace(/^thread-/, '');
}
