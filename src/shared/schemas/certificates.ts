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

/**
 * What the server checked of the certificate's signed credential, as any standard verifier would: the
 * proof by the issuer's key, and its revocation bit in its signed status list.
 */
export const CredentialVerificationSchema = z.object({
  /** The issuer's DID (did:web of the platform). */
  issuer: z.string(),
  signature: z.enum(['valid', 'invalid']),
  /** `unknown` when the status list could not be read or did not verify. */
  status: z.enum(['active', 'revoked', 'unknown']),
  checkedAt: z.string(),
});
export type CredentialVerification = z.infer<typeof CredentialVerificationSchema>;

/** The public verification: the certificate and what was checked of its credential. */
export const VerifiedCertificateSchema = CertificateSchema.extend({ verification: CredentialVerificationSchema });
export type VerifiedCertificate = z.infer<typeof VerifiedCertificateSchema>;
