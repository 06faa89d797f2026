// The built server on a fresh data directory (DATA_DIR from playwright.config.ts) with the demo seed.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

process.env.DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'ga-e2e-'));
process.env.HOST = '127.0.0.1';
process.env.LOG_LEVEL ??= 'warn';
process.env.CREATOR_INVITE_CODE ??= 'e2e-creator-invite';
// Many sign-ups from one address in a few seconds are the tests, not an attack.
process.env.RATE_LIMIT_SIGNUP_PER_HOUR ??= '1000';
process.env.RATE_LIMIT_LOGIN_PER_MINUTE ??= '1000';
process.env.RATE_LIMIT_LOGIN_SUCCESS_PER_MINUTE ??= '1000';
process.env.RATE_LIMIT_RESET_PER_HOUR_IP ??= '1000';
// Pages' CSP violations are reported to /api/csp-reports, where the XSS spec reads them back.
process.env.CSP_REPORT_ENDPOINT ??= 'true';
await import(path.resolve(process.env.DIST_DIR ?? 'dist', 'server/server.js'));
