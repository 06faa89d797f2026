// Finds a Chromium for the end-to-end tests: CHROMIUM_PATH, Debian's /usr/bin/chromium, then Playwright's own.
// On a Debian machine where we are root it installs Debian's package; elsewhere it says how to get one.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function playwrightChromium() {
  try {
    return execFileSync(process.execPath, ['-e', "process.stdout.write(require('playwright-core').chromium.executablePath())"], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return '';
  }
}

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', playwrightChromium()];
  return candidates.find((candidate) => candidate && existsSync(candidate));
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/etc/debian_version')) {
    console.log('No Chromium found: installing Debian package "chromium" (apt-get)...');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    const installed = findChromium();
    if (installed) return installed;
  }
  console.error(
    'No Chromium found for the end-to-end tests: install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.',
  );
  process.exit(1);
}
