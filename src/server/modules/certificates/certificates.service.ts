import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { certificates, courses, users } from '#db/schema/index';
import { isUuid } from '#shared/ids';
import type { Certificate } from '#shared/schemas/certificates';
import { toCertificateJson } from '../../lib/certificate-json';
import { readCourseProgress } from '../../lib/course-progress';
import type { ReadCache } from '../../lib/read-cache/read-cache';

/** docs/product.md, Certificates: every lesson completed and every quiz passed, in a course that has any; from the read cache. */
export async function isEligible({
  reads,
  userId,
  courseId,
}: {
  reads: ReadCache;
  userId: string;
  courseId: string;
}): Promise<boolean> {
  if (!isUuid(courseId)) return false;
  return (await readCourseProgress({ reads, userId, courseId }))?.progress.completed ?? false;
}

/**
 * Issued once per (student, course) with the names of that day, then always the same certificate. One
 * revoked by a refund (lib/end-enrollment.ts) is valid again once its student has bought the course
 * again and completed it: the caller checked that they are enrolled and eligible. Its revoked
 * credential stays revoked (a status bit is never cleared): it gets a new bit and a new credential.
 */
export async function issueCertificate({
  db,
  userId,
  courseId,
}: {
  db: Db;
  userId: string;
  courseId: string;
}): Promise<Certificate> {
  const issued = and(eq(certificates.userId, userId), eq(certificates.courseId, courseId));
  // Every download after the first finds it: a read, not a write.
  const [kept] = await db.select().from(certificates).where(issued).limit(1);
  if (kept?.revokedAt === null) return toCertificateJson(kept);
  if (kept) {
    const [restored] = await db
      .update(certificates)
      .set({ revokedAt: null, revokedReason: null, credential: null, statusListId: null, statusIndex: null })
      .where(eq(certificates.id, kept.id))
      .returning();
    return toCertificateJson(restored ?? kept);
  }
  await db.execute(sql`
    insert into ${certificates} (user_id, course_id, student_name, course_title)
    select ${userId}, ${courseId}, u.name, c.title from ${users} u, ${courses} c where u.id = ${userId} and c.id = ${courseId}
    on conflict (user_id, course_id) do nothing
  `);
  const [row] = await db.select().from(certificates).where(issued);
  if (!row) throw new Error('certificate not issued');
  return toCertificateJson(row);
}

export async function findCertificate({ db, id }: { db: Db; id: string }): Promise<Certificate | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id)).limit(1);
  return row ? toCertificateJson(row) : null;
}
