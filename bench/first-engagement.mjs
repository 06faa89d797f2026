// What a page for reading costs at its visitor's first move (docs/performance.md, First paint): its code runs
// then, not when it shows. On a phone-like browser (412 px, CPU slowed 4×, as Lighthouse's mobile profile),
// each listed page is opened cold as a guest and left until the network is quiet; then the pointer moves (its
// code is downloaded from then on, from this machine's server). Printed per page: the time from that move to
// the app's takeover (`data-app-ready`), the longest task in between, and the blocking time of that stretch
// (the part of each task over 50 ms), in the median of RUNS loads; and beside it the same page started at once
// (as all pages were before pages for reading waited), from its first paint to the takeover. A report, not a
// test: node bench/first-engagement.mjs (after a build).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { apiCaller, freePort, startServer, stop } from './lib.mjs';

process.chdir(fileURLToPath(new URL('..', import.meta.url)));
const RUNS = Number(process.env.ENGAGEMENT_RUNS ?? 5);

buildIfNeeded();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ga-engagement-'));
const server = await startServer({ dataDir, port: await freePort(), env: { NODE_ENV: 'development', SEED_DEMO: 'true' } });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const base = server.url;
  const { api } = apiCaller(base);
  const [course] = await api('GET', '/api/courses');
  const pages = [
    ['home', '/'],
    ['course', `/course/${course.id}`],
    ['search', '/courses?q=learning&difficulty=Beginner'],
    ['instructor', `/instructors/${course.instructor.id}`],
  ];
  console.log(`First engagement on a phone (412 px, CPU 4× slower), median of ${RUNS} cold guest loads`);
  console.log(
    `${'page'.padEnd(12)} ${'move → ready'.padStart(13)} ${'longest task'.padStart(13)} ${'blocking'.padStart(9)} | ${'started at once: paint → ready, blocking'.padStart(41)}`,
  );
  for (const [name, url] of pages) {
    const engaged = await median(() => measure(`${base}${url}`, true));
    const atOnce = await median(() => measure(`${base}${url}`, false));
    console.log(
      `${name.padEnd(12)} ${`${engaged.toReady} ms`.padStart(13)} ${`${engaged.longest} ms`.padStart(13)} ${`${engaged.blocking} ms`.padStart(9)} | ` +
        `${`${atOnce.toReady} ms, ${atOnce.blocking} ms`.padStart(41)}`,
    );
  }
} finally {
  await browser.close();
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}

async function median(run) {
  const results = [];
  for (let i = 0; i < RUNS; i++) results.push(await run());
  const middle = (key) => results.map((result) => result[key]).sort((a, b) => a - b)[Math.floor(results.length / 2)];
  return { toReady: middle('toReady'), longest: middle('longest'), blocking: middle('blocking') };
}

/**
 * One cold load. `engage`: wait until the network is quiet, then move the pointer and time the takeover from
 * there; otherwise start the code at first paint (the loader's way before pages for reading waited, forced by a
 * focus event at paint) and time the takeover from the paint.
 */
async function measure(url, engage) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript((startAtPaint) => {
    const tasks = [];
    new PerformanceObserver((list) => tasks.push(...list.getEntries().map((entry) => [entry.startTime, entry.duration]))).observe(
      {
        type: 'longtask',
        buffered: true,
      },
    );
    Object.assign(window, { __tasks: tasks });
    new MutationObserver((_, observer) => {
      if (!document.documentElement.hasAttribute('data-app-ready')) return;
      observer.disconnect();
      Object.assign(window, { __readyAt: performance.now() });
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-app-ready'] });
    if (startAtPaint) {
      new PerformanceObserver((list, observer) => {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        Object.assign(window, { __startedAt: performance.now() });
        // The loader may not be listening yet (the paint can come before the end of the HTML is parsed).
        const nudge = setInterval(() => {
          if (document.querySelector('script[type="module"]')) clearInterval(nudge);
          else document.dispatchEvent(new Event('focusin'));
        }, 5);
      }).observe({ type: 'paint', buffered: true });
    }
  }, !engage);
  await page.goto(url, { waitUntil: 'load' });
  if (engage) {
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => Object.assign(window, { __startedAt: performance.now() }));
    await page.mouse.move(100, 300);
  }
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 60_000 });
  await page.waitForTimeout(300);
  const { startedAt, readyAt, tasks } = await page.evaluate(() => ({
    startedAt: window.__startedAt,
    readyAt: window.__readyAt,
    tasks: window.__tasks,
  }));
  await context.close();
  const after = tasks.filter(([start]) => start >= startedAt && start <= readyAt);
  return {
    toReady: Math.round(readyAt - startedAt),
    longest: Math.round(Math.max(0, ...after.map(([, duration]) => duration))),
    blocking: Math.round(after.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0)),
  };
}
