import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { webAlias } from './vite.config';

// API tests run once on embedded PGlite and, when TEST_DATABASE_URL is set, again on PostgreSQL.
function project(kind: 'pglite' | 'postgres'): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name: kind,
      include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
      env: { TEST_DB_KIND: kind },
      globalSetup: ['tests/setup/global-setup.ts'],
    },
  };
}

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default on 2 cores is one worker, but most files wait on PostgreSQL, a server process or
    // a browser-free PGlite worker thread: two files at a time finish the run in far less wall time.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    projects: [
      project('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [project('postgres')] : []),
      // Components in jsdom, the network stubbed at fetch (tests/helpers/fetch-stub.ts).
      {
        extends: true,
        plugins: [react()],
        resolve: { alias: webAlias },
        test: { name: 'web', include: ['src/web/**/*.test.tsx'], environment: 'jsdom', setupFiles: ['tests/setup/web-setup.ts'] },
      },
    ],
  },
});
