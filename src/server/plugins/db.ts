import fp from 'fastify-plugin';
import type { Db, DbHandle } from '#db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbHandle: DbHandle;
  }
}

/** The handle is opened and closed by the caller of buildApp, so tests can share one. */
export const dbPlugin = fp<{ handle: DbHandle }>(
  async (app, { handle }) => {
    app.decorate('db', handle.db);
    app.decorate('dbHandle', handle);
  },
  { name: 'db' },
);
