import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '#shared/errors';
import { AppError } from '../../errors';
import { type CourseAccess, getCourseAccess } from '../../lib/course-access';
import { after, type MaybePromise } from '../../lib/maybe-promise';
import type { ReadCache } from '../../lib/read-cache/read-cache';

/** A course as its caller may see it, and whether they are signed in (which form of the course they get). */
export type CallerCourse = { signedIn: boolean; access: CourseAccess };

/** Who is asking and what they may see of the course, or 404; synchronous when memory holds both. */
export function getCallerCourse(request: FastifyRequest, reads: ReadCache, courseId: string): MaybePromise<CallerCourse> {
  return after(request.getCurrentUser(), (user) =>
    after(getCourseAccess({ reads, courseId, userId: user?.id }), (access) => {
      // Made only when thrown: an error captures its stack, which cost a hot route more than its work.
      if (!access) throw new AppError(ErrorCode.NOT_FOUND, 'Course not found');
      return { signedIn: user !== null, access };
    }),
  );
}
