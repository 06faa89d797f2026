import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#db/client';
import { courseModules, courses, lessons, quizQuestions, quizzes } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { isUuid } from '#shared/ids';
import { AppError } from '../errors';

/** Something a creator owns through a course: the course itself or one of its parts. */
export type CoursePartKind = 'course' | 'module' | 'quiz' | 'lesson' | 'question';

const labels: Record<CoursePartKind, string> = {
  course: 'Course',
  module: 'Module',
  quiz: 'Quiz',
  lesson: 'Slide',
  question: 'Question',
};

export type OwnedPart = { courseId: string; creatorId: string; moduleId?: string; quizId?: string };

/** The course a part belongs to and who created it, or null when there is no such part. */
export async function findCourseOfPart(db: DbOrTx, kind: CoursePartKind, id: string): Promise<OwnedPart | null> {
  if (!isUuid(id)) return null;
  const owner = { courseId: courses.id, creatorId: courses.creatorId };
  switch (kind) {
    case 'course': {
      const [row] = await db.select(owner).from(courses).where(eq(courses.id, id)).limit(1);
      return row ?? null;
    }
    case 'module': {
      const [row] = await db
        .select(owner)
        .from(courseModules)
        .innerJoin(courses, eq(courses.id, courseModules.courseId))
        .where(eq(courseModules.id, id))
        .limit(1);
      return row ? { ...row, moduleId: id } : null;
    }
    case 'quiz': {
      const [row] = await db
        .select(owner)
        .from(quizzes)
        .innerJoin(courses, eq(courses.id, quizzes.courseId))
        .where(eq(quizzes.id, id))
        .limit(1);
      return row ? { ...row, quizId: id } : null;
    }
    case 'lesson': {
      const [row] = await db
        .select({ ...owner, moduleId: lessons.moduleId })
        .from(lessons)
        .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
        .innerJoin(courses, eq(courses.id, courseModules.courseId))
        .where(eq(lessons.id, id))
        .limit(1);
      return row ?? null;
    }
    case 'question': {
      const [row] = await db
        .select({ ...owner, quizId: quizQuestions.quizId })
        .from(quizQuestions)
        .innerJoin(quizzes, eq(quizzes.id, quizQuestions.quizId))
        .innerJoin(courses, eq(courses.id, quizzes.courseId))
        .where(eq(quizQuestions.id, id))
        .limit(1);
      return row ?? null;
    }
  }
}

/**
 * Only a course's own creator may change it or read its previews (docs/product.md, Accounts and access): 404 when the part
 * does not exist, 403 for anyone else. The caller has already answered 401 for guests.
 */
export async function requireOwnedPart({
  db,
  userId,
  kind,
  id,
}: {
  db: DbOrTx;
  userId: string;
  kind: CoursePartKind;
  id: string;
}): Promise<OwnedPart> {
  const part = await findCourseOfPart(db, kind, id);
  if (!part) throw new AppError(ErrorCode.NOT_FOUND, `${labels[kind]} not found`);
  if (part.creatorId !== userId) throw new AppError(ErrorCode.FORBIDDEN, 'Only the creator of this course can do this');
  return part;
}
