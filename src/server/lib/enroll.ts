import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '#db/client';
import { courses, enrollments } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { isUuid } from '#shared/ids';
import type { EnrollmentResult } from '#shared/schemas/enrollment';
import { AppError } from '../errors';

/** A course someone can join now: published and not archived (archived ones keep their students). */
export async function findJoinableCourse(db: DbOrTx, courseId: string) {
  const [course] = isUuid(courseId)
    ? await db
        .select({ id: courses.id, priceCents: courses.priceCents, creatorId: courses.creatorId })
        .from(courses)
        .where(and(eq(courses.id, courseId), eq(courses.published, true), eq(courses.archived, false)))
        .limit(1)
    : [];
  if (!course) throw new AppError(ErrorCode.NOT_FOUND, 'Course not found');
  return course;
}

/**
 * A creator already reads their own course (DECISIONS §3), so enrolling in it or paying for it would
 * only add themselves to its student count and their own payment to its revenue.
 */
export function refuseOwnCourse(course: { creatorId: string }, userId: string): void {
  if (course.creatorId === userId) {
    throw new AppError(ErrorCode.CONFLICT, 'You created this course, so you can already open it without enrolling');
  }
}

export async function isEnrolled(db: DbOrTx, userId: string, courseId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Enrolls once per (user, course), however often and from wherever it is asked (a double click, a
 * confirm and a webhook): the unique index decides, and the first enrollment's date stands.
 */
export async function enrollOnce(
  db: DbOrTx,
  { userId, courseId, source }: { userId: string; courseId: string; source: 'free' | 'payment' },
): Promise<EnrollmentResult> {
  const [created] = await db
    .insert(enrollments)
    .values({ userId, courseId, source })
    .onConflictDoNothing({ target: [enrollments.userId, enrollments.courseId] })
    .returning({ createdAt: enrollments.createdAt });
  const enrolledAt =
    created?.createdAt ??
    (
      await db
        .select({ createdAt: enrollments.createdAt })
        .from(enrollments)
        .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
    )[0]?.createdAt;
  if (!enrolledAt) throw new Error('enrollment vanished');
  return { courseId, enrolled: true, enrolledAt: enrolledAt.toISOString() };
}
