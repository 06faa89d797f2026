import { sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import type { CourseProgress, LessonProgress } from '#shared/schemas/learning';
import { sqlRows } from './sql-rows';

export const QUIZ_PASS_PERCENT = 80;

/** (completed lessons + passed quizzes) / (lessons + quizzes), rounded; 0 for an empty course. */
export function progressPercent(counts: { lessons: number; quizzes: number; completedLessons: number; passedQuizzes: number }) {
  const total = counts.lessons + counts.quizzes;
  if (total === 0) return 0;
  return Math.round(((counts.completedLessons + counts.passedQuizzes) / total) * 100);
}

export function isPassingScore(score: number, totalQuestions: number): boolean {
  return totalQuestions > 0 && (score / totalQuestions) * 100 >= QUIZ_PASS_PERCENT;
}

/** A course's lessons and quizzes, and how many of them one user completed and passed. */
export type ProgressCounts = { lessons: number; quizzes: number; completedLessons: number; passedQuizzes: number };

/** A quiz attempt (aliased `a`) that passes: completed, with questions, scoring at least the pass mark. */
const PASSED_ATTEMPT = sql`a.status = 'completed' and a.total_questions > 0 and a.score * 100 >= ${QUIZ_PASS_PERCENT} * a.total_questions`;

/** DECISIONS §5: every lesson completed and every quiz passed, in a course that has any. */
export function isCourseComplete(counts: ProgressCounts): boolean {
  return (
    counts.lessons + counts.quizzes > 0 && counts.completedLessons === counts.lessons && counts.passedQuizzes === counts.quizzes
  );
}

/** One user's counts in many courses with one query, whatever the number of courses; unknown courses are left out. */
export async function progressCountsByCourse({ db, userId, courseIds }: { db: Db; userId: string; courseIds: string[] }) {
  if (courseIds.length === 0) return new Map<string, ProgressCounts>();
  const ids = sql.join(
    courseIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await sqlRows<ProgressCounts & { courseId: string }>(
    db,
    sql`
    select c.id as "courseId",
      (select count(*)::int from lessons l join course_modules m on m.id = l.module_id where m.course_id = c.id) as "lessons",
      (select count(*)::int from quizzes q where q.course_id = c.id) as "quizzes",
      (select count(*)::int from lesson_progress lp
         join lessons l on l.id = lp.lesson_id join course_modules m on m.id = l.module_id
         where m.course_id = c.id and lp.user_id = ${userId} and lp.completed) as "completedLessons",
      (select count(distinct a.quiz_id)::int from quiz_attempts a join quizzes q on q.id = a.quiz_id
         where q.course_id = c.id and a.user_id = ${userId} and ${PASSED_ATTEMPT}) as "passedQuizzes"
    from courses c where c.id in (${ids})
  `,
  );
  return new Map(rows.map(({ courseId, ...counts }) => [courseId, counts]));
}

/** Progress of one user in many courses with one query, whatever the number of courses. */
export async function progressByCourse({ db, userId, courseIds }: { db: Db; userId: string; courseIds: string[] }) {
  const counts = await progressCountsByCourse({ db, userId, courseIds });
  return new Map([...counts].map(([courseId, course]) => [courseId, progressPercent(course)]));
}

/** Progress of every student enrolled in one course, with one query, keyed by user id. */
export async function progressByStudent({ db, courseId }: { db: Db; courseId: string }) {
  const rows = await sqlRows<ProgressCounts & { userId: string }>(
    db,
    sql`
    with totals as (
      select
        (select count(*)::int from lessons l join course_modules m on m.id = l.module_id where m.course_id = ${courseId}) as lessons,
        (select count(*)::int from quizzes q where q.course_id = ${courseId}) as quizzes
    )
    select e.user_id as "userId", totals.lessons as "lessons", totals.quizzes as "quizzes",
      (select count(*)::int from lesson_progress lp
         join lessons l on l.id = lp.lesson_id join course_modules m on m.id = l.module_id
         where m.course_id = ${courseId} and lp.user_id = e.user_id and lp.completed) as "completedLessons",
      (select count(distinct a.quiz_id)::int from quiz_attempts a join quizzes q on q.id = a.quiz_id
         where q.course_id = ${courseId} and a.user_id = e.user_id and ${PASSED_ATTEMPT}) as "passedQuizzes"
    from enrollments e, totals where e.course_id = ${courseId}
  `,
  );
  return new Map(rows.map((row) => [row.userId, progressPercent(row)]));
}

type Row = {
  lessonId: string;
  completed: boolean | null;
  completedAt: Date | string | null;
  kind: 'lesson' | 'quiz';
  passed: boolean | null;
};

/** Every lesson of the course with its state for this user, and the quizzes passed, in one query. */
export async function getCourseProgress({
  db,
  userId,
  courseId,
}: {
  db: Db;
  userId: string;
  courseId: string;
}): Promise<CourseProgress> {
  const rows = await sqlRows<Row>(
    db,
    sql`
    select l.id as "lessonId", lp.completed as "completed", lp.completed_at as "completedAt", 'lesson' as "kind", null as "passed"
      from lessons l join course_modules m on m.id = l.module_id
      left join lesson_progress lp on lp.lesson_id = l.id and lp.user_id = ${userId}
      where m.course_id = ${courseId}
    union all
    select q.id, null, null, 'quiz',
      exists (select 1 from quiz_attempts a where a.quiz_id = q.id and a.user_id = ${userId} and ${PASSED_ATTEMPT})
      from quizzes q where q.course_id = ${courseId}
  `,
  );
  const lessons: LessonProgress[] = [];
  const completedQuizIds: string[] = [];
  let quizCount = 0;
  for (const row of rows) {
    if (row.kind === 'quiz') {
      quizCount += 1;
      if (row.passed) completedQuizIds.push(row.lessonId);
      continue;
    }
    const completedAt = row.completedAt === null ? null : new Date(row.completedAt).toISOString();
    lessons.push({ lessonId: row.lessonId, completed: row.completed === true, completedAt: row.completed ? completedAt : null });
  }
  const percent = progressPercent({
    lessons: lessons.length,
    quizzes: quizCount,
    completedLessons: lessons.filter((lesson) => lesson.completed).length,
    passedQuizzes: completedQuizIds.length,
  });
  return { lessons, completedQuizIds, percent };
}
