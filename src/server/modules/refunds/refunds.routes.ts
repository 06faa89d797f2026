import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBodySchema } from '#shared/errors';
import { CourseIdParamsSchema } from '#shared/schemas/catalog';
import { RefundResultSchema } from '#shared/schemas/enrollment';
import { requireUser } from '../../plugins/current-user';
import { requestRefund } from './refunds.service';

/** docs/product.md, Refunds: the buyer asks, the server decides by the rules, the provider returns the money. */
export const refundsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/courses/:id/refund',
    {
      schema: {
        tags: ['enrollment'],
        summary: 'My money back for a course I bought: within 30 days, before reaching 30 % of it, without its certificate',
        description:
          'The enrollment ends at once (the course leaves My Courses and its content closes, the certificate is revoked and the review removed). `status` is `pending` when the provider refused or could not be reached yet; the refund is retried with backoff. 409 says why a refund is refused.',
        security: [{ bearerAuth: [] }],
        params: CourseIdParamsSchema,
        response: { 200: RefundResultSchema, 401: ApiErrorBodySchema, 404: ApiErrorBodySchema, 409: ApiErrorBodySchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return requestRefund({
        db: app.db,
        reads: app.reads,
        provider: app.payments,
        log: request.log,
        jobs: app.jobs,
        metrics: app.metrics,
        userId: user.id,
        courseId: request.params.id,
        now: app.clock(),
      });
    },
  );
};
