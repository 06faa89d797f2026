import { ErrorCode } from '#shared/errors';
import { AppError } from '../../errors';
import { type CourseAccess, getCourseAccess } from '../../lib/course-access';
import type { ReadCache } from '../../lib/read-cache/read-cache';

/** The course with the caller's access to it, or 404 when they may not see it. */
export async function getVisibleCourse({
  reads,
  courseId,
  userId,
}: {
  reads: ReadCache;
  courseId: string;
  userId: string | undefined;
}): Promise<CourseAccess> {
  const access = await getCourseAccess({ reads, userId, courseId });
  if (!access) throw new AppError(ErrorCode.NOT_FOUND, 'Course not found');
  return access;
}
