import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { ApiErrorBody } from '#shared/errors';

/** Serves the built web app; every unknown non-API GET gets index.html so the client router decides. */
export const spaPlugin = fp<{ webDir: string | undefined }>(
  async (app, { webDir }) => {
    const hasWeb = webDir !== undefined && existsSync(path.join(webDir, 'index.html'));
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
        return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
      }
      return reply
        .code(404)
        .send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` } satisfies ApiErrorBody);
    });
  },
  { name: 'spa', dependencies: ['security'] },
);
