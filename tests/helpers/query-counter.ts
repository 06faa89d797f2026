import type { DbHandle } from '#db/client';

/**
 * Counts the statements the app sends through its pool (not a mock: every statement still runs), so
 * a test can show that a cached read costs no query.
 */
export function countQueries(handle: DbHandle) {
  const pool = handle.pool as unknown as { query: (...args: unknown[]) => unknown; connect: (...args: unknown[]) => unknown };
  const originalQuery = pool.query.bind(pool);
  const originalConnect = pool.connect.bind(pool);
  let count = 0;
  pool.query = (...args: unknown[]) => {
    count++;
    return originalQuery(...args);
  };
  // Transactions check a client out: count those as queries too.
  pool.connect = (...args: unknown[]) => {
    count++;
    return originalConnect(...args);
  };
  return {
    get count() {
      return count;
    },
    reset() {
      count = 0;
    },
    restore() {
      pool.query = originalQuery;
      pool.connect = originalConnect;
    },
  };
}
