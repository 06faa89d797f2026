import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBodySchema } from '#shared/errors';
import { CodeConfigSchema, CodeRunInputSchema, CodeRunResultSchema } from '#shared/schemas/code';
import { runPythonFor } from '../../lib/python-runs';
import { requireUser } from '../../plugins/current-user';

/** docs/product.md, Running Python: one learner's Python, run in the server's sandbox. */
export const codeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/code/config',
    {
      schema: {
        tags: ['learning'],
        summary: "Where the browser's Python loads packages from (PYODIDE_PACKAGES_URL), or null",
        response: { 200: CodeConfigSchema },
      },
    },
    async () => ({ packagesUrl: app.config.python.packagesUrl }),
  );

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
    async (request) => {
      const user = await requireUser(request);
      const { output, error } = await runPythonFor({ app, request, userId: user.id, source: request.body.source });
      return { output, error };
    },
  );
};
