import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBodySchema } from '#shared/errors';
import { CourseIdParamsSchema, CourseListSchema, CourseSchema } from '#shared/schemas/catalog';
import { getVisibleCourse } from './catalog.service';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = app.catalogCache;

  app.get(
    '/api/courses',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Published courses of the marketplace',
        description: 'Same response for everyone; revalidate with If-None-Match.',
        response: { 200: CourseListSchema, 304: z.null().describe('Not modified') },
      },
      compress: false,
    },
    async (request, reply) => {
      const snapshot = await cache.get();
      reply.header('etag', snapshot.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === snapshot.etag) return reply.code(304).send(null);
      const accepted = request.headers['accept-encoding'] ?? '';
      const [encoding, bytes] = /\bbr\b/.test(accepted)
        ? ['br', snapshot.brotli]
        : /\bgzip\b/.test(accepted)
          ? ['gzip', snapshot.gzip]
          : [undefined, snapshot.body];
      if (encoding) reply.header('content-encoding', encoding);
      // Validated when the snapshot was built; the cached bytes go out as they are.
      return reply.type('application/json; charset=utf-8').send(bytes as never);
    },
  );

  app.get(
    '/api/courses/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One course, if the caller may see it',
        params: CourseIdParamsSchema,
        response: { 200: CourseSchema, 404: ApiErrorBodySchema },
      },
    },
    async (request) => {
      const user = await request.getCurrentUser();
      return getVisibleCourse({ db: app.db, courseId: request.params.id, userId: user?.id });
    },
  );
};
