import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBodySchema } from '#shared/errors';
import { MyCourseListSchema } from '#shared/schemas/enrollment';
import { requireUser } from '../../plugins/current-user';
import { listMyCourses } from './enrollment.service';

export const enrollmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/my-courses',
    {
      schema: {
        tags: ['enrollment'],
        summary: "The signed-in user's enrolled courses with progress",
        security: [{ bearerAuth: [] }],
        response: { 200: MyCourseListSchema, 401: ApiErrorBodySchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return listMyCourses({ db: app.db, userId: user.id });
    },
  );
};
