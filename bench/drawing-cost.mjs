// What one drawing of the largest Learn page the server still draws costs (issue 21, finding 8): rich
// text nested as deep as the API accepts (32 levels), in slides as large as it accepts, up to the
// drawing's cap on its calls' answers (MAX_DRAWN_ANSWER_CHARS); and a page just past the cap, which
// the browser draws instead. Each request follows a progress mark, so each one is a new drawing, not a
// kept one. The time is the request's, from the bench on an otherwise idle server: the drawing holds
// the event loop for about that long. Prints figures; run after `npm run build`: node bench/drawing-cost.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { apiCaller, freePort, startServer, stop } from './lib.mjs';

const RUNS = 9;
const INVITE = 'bench-drawing-invite';
/** The deepest the API takes: nested lists and marks, 32 elements deep. */
const DEPTH = 32;
/** About this many characters of slide HTML per slide (the API takes 200,000). */
const SLIDE_CHARS = 180_000;

buildIfNeeded();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ga-drawing-'));
const server = await startServer({
  dataDir,
  port: await freePort(),
  env: { NODE_ENV: 'development', SEED_DEMO: 'false', CREATOR_INVITE_CODE: INVITE, RATE_LIMIT_SIGNUP_PER_HOUR: '1000' },
});
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One slide: blocks each nested DEPTH deep, as long as SLIDE_CHARS. */
function deepSlide(n) {
  const open = '<ul><li>'.repeat(DEPTH / 2 - 3) + '<p><strong><em>';
  const close = '</em></strong></p>' + '</li></ul>'.repeat(DEPTH / 2 - 3);
  const block = `${open}Slide ${n}: attention weights sum to one across the keys. ${close}`;
  return block.repeat(Math.floor(SLIDE_CHARS / block.length));
}

try {
  const { api, call } = apiCaller(server.url);
  const signUp = (name, extra = {}) =>
    api('POST', '/api/auth/signup', undefined, {
      email: `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@bench.test`,
      password: 'bench-drawing-1',
      name,
      ...extra,
    });
  const { token: creator } = await signUp('Bench Creator', { role: 'creator', inviteCode: INVITE });
  const { token: student } = await signUp('Ada Learner');

  /** A published free course of one module with `slides` deep slides, the student enrolled. */
  async function courseOf(slides) {
    const course = await api('POST', '/api/courses', creator, { title: `Deep reading (${slides} slides)`, price: '0' });
    const module = await api('POST', `/api/courses/${course.id}/modules`, creator, { title: 'Attention' });
    const lessonIds = [];
    for (let s = 0; s < slides; s++) {
      const lesson = await api('POST', `/api/modules/${module.id}/lessons`, creator, {
        title: `Slide ${s + 1}`,
        type: 'text',
        content: deepSlide(s + 1),
      });
      lessonIds.push(lesson.id);
    }
    await api('POST', `/api/courses/${course.id}/publish`, creator);
    await api('POST', '/api/enroll-free', student, { courseId: course.id });
    const answered = (await (await call('GET', `/api/modules/${module.id}/lessons`, student)).text()).length;
    return { id: course.id, lessonIds, answered };
  }

  /** Draws the Learn page RUNS times, each after a progress mark, so no kept drawing answers it. */
  async function measure(course) {
    const times = [];
    let drawn = 0;
    for (let run = 0; run < RUNS; run++) {
      await api('POST', '/api/progress', student, { lessonId: course.lessonIds[0], completed: run % 2 === 0 });
      const startedAt = performance.now();
      const response = await fetch(`${server.url}/course/${course.id}/learn`, { headers: { cookie: `ga_session=${student}` } });
      const html = await response.text();
      times.push(performance.now() - startedAt);
      if (html.includes('id="page-state"')) drawn++;
    }
    return { median: median(times), max: Math.max(...times), drawn };
  }

  console.log(`Learn pages of slides nested ${DEPTH} deep, ~${SLIDE_CHARS.toLocaleString()} characters each:`);
  for (const slides of [1, 4, 6]) {
    const course = await courseOf(slides);
    await measure(course);
    const { median: p50, max, drawn } = await measure(course);
    console.log(
      `  ${slides} slide(s), lessons answer ${course.answered.toLocaleString()} chars: ` +
        `drawn ${drawn}/${RUNS}, request p50 ${Math.round(p50)} ms, max ${Math.round(max)} ms`,
    );
  }
} finally {
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
