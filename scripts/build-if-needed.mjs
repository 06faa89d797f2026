// Builds web and server when sources are newer than the last build (used by `npm start` and `npm test`).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const STAMP = 'dist/.build-stamp';
const INPUTS = ['src', 'package-lock.json', 'vite.config.ts', 'scripts/build-server.mjs', 'scripts/precompress.mjs'];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

export function needsBuild() {
  if (
    !existsSync(STAMP) ||
    !existsSync('dist/server/server.js') ||
    !existsSync('dist/web/index.html') ||
    !existsSync('dist/ssr/entry-server.js')
  ) {
    return true;
  }
  const built = statSync(STAMP).mtimeMs;
  return INPUTS.some((input) => newestMtime(input) > built);
}

export function buildIfNeeded() {
  if (!needsBuild()) return;
  console.log('Building the app (first run or sources changed)...');
  execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  writeFileSync(STAMP, new Date().toISOString());
}
