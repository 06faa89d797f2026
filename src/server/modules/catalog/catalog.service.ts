import { ErrorCode } from '#shared/errors';
import { AppError } from '../../errors';
import { type CourseAccess, getCourseAccess, peekCourseAccess } from '../../lib/course-access';
import type { ReadCache } from '../../lib/read-cache/read-cache';
import { COLD, type Cold } from '../../lib/warm';

type VisibleCourseQuery = { reads: ReadCache; courseId: string; userId: string | undefined };

const notFound = () => new AppError(ErrorCode.NOT_FOUND, 'Course not found');

/** The course with the caller's access to it, or 404 when they may not see it. */
export async function getVisibleCourse(query: VisibleCourseQuery): Promise<CourseAccess> {
  const access = await getCourseAccess(query);
  if (!access) throw notFound();
  return access;
}

/** getVisibleCourse from memory alone: COLD when that would need a query. */
export function peekVisibleCourse(query: VisibleCourseQuery): CourseAccess | Cold {
  const access = peekCourseAccess(query);
  if (access === null) throw notFound();
  return access;
}

/** Who is asking and what they may see of the course, answered from memory when it holds both. */
export function peekCallerCourse(
  request: { peekCurrentUser(): { id: string } | null | undefined },
  reads: ReadCache,
  courseId: string,
): { signedIn: boolean; access: CourseAccess } | Cold {
  const user = request.peekCurrentUser();
  if (user === undefined) return COLD;
  const access = peekVisibleCourse({ reads, courseId, userId: user?.id });
  return access === COLD ? COLD : { signedIn: user !== null, access };
}

export async function getCallerCourse(
  request: { getCurrentUser(): Promise<{ id: string } | null> },
  reads: ReadCache,
  courseId: string,
): Promise<{ signedIn: boolean; access: CourseAccess }> {
  const user = await request.getCurrentUser();
  return { signedIn: user !== null, access: await getVisibleCourse({ reads, courseId, userId: user?.id }) };
}
