import { isUuid } from '#shared/ids';
import type { CourseDoc, ReadCache } from './read-cache/read-cache';

/** Who the caller is to one course: it decides what they may see and do there. */
export type CourseAccessLevel = 'guest' | 'student' | 'enrolled' | 'owner';

export type CourseAccess = {
  level: CourseAccessLevel;
  course: CourseDoc;
  /** Full lessons, quiz questions, progress and certificates: enrolled students and the owner. */
  canLearn: boolean;
};

/**
 * The one access rule of every module (docs/product.md, Accounts and access): a published course is visible to anyone; an
 * archived one only to its enrolled students and its creator; a draft only to its creator, and to
 * students enrolled before it was unpublished (Unpublish keeps their access, like Archive). Null when
 * the caller may not see the course at all, so callers answer 404 and drafts stay undiscoverable.
 * Reads only the cache: query-free once the course and the caller's enrollments are held.
 */
export async function getCourseAccess({
  reads,
  userId,
  courseId,
}: {
  reads: ReadCache;
  userId: string | undefined;
  courseId: string;
}): Promise<CourseAccess | null> {
  if (!isUuid(courseId)) return null;
  const course = await reads.course(courseId);
  if (!course) return null;
  if (userId === undefined || course.creatorId === userId) return decideAccess(course, userId, false);
  const enrolled = await reads.enrollments(userId);
  return decideAccess(
    course,
    userId,
    enrolled.some((entry) => entry.courseId === courseId),
  );
}

function decideAccess(course: CourseDoc, userId: string | undefined, isEnrolled: boolean): CourseAccess | null {
  const level: CourseAccessLevel =
    userId === undefined ? 'guest' : course.creatorId === userId ? 'owner' : isEnrolled ? 'enrolled' : 'student';
  const isVisible = level === 'owner' || level === 'enrolled' || (course.published && !course.archived);
  if (!isVisible) return null;
  return { level, course, canLearn: level === 'owner' || level === 'enrolled' };
}
