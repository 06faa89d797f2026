import path from 'node:path';
import type { Page, Request, TestInfo } from '@playwright/test';
import { AxeReport } from './axe-scanner';
import { apiAs, expect as baseExpect, signInWithToken, signUpViaApi, test, waitForAppOnLoad } from './fixtures';

// Python starts in the browser on the first Run: seconds on a busy machine, and one test waits out the time limit.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/*
 * Python code blocks in a text slide run in the learner's browser (docs/product.md, Running Python;
 * ADR 0053): a Run button under each, the output below it, the blocks of one slide sharing their names,
 * another slide starting with none. Pyodide comes from this origin, and only once Run is pressed.
 */

const FIRST_SLIDE = [
  '<p>Multiply, then reuse the answer.</p>',
  '<pre><code class="language-python">answer = 6 * 7\nprint(answer)</code></pre>',
  '<p>The next block sees the name the first one made.</p>',
  '<pre><code class="language-python">print(answer + 1)</code></pre>',
  '<pre><code class="language-python">def halve(n):\n    return n / 0\n\nhalve(answer)</code></pre>',
  '<pre><code class="language-python">import numpy</code></pre>',
  '<pre><code class="language-python">while True:\n    pass</code></pre>',
].join('');
const SECOND_SLIDE = '<pre><code class="language-python">print(answer)</code></pre>';

async function courseWithPythonSlides(request: Parameters<typeof signUpViaApi>[0], title: string) {
  const creator = await signUpViaApi(request, 'creator');
  const api = apiAs(request, creator.token);
  const course = await api('POST', '/api/courses', { title, description: '<p>Python in the page.</p>', price: '0' });
  const module = await api('POST', `/api/courses/${course.id}/modules`, { title: 'Running code' });
  await api('POST', `/api/modules/${module.id}/lessons`, { title: 'Names that stay', type: 'text', content: FIRST_SLIDE });
  await api('POST', `/api/modules/${module.id}/lessons`, { title: 'A fresh start', type: 'text', content: SECOND_SLIDE });
  await api('POST', `/api/courses/${course.id}/publish`, {});
  const student = await signUpViaApi(request, 'student');
  await apiAs(request, student.token)('POST', '/api/enroll-free', { courseId: course.id });
  return { course, student };
}

/** Screenshots go to SHOTS_DIR when it is set (to look at them), else to the test's output. */
const shot = (testInfo: TestInfo, name: string) =>
  process.env.SHOTS_DIR ? path.join(process.env.SHOTS_DIR, name) : testInfo.outputPath(name);

function watchRequests(page: Page) {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return {
    pyodide: () => requests.filter((request) => new URL(request.url()).pathname.startsWith('/pyodide/')),
    worker: () => requests.filter((request) => /\/python\.worker-[^/]+\.js$/.test(request.url())),
    elsewhere: (origin: string) =>
      requests.filter((request) => !request.url().startsWith(origin) && !request.url().startsWith('data:')),
  };
}

const block = (page: Page, number: number) => page.getByRole('button', { name: `Run code block ${number}` });
/** The output area under a block: the live region after its Run button. */
const outputOf = (page: Page, number: number) =>
  page
    .locator('[data-python-run]')
    .nth(number - 1)
    .locator('[aria-live="polite"]');

