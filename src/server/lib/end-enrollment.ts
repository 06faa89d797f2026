import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '#db/client';
import { certificates, enrollments, reviews } from '#db/schema/index';
import { revokeCertificates } from './credentials/revocation';

/** Why an enrollment ended, as its revoked certificate says on the public verification page. */
const REVOKED_BECAUSE = { refunded: 'The course was refunded' } as const;
export type EnrollmentEndReason = keyof typeof REVOKED_BECAUSE;

/**
 * Everything that ends with an enrollment (docs/product.md, Refunds): the enrollment, the certificate
 * earned in it (revoked, so its verification page says so, and when and why, and its credential's bit
 * set in its status list) and the learner's review (the course's rating follows by trigger, migration 0017). Every path that ends an enrollment on a
 * refund calls this in the transaction that decides the refund, so none of it outlives the payment.
 */
export async function endEnrollment(
  tx: DbOrTx,
  { userId, courseId, reason }: { userId: string; courseId: string; reason: EnrollmentEndReason },
): Promise<void> {
  await tx.delete(enrollments).where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)));
  await revokeCertificates(tx, {
    condition: and(eq(certificates.userId, userId), eq(certificates.courseId, courseId)),
    reason: REVOKED_BECAUSE[reason],
    now: new Date(),
  });
  await tx.delete(reviews).where(and(eq(reviews.userId, userId), eq(reviews.courseId, courseId)));
}
