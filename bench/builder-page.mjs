// How long the course builder and the module builder take to show a big course (20 modules of 10
// slides, 200 in all) in headless Chromium, from navigation to the last item on screen, and how much
// JavaScript the create-course page loads beyond the home page (the editor must load only there).
// Prints figures; run after `npm run build`: node bench/builder-page.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { apiCaller, freePort, launchChromium, startServer, stop } from './lib.mjs';

const MODULES = 20;
const SLIDES_PER_MODULE = 10;
const RUNS = 5;
const INVITE = 'bench-builder-invite';

buildIfNeeded();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ga-builder-'));
const server = await startServer({
  dataDir,
  port: await freePort(),
  env: { NODE_ENV: 'development', SEED_DEMO: 'false', CREATOR_INVITE_CODE: INVITE, RATE_LIMIT_SIGNUP_PER_HOUR: '1000' },
});
const browser = await launchChromium();
try {
  const base = server.url;
  const { api } = apiCaller(base);

  const { token } = await api('POST', '/api/auth/signup', undefined, {
    email: `builder-${Date.now()}@bench.test`,
    password: 'bench-builder-1',
    name: 'Bench Builder',
    role: 'creator',
    inviteCode: INVITE,
  });
  const course = await api('POST', '/api/courses', token, { title: 'A big course', price: '49.00', description: '<p>Big</p>' });
  const modules = [];
  for (let m = 0; m < MODULES; m++) {
    const module = await api('POST', `/api/courses/${course.id}/modules`, token, { title: `Module ${m + 1}` });
    modules.push(module);
    for (let s = 0; s < SLIDES_PER_MODULE; s++) {
      await api('POST', `/api/modules/${module.id}/lessons`, token, {
        title: `Slide ${s + 1}`,
        type: 'text',
        content: `<p>Slide ${s + 1} of module ${m + 1}: ${'gradient descent, '.repeat(20)}</p>`,
      });
    }
  }

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
  const page = await context.newPage();

  /** Median milliseconds from navigation start until `visible` is on screen. */
  async function timeToShow(url, visible) {
    const times = [];
    for (let run = 0; run < RUNS; run++) {
      const startedAt = performance.now();
      await page.goto(`${base}${url}`, { waitUntil: 'commit' });
      await visible().waitFor({ state: 'visible', timeout: 30_000 });
      times.push(performance.now() - startedAt);
    }
    times.sort((a, b) => a - b);
    return Math.round(times[Math.floor(times.length / 2)]);
  }

  const builderMs = await timeToShow(`/creator/courses/${course.id}/build`, () =>
    page.getByText(`Module ${MODULES}`, { exact: false }).last(),
  );
  const lastModule = modules.at(-1);
  const moduleBuilderMs = await timeToShow(`/creator/modules/${lastModule.id}/build`, () =>
    page.getByText(`Slide 1 of ${SLIDES_PER_MODULE}`),
  );

  /** Bytes of JavaScript a page loads (transferred, as served), from a fresh context. */
  async function scriptBytes(url, ready) {
    const fresh = await browser.newContext();
    await fresh.addInitScript((value) => localStorage.setItem('token', value), token);
    const tab = await fresh.newPage();
    let bytes = 0;
    const files = [];
    tab.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      bytes += body.length;
      files.push(path.basename(new URL(response.url()).pathname));
    });
    await tab.goto(`${base}${url}`);
    await ready(tab);
    await tab.waitForLoadState('networkidle');
    await fresh.close();
    return { kb: Math.round(bytes / 1024), files };
  }
  const home = await scriptBytes('/', (tab) => tab.getByRole('heading').first().waitFor());
  const create = await scriptBytes('/creator/create-course', (tab) =>
    tab.getByRole('button', { name: /bold/i }).first().waitFor(),
  );
  const editorInHome = home.files.filter((file) => /tiptap|editor|prosemirror/i.test(file));

  console.log(
    `course of ${MODULES} modules and ${MODULES * SLIDES_PER_MODULE} slides, median of ${RUNS} loads in headless Chromium:`,
  );
  console.log(`  course builder shows all ${MODULES} modules:        ${builderMs} ms`);
  console.log(`  module builder shows 'Slide 1 of ${SLIDES_PER_MODULE}':          ${moduleBuilderMs} ms`);
  console.log(`JavaScript loaded (uncompressed bytes as parsed): / ${home.kb} KB; /creator/create-course ${create.kb} KB`);
  console.log(`  editor chunks in the first load of /: ${editorInHome.length === 0 ? 'none' : editorInHome.join(', ')}`);
} finally {
  await browser.close();
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
