import path from 'node:path';
import type pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { createDb } from '#db/client';
import { lockDataDir } from '#server/lib/data-dir-lock';
import { acknowledgedCount, emptyLedger, runBurst } from './helpers/crash-burst';
import { buildCatalogue, CREATOR_INVITE_CODE } from './helpers/crash-catalogue';
import { findHalfWritten, findLostPayments, findLostWrites } from './helpers/crash-checks';
import { createTestDb } from './helpers/db';
import { cleanUpProcesses, migratedDataDir, startServer, tempDataDir } from './helpers/process';

// The real server process (dist/server/server.js, as npm start runs it) is killed with SIGKILL in the
// middle of a burst of learners' writes, then restarted on the same data, ROUNDS times, on the engine of
// this test project.
const ROUNDS = 2;
/** Enough learners at once that writes queue up: a write acknowledged early is then still uncommitted at the kill. */
const WORKERS = 24;

type Engine = {
  dataDir: string;
  env: Record<string, string>;
  /** SQL on the data while no server runs (the embedded database is the server's own while it does). */
  withPool: <T>(work: (pool: pg.Pool) => Promise<T>) => Promise<T>;
  dispose: () => Promise<void>;
};

async function embeddedEngine(): Promise<Engine> {
  const dataDir = await migratedDataDir();
  return {
    dataDir,
    // Empty counts as unset, so a DATABASE_URL of the caller cannot leak in.
    env: { DATABASE_URL: '' },
    async withPool(work) {
      const lock = lockDataDir(dataDir);
      const handle = await createDb({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
      try {
        return await work(handle.pool);
      } finally {
        await handle.close();
        lock.release();
      }
    },
    dispose: async () => {},
  };
}

/** A fresh clone of the run's migrated template, like every PostgreSQL test file's. */
async function postgresEngine(): Promise<Engine> {
  const handle = await createTestDb();
  return {
    // The server still wants a DATA_DIR (mail outbox, uploads).
    dataDir: tempDataDir(),
    env: { DATABASE_URL: String(handle.connection.connectionString) },
    withPool: (work) => work(handle.pool),
    dispose: () => handle.close(),
  };
}

afterAll(cleanUpProcesses);

it(`keeps every acknowledged write, and none half-written, through ${ROUNDS} SIGKILLs in a burst of writes`, async () => {
  const engine = inject('dbKind') === 'pglite' ? await embeddedEngine() : await postgresEngine();
  try {
    const env = { ...engine.env, CREATOR_INVITE_CODE };
    let server = await startServer(engine.dataDir, env);
    const catalogue = await buildCatalogue(server.url);
    const ledger = emptyLedger();
    const rounds: string[] = [];

    for (let round = 1; round <= ROUNDS; round++) {
      const running = server;
      // Somewhere in each learner's first or second journey (about 20 writes each), so every kind of
      // write has been acknowledged by then, and never at the same step twice.
      const killAfter = WORKERS * 8 + Math.floor(Math.random() * WORKERS * 16);
      await runBurst({
        base: running.url,
        catalogue,
        ledger,
        label: `round-${round}`,
        workers: WORKERS,
        onAcknowledged: (count) => {
          if (count === killAfter) running.child.kill('SIGKILL');
        },
      });
      // Only if every learner was refused before the kill: the ledger says why.
      if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGKILL');
      await running.exited;
      expect(ledger.refused).toEqual([]);
      rounds.push(`killed after ${killAfter} acknowledged writes`);

      const broken = await engine.withPool(async (pool) => [
        ...(await findHalfWritten(pool)),
        ...(await findLostPayments(pool, ledger)),
      ]);
      expect(broken).toEqual([]);

      server = await startServer(engine.dataDir, env);
      // Every round's writes, so a later restart is checked against the earlier rounds too.
      expect(await findLostWrites(server.url, ledger, catalogue)).toEqual([]);
    }

    server.child.kill('SIGTERM');
    await server.exited;
    console.info(
      `${inject('dbKind')}: ${rounds.join('; ')}; ${acknowledgedCount(ledger)} acknowledged writes checked ` +
        `(${ledger.signUps.length} sign-ups, ${ledger.enrollments.length} enrollments, ${ledger.progress.length} slides done, ` +
        `${ledger.answers.length} answers, ${ledger.completions.length} completed quizzes, ${ledger.paid.length} payments)`,
    );
  } finally {
    await engine.dispose();
  }
}, 300_000);
