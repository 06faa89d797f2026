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
  const level: CourseAccessLevel =
    userId === undefined
      ? 'guest'
      : course.creatorId === userId
        ? 'owner'
        : (await reads.isEnrolled(userId, courseId))
          ? 'enrolled'
          : 'student';
  const isVisible = level === 'owner' || (course.published && !course.archived) || (level === 'enrolled' && course.published);
  if (!isVisible) return null;
  return { level, course, canLearn: level === 'owner' || level === 'enrolled' };
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
