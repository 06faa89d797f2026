import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBodySchema } from '#shared/errors';
import { MyCourseListSchema } from '#shared/schemas/enrollment';
import { sendJsonBytes } from '../../lib/json-bytes';
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
    async (request, reply) => {
      const user = await requireUser(request);
      return sendJsonBytes(reply, await listMyCourses({ reads: app.reads, userId: user.id }));
    },
  );
};
