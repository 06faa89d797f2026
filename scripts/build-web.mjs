// Builds the browser's code once per language (ADR 0062), English first (it empties dist/web and
// writes the files every language shares), then each other language beside it, and the pseudo-locale
// the end-to-end walk reads (tests/e2e/pseudo-locale.spec.ts).
import { spawnSync } from 'node:child_process';

const LOCALES = ['en', 'es', 'de', 'ar', 'en-XA'];
for (const locale of LOCALES) {
  const started = Date.now();
  const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    // The config loader's note about extensionless imports would print once a language.
    env: { VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true', ...process.env, WEB_LOCALE: locale },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log(`web app built in ${locale} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
