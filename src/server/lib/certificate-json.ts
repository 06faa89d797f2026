import type { certificates } from '#db/schema/index';
import type { Certificate } from '#shared/schemas/certificates';

/** A certificate as the API shows it: the names of the day of issue, and a revocation if any. */
export function toCertificateJson(row: typeof certificates.$inferSelect): Certificate {
  return {
    id: row.id,
    courseId: row.courseId,
    studentName: row.studentName,
    courseTitle: row.courseTitle,
    issuedAt: row.issuedAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedReason: row.revokedReason,
  };
}
