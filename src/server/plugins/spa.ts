import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { ApiErrorBody } from '#shared/errors';
import type { PageHtml } from './page-html';

/**
 * Serves the built web app; every unknown non-API GET gets index.html (made for its page, see
 * page-html.ts) so the client router decides.
 */
export const spaPlugin = fp<{ webDir: string | undefined; pages: PageHtml | undefined }>(
  async (app, { webDir, pages }) => {
    // `pages` exists only when the web dir holds a built index.html (app.ts).
    const hasWeb = webDir !== undefined && pages !== undefined;
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: webDir,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each asset (scripts/precompress.mjs).
        preCompressed: true,
        setHeaders(reply, filePath) {
          // Vite fingerprints everything under assets/, so it can be cached for a year.
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            reply.header('cache-control', 'public, max-age=31536000, immutable');
          } else {
            reply.header('cache-control', 'no-cache');
          }
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const isApi = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/objects/');
      if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
        const { html, etag } = pages.forPath(request.url.split('?')[0] ?? '/');
        reply.header('cache-control', 'no-cache').header('etag', etag).type('text/html; charset=utf-8');
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        return reply.send(html);
      }
      return reply
        .code(404)
        .send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` } satisfies ApiErrorBody);
    });
  },
  { name: 'spa', dependencies: ['security'] },
);
