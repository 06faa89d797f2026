import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
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

export async function migrateDb(handle: DbHandle): Promise<void> {
  const client = await handle.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const db = drizzle({ client, casing: 'snake_case' });
      await migrate(db, { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
