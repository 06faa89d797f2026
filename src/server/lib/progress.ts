import { sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import type { CourseProgress, LessonProgress } from '#shared/schemas/learning';

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

type ProgressCounts = { courseId: string; lessons: number; quizzes: number; completedLessons: number; passedQuizzes: number };

/** Progress of one user in many courses with one query, whatever the number of courses. */
export async function progressByCourse({ db, userId, courseIds }: { db: Db; userId: string; courseIds: string[] }) {
  const result = new Map<string, number>();
  if (courseIds.length === 0) return result;
  const ids = sql.join(
    courseIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = (await db.execute(sql`
    select c.id as "courseId",
      (select count(*)::int from lessons l join course_modules m on m.id = l.module_id where m.course_id = c.id) as "lessons",
      (select count(*)::int from quizzes q where q.course_id = c.id) as "quizzes",
      (select count(*)::int from lesson_progress lp
         join lessons l on l.id = lp.lesson_id join course_modules m on m.id = l.module_id
         where m.course_id = c.id and lp.user_id = ${userId} and lp.completed) as "completedLessons",
      (select count(distinct a.quiz_id)::int from quiz_attempts a join quizzes q on q.id = a.quiz_id
         where q.course_id = c.id and a.user_id = ${userId} and a.status = 'completed'
           and a.total_questions > 0 and a.score * 100 >= ${QUIZ_PASS_PERCENT} * a.total_questions) as "passedQuizzes"
    from courses c where c.id in (${ids})
  `)) as unknown as { rows: ProgressCounts[] } | ProgressCounts[];
  const list = Array.isArray(rows) ? rows : rows.rows;
  for (const row of list) result.set(row.courseId, progressPercent(row));
  return result;
}

/** Progress of every student enrolled in one course, with one query, keyed by user id. */
export async function progressByStudent({ db, courseId }: { db: Db; courseId: string }) {
  const rows = (await db.execute(sql`
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
         where q.course_id = ${courseId} and a.user_id = e.user_id and a.status = 'completed'
           and a.total_questions > 0 and a.score * 100 >= ${QUIZ_PASS_PERCENT} * a.total_questions) as "passedQuizzes"
    from enrollments e, totals where e.course_id = ${courseId}
  `)) as unknown as { rows: (ProgressCounts & { userId: string })[] } | (ProgressCounts & { userId: string })[];
  const list = Array.isArray(rows) ? rows : rows.rows;
  return new Map(list.map((row) => [row.userId, progressPercent(row)]));
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
  const result = (await db.execute(sql`
    select l.id as "lessonId", lp.completed as "completed", lp.completed_at as "completedAt", 'lesson' as "kind", null as "passed"
      from lessons l join course_modules m on m.id = l.module_id
      left join lesson_progress lp on lp.lesson_id = l.id and lp.user_id = ${userId}
      where m.course_id = ${courseId}
    union all
    select q.id, null, null, 'quiz',
      exists (select 1 from quiz_attempts a where a.quiz_id = q.id and a.user_id = ${userId} and a.status = 'completed'
        and a.total_questions > 0 and a.score * 100 >= ${QUIZ_PASS_PERCENT} * a.total_questions)
      from quizzes q where q.course_id = ${courseId}
  `)) as unknown as { rows: Row[] } | Row[];
  const rows = Array.isArray(result) ? result : result.rows;
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
