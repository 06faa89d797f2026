import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBodySchema } from '#shared/errors';
import { MyCourseListSchema } from '#shared/schemas/enrollment';
import { sendJsonBytes } from '../../lib/json-bytes';
import { answerWarmOrLoad, COLD } from '../../lib/warm';
import { peekRequiredUser, requireUser } from '../../plugins/current-user';
import { listMyCourses, peekMyCourses } from './enrollment.service';

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
    (request, reply) => {
      const user = peekRequiredUser(request);
      const warm = user === COLD ? COLD : peekMyCourses({ reads: app.reads, userId: user.id });
      const load = async () => listMyCourses({ reads: app.reads, userId: (await requireUser(request)).id });
      return answerWarmOrLoad(warm, load, (bytes) => sendJsonBytes(reply, bytes));
    },
  );
};
