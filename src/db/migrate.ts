import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
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
// The lock is per connection: open PostgreSQL handles for migration with poolSize 1.
const MIGRATION_LOCK_KEY = 724_311_905;

export async function migrateDb(handle: DbHandle): Promise<void> {
  const config = { migrationsFolder: migrationsFolder() };
  if (handle.kind === 'postgres') {
    await handle.db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator');
      await migratePg(handle.db as never, config);
    } finally {
      await handle.db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    }
    return;
  }
  const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
  await migratePglite(handle.db as never, config);
}
