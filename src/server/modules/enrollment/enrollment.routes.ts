import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBodySchema } from '#shared/errors';
import { MyCourseListSchema } from '#shared/schemas/enrollment';
import { sendJsonBytes } from '../../lib/json-bytes';
import { after, answer } from '../../lib/maybe-promise';
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
    (request, reply) =>
      answer(
        after(requireUser(request), (user) => listMyCourses({ reads: app.reads, userId: user.id })),
        (bytes) => sendJsonBytes(reply, bytes),
      ),
  );
};
