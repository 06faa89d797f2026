import { z } from 'zod';

/*
 * Content-Security-Policy violation reports, as browsers send them to the test-only report endpoint
 * (csp-reports.ts), and the one shape the endpoint keeps them in for tests to read back.
 */

/** Browsers copy page addresses and code samples into reports; longer text is cut, never refused. */
const ReportText = z
  .string()
  .transform((value) => value.slice(0, 2_000))
  .optional();
const ReportNumber = z.number().int().optional();

/** `report-uri`: one violation per request, `application/csp-report`, hyphenated field names. */
export const CspReportUriBodySchema = z.object({
  'csp-report': z.object({
    'document-uri': ReportText,
    'blocked-uri': ReportText,
    'violated-directive': ReportText,
    'effective-directive': ReportText,
    'source-file': ReportText,
    'line-number': ReportNumber,
    'script-sample': ReportText,
    disposition: ReportText,
  }),
});

/** Reporting API (`report-to`): a batch of reports of any type, `application/reports+json`. */
export const ReportingApiBodySchema = z
  .array(
    z.object({
      type: z.string().max(100),
      url: ReportText,
      body: z
        .object({
          documentURL: ReportText,
          blockedURL: ReportText,
          effectiveDirective: ReportText,
          sourceFile: ReportText,
          lineNumber: ReportNumber,
          sample: ReportText,
          disposition: ReportText,
        })
        .optional(),
    }),
  )
  .max(100);

export const CspReportBodySchema = z.union([CspReportUriBodySchema, ReportingApiBodySchema]);
export type CspReportBody = z.infer<typeof CspReportBodySchema>;

export const CspViolationSchema = z.object({
  documentURL: z.string(),
  blockedURL: z.string(),
  effectiveDirective: z.string(),
  sourceFile: z.string(),
  lineNumber: z.number().int().nullable(),
  sample: z.string(),
  disposition: z.string(),
});
export type CspViolation = z.infer<typeof CspViolationSchema>;
export const CspViolationListSchema = z.object({ violations: z.array(CspViolationSchema) });
