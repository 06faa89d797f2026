import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBodySchema, ErrorCode } from '#shared/errors';
import { AppError } from '../../errors';
import { isBearerOf } from '../../lib/bearer-secret';

const TAGS = ['health'];

/**
 * docs/product.md, Operations: Prometheus text, only for `Authorization: Bearer $METRICS_TOKEN`; 404 when
 * METRICS_TOKEN is unset, as if there were no such address. The token is never read from the query
 * string, which proxies and access logs keep.
 */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/metrics',
    {
      schema: {
        tags: TAGS,
        summary: 'Prometheus metrics of this instance (Authorization: Bearer $METRICS_TOKEN)',
        produces: ['text/plain'],
        response: { 401: ApiErrorBodySchema, 404: ApiErrorBodySchema },
      },
    },
    async (request, reply) => {
      const token = app.config.metricsToken;
      const metrics = app.metrics;
      if (!token || !metrics.enabled) throw new AppError(ErrorCode.NOT_FOUND, 'Not found');
      if (!isBearerOf(request.headers.authorization, token)) {
        throw new AppError(ErrorCode.UNAUTHORIZED, 'The metrics token is missing or wrong', {
          headers: { 'www-authenticate': 'Bearer realm="metrics"' },
        });
      }
      return reply
        .type(metrics.contentType)
        .header('cache-control', 'no-store')
        .send((await metrics.scrape()) as never);
    },
  );
};
