import type { Page } from '@playwright/test';
import { apiAs, expect as baseExpect, publishCourse, signInWithToken, signUpViaApi, test, waitForAppOnLoad } from './fixtures';

// Several pages in two themes; on a busy machine a page's first load alone can take seconds.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/*
 * A text slide holding a long line of code, a long address and a long word, on a 390 px phone: the code
 * scrolls inside its block, the headings and paragraphs wrap at the screen's edge, and Learn's bottom
 * bar fits with Next whole. The same text as a course's description (its page) and in the preview.
 */

const LONG_CODE =
  'predictions = model.fit_transform(training_features_with_a_long_name, training_labels, epochs=100, batch_size=64)';
const LONG_URL = 'https://example.com/a/very/long/path/without/any/breaks/whatsoever/in/it/at/all/for/a/phone';
const LONG_WORD = 'Pneumonoultramicroscopicsilicovolcanoconiosisandthensomemoreletters';
const CONTENT = [
  '<h2>Fitting the model to its training data, one epoch at a time</h2>',
  '<p>The call below trains the model and answers its predictions for the training set.</p>',
  `<pre><code class="language-python">${LONG_CODE}\nprint(predictions)</code></pre>`,
  `<p>Read more at ${LONG_URL} about ${LONG_WORD}.</p>`,
].join('');

const PHONE = { width: 390, height: 844 };

/** Nothing wider than the screen but code blocks, which scroll themselves. */
async function expectNoSidewaysScroll(page: Page, label: string) {
  const widths = await page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.document, `${label}: the page scrolls sideways`).toBeLessThanOrEqual(widths.viewport);
  const code = page.locator('.rich-text pre').first();
  await expect(code).toBeVisible();
  // The slide's text is set again once the browser's sanitizer arrives (src/web/components/rich-html.tsx):
  // a code block read at that moment is one being replaced, so the reading is repeated until it holds.
  await expect
    .poll(() => code.evaluate((element) => element.scrollWidth - element.clientWidth), {
      message: `${label}: the long line scrolls inside the code block`,
    })
    .toBeGreaterThan(0);
  const block = await code.evaluate((element) => ({ right: element.getBoundingClientRect().right }));
  expect(block.right, `${label}: the code block ends on the screen`).toBeLessThanOrEqual(widths.viewport);
  // Every heading and paragraph ends inside the screen: none is cut at its right edge.
  const cut = await page.evaluate((viewport) => {
    const texts = [...document.querySelectorAll<HTMLElement>('.rich-text h2, .rich-text p')];
    return texts.filter((element) => element.getBoundingClientRect().right > viewport).map((element) => element.textContent);
  }, widths.viewport);
  expect(cut, `${label}: text cut at the right edge`).toEqual([]);
}

test('a code slide on a 390 px phone: the code scrolls in its block, the text wraps, Next fits (light and dark)', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  const creator = await signUpViaApi(request, 'creator');
  const creatorApi = apiAs(request, creator.token);
  const title = `Code on a Phone ${testInfo.workerIndex}-${Date.now()}`;
  const course = await publishCourse(
    creatorApi,
    { title, description: CONTENT, price: '0' },
    { module: 'Training', title: 'Fitting a model', content: CONTENT },
  );
  const student = await signUpViaApi(request, 'student');
  await apiAs(request, student.token)('POST', '/api/enroll-free', { courseId: course.id });

  for (const theme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ baseURL, viewport: PHONE });
    await context.addInitScript((value) => localStorage.setItem('theme', value), theme);
    const page = waitForAppOnLoad(await context.newPage());
    await signInWithToken(page, student.token);

    await page.goto(`/course/${course.id}/learn`);
    await expect(page.getByRole('heading', { name: 'Fitting a model' })).toBeVisible();
    await expectNoSidewaysScroll(page, `learn (${theme})`);
    const bar = page.locator('footer').filter({ has: page.getByRole('button', { name: 'Next' }) });
    const barBox = await bar.boundingBox();
    expect(barBox?.width, 'the bottom bar is the screen wide').toBeLessThanOrEqual(PHONE.width);
    const nextBox = await page.getByRole('button', { name: 'Next' }).boundingBox();
    expect(nextBox, 'Next is shown').not.toBeNull();
    expect((nextBox?.x ?? 0) + (nextBox?.width ?? 0), 'Next is whole on the screen').toBeLessThanOrEqual(PHONE.width);
    for (const name of ['Previous', /^Mark as/]) {
      const box = await page.getByRole('button', { name }).boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0), `${name} is whole on the screen`).toBeLessThanOrEqual(PHONE.width);
    }
    await page.screenshot({ path: testInfo.outputPath(`learn-code-slide-${theme}.png`) });

    await page.goto(`/course/${course.id}`);
    await expect(page.getByRole('heading', { name: 'About this course' })).toBeVisible();
    await page.getByRole('heading', { name: 'About this course' }).scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page, `course page (${theme})`);
    await page.screenshot({ path: testInfo.outputPath(`course-description-${theme}.png`) });
    await context.close();
  }

  // The creator's preview of the same slide.
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const page = waitForAppOnLoad(await context.newPage());
  await signInWithToken(page, creator.token);
  await page.goto(`/course/${course.id}/preview`);
  await expect(page.getByRole('heading', { name: 'Fitting a model' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'preview');
  await page.screenshot({ path: testInfo.outputPath('preview-code-slide.png') });
  await context.close();
});
