import fp from 'fastify-plugin';
import { createReadCache, type ReadCache } from '../lib/read-cache/read-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** Cached hot reads (sessions, course documents, enrollments, progress, the catalogue). */
    reads: ReadCache;
  }
}

/** One cache for every module, so no module keeps a copy another module's writes cannot reach. */
export const readCachePlugin = fp(
  async (app) => {
    const reads = createReadCache({ handle: app.dbHandle });
    app.decorate('reads', reads);
    app.addHook('onClose', async () => reads.close());
  },
  { name: 'read-cache', dependencies: ['db'] },
);
