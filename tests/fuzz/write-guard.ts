import pg from 'pg';
import type { DbHandle } from '#db/client';
import { changedTables, createTableDigester, type TableDigest } from './table-digest';

/*
 * Proves a request changed no row by comparing every table's digest before and after it. Digesting
 * every table around every request would cost more than the requests, so a shortcut goes first:
 * PostgreSQL gives a transaction an id only when it writes, and the snapshot's xmax moves past
 * every id handed out, so an unchanged xmax proves nobody wrote and no digest is needed. When it
 * did move (a write, a rolled-back write, or another database on the same server), the digests
 * decide. Both engines are real PostgreSQL, PGlite included.
 */

const HORIZON = { name: 'fuzz-write-horizon', text: 'select pg_snapshot_xmax(pg_current_snapshot())::text as xmax' };
/**
 * Transactions of this database that hold an id (they have written) and have not ended. A write
 * still open when the horizon is read would land unseen by this check and show up in a later one,
 * blamed on the wrong request; and xmax does not move when an older transaction ends after a
 * newer one has (on PostgreSQL, other databases of the server hand out ids too).
 */
const OPEN_WRITES = {
  name: 'fuzz-open-writes',
  text: 'select count(*)::int as open from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_xid is not null',
};
const SETTLE_POLL_MS = 5;
const SETTLE_LIMIT_MS = 5_000;

export async function createWriteGuard(handle: DbHandle) {
  // A connection of its own: its prepared statements stay prepared, and the app's pool is left alone.
  const client = new pg.Client(handle.connection);
  await client.connect();
  const digester = await createTableDigester(client);
  const horizon = async () => {
    const deadline = Date.now() + SETTLE_LIMIT_MS;
    while ((await client.query<{ open: number }>(OPEN_WRITES)).rows[0]?.open && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
    }
    return (await client.query<{ xmax: string }>(HORIZON)).rows[0]?.xmax ?? '';
  };
  let reference: { horizon: string; digest: TableDigest } | undefined;
  const stats = { digests: 0 };

  const capture = async (at: string) => {
    stats.digests++;
    reference = { horizon: at, digest: await digester.digest() };
    return reference;
  };

  return {
    tables: digester.tables,
    stats,
    close: () => client.end(),
    /** Takes the reference state afresh: call it once something other than a checked request may have written. */
    async reset(): Promise<void> {
      await capture(await horizon());
    },
    /**
     * The tables whose rows differ from the previous check (or reset); call it after every
     * request, so that the next one is compared with the state it found.
     */
    async changedTables(): Promise<string[]> {
      const previous = reference;
      if (!previous) throw new Error('reset() was not called');
      // Read before digesting: a write landing after this read moves the horizon for the next check.
      const at = await horizon();
      if (at === previous.horizon) return [];
      const current = await capture(at);
      return changedTables(previous.digest, current.digest);
    },
  };
}
