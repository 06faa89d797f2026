import { and, eq } from 'drizzle-orm';
import type { Db } from '#db/client';
import { savedCourses } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import type { Course } from '#shared/schemas/catalog';
import { AppError } from '../../errors';
import { getCourseAccess } from '../../lib/course-access';
import { isForeignKeyViolation } from '../../lib/db-errors';
import type { ReadCache } from '../../lib/read-cache/read-cache';

/** The courses a user saved, newest first, from the read cache: a course no longer on sale stays saved but unlisted. */
export async function listSavedCourses({ reads, userId }: { reads: ReadCache; userId: string }): Promise<Course[]> {
  const docs = await Promise.all((await reads.savedCourseIds(userId)).map((id) => reads.course(id)));
  return docs.flatMap((doc) => (doc?.course.published && !doc.course.archived ? [doc.course] : []));
}

/** Saves (or forgets) a course the user may see; 404 for one they may not, or one deleted meanwhile. */
export async function setCourseSaved({
  db,
  reads,
  userId,
  courseId,
  saved,
}: {
  db: Db;
  reads: ReadCache;
  userId: string;
  courseId: string;
  saved: boolean;
}): Promise<{ courseId: string; saved: boolean }> {
  const notFound = () => new AppError(ErrorCode.NOT_FOUND, 'Course not found');
  const access = await getCourseAccess({ reads, userId, courseId });
  if (!access) throw notFound();
  const id = access.course.id;
  if (saved) {
    try {
      await db.insert(savedCourses).values({ userId, courseId: id }).onConflictDoNothing();
    } catch (error) {
      if (isForeignKeyViolation(error)) throw notFound();
      throw error;
    }
  } else {
    await db.delete(savedCourses).where(and(eq(savedCourses.userId, userId), eq(savedCourses.courseId, id)));
  }
  return { courseId: id, saved };
}
