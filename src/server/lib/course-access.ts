import { isUuid } from '#shared/ids';
import type { CourseDoc, ReadCache } from './read-cache/read-cache';
import { COLD, type Cold } from './warm';

/** Who the caller is to one course: it decides what they may see and do there. */
export type CourseAccessLevel = 'guest' | 'student' | 'enrolled' | 'owner';

export type CourseAccess = {
  level: CourseAccessLevel;
  course: CourseDoc;
  /** Full lessons, quiz questions, progress and certificates: enrolled students and the owner. */
  canLearn: boolean;
};

/**
 * The one access rule of every module (DECISIONS §3): a published course is visible to anyone; an
 * archived one only to its enrolled students and its creator; a draft only to its creator. Null when
 * the caller may not see the course at all, so callers answer 404 and drafts stay undiscoverable.
 * Reads only the cache: costs no query once the course and the caller's enrollments are cached.
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
  const isEnrolled = userId !== undefined && course.creatorId !== userId && (await reads.isEnrolled(userId, courseId));
  return decideAccess(course, userId, isEnrolled);
}

/** getCourseAccess answered from memory alone, or COLD when that would need a query. */
export function peekCourseAccess({
  reads,
  userId,
  courseId,
}: {
  reads: ReadCache;
  userId: string | undefined;
  courseId: string;
}): CourseAccess | null | Cold {
  if (!isUuid(courseId)) return null;
  const course = reads.peek.course(courseId);
  if (course === undefined) return COLD;
  if (!course) return null;
  let isEnrolled = false;
  if (userId !== undefined && course.creatorId !== userId) {
    const enrolled = reads.peek.enrollments(userId);
    if (enrolled === undefined) return COLD;
    isEnrolled = enrolled.some((entry) => entry.courseId === courseId);
  }
  return decideAccess(course, userId, isEnrolled);
}

function decideAccess(course: CourseDoc, userId: string | undefined, isEnrolled: boolean): CourseAccess | null {
  const level: CourseAccessLevel =
    userId === undefined ? 'guest' : course.creatorId === userId ? 'owner' : isEnrolled ? 'enrolled' : 'student';
  const isVisible = level === 'owner' || (course.published && !course.archived) || (level === 'enrolled' && course.published);
  if (!isVisible) return null;
  return { level, course, canLearn: level === 'owner' || level === 'enrolled' };
}