test('Run under a python block prints its output; blocks of a slide share names; errors show a traceback', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  const { course, student } = await courseWithPythonSlides(request, `Python Blocks ${testInfo.workerIndex}-${Date.now()}`);
  const reportsBefore = ((await (await request.get('/api/csp-reports')).json()) as { violations: unknown[] }).violations.length;
  const context = await browser.newContext({ baseURL });
  const page = waitForAppOnLoad(await context.newPage());
  const requests = watchRequests(page);
  await signInWithToken(page, student.token);
  await page.goto(`/course/${course.id}/learn`);
  await expect(page.getByRole('heading', { name: 'Names that stay' })).toBeVisible();
  await expect(block(page, 1)).toBeVisible();
  await expect(block(page, 5)).toBeVisible();

  // The slide pays nothing for Python until Run: no request for Pyodide yet.
  await page.waitForLoadState('networkidle');
  expect(requests.pyodide().map((each) => each.url())).toEqual([]);
  expect(requests.worker().map((each) => each.url())).toEqual([]);

  // Keyboard: the Run button is reached and pressed like any button.
  await block(page, 1).focus();
  const clickedAt = Date.now();
  await page.keyboard.press('Enter');
  await expect(outputOf(page, 1)).toContainText('Starting Python…');
  await expect(outputOf(page, 1).locator('pre')).toHaveText('42');
  console.log(`first Run (cold, local server): ${Date.now() - clickedAt} ms`);
  expect(requests.worker()).toHaveLength(1);

  await block(page, 2).click();
  await expect(outputOf(page, 2).locator('pre')).toHaveText('43');

  await block(page, 3).click();
  const traceback = outputOf(page, 3).locator('pre');
  await expect(traceback).toContainText('Traceback (most recent call last):');
  await expect(traceback).toContainText('File "<cell>", line 2, in halve');
  await expect(traceback).toContainText('ZeroDivisionError: division by zero');

  await block(page, 4).click();
  await expect(outputOf(page, 4)).toContainText(
    "ModuleNotFoundError: the package 'numpy' is not available here: only Python's standard library can be imported",
  );

  // Every Pyodide file came from this origin, compressed where it is worth it, as WebAssembly where it is that.
  const files = await Promise.all(
    requests
      .pyodide()
      .map(async (each) => ({ path: new URL(each.url()).pathname, headers: (await each.response())?.headers() ?? {} })),
  );
  const wasm = files.find((file) => file.path.endsWith('/pyodide.asm.wasm'));
  expect(wasm?.headers['content-type']).toBe('application/wasm');
  expect(wasm?.headers['content-encoding']).toBe('br');
  expect(wasm?.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(files.map((file) => file.path.replace(/^\/pyodide\/[^/]+\//, '')).sort()).toEqual(
    expect.arrayContaining(['pyodide-lock.json', 'pyodide.asm.mjs', 'pyodide.asm.wasm', 'pyodide.mjs', 'python_stdlib.zip']),
  );
  expect(requests.elsewhere(new URL(baseURL ?? '').origin).map((each) => each.url())).toEqual([]);

  await page.screenshot({ path: shot(testInfo, 'python-blocks-light.png'), fullPage: true });
  const axe = new AxeReport('learner');
  await axe.scan(page, 'learn: python blocks run', outputOf(page, 3).locator('pre'));
  axe.expectNoViolations();

  // Another slide starts with no names.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'A fresh start' })).toBeVisible();
  await block(page, 1).click();
  await expect(outputOf(page, 1)).toContainText("NameError: name 'answer' is not defined");

  // The page's Content-Security-Policy let Python's worker and its WebAssembly run: nothing was refused.
  const reports = ((await (await request.get('/api/csp-reports')).json()) as { violations: { documentURL: string }[] })
    .violations;
  expect(reports.slice(reportsBefore).filter((report) => /learn|python|pyodide/.test(report.documentURL))).toEqual([]);
  await context.close();
});

test('a run past the time limit is stopped, and Python starts again without the old names', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  const { course, student } = await courseWithPythonSlides(request, `Python Limits ${testInfo.workerIndex}-${Date.now()}`);
  const context = await browser.newContext({ baseURL });
  const page = waitForAppOnLoad(await context.newPage());
  await signInWithToken(page, student.token);
  await page.goto(`/course/${course.id}/learn`);
  await block(page, 1).click();
  await expect(outputOf(page, 1).locator('pre')).toHaveText('42');

  await block(page, 5).click();
  await expect(page.getByRole('button', { name: 'Stop code block 5' })).toBeVisible();
  await expect(outputOf(page, 5)).toContainText('Running…');
  await expect(outputOf(page, 5)).toContainText('Time limit exceeded: the run was stopped after 10 seconds.');
  await expect(block(page, 5)).toBeVisible();

  await block(page, 2).click();
  await expect(outputOf(page, 2)).toContainText("NameError: name 'answer' is not defined");

  // Stop ends a run at once.
  await block(page, 5).click();
  await expect(outputOf(page, 5)).toContainText('Running…');
  await page.getByRole('button', { name: 'Stop code block 5' }).click();
  await expect(outputOf(page, 5)).toContainText('The run was stopped.');
  await context.close();
});

test('on a 390 px phone in the dark theme, a run block and its output fit the screen', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  const { course, student } = await courseWithPythonSlides(request, `Python Phone ${testInfo.workerIndex}-${Date.now()}`);
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
  const page = waitForAppOnLoad(await context.newPage());
  await signInWithToken(page, student.token);
  await page.goto(`/course/${course.id}/learn`);
  await block(page, 1).click();
  await expect(outputOf(page, 1).locator('pre')).toHaveText('42');
  await block(page, 3).click();
  await expect(outputOf(page, 3).locator('pre')).toContainText('ZeroDivisionError');
  await block(page, 4).click();
  await expect(outputOf(page, 4).locator('pre')).toContainText('ModuleNotFoundError');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
  await outputOf(page, 3).scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot(testInfo, 'python-blocks-dark-phone.png') });
  await context.close();
});

test('a creator makes a runnable block by typing ```python in the slide editor', async ({ page, loginAs }) => {
  const creator = await loginAs('creator');
  const api = apiAs(page.request, creator.token);
  const course = await api('POST', '/api/courses', { title: 'Typed Fences', description: '<p>Fences.</p>', price: '0' });
  const module = await api('POST', `/api/courses/${course.id}/modules`, { title: 'Fenced' });
  await page.goto(`/creator/modules/${module.id}/build`);
  await page.getByRole('button', { name: 'Add Page' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /^Text/ }).click();
  await dialog.getByLabel('Slide Title').fill('Fenced code');
  const editor = dialog.getByRole('textbox', { name: 'Content' });
  await editor.click();
  await editor.pressSequentially('```python ');
  await expect(dialog.getByLabel('Code language')).toHaveValue('python');
  await editor.pressSequentially('print(6 * 7)');
  await dialog.getByRole('button', { name: 'Add Slide' }).click();
  await expect(page.getByText('Slide added')).toBeVisible();
  const [slide] = await api<{ content: string }[]>('GET', `/api/modules/${module.id}/lessons`);
  expect(slide?.content).toMatch(/^<pre><code class="language-python">.*print.*<\/code><\/pre>/);
});
