import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '#db/client';
import { courses } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { isUuid } from '#shared/ids';
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
