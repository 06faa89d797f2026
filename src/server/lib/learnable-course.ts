import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '#shared/errors';
import { AppError } from '../errors';
import { type CourseAccess, getCourseAccess } from './course-access';
import { requireOpenPart } from './pacing';
import type { ReadCache } from './read-cache/read-cache';

const labels = { course: 'Course', module: 'Module', quiz: 'Quiz', lesson: 'Lesson' } as const;

export type LearnableCourse = {
  access: CourseAccess;
  userId: string | undefined;
  courseId: string;
  moduleId: string;
  quizId: string;
};

/**
 * The course a module or quiz belongs to, when the caller may learn from it: 404 when they may not
 * even see the course, 401 for guests and 403 for signed-in callers who are not enrolled, or whose
 * module or quiz is still locked by its pacing (403 with `unlocksAt`).
 */
export async function requireLearnableCourse({
  request,
  reads,
  kind,
  id,
}: {
  request: FastifyRequest;
  reads: ReadCache;
  kind: keyof typeof labels;
  id: string;
}): Promise<LearnableCourse> {
  // Made only when thrown: an error captures its stack, which cost a hot route more than its work.
  const notFound = () => new AppError(ErrorCode.NOT_FOUND, `${labels[kind]} not found`);
  // A course is its own part; the course of a module, quiz or slide comes from the cache.
  const found = kind === 'course' ? { courseId: id } : await reads.coursePart(kind, id);
  if (!found) throw notFound();
  const user = await request.getCurrentUser();
  const access = await getCourseAccess({ reads, userId: user?.id, courseId: found.courseId });
  if (!access) throw notFound();
  if (!access.canLearn) {
    if (!user) throw new AppError(ErrorCode.UNAUTHORIZED, 'Authentication required');
    throw new AppError(ErrorCode.FORBIDDEN, 'Enroll in this course to see its content');
  }
  // A paced part stays shut for an enrolled student until it opens (ADR 0056); a slide is its module's.
  if (access.level === 'enrolled' && user && kind !== 'course') {
    const part = kind === 'quiz' ? { kind, id } : { kind: 'module' as const, id: found.moduleId ?? '' };
    await requireOpenPart({ reads, course: access.course, userId: user.id, ...part, now: request.server.clock() });
  }
  return { access, userId: user?.id, courseId: found.courseId, moduleId: found.moduleId ?? '', quizId: found.quizId ?? '' };
}

/**
 * An attempt's quiz, still locked for its enrolled student (the creator paced it after the attempt
 * began): 403 with `unlocksAt`, as starting one would be. Answers and completion name the attempt, not
 * the quiz, so they ask here once the attempt is found.
 */
export async function requireQuizOpen({
  request,
  reads,
  quizId,
  userId,
}: {
  request: FastifyRequest;
  reads: ReadCache;
  quizId: string;
  userId: string;
}) {
  const part = await reads.coursePart('quiz', quizId);
  const course = part ? await reads.course(part.courseId) : null;
  if (!course || course.creatorId === userId) return;
  await requireOpenPart({ reads, course, userId, kind: 'quiz', id: quizId, now: request.server.clock() });
}
