import type { Server } from 'node:http';
import type { Page } from '@playwright/test';
import { lockFile, serveFiles, sha256, tinyWheel } from '../helpers/tiny-wheel';
import { apiAs, test as base, expect as baseExpect, signInWithToken, signUpViaApi } from './fixtures';
import { startOwnServer } from './own-server';

/*
 * The browser's Python with the operator's packages mirror (PYODIDE_PACKAGES_URL; docs/product.md,
 * Running Python): an import loads its wheel from the mirror, in a Learn slide's block and in the code
 * question player. The mirror is another origin, as a CDN would be, sending CORS headers; the shared
 * e2e server has no mirror (its slides say packages are not available), so this file has a server of
 * its own.
 */

const wheel = tinyWheel('tinywheel', 'hi from the mirror');
const LOCK = lockFile({ tinywheel: { fileName: wheel.fileName, sha256: sha256(wheel.bytes), imports: ['tinywheel'] } });
const IMPORTS = 'import tinywheel\nprint(tinywheel.hello())';

/** `files` is what the mirror serves, read on each request: a test may take one away. */
type Mirror = { url: string; asked: string[]; server: Server; files: Record<string, string | Buffer> };

const test = base.extend<object, { mirror: Mirror; mirroredApp: { url: string } }>({
  mirror: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const files = { '/pyodide/pyodide-lock.json': LOCK, [`/pyodide/${wheel.fileName}`]: wheel.bytes };
      const mirror = await serveFiles(files, { 'access-control-allow-origin': '*' });
      await use({ ...mirror, files });
      mirror.server.close();
    },
    { scope: 'worker' },
  ],
  mirroredApp: [
    async ({ mirror }, use) => {
      const server = await startOwnServer({ PYODIDE_PACKAGES_URL: `${mirror.url}/pyodide/` });
      await use({ url: server.url });
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ mirroredApp }, use) => use(mirroredApp.url),
});

// One server for the file: its tests run one after another in one worker. Python starts in the browser on a Run.
test.describe.configure({ mode: 'default', timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

async function courseWithImports(request: Parameters<typeof signUpViaApi>[0]) {
  const creator = await signUpViaApi(request, 'creator');
  const api = apiAs(request, creator.token);
  const course = await api('POST', '/api/courses', {
    title: `Mirror ${Date.now()}`,
    description: '<p>Packages.</p>',
    price: '0',
  });
  const module = await api('POST', `/api/courses/${course.id}/modules`, { title: 'Imports' });
  const content = `<pre><code class="language-python">${IMPORTS}</code></pre>`;
  await api('POST', `/api/modules/${module.id}/lessons`, { title: 'A mirrored package', type: 'text', content });
  const quiz = await api('POST', `/api/courses/${course.id}/quizzes`, { title: 'Imports' });
  await api('POST', `/api/quizzes/${quiz.id}/questions`, {
    type: 'code',
    question: 'Print the greeting.',
    testCode: 'assert True',
    explanation: 'tinywheel.hello() answers it.',
  });
  await api('POST', `/api/courses/${course.id}/publish`, {});
  const student = await signUpViaApi(request, 'student');
  await apiAs(request, student.token)('POST', '/api/enroll-free', { courseId: course.id });
  return { courseId: course.id as string, quizId: quiz.id as string, student };
}

const violations = async (page: Page) =>
  ((await (await page.request.get('/api/csp-reports')).json()) as { violations: unknown[] }).violations;

test('an import loads from the packages mirror, in a slide’s block and in the code question player', async ({
  page,
  request,
  mirror,
}) => {
  const { courseId, quizId, student } = await courseWithImports(request);
  const asked = mirror.asked.length;
  await signInWithToken(page, student.token);

  await page.goto(`/course/${courseId}/learn`);
  await expect(page.getByRole('heading', { name: 'A mirrored package' })).toBeVisible();
  await page.getByRole('button', { name: 'Run code block 1' }).click();
  await expect(page.locator('[data-python-run] [aria-live="polite"] pre')).toHaveText('hi from the mirror');
  // The lock file and the wheel, from the mirror's folder.
  expect(mirror.asked.slice(asked)).toEqual(['/pyodide/pyodide-lock.json', `/pyodide/${wheel.fileName}`]);

  // The code question's Run is a new page's Python: it loads the package again.
  await page.goto(`/course/${courseId}/learn/${quizId}`);
  await page.getByRole('textbox', { name: 'Your code' }).click();
  await page.keyboard.insertText(IMPORTS);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Output of your run' })).toHaveText('hi from the mirror\n');
  // Nothing the pages or Python's worker did was refused by the Content-Security-Policy.
  expect(await violations(page)).toEqual([]);
});

test('a mirror whose lock file cannot be read is not used: Python starts without packages', async ({ page, request, mirror }) => {
  const { courseId, student } = await courseWithImports(request);
  delete mirror.files['/pyodide/pyodide-lock.json'];
  try {
    await signInWithToken(page, student.token);
    await page.goto(`/course/${courseId}/learn`);
    await page.getByRole('button', { name: 'Run code block 1' }).click();
    await expect(page.locator('[data-python-run] [aria-live="polite"] pre')).toContainText(
      "ModuleNotFoundError: the package 'tinywheel' is not available here: only Python's standard library can be imported",
    );
  } finally {
    mirror.files['/pyodide/pyodide-lock.json'] = LOCK;
  }
});
