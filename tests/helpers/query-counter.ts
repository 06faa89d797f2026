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
  const texts: string[] = [];
  let insideQuery = false;
  pool.query = (...args: unknown[]) => {
    count++;
    const [query] = args;
    texts.push(typeof query === 'string' ? query : String((query as { text?: unknown })?.text));
    // pg-pool's query() checks a client out through connect(), synchronously: not a second query.
    insideQuery = true;
    try {
      return originalQuery(...args);
    } finally {
      insideQuery = false;
    }
  };
  // Transactions check a client out: count those as queries too.
  pool.connect = (...args: unknown[]) => {
    if (insideQuery) return originalConnect(...args);
    count++;
    texts.push('(a client checked out)');
    return originalConnect(...args);
  };
  return {
    get count() {
      return count;
    },
    /** What was sent, for a failure message. */
    get texts(): readonly string[] {
      return texts;
    },
    reset() {
      count = 0;
      texts.length = 0;
    },
    restore() {
      pool.query = originalQuery;
      pool.connect = originalConnect;
    },
  };
}
