// Bundles the server entry points into dist/server; npm packages stay external (node_modules).
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

// DIST_DIR (inside the checkout, so node_modules resolves) keeps parallel builds apart.
const distDir = process.env.DIST_DIR ?? 'dist';

rmSync(`${distDir}/server`, { recursive: true, force: true });
await build({
  entryPoints: [
    'src/server/server.ts',
    // server.ts's startServer as a module, for the end-to-end server to add its test-only routes.
    'src/server/start-server.ts',
    'src/server/prepare.ts',
    // The operator's tools, for the tests to run as plain JavaScript (npm run invite/admin run the sources through tsx).
    'src/server/cli/invite.ts',
    'src/server/cli/admin.ts',
    'src/server/cli/backup.ts',
    'src/server/cli/restore.ts',
    // The embedded database's worker thread, found beside the bundle as ./pglite-worker.js.
    { in: 'src/db/embedded/worker.ts', out: 'pglite-worker' },
    // The Python sandbox's worker thread, found beside the bundle as ./python-sandbox-worker.js.
    { in: 'src/server/lib/python-sandbox/worker.ts', out: 'python-sandbox-worker' },
  ],
  outdir: `${distDir}/server`,
  outbase: 'src/server',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('src/db/migrations', `${distDir}/server/migrations`, { recursive: true });
console.log(`server built into ${distDir}/server`);
