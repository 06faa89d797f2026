import { eq } from 'drizzle-orm';
import type { Db } from '#db/client';
import { certificates } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { isUuid } from '#shared/ids';
import type { Certificate } from '#shared/schemas/certificates';
import { AppError } from '../../errors';
import { recordAdminAction } from '../../lib/admin-audit';
import { toCertificateJson } from '../../lib/certificate-json';
import { revokeCertificates } from '../../lib/credentials/revocation';

const certificateNotFound = () => new AppError(ErrorCode.NOT_FOUND, 'Certificate not found');

/**
 * POST /api/admin/certificates/:id/revoke (docs/product.md, Credentials): the certificate is revoked
 * with the admin's reason, its credential's status bit set and its list signed again, and the action
 * audit-logged, all in one transaction.
 */
export async function revokeCertificate({
  db,
  adminId,
  certificateId,
  reason,
  now,
}: {
  db: Db;
  adminId: string;
  certificateId: string;
  reason: string;
  now: number;
}): Promise<Certificate> {
  if (!isUuid(certificateId)) throw certificateNotFound();
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ revokedAt: certificates.revokedAt, studentName: certificates.studentName, courseTitle: certificates.courseTitle })
      .from(certificates)
      .where(eq(certificates.id, certificateId))
      .for('update');
    if (!current) throw certificateNotFound();
    if (current.revokedAt) throw new AppError(ErrorCode.CONFLICT, 'This certificate is already revoked');
    await revokeCertificates(tx, { condition: eq(certificates.id, certificateId), reason, now: new Date(now) });
    await recordAdminAction(tx, {
      adminId,
      action: 'certificate.revoke',
      targetType: 'certificate',
      targetId: certificateId,
      details: { studentName: current.studentName, courseTitle: current.courseTitle, reason },
    });
    const [row] = await tx.select().from(certificates).where(eq(certificates.id, certificateId));
    if (!row) throw certificateNotFound();
    return toCertificateJson(row);
  });
}
