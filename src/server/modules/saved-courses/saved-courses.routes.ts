import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { savedCourses } from '#db/schema/index';
import { ApiErrorBodySchema, ErrorCode } from '#shared/errors';
import { CourseIdParamsSchema, CourseListSchema } from '#shared/schemas/catalog';
import { AppError } from '../../errors';
import { getCourseAccess } from '../../lib/course-access';
import { requireUser } from '../../plugins/current-user';

const TAGS = ['enrollment'];
const BEARER = [{ bearerAuth: [] }];
const denied = { 401: ApiErrorBodySchema, 404: ApiErrorBodySchema };

/** DECISIONS §5: My Courses' Saved tab lists courses the user saved from their page. */
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
    async (request) => {
      const user = await requireUser(request);
      // Both from the read cache: a course no longer on sale (unpublished, archived) stays saved but unlisted.
      const ids = await app.reads.savedCourseIds(user.id);
      const docs = await Promise.all(ids.map((id) => app.reads.course(id)));
      return docs.flatMap((doc) => (doc?.course.published && !doc.course.archived ? [doc.course] : []));
    },
  );

  const change = (save: boolean) => async (request: { params: { id: string } } & Parameters<typeof requireUser>[0]) => {
    const user = await requireUser(request);
    const access = await getCourseAccess({ reads: app.reads, userId: user.id, courseId: request.params.id });
    if (!access) throw new AppError(ErrorCode.NOT_FOUND, 'Course not found');
    if (save) {
      await app.db.insert(savedCourses).values({ userId: user.id, courseId: access.course.id }).onConflictDoNothing();
    } else {
      await app.db.delete(savedCourses).where(and(eq(savedCourses.userId, user.id), eq(savedCourses.courseId, access.course.id)));
    }
    return { courseId: access.course.id, saved: save };
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
