// Python in the learner's browser (ADR 0053), measured: Learn's first-load JavaScript (gzip level 9,
// as tests/e2e/js-budget.spec.ts counts it) of this build and, with BASE_DIST_DIR, of another (the
// build before the change); the bytes Pyodide's files cost on the wire on the first Run (as served,
// brotli where the build compressed them); and the time from a click on Run to its output in headless
// Chromium: cold (nothing cached, Python starts), warm (a second run in the started worker), and
// after a reload (Pyodide's files from the HTTP cache, Python starts again).
// Prints figures; run after `npm run build`: node bench/python-first-run.mjs
// RUNS (default 3) runs of each, the median reported.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { apiCaller, freePort, launchChromium, startServer, stop } from './lib.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
const INVITE = 'bench-python-invite';
const LEARN_PAGE = 'app/routes/learn/learn.tsx';

/** What js-budget.spec.ts calls first load: index.html's classic scripts, the entry and the page, with their static imports. */
function learnFirstLoadBytes(distDir) {
  const webDir = path.resolve(distDir, 'web');
  const manifest = JSON.parse(readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8'));
  const keys = new Set();
  const add = (key) => {
    if (keys.has(key)) return;
    keys.add(key);
    for (const imported of manifest[key]?.imports ?? []) add(imported);
  };
  add(Object.keys(manifest).find((key) => manifest[key].isEntry));
  add(LEARN_PAGE);
  const classic = [...readFileSync(path.join(webDir, 'index.html'), 'utf8').matchAll(/<script src="\/([^"]+)"><\/script>/g)].map(
    (match) => match[1],
  );
  const files = [...classic, ...[...keys].map((key) => manifest[key].file)];
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(webDir, file)), { level: 9 }).length, 0);
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

buildIfNeeded();
const learnBytes = learnFirstLoadBytes(process.env.DIST_DIR ?? 'dist');
console.log(`Learn first load: ${kb(learnBytes)} gzip, ${learnBytes} bytes (this build)`);
if (process.env.BASE_DIST_DIR) {
  const baseBytes = learnFirstLoadBytes(process.env.BASE_DIST_DIR);
  console.log(`Learn first load: ${kb(baseBytes)} gzip, ${baseBytes} bytes (${process.env.BASE_DIST_DIR})`);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ga-python-bench-'));
const server = await startServer({
  dataDir,
  port: await freePort(),
  env: { NODE_ENV: 'development', SEED_DEMO: 'false', CREATOR_INVITE_CODE: INVITE, RATE_LIMIT_SIGNUP_PER_HOUR: '1000' },
});
const browser = await launchChromium();
try {
  const base = server.url;
  const { api } = apiCaller(base);
  const signUp = (name, extra = {}) =>
    api('POST', '/api/auth/signup', undefined, {
      email: `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@bench.test`,
      password: 'bench-python-1',
      name,
      ...extra,
    });
  const { token: creator } = await signUp('Bench Creator', { role: 'creator', inviteCode: INVITE });
  const course = await api('POST', '/api/courses', creator, {
    title: 'Python in the Page',
    price: '0',
    description: '<p>Run it.</p>',
  });
  const module = await api('POST', `/api/courses/${course.id}/modules`, creator, { title: 'Running' });
  await api('POST', `/api/modules/${module.id}/lessons`, creator, {
    title: 'Forty-two',
    type: 'text',
    content: '<pre><code class="language-python">print(6 * 7)</code></pre>',
  });
  await api('POST', `/api/courses/${course.id}/publish`, creator);
  const { token: student } = await signUp('Ada Learner');
  await api('POST', '/api/enroll-free', student, { courseId: course.id });

  const cold = [];
  const warm = [];
  const reloaded = [];
  let pyodideBytes;
  for (let run = 0; run < RUNS; run++) {
    // A new context each time: an empty HTTP cache.
    const context = await browser.newContext();
    await context.addInitScript((value) => localStorage.setItem('token', value), student);
    const page = await context.newPage();
    const pyodide = [];
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).pathname.startsWith('/pyodide/')) {
        pyodide.push(request.sizes().then((sizes) => ({ path: new URL(request.url()).pathname, bytes: sizes.responseBodySize })));
      }
    });
    const output = page.locator('[data-python-run] pre');
    const runAndTime = async () => {
      await page.goto(`${base}/course/${course.id}/learn`);
      await page.evaluate(() => document.dispatchEvent(new PointerEvent('pointermove', { bubbles: true })));
      const button = page.getByRole('button', { name: 'Run code block 1' });
      await button.waitFor();
      const startedAt = performance.now();
      await button.click();
      await output.filter({ hasText: '42' }).waitFor({ timeout: 60_000 });
      return performance.now() - startedAt;
    };
    cold.push(await runAndTime());
    if (run === 0) {
      const files = await Promise.all(pyodide);
      pyodideBytes = files.reduce((sum, file) => sum + file.bytes, 0);
      for (const file of files) console.log(`  ${file.path}: ${kb(file.bytes)} on the wire`);
    }
    // The worker is started: a second run only runs.
    await page.evaluate(() => {
      for (const pre of document.querySelectorAll('[data-python-run] pre')) pre.remove();
    });
    const startedAt = performance.now();
    await page.getByRole('button', { name: 'Run code block 1' }).click();
    await output.filter({ hasText: '42' }).waitFor();
    warm.push(performance.now() - startedAt);
    // A reload: Pyodide's files come from the cache (immutable), Python starts again.
    reloaded.push(await runAndTime());
    await context.close();
  }
  console.log(`Pyodide on the first Run: ${kb(pyodideBytes)} on the wire (wasm, stdlib, loader, lock file)`);
  console.log(
    `Click on Run to its output, median of ${RUNS}: cold ${median(cold).toFixed(0)} ms, ` +
      `warm second run ${median(warm).toFixed(0)} ms, after a reload (files cached) ${median(reloaded).toFixed(0)} ms`,
  );
} finally {
  await browser.close();
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
