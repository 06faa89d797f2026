import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { installCacheFeeds } from './cache-feeds';
import type { DbHandle } from './client';

/** src/db/migrations in the source tree; copied beside the bundle in dist/server. */
export function migrationsFolder(): string {
  const candidates = [new URL('./migrations', import.meta.url), new URL('../../src/db/migrations', import.meta.url)];
  for (const candidate of candidates) {
    const folder = fileURLToPath(candidate);
    if (existsSync(folder)) return folder;
  }
  throw new Error('Database migrations folder not found');
}

// Same key in every instance, so concurrent start-ups on one PostgreSQL migrate one at a time.
// The lock is per connection, so it is taken on one client that also runs the migration.
const MIGRATION_LOCK_KEY = 724_311_905;

type JournalEntry = { idx: number; when: number; tag: string };

/** The migrations this code has, in order; drizzle records each one's `when` as its created_at. */
export function migrationJournal(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/**
 * Applies the migrations not yet applied; with `upTo`, only the first `upTo` of them (a restore
 * loads an archive's rows into the schema they were dumped from, then migrates the rest).
 * Then the announcing triggers are made to match the cache-feeds map. `whileLocked` runs after them, still under the lock: start-up work that instances starting together
 * must do once, in turn (seeding the demo into an empty database).
 */
export async function migrateDb(
  handle: DbHandle,
  { upTo, whileLocked }: { upTo?: number; whileLocked?: () => Promise<void> } = {},
): Promise<void> {
  const folder = upTo === undefined ? migrationsFolder() : truncatedMigrationsFolder(upTo);
  const client = await handle.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const db = drizzle({ client, casing: 'snake_case' });
      await migrate(db, { migrationsFolder: folder });
      // A restore's partial schema may predate the announcing function: its rest is migrated next.
      if (upTo === undefined) await installCacheFeeds(client);
      await whileLocked?.();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
    if (folder !== migrationsFolder()) rmSync(folder, { recursive: true, force: true });
  }
}

/** A copy of the migrations folder whose journal lists only the first `count` migrations. */
function truncatedMigrationsFolder(count: number): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'ga-migrations-'));
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: JournalEntry[] };
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }));
  return folder;
}
