// The databases the benchmark runs on. Each engine gives the server's environment, a way to run SQL
// while the server is stopped, and a dispose() that removes everything it made.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/** Every RATE_LIMIT_* variable src/server/env.ts knows, read at run time, so new ones are raised too. */
export function rateLimitEnv(value = '1000000000') {
  const source = readFileSync(new URL('../src/server/env.ts', import.meta.url), 'utf8');
  const names = new Set(source.match(/\bRATE_LIMIT_[A-Z0-9_]+\b/g) ?? []);
  return Object.fromEntries([...names].map((name) => [name, value]));
}

/** Embedded PGlite in a fresh temporary DATA_DIR; SQL runs on `$DATA_DIR/db` with the server stopped (it holds the lock). */
export function embeddedEngine() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ga-bench-'));
  return {
    name: 'embedded PGlite',
    dataDir,
    // Empty counts as unset (env.ts), so a DATABASE_URL in the caller's environment cannot leak in.
    env: { DATABASE_URL: '' },
    async withSql(work) {
      const db = await PGlite.create({ dataDir: path.join(dataDir, 'db'), extensions: { pg_trgm } });
      try {
        return await work(async (text, params) => (await db.query(text, params)).rows);
      } finally {
        await db.close();
      }
    },
    async dispose() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh database `ga_bench_<random>` on the server of BENCH_DATABASE_URL, dropped (with force) by dispose(). */
export async function postgresEngine(adminUrl) {
  const database = `ga_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${database}`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  // The server still wants a DATA_DIR (mail outbox, uploads); the database itself lives in PostgreSQL.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ga-bench-pg-'));
  return {
    name: 'PostgreSQL',
    dataDir,
    database,
    env: { DATABASE_URL: url.toString() },
    async withSql(work) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return await work(async (text, params) => (await client.query(text, params)).rows);
      } finally {
        await client.end();
      }
    },
    async dispose() {
      try {
        await admin.query(`drop database if exists ${database} with (force)`);
      } finally {
        await admin.end();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
