import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '#db/client';
import { migrationsFolder } from '#db/migrate';
import type { Readiness } from '#shared/schemas/health';

export async function isDatabaseReachable(handle: DbHandle, log: FastifyBaseLogger): Promise<boolean> {
  try {
    await handle.execute('select 1');
    return true;
  } catch (error) {
    log.error({ err: error }, 'health check: database unreachable');
    return false;
  }
}

/** How many migrations this build ships (drizzle-kit's journal), read once. */
let shippedMigrations: number | undefined;
function countShippedMigrations(): number {
  shippedMigrations ??= (
    JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
  ).entries.length;
  return shippedMigrations;
}

async function countAppliedMigrations(handle: DbHandle): Promise<number> {
  const result = (await handle.execute('select count(*)::int as applied from drizzle.__drizzle_migrations')) as {
    rows: { applied: number }[];
  };
  return result.rows[0]?.applied ?? 0;
}

/**
 * docs/product.md, Operations: ready when the database answers, every shipped migration is applied and the
 * change feed listens.
 */
export async function checkReadiness(handle: DbHandle, log: FastifyBaseLogger): Promise<Readiness> {
  const missing: string[] = [];
  const reachable = await isDatabaseReachable(handle, log);
  let migrations: Readiness['migrations'] = 'unknown';
  if (reachable) {
    try {
      migrations = (await countAppliedMigrations(handle)) >= countShippedMigrations() ? 'ok' : 'pending';
    } catch (error) {
      log.error({ err: error }, 'health check: cannot read the applied migrations');
    }
  }
  const changeFeed = handle.changes.isReliable ? 'ok' : 'disconnected';
  if (!reachable) missing.push('the database is unreachable');
  if (migrations !== 'ok') missing.push(migrations === 'pending' ? 'migrations are not applied' : 'migrations are unknown');
  if (changeFeed !== 'ok') missing.push('the change feed is not connected');
  return {
    status: missing.length === 0 ? 'ok' : 'unavailable',
    database: reachable ? 'ok' : 'unreachable',
    migrations,
    changeFeed,
    missing,
  };
}
