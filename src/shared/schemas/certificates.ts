import { z } from 'zod';

export const EligibilitySchema = z.object({ eligible: z.boolean() });

/** What the public verification page shows: enough to confirm, nothing more. */
export const CertificateSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  studentName: z.string(),
  courseTitle: z.string(),
  issuedAt: z.string(),
  /** When the certificate stopped being valid (its course was refunded), and why; null while it is valid. */
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
});
export type Certificate = z.infer<typeof CertificateSchema>;
