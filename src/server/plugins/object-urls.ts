import fp from 'fastify-plugin';
import { createObjectUrlSigner, loadObjectUrlSecret, type ObjectUrlSigner } from '../lib/object-url-signing';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and checks the short-lived addresses of paid-course lesson media. */
    objectUrls: ObjectUrlSigner;
  }
}

/** The secret is read once at start, so signing a lesson's media costs no query. */
export const objectUrlsPlugin = fp(
  async (app) => {
    const secret = await loadObjectUrlSecret({ db: app.db, configured: app.config.objectUrlSecret });
    app.decorate('objectUrls', createObjectUrlSigner(secret));
  },
  { name: 'object-urls', dependencies: ['db'] },
);
