import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBodySchema } from '#shared/errors';
import { CourseIdParamsSchema, CourseListSchema, CourseSchema } from '#shared/schemas/catalog';
import { ModuleOutlineListSchema, QuizOutlineListSchema } from '#shared/schemas/outline';
import { sendJsonBytes } from '../../lib/json-bytes';
import { getVisibleCourse } from './catalog.service';

const TAGS = ['catalogue'];

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/courses',
    {
      schema: {
        tags: TAGS,
        summary: 'Published courses of the marketplace',
        description: 'Same response for everyone; revalidate with If-None-Match.',
        response: { 200: CourseListSchema, 304: z.null().describe('Not modified') },
      },
      compress: false,
    },
    async (request, reply) => {
      const snapshot = await app.reads.catalog();
      reply.header('etag', snapshot.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === snapshot.etag) return reply.code(304).send(null);
      const accepted = request.headers['accept-encoding'] ?? '';
      // The compressed forms are made in the background; until they exist the plain bytes go out.
      const [encoding, bytes] =
        snapshot.brotli && /\bbr\b/.test(accepted)
          ? ['br', snapshot.brotli]
          : snapshot.gzip && /\bgzip\b/.test(accepted)
            ? ['gzip', snapshot.gzip]
            : [undefined, snapshot.body];
      if (encoding) reply.header('content-encoding', encoding);
      return sendJsonBytes(reply, bytes);
    },
  );

  app.get(
    '/api/courses/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'One course, if the caller may see it',
        description: 'Signed-in callers also get `isEnrolled`.',
        params: CourseIdParamsSchema,
        response: { 200: CourseSchema, 404: ApiErrorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await request.getCurrentUser();
      const access = await getVisibleCourse({ reads: app.reads, courseId: request.params.id, userId: user?.id });
      if (!user) return sendJsonBytes(reply, access.course.body);
      return sendJsonBytes(reply, withIsEnrolled(access.course.body, access.level === 'enrolled'));
    },
  );

  app.get(
    '/api/courses/:id/modules',
    {
      schema: {
        tags: TAGS,
        summary: "The course's modules with their lesson titles, in order",
        params: CourseIdParamsSchema,
        response: { 200: ModuleOutlineListSchema, 404: ApiErrorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await request.getCurrentUser();
      const access = await getVisibleCourse({ reads: app.reads, courseId: request.params.id, userId: user?.id });
      return sendJsonBytes(reply, access.course.modulesBody);
    },
  );

  app.get(
    '/api/courses/:id/quizzes',
    {
      schema: {
        tags: TAGS,
        summary: "The course's quizzes (titles and question counts), in order",
        params: CourseIdParamsSchema,
        response: { 200: QuizOutlineListSchema, 404: ApiErrorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await request.getCurrentUser();
      const access = await getVisibleCourse({ reads: app.reads, courseId: request.params.id, userId: user?.id });
      return sendJsonBytes(reply, access.course.quizzesBody);
    },
  );
};

function withIsEnrolled(courseJson: Buffer, isEnrolled: boolean): Buffer {
  return Buffer.concat([courseJson.subarray(0, courseJson.length - 1), isEnrolled ? ENROLLED : NOT_ENROLLED]);
}
const ENROLLED = Buffer.from(',"isEnrolled":true}');
const NOT_ENROLLED = Buffer.from(',"isEnrolled":false}');
