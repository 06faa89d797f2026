import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './scripts/chromium-args.mjs';

// Made once in the main process; workers inherit it, so tests can read the server's mail outbox.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'ga-e2e-'));

const port = Number(process.env.E2E_PORT ?? 5055);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  // Two on CI's 2 cores: three took longer (11.5 min against 11.0), the work is the CPU's. E2E_WORKERS overrides it.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: chromiumPath,
      args: CHROMIUM_ARGS,
    },
  },
  // Workers take tests in project order, then file order. The XSS corpus is one test of 2–3 minutes
  // and its file sorts last: it started last and ran alone while the other worker idled. Its own
  // project, listed first, starts it at once.
  projects: [
    { name: 'xss-corpus', testMatch: 'xss.spec.ts', use: { browserName: 'chromium' } },
    { name: 'chromium', testIgnore: 'xss.spec.ts', use: { browserName: 'chromium' } },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(port), DATA_DIR: process.env.E2E_DATA_DIR },
  },
});
