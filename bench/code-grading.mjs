// Issue 37's rows: a code answer graded on the server's Python pool, and the catalogue read while two
// endless loops are being stopped. Both need PYTHON_WORKERS=2 on the measured server (run.mjs sets it).
import { CREATOR_TOKEN } from './fixtures.mjs';

const SOURCE = 'def square(x):\n    return x * x\n';
const TESTS = 'assert square(3) == 9\nassert square(-2) == 4\nassert all(square(n) == n * n for n in range(1000))\n';
/** Answers measured alone, and rounds of four at once (with a warm-up of each left out). */
const ALONE = Number(process.env.BENCH_CODE_ANSWERS ?? 40);
const CONCURRENT_ROUNDS = Math.ceil(ALONE / 4);
const WARMUP = 5;

const creator = { authorization: `Bearer ${CREATOR_TOKEN}`, 'content-type': 'application/json' };

async function call(base, method, path, body) {
  const response = await fetch(`${base}${path}`, { method, headers: creator, body: body && JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** In the shape of the autocannon rows (report.mjs): here req/s is what one client, waiting for each answer, gets. */
function summary(latencies, seconds, errors) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (value) => Math.round(value * 10) / 10;
  const p99 = round(percentile(sorted, 99));
  return {
    rps: Math.round(latencies.length / seconds),
    total: latencies.length,
    p50: round(percentile(sorted, 50)),
    p99,
    worstRoundP99: p99,
    errors,
    timeouts: 0,
  };
}

/** Times `send` `count` times in batches of `parallel`, after a warm-up; `prepare` runs before each batch, untimed. */
async function timed({ count, parallel, prepare, send }) {
  const latencies = [];
  let errors = 0;
  let seconds = 0;
  for (let batch = 0; batch < WARMUP + count; batch++) {
    const context = await prepare();
    const started = performance.now();
    const times = await Promise.all(
      Array.from({ length: parallel }, async (_, slot) => {
        const begin = performance.now();
        const ok = await send(context, slot);
        if (!ok) errors += batch >= WARMUP ? 1 : 0;
        return performance.now() - begin;
      }),
    );
    if (batch >= WARMUP) {
      latencies.push(...times);
      seconds += (performance.now() - started) / 1000;
    }
  }
  return summary(latencies, seconds, errors);
}

/**
 * A code answer's grading beside the bare run of the same Python (POST /api/code/run with the source
 * and the tests as one program): alone and four at once. The answer adds to the run the attempt's checks
 * and writes (six statements) and the interpreter's reset between the learner's code and the tests
 * (1.7 ms in Pyodide, where a whole graded run takes 13 ms). Measured on 2026-11-29, alone 51.8–65.6 %
 * of bare (p99 43–75 ms), four at once 61.5–64.4 % (p99 72–95 ms); the bars keep that cost from growing
 * and the learner's wait under a tenth of a second alone, 150 ms when four submit together.
 */
export async function measureCodeAnswers({ base, courseId }) {
  const quiz = await call(base, 'POST', `/api/courses/${courseId}/quizzes`, { title: 'Bench code quiz' });
  const questions = [];
  for (let i = 0; i < 4; i++) {
    questions.push(
      (await call(base, 'POST', `/api/quizzes/${quiz.id}/questions`, { type: 'code', question: `Square ${i}`, testCode: TESTS }))
        .id,
    );
  }
  const attempt = () => call(base, 'POST', `/api/quizzes/${quiz.id}/attempts?forceNew=true`);
  const answer = async (attemptId, slot) => {
    const result = await call(base, 'POST', `/api/quiz-attempts/${attemptId}/answers`, {
      questionId: questions[slot],
      answer: SOURCE,
    });
    return result.correct === true;
  };
  const bareRun = async () => {
    const result = await call(base, 'POST', '/api/code/run', { source: `${SOURCE}${TESTS}` });
    return result.error === null;
  };
  const rows = [];
  for (const parallel of [1, 4]) {
    const count = parallel === 1 ? ALONE : CONCURRENT_ROUNDS;
    const app = await timed({ count, parallel, prepare: async () => (await attempt()).id, send: answer });
    const bare = await timed({ count, parallel, prepare: async () => null, send: bareRun });
    rows.push({
      name: `POST code answer (graded)${parallel === 1 ? '' : ', 4 at once'}`,
      app,
      bare,
      ratio: (app.rps / bare.rps) * 100,
      bars: parallel === 1 ? { issue: 'issue 37', ratio: 45, p99: 100 } : { issue: 'issue 37', ratio: 55, p99: 150 },
    });
  }
  return rows;
}

/** Two runs of `while True: pass` in flight all the time: each is stopped at 5 s (then its worker at 6 s) and sent again. */
export function endlessLoops(base, count = 2) {
  let stopped = false;
  const counts = { started: 0, stoppedAtTheLimit: 0, other: [] };
  const loops = Array.from({ length: count }, async () => {
    while (!stopped) {
      counts.started += 1;
      try {
        const response = await fetch(`${base}/api/code/run`, {
          method: 'POST',
          headers: creator,
          body: JSON.stringify({ source: 'while True: pass' }),
        });
        const result = await response.json();
        if (response.ok && result.error?.startsWith('Time limit exceeded')) counts.stoppedAtTheLimit += 1;
        else counts.other.push(`${response.status} ${JSON.stringify(result).slice(0, 200)}`);
      } catch (error) {
        counts.other.push(String(error));
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  });
  return {
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
      return counts;
    },
  };
}
