// `npm test`: unit and API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), then end-to-end in Chromium.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded } from './build-if-needed.mjs';
import { ensureChromium } from './find-chromium.mjs';

const e2eOnly = process.argv.includes('--e2e-only');
const reports = mkdtempSync(path.join(os.tmpdir(), 'ga-test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) exitCode = result.status ?? 1;
}

const chromium = ensureChromium();
// Before the API tests too: they request the pages the server draws with the built renderer (dist/ssr).
buildIfNeeded();

if (!e2eOnly) {
  const vitestReport = path.join(reports, 'vitest.json');
  run('node_modules/.bin/vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);
  try {
    const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  } catch {
    exitCode ||= 1;
  }
}

const playwrightReport = path.join(reports, 'playwright.json');
run('node_modules/.bin/playwright', ['test', '--reporter=list,json'], {
  CHROMIUM_PATH: chromium,
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
});
try {
  const { stats } = JSON.parse(readFileSync(playwrightReport, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
} catch {
  exitCode ||= 1;
}
rmSync(reports, { recursive: true, force: true });

if (totals.passed + totals.failed === 0) exitCode ||= 1;
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode);
