import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { webAlias } from './vite.config';

// API tests run once on embedded PGlite and, when TEST_DATABASE_URL is set, again on PostgreSQL.
function project(kind: 'pglite' | 'postgres'): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name: kind,
      include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
      // The API fuzzer tests what the HTTP layer does with hostile input, and PGlite is PostgreSQL
      // itself: a second run on the server engine cost CI about a minute and found nothing new.
      exclude: kind === 'postgres' ? [...configDefaults.exclude, 'tests/fuzz/api-contracts.test.ts'] : configDefaults.exclude,
      env: { TEST_DB_KIND: kind },
      globalSetup: ['tests/setup/global-setup.ts'],
      // Each file builds its own app and database, and none mocks a module: files of a worker share
      // its loaded modules instead of importing the whole server again (a third of the API tests' time).
      isolate: false,
    },
  };
}

/** The longest files (20 s to a minute each on CI), by how long they take. */
const SLOWEST = [
  'tests/fuzz/',
  'tests/server-process.test.ts',
  'tests/crash.test.ts',
  // PostgreSQL only: three server processes and nginx, one killed and restarted under load (~40 s).
  'tests/cluster.test.ts',
  // A round trip of the demo with an upload, a purchase and a certificate (27-43 s on PGlite).
  'tests/backup-restore.test.ts',
  'src/server/modules/auth/auth.routes.test.ts',
  // Its dead and restarted instances reopen the embedded engine's data directory (about 27 s on PGlite).
  'src/server/lib/jobs/jobs.test.ts',
  'tests/admin-cli.test.ts',
  'src/server/modules/enrollment/cart.routes.test.ts',
  'src/server/modules/auth/login-lockout.test.ts',
];

/**
 * Starts the longest files first. Vitest orders a fresh clone's files by size, so a short file that
 * runs for two minutes (the fuzzing) used to start last and run alone at the end: ~150 s of CI's wall
 * time with one of the two workers idle.
 */
class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (file: TestSpecification) => {
      const index = SLOWEST.findIndex((slow) => file.moduleId.replaceAll('\\', '/').includes(slow));
      return index === -1 ? SLOWEST.length : index;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default on 2 cores is one worker, but most files wait on PostgreSQL, a server process or
    // a browser-free PGlite worker thread: two files at a time finish the run in far less wall time.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    sequence: { sequencer: SlowestFirst },
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
