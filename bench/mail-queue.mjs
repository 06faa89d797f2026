// How soon the job queue delivers mail (ADR 0037): the built server on the embedded engine (or on
// PostgreSQL with BENCH_DATABASE_URL), its dev outbox as the mail server. Prints the time from a
// reset request's answer to its .eml in the outbox, one request at a time, then how long a burst of
// requests sent together takes to be mailed.
// Run after `npm run build`: node bench/mail-queue.mjs
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { freePort, startServer, stop } from './lib.mjs';

const SEQUENTIAL = Number(process.env.MAIL_SEQUENTIAL ?? 100);
const BURST = Number(process.env.MAIL_BURST ?? 200);

buildIfNeeded();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ga-mail-'));
const outbox = path.join(dataDir, 'outbox');
const server = await startServer({
  dataDir,
  port: await freePort(),
  env: {
    NODE_ENV: 'development',
    SEED_DEMO: 'false',
    // Every request comes from 127.0.0.1: the per-IP limits would answer instead of the queue.
    RATE_LIMIT_SIGNUP_PER_HOUR: '100000',
    RATE_LIMIT_RESET_PER_HOUR_IP: '100000',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  },
});
const mailed = () => {
  try {
    return readdirSync(outbox).filter((file) => file.endsWith('.eml')).length;
  } catch {
    return 0;
  }
};
const post = async (url, body) => {
  const response = await fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
};
const until = async (count) => {
  const deadline = Date.now() + 60_000;
  while (mailed() < count) {
    if (Date.now() > deadline) throw new Error(`only ${mailed()} of ${count} mails after 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
};
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(1);

try {
  const emails = Array.from({ length: SEQUENTIAL + BURST }, (_, i) => `mail-${i}-${Date.now()}@bench.test`);
  for (const email of emails) await post('/api/auth/signup', { email, password: 'bench-mail-1', name: 'Bench Reader' });

  const latencies = [];
  for (const email of emails.slice(0, SEQUENTIAL)) {
    const before = mailed();
    await post('/api/auth/forgot-password', { email });
    const answered = performance.now();
    await until(before + 1);
    latencies.push(performance.now() - answered);
  }
  latencies.sort((a, b) => a - b);
  console.log(
    `one at a time (${SEQUENTIAL}): answer → .eml in the outbox p50 ${percentile(latencies, 0.5)} ms, p99 ${percentile(latencies, 0.99)} ms, max ${latencies.at(-1).toFixed(1)} ms`,
  );

  const before = mailed();
  const startedAt = performance.now();
  await Promise.all(emails.slice(SEQUENTIAL).map((email) => post('/api/auth/forgot-password', { email })));
  const answeredMs = performance.now() - startedAt;
  await until(before + BURST);
  const mailedMs = performance.now() - startedAt;
  console.log(
    `${BURST} at once: all answered in ${answeredMs.toFixed(0)} ms, all mailed in ${mailedMs.toFixed(0)} ms (${((BURST / mailedMs) * 1000).toFixed(0)} mails/s)`,
  );
} finally {
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}
