import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '#db/client';
import { cartItems, enrollments } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import type { EnrollmentResult } from '#shared/schemas/enrollment';
import { AppError } from '../../errors';
import { findJoinableCourse } from '../../lib/joinable-course';

/**
 * A creator already reads their own course (docs/product.md, Accounts and access), so enrolling in it or paying for it would
 * only add themselves to its student count and their own payment to its revenue.
 */
export function refuseOwnCourse(course: { creatorId: string }, userId: string): void {
  if (course.creatorId === userId) {
    throw new AppError(ErrorCode.CONFLICT, 'You created this course, so you can already open it without enrolling');
  }
}

export async function isEnrolled(db: DbOrTx, userId: string, courseId: string): Promise<boolean> {
  return (await findEnrollment(db, userId, courseId)) !== null;
}

/** The (user, course) enrollment, or null. */
export async function findEnrollment(db: DbOrTx, userId: string, courseId: string): Promise<EnrollmentResult | null> {
  const [row] = await db
    .select({ createdAt: enrollments.createdAt })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
    .limit(1);
  return row ? { courseId, enrolled: true, enrolledAt: row.createdAt.toISOString() } : null;
}

/**
 * Enrolls once per (user, course), however often and from wherever it is asked (a double click, a
 * confirm and a webhook): the unique index decides, and the first enrollment's date stands. `isNew`
 * says whether this call made it.
 */
export async function enrollOnce(
  db: DbOrTx,
  { userId, courseId, source }: { userId: string; courseId: string; source: 'free' | 'payment' | 'coupon' },
): Promise<{ enrollment: EnrollmentResult; isNew: boolean }> {
  const [created] = await db
    .insert(enrollments)
    .values({ userId, courseId, source })
    .onConflictDoNothing({ target: [enrollments.userId, enrollments.courseId] })
    .returning({ createdAt: enrollments.createdAt });
  if (created) {
    // Owned now, however it was bought: it leaves the buyer's cart in the same transaction.
    await db.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.courseId, courseId)));
    return { enrollment: { courseId, enrolled: true, enrolledAt: created.createdAt.toISOString() }, isNew: true };
  }
  const enrollment = await findEnrollment(db, userId, courseId);
  if (!enrollment) throw new Error('enrollment vanished');
  return { enrollment, isNew: false };
}

/** enroll-free (docs/product.md, Checkout): a joinable course whose price is 0, not the caller's own; enrolled once. */
export async function enrollInFreeCourse({ db, userId, courseId }: { db: Db; userId: string; courseId: string }) {
  const course = await findJoinableCourse(db, courseId);
  if (course.priceCents > 0) throw new AppError(ErrorCode.BAD_REQUEST, 'This course is not free: buy it at checkout');
  refuseOwnCourse(course, userId);
  return (await enrollOnce(db, { userId, courseId: course.id, source: 'free' })).enrollment;
}
