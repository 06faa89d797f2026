import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBodySchema } from '#shared/errors';
import { CourseIdParamsSchema, CourseListSchema, CourseSchema } from '#shared/schemas/catalog';
import { ModuleOutlineListSchema, QuizOutlineListSchema } from '#shared/schemas/outline';
import { answer } from '../../lib/maybe-promise';
import { sendPrepared } from '../../lib/prepared-json';
import type { CatalogSnapshot } from '../../lib/read-cache/read-cache';
import { getCallerCourse } from './catalog.service';

const TAGS = ['catalogue'];

/** The catalogue is the same for everyone: any cache may keep it, revalidating by its ETag. */
const headersOfSnapshot = new WeakMap<CatalogSnapshot, Readonly<Record<string, string>>>();
function catalogHeaders(snapshot: CatalogSnapshot) {
  let headers = headersOfSnapshot.get(snapshot);
  if (!headers) {
    headers = { etag: snapshot.etag, 'cache-control': 'public, no-cache' };
    headersOfSnapshot.set(snapshot, headers);
  }
  return headers;
}

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
      // The same list for everyone, sent with a public revalidation policy.
      config: { public: true },
      compress: false,
    },
    (request, reply) =>
      answer(app.reads.catalog(), (snapshot) => {
        reply.headers(catalogHeaders(snapshot));
        if (request.headers['if-none-match'] === snapshot.etag) return reply.code(304).send(null);
        return sendPrepared(request, reply, snapshot);
      }),
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
    (request, reply) =>
      answer(getCallerCourse(request, app.reads, request.params.id), ({ signedIn, access }) => {
        const { json } = access.course;
        return sendPrepared(
          request,
          reply,
          !signedIn ? json.guest : access.level === 'enrolled' ? json.enrolled : json.notEnrolled,
        );
      }),
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
      compress: false,
    },
    (request, reply) =>
      answer(getCallerCourse(request, app.reads, request.params.id), ({ access }) =>
        sendPrepared(request, reply, access.course.modulesJson),
      ),
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
      compress: false,
    },
    (request, reply) =>
      answer(getCallerCourse(request, app.reads, request.params.id), ({ access }) =>
        sendPrepared(request, reply, access.course.quizzesJson),
      ),
  );
};
