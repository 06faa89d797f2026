import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TestPlugin } from '#server/app';
import { ApiErrorBodySchema } from '#shared/errors';
import { CSP_REPORT_PATH, cspReportsRoutes } from './csp-reports';

/** Where an end-to-end test moves a creator's sales back in time. */
export const AGE_SALES_PATH = '/api/test-support/age-sales';

/**
 * Test builds only: the end-to-end server cannot wait 30 days for a sale to leave the refund window,
 * so a spec moves a creator's ledger entries of sales and refunds back by `days`. The entries' change
 * is announced like any other (migration 0027), so the creator's cached earnings drop. The production
 * server has no such route.
 */
const ageSalesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    AGE_SALES_PATH,
    {
      schema: {
        tags: ['test'],
        summary: "Move a creator's sales back in time (test runs only)",
        body: z.object({ creatorId: z.uuid(), days: z.number().int().min(1).max(365) }),
        response: { 204: z.null(), 400: ApiErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { creatorId, days } = request.body;
      await app.db.execute(
        sql`UPDATE ledger_entries SET created_at = created_at - make_interval(days => ${days}::int)
          WHERE creator_id = ${creatorId} AND kind IN ('sale', 'refund')`,
      );
      return reply.code(204).send(null);
    },
  );
};

/** What the end-to-end server adds: the CSP report endpoint (csp-reports.ts) and the sales' clock. */
export const e2eTestPlugin: TestPlugin = {
  cspReportUri: CSP_REPORT_PATH,
  routes: async (app, options) => {
    await cspReportsRoutes(app, options);
    await ageSalesRoutes(app, options);
  },
};
