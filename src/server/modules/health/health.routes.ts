import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthSchema, LivenessSchema, ReadinessSchema } from '#shared/schemas/health';
import { checkReadiness, isDatabaseReachable } from './health.service';

const TAGS = ['health'];

/** docs/product.md, Operations: liveness and readiness for a load balancer; `/api/health` as before. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: TAGS,
        summary: 'Liveness and database reachability',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (request, reply) => {
      if (await isDatabaseReachable(app.dbHandle, request.log)) return { status: 'ok' as const, database: 'ok' as const };
      return reply.code(503).send({ status: 'unavailable', database: 'unreachable' });
    },
  );

  app.get(
    '/api/health/live',
    {
      schema: { tags: TAGS, summary: 'The process answers', response: { 200: LivenessSchema } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/health/ready',
    {
      schema: {
        tags: TAGS,
        summary: 'Ready for traffic: database reachable, migrations applied, change feed connected',
        description:
          'Until the change feed listens, this instance cannot learn of changes made by others, and its caches keep nothing: 503.',
        response: { 200: ReadinessSchema, 503: ReadinessSchema },
      },
    },
    async (request, reply) => {
      const readiness = await checkReadiness(app.dbHandle, request.log);
      return reply.code(readiness.status === 'ok' ? 200 : 503).send(readiness);
    },
  );
};
