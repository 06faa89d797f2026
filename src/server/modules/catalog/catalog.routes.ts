import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBodySchema } from '#shared/errors';
import { CourseIdParamsSchema, CourseListQuerySchema, CourseListSchema, CourseSchema } from '#shared/schemas/catalog';
import { ModuleOutlineListSchema, QuizOutlineListSchema } from '#shared/schemas/outline';
import { matchesEtag } from '../../lib/http-etag';
import { overlaid } from '../../lib/learner-overlay';
import { outlineForCaller } from '../../lib/pacing-outline';
import { preparedAnswer, sendPrepared } from '../../lib/prepared-json';
import { getCallerCourse, listCatalogPage } from './catalog.service';

const TAGS = ['catalogue'];

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/courses',
    {
      schema: {
        tags: TAGS,
        summary: 'Published courses of the marketplace, most followed first',
        description:
          'Same response for everyone; revalidate with If-None-Match. At most `limit` courses (default and most 100), ' +
          'of one `difficulty` if given; when there are more, a `Link: <…>; rel="next"` header gives the next page\'s ' +
          'address, with an opaque `cursor`.',
        querystring: CourseListQuerySchema,
        response: { 200: CourseListSchema, 304: z.null().describe('Not modified'), 400: ApiErrorBodySchema },
      },
      // The same list for everyone, sent with a public revalidation policy.
      config: { public: true },
      // Served precompressed (preparedAnswer), never compressed per request.
      compress: false,
    },
    async (request, reply) => {
      const acceptEncoding = request.headers['accept-encoding'];
      const page = await listCatalogPage({ db: app.db, reads: app.reads, query: request.query, acceptEncoding });
      if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.code(304).headers(page.headers).send(null);
      const { headers, body } = preparedAnswer(page, acceptEncoding, page.headers);
      return reply.headers(headers).send(body as never);
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
      // Served precompressed (sendPrepared), never compressed per request.
      compress: false,
    },
    async (request, reply) => {
      const { signedIn, access } = await getCallerCourse(request, app.reads, request.params.id);
      const { json } = access.course;
      return sendPrepared(request, reply, signedIn ? overlaid(json, { isEnrolled: access.level === 'enrolled' }) : json);
    },
  );

  app.get(
    '/api/courses/:id/modules',
    {
      schema: {
        tags: TAGS,
        summary: "The course's modules with their lesson titles, in order",
        description:
          'Each carries its pacing rule; for an enrolled student also `locked` and `unlocksAt` (docs/product.md, Pacing).',
        params: CourseIdParamsSchema,
        response: { 200: ModuleOutlineListSchema, 404: ApiErrorBodySchema },
      },
      compress: false,
    },
    async (request, reply) => {
      const { access, userId } = await getCallerCourse(request, app.reads, request.params.id);
      const { modules, modulesJson } = access.course;
      const now = app.clock();
      const json = await outlineForCaller({ reads: app.reads, access, userId, items: modules, shared: modulesJson, now });
      return sendPrepared(request, reply, json);
    },
  );

  app.get(
    '/api/courses/:id/quizzes',
    {
      schema: {
        tags: TAGS,
        summary: "The course's quizzes (titles and question counts), in order",
        description:
          'Each carries its pacing rule; for an enrolled student also `locked` and `unlocksAt` (docs/product.md, Pacing).',
        params: CourseIdParamsSchema,
        response: { 200: QuizOutlineListSchema, 404: ApiErrorBodySchema },
      },
      compress: false,
    },
    async (request, reply) => {
      const { access, userId } = await getCallerCourse(request, app.reads, request.params.id);
      const { quizzes, quizzesJson } = access.course;
      const now = app.clock();
      const json = await outlineForCaller({ reads: app.reads, access, userId, items: quizzes, shared: quizzesJson, now });
      return sendPrepared(request, reply, json);
    },
  );
};
