import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TestPlugin } from '#server/app';
import { ApiErrorBodySchema } from '#shared/errors';
import { type CspReportBody, CspReportBodySchema, type CspViolation, CspViolationListSchema } from './csp-report-schemas';

/** The CSP's `report-uri` in test builds that register this plugin. */
export const CSP_REPORT_PATH = '/api/csp-reports';

/** Only the newest are kept: a page looping over a violation cannot grow the server's memory. */
const MAX_KEPT = 1_000;

const REPORT_MEDIA_TYPES = ['application/csp-report', 'application/reports+json'];

function violationsIn(body: CspReportBody): CspViolation[] {
  if (!Array.isArray(body)) {
    const report = body['csp-report'];
    return [
      {
        documentURL: report['document-uri'] ?? '',
        blockedURL: report['blocked-uri'] ?? '',
        effectiveDirective: report['effective-directive'] ?? report['violated-directive'] ?? '',
        sourceFile: report['source-file'] ?? '',
        lineNumber: report['line-number'] ?? null,
        sample: report['script-sample'] ?? '',
        disposition: report.disposition ?? '',
      },
    ];
  }
  return body.flatMap(({ type, url, body: report }) =>
    type === 'csp-violation' && report
      ? [
          {
            documentURL: report.documentURL ?? url ?? '',
            blockedURL: report.blockedURL ?? '',
            effectiveDirective: report.effectiveDirective ?? '',
            sourceFile: report.sourceFile ?? '',
            lineNumber: report.lineNumber ?? null,
            sample: report.sample ?? '',
            disposition: report.disposition ?? '',
          },
        ]
      : [],
  );
}

/**
 * Test builds only: browsers post CSP violation reports here and end-to-end tests read them back, so a
 * payload that the policy stopped still fails its test. Reports live in this process's memory;
 * nothing is written anywhere. The production server has no such route: the end-to-end server
 * (scripts/e2e-server.mjs) and API tests add it through buildApp's `testPlugin` (cspReportsPlugin).
 */
export const cspReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const kept: CspViolation[] = [];

  // Only this module's routes take these media types; the body limit stays the server's 16 KB.
  app.addContentTypeParser(REPORT_MEDIA_TYPES, { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      // A plain error with a status (not the server's AppError): the end-to-end server loads this file
      // from source beside the bundled server, whose AppError is another class.
      done(Object.assign(new Error('The report is not JSON'), { statusCode: 400 }), undefined);
    }
  });

  app.post(
    CSP_REPORT_PATH,
    {
      schema: {
        tags: ['test'],
        summary: 'Keep a CSP violation report (test runs only)',
        body: CspReportBodySchema,
        response: {
          204: z.null().describe('Kept'),
          400: ApiErrorBodySchema,
          413: ApiErrorBodySchema,
          415: ApiErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      kept.push(...violationsIn(request.body));
      kept.splice(0, Math.max(0, kept.length - MAX_KEPT));
      return reply.code(204).send(null);
    },
  );

  app.get(
    CSP_REPORT_PATH,
    {
      schema: {
        tags: ['test'],
        summary: 'CSP violations reported since the server started, oldest first (test runs only)',
        response: { 200: CspViolationListSchema },
      },
    },
    async () => ({ violations: kept }),
  );
};

/** The report endpoint, and the policy's `report-uri` naming it. */
export const cspReportsPlugin: TestPlugin = { routes: cspReportsRoutes, cspReportUri: CSP_REPORT_PATH };
