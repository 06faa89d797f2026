// The learner's figures of issue 7: the JavaScript the Learn page loads (each script as served,
// gzip-compressed here at level 9, as the server's precompressed assets are), the time it takes to show
// a lesson in headless Chromium, and the time to make a certificate PDF (the first request issues
// and keeps it; later ones render it again from the kept record).
// Prints figures; run after `npm run build`: node bench/learner-page.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { apiCaller, freePort, launchChromium, startServer, stop } from './lib.mjs';

const MODULES = 3;
const SLIDES_PER_MODULE = 5;
const QUESTIONS = 5;
const RUNS = 5;
const PDF_RUNS = 10;
const INVITE = 'bench-learner-invite';

buildIfNeeded();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ga-learner-'));
const server = await startServer({
  dataDir,
  port: await freePort(),
  env: { NODE_ENV: 'development', SEED_DEMO: 'false', CREATOR_INVITE_CODE: INVITE, RATE_LIMIT_SIGNUP_PER_HOUR: '1000' },
});
const browser = await launchChromium();
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
try {
  const base = server.url;
  const { call, api } = apiCaller(base);

  const signUp = (name, extra = {}) =>
    api('POST', '/api/auth/signup', undefined, {
      email: `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@bench.test`,
      password: 'bench-learner-1',
      name,
      ...extra,
    });

  const { token: creator } = await signUp('Bench Creator', { role: 'creator', inviteCode: INVITE });
  const course = await api('POST', '/api/courses', creator, {
    title: 'Transformers from Scratch',
    price: '0',
    description: '<p>Attention, step by step.</p>',
  });
  const lessonIds = [];
  for (let m = 0; m < MODULES; m++) {
    const module = await api('POST', `/api/courses/${course.id}/modules`, creator, { title: `Module ${m + 1}` });
    for (let s = 0; s < SLIDES_PER_MODULE; s++) {
      const lesson = await api('POST', `/api/modules/${module.id}/lessons`, creator, {
        title: `Slide ${s + 1}`,
        type: 'text',
        content: `<p>Slide ${s + 1} of module ${m + 1}: ${'queries, keys and values, '.repeat(30)}</p>`,
      });
      lessonIds.push(lesson.id);
    }
  }
  const quiz = await api('POST', `/api/courses/${course.id}/quizzes`, creator, { title: 'Check your understanding' });
  for (let q = 0; q < QUESTIONS; q++) {
    await api('POST', `/api/quizzes/${quiz.id}/questions`, creator, {
      question: `Question ${q + 1}?`,
      optionA: 'Right',
      optionB: 'Wrong',
      correctAnswer: 1,
    });
  }
  await api('POST', `/api/courses/${course.id}/publish`, creator);

  const { token: student, user } = await signUp('Ada Learner');
  await api('POST', '/api/enroll-free', student, { courseId: course.id });

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript((value) => localStorage.setItem('token', value), student);
  const page = await context.newPage();
  const learnMs = [];
  for (let run = 0; run < RUNS; run++) {
    const startedAt = performance.now();
    await page.goto(`${base}/course/${course.id}/learn`, { waitUntil: 'commit' });
    await page.getByText('queries, keys and values', { exact: false }).first().waitFor({ state: 'visible', timeout: 30_000 });
    learnMs.push(performance.now() - startedAt);
  }

  // A fresh context: nothing cached, every script of the first load counted once.
  const fresh = await browser.newContext();
  await fresh.addInitScript((value) => localStorage.setItem('token', value), student);
  const tab = await fresh.newPage();
  const scripts = [];
  tab.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.push({
      name: path.basename(new URL(response.url()).pathname),
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
    });
  });
  await tab.goto(`${base}/course/${course.id}/learn`);
  await tab.getByText('queries, keys and values', { exact: false }).first().waitFor();
  await tab.waitForLoadState('networkidle');
  await fresh.close();

  for (const lessonId of lessonIds) await api('POST', '/api/progress', student, { lessonId, completed: true });
  const attempt = await api('POST', `/api/quizzes/${quiz.id}/attempts`, student);
  const questions = await api('GET', `/api/quizzes/${quiz.id}/questions`, student);
  for (const question of questions) {
    await api('POST', `/api/quiz-attempts/${attempt.id}/answers`, student, { questionId: question.id, selectedOption: 1 });
  }
  await api('PATCH', `/api/quiz-attempts/${attempt.id}/complete`, student);

  const pdfMs = [];
  let pdfBytes = 0;
  for (let run = 0; run <= PDF_RUNS; run++) {
    const startedAt = performance.now();
    const response = await call('GET', `/api/courses/${course.id}/certificate`, student);
    pdfBytes = (await response.arrayBuffer()).byteLength;
    pdfMs.push(performance.now() - startedAt);
  }
  const [firstPdfMs, ...laterPdfMs] = pdfMs;

  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const total = scripts.reduce((sum, script) => ({ raw: sum.raw + script.raw, gzip: sum.gzip + script.gzip }), {
    raw: 0,
    gzip: 0,
  });
  console.log(
    `Learn page of a course of ${MODULES} modules, ${MODULES * SLIDES_PER_MODULE} slides and a quiz, for ${user.name}:`,
  );
  console.log(`  shows the first slide: ${Math.round(median(learnMs))} ms (median of ${RUNS} loads in headless Chromium)`);
  console.log(`  JavaScript of the first load: ${kb(total.gzip)} gzip (${kb(total.raw)} as parsed) in ${scripts.length} files:`);
  for (const script of scripts.sort((a, b) => b.gzip - a.gzip))
    console.log(`    ${script.name.padEnd(44)} ${kb(script.gzip).padStart(9)} gzip`);
  console.log(`certificate PDF (${kb(pdfBytes)}): first request (issues and keeps it) ${Math.round(firstPdfMs)} ms;`);
  console.log(
    `  later requests ${Math.round(median(laterPdfMs))} ms (median of ${PDF_RUNS}), over HTTP from request to last byte`,
  );
} finally {
  await browser.close();
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
