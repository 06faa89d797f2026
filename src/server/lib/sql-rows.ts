import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '#db/client';

/**
 * The rows of a raw statement, typed by the caller (its column aliases). The app always talks
 * node-postgres, whose results carry `rows`; this is the one place that says so.
 */
export async function sqlRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
