import { z } from 'zod';

export const EligibilitySchema = z.object({ eligible: z.boolean() });

/** What the public verification page shows: enough to confirm, nothing more. */
export const CertificateSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  studentName: z.string(),
  courseTitle: z.string(),
  issuedAt: z.string(),
});
export type Certificate = z.infer<typeof CertificateSchema>;
