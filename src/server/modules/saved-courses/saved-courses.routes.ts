import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBodySchema } from '#shared/errors';
import { CourseIdParamsSchema, CourseListSchema } from '#shared/schemas/catalog';
import { requireUser } from '../../plugins/current-user';
import { listSavedCourses, setCourseSaved } from './saved-courses.service';

const TAGS = ['enrollment'];
const BEARER = [{ bearerAuth: [] }];
const denied = { 401: ApiErrorBodySchema, 404: ApiErrorBodySchema };

/** docs/product.md, Catalogue and course pages: My Courses' Saved tab lists courses the user saved from their page. */
export const savedCoursesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/saved-courses',
    {
      schema: {
        tags: TAGS,
        summary: 'Courses the caller saved, newest first',
        security: BEARER,
        response: { 200: CourseListSchema, ...denied },
      },
    },
    async (request) => listSavedCourses({ reads: app.reads, userId: (await requireUser(request)).id }),
  );

  const change = (saved: boolean) => async (request: { params: { id: string } } & Parameters<typeof requireUser>[0]) => {
    const user = await requireUser(request);
    return setCourseSaved({ db: app.db, reads: app.reads, userId: user.id, courseId: request.params.id, saved });
  };
  const result = z.object({ courseId: z.string(), saved: z.boolean() });
  app.put(
    '/api/saved-courses/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Save a course for later',
        security: BEARER,
        params: CourseIdParamsSchema,
        response: { 200: result, ...denied },
      },
    },
    change(true),
  );
  app.delete(
    '/api/saved-courses/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Forget a saved course',
        security: BEARER,
        params: CourseIdParamsSchema,
        response: { 200: result, ...denied },
      },
    },
    change(false),
  );
};
