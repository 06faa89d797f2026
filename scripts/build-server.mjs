// Bundles the server entry points into dist/server; npm packages stay external (node_modules).
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: ['src/server/server.ts', 'src/server/prepare.ts', 'src/server/cli/invite.ts'],
  outdir: 'dist/server',
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
cpSync('src/db/migrations', 'dist/server/migrations', { recursive: true });
console.log('server built into dist/server');
