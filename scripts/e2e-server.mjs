// The built server on a fresh data directory (DATA_DIR from playwright.config.ts) with the demo seed,
// plus the test-only CSP report endpoint, which the production server does not have.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'ga-e2e-'));
process.env.HOST = '127.0.0.1';
process.env.LOG_LEVEL ??= 'warn';
// The pseudo-locale walk (tests/e2e/pseudo-locale.spec.ts) asks for pages in it.
process.env.PSEUDO_LOCALE ??= '1';
process.env.CREATOR_INVITE_CODE ??= 'e2e-creator-invite';
// Many sign-ups from one address in a few seconds are the tests, not an attack.
process.env.RATE_LIMIT_SIGNUP_PER_HOUR ??= '1000';
process.env.RATE_LIMIT_LOGIN_PER_MINUTE ??= '1000';
process.env.RATE_LIMIT_LOGIN_SUCCESS_PER_MINUTE ??= '1000';
process.env.RATE_LIMIT_RESET_PER_HOUR_IP ??= '1000';
// An admin, made the way an operator makes one: an account, then `npm run admin -- <email>` (the
// embedded database is locked once the server runs, so both happen first). E2E_ADMIN_EMAIL=off skips it.
process.env.E2E_ADMIN_EMAIL ??= 'admin@e2e.test';
process.env.E2E_ADMIN_PASSWORD ??= 'admin-e2e-pass-9';
if (process.env.E2E_ADMIN_EMAIL !== 'off' && !process.env.DATABASE_URL) {
  // The admin CLI as built with the server (dist/server/cli/admin.js): the code `npm run admin` runs, without tsx.
  const adminCli = path.resolve(process.env.DIST_DIR ?? 'dist', 'server/cli/admin.js');
  for (const [loader, entry, args] of [
    [['--import', 'tsx'], 'tests/helpers/e2e-admin-account.ts', []],
    [[], adminCli, [process.env.E2E_ADMIN_EMAIL]],
  ]) {
    const run = spawnSync(process.execPath, [...loader, entry, ...args], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: process.env,
    });
    if (run.status !== 0) throw new Error(`${entry} exited with ${run.status}`);
  }
}

// Pages' CSP violations are reported to /api/csp-reports, where the XSS spec reads them back, and the
// payouts spec moves a creator's sales past the refund window. The endpoints are test code
// (tests/helpers/e2e-test-plugin.ts), loaded from source beside the bundled server.
const { e2eTestPlugin } = await tsImport('../tests/helpers/e2e-test-plugin.ts', import.meta.url);
const { startServer } = await import(pathToFileURL(path.resolve(process.env.DIST_DIR ?? 'dist', 'server/start-server.js')).href);
await startServer({ testPlugin: e2eTestPlugin });
