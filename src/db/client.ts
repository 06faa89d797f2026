import { drizzle } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type ChangeFeed, createChangeFeed } from './changes';
import { type EmbeddedDatabase, startEmbeddedDatabase } from './embedded/start';

/** The one database type services see. */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What a service that reads or writes needs: the database, or a transaction of it. */
export type DbOrTx = Db | Tx;

export type DbHandle = {
  db: Db;
  /** Which engine is behind the one driver (node-postgres). */
  kind: 'pglite' | 'postgres';
  pool: pg.Pool;
  /** Connection settings for extra clients (e.g. a LISTEN connection). */
  connection: pg.ClientConfig;
  /** The embedded engine, when it is PGlite in a worker thread. */
  embedded: EmbeddedDatabase | undefined;
  /** Committed changes of cached data, from this process and every other one on the database. */
  changes: ChangeFeed;
  close: () => Promise<void>;
  /** Raw SQL for tooling (template cloning, health checks). */
  execute: (sql: string) => Promise<unknown>;
};

type DbOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | {
      kind: 'pglite';
      /** Database directory; absent for an in-memory database. */
      dataDir?: string;
      /** Start from a dump made by `embedded.dump()`. */
      loadDataDirPath?: string;
      poolSize?: number;
      /**
       * Commits reach the disk before they are acknowledged (docs/performance.md, Durable commits); on by default for a
       * database on disk. `EMBEDDED_DB_FSYNC=false` turns it off.
       */
      fsync?: boolean;
      /** Called when the embedded engine dies on its own. */
      onExit?: (error: Error) => void;
    };

export async function createDb(options: DbOptions): Promise<DbHandle> {
  let embedded: EmbeddedDatabase | undefined;
  let connection: pg.ClientConfig;
  if (options.kind === 'postgres') {
    connection = { connectionString: options.url };
  } else {
    embedded = await startEmbeddedDatabase({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDirPath ? { loadDataDirPath: options.loadDataDirPath } : {}),
      ...(options.onExit ? { onExit: options.onExit } : {}),
      fsync: options.fsync ?? true,
    });
    // PGlite accepts any user; the socket's private directory is the access control.
    connection = { host: embedded.socketDir, user: 'postgres', database: 'postgres' };
  }
  // The embedded engine runs one statement at a time, so more connections only add queueing.
  const max = options.poolSize ?? (options.kind === 'postgres' ? 10 : 4);
  const changes = createChangeFeed(connection, { isOneSession: options.kind === 'pglite' });
  const pool = new pg.Pool({ ...connection, max, onConnect: changes.listenOnConnect });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzle({ client: pool, casing: 'snake_case' }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: options.kind,
    pool,
    connection,
    embedded,
    changes,
    close: async () => {
      if (closed) return;
      closed = true;
      await changes.close();
      await pool.end();
      await embedded?.stop();
    },
    execute: (sql) => pool.query(sql),
  };
}
