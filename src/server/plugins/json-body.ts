import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '#shared/errors';
import { AppError } from '../errors';

export type JsonBodyOptions = {
  /**
   * The addresses that take more than the server's `bodyLimit`, by route path, for every method on
   * them (src/server/body-limits.ts). A route under /api/ may not set its own `bodyLimit`: nginx is
   * given these, and would not know it.
   */
  largerLimits: Readonly<Record<string, number>>;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The handler gets the body unparsed. A JSON body arrives as a Buffer of its exact bytes,
     * read within the route's `bodyLimit` (a webhook checks its signature over them); any other
     * media type arrives as the request stream itself, unread (an upload streams it to the
     * store), and the handler must count the bytes it accepts: Fastify only checks the declared
     * Content-Length against `bodyLimit` here.
     */
    rawBody?: boolean;
  }
}

const unsupported = () => new AppError(ErrorCode.UNSUPPORTED_MEDIA_TYPE, 'Unsupported content type; send application/json');

/**
 * One body policy for every route: JSON only, at most the server's `bodyLimit` (a small ceiling: an
 * attacker's megabyte is refused from its Content-Length, or after the limit is read, and never reaches
 * JSON.parse), or its address's larger limit. A text/plain or form body is a client bug, so 415 rather
 * than a confusing 400, and a JSON content type with no body reads as "no body", because clients often
 * send that header on body-less calls such as logout or publish. Routes that need the raw bytes or a
 * stream opt in with `config: { rawBody: true }`.
 */
export const jsonBodyPlugin = fp(
  async (app, { largerLimits }: JsonBodyOptions) => {
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/') && route.bodyLimit !== undefined) {
        throw new Error(
          `${route.method} ${route.url}: set its body limit in src/server/body-limits.ts, which nginx is given too`,
        );
      }
      const limit = largerLimits[route.url];
      if (limit !== undefined) route.bodyLimit = limit;
    });
    app.removeContentTypeParser('text/plain');
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      if (request.routeOptions.config.rawBody) return done(null, body);
      if ((body as Buffer).length === 0) return done(null, undefined);
      return parseJson(request, (body as Buffer).toString('utf8'), done);
    });
    // Every other media type, and a body sent without one: only raw-body routes take them.
    app.addContentTypeParser('*', (request, payload, done) => {
      if (!request.routeOptions.config.rawBody) return done(unsupported(), undefined);
      if (declaredLength(request) > request.routeOptions.bodyLimit) {
        return done(new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 'Request body is too large'), undefined);
      }
      return done(null, payload);
    });
  },
  { name: 'json-body' },
);

function declaredLength(request: FastifyRequest): number {
  const header = request.headers['content-length'];
  return header === undefined ? 0 : Number(header);
}
