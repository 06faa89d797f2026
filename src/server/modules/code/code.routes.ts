import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBodySchema, ErrorCode } from '#shared/errors';
import { CodeRunInputSchema, CodeRunResultSchema } from '#shared/schemas/code';
import { AppError } from '../../errors';
import { PythonQueueFullError, PythonUnavailableError } from '../../lib/python-sandbox/pool';
import { limitUserAction } from '../../lib/user-rate-limit';
import { requireUser } from '../../plugins/current-user';

// About one short run per worker and queued run; a hint, the client may retry sooner.
const BUSY_RETRY_SECONDS = 5;
const TURNED_OFF = 'Running Python on the server is turned off on this instance.';

/** docs/product.md, Running Python: one learner's Python, run in the server's sandbox. */
export const codeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/code/run',
    {
      schema: {
        tags: ['learning'],
        summary: 'Run Python (the standard library) in the server sandbox',
        security: [{ bearerAuth: [] }],
        body: CodeRunInputSchema,
        response: {
          200: CodeRunResultSchema,
          400: ApiErrorBodySchema,
          401: ApiErrorBodySchema,
          429: ApiErrorBodySchema,
          503: ApiErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      if (app.config.python.workers < 1) return reply.code(503).send({ message: TURNED_OFF });
      await limitUserAction({ app, action: 'code-run', userId: user.id });
      try {
        const { output, error } = await app.python.run({ source: request.body.source });
        return { output, error };
      } catch (error) {
        if (error instanceof PythonQueueFullError) {
          throw new AppError(ErrorCode.RATE_LIMITED, 'Every Python runner is busy. Please try again in a few seconds.', {
            headers: { 'retry-after': String(BUSY_RETRY_SECONDS) },
          });
        }
        if (error instanceof PythonUnavailableError) {
          // The reason (a missing package file, a shutdown) is the operator's, not the learner's.
          request.log.error({ err: error }, 'a Python run could not start');
          return reply.code(503).send({ message: 'Python is not available right now. Please try again later.' });
        }
        throw error;
      }
    },
  );
};
