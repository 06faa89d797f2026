import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import type { CourseProgressCounts, LessonProgress } from '#shared/schemas/learning';
import type { ModuleOutline, QuizOutline } from '#shared/schemas/outline';
import { sqlRows } from './sql-rows';

export const QUIZ_PASS_PERCENT = 80;

export function isPassingScore(score: number, totalQuestions: number, passPercent = QUIZ_PASS_PERCENT): boolean {
  return totalQuestions > 0 && score * 100 >= passPercent * totalQuestions;
}

/**
 * An attempt that passes: completed, with questions, scoring at least the pass mark its quiz had when
 * it completed (kept on the attempt, so a learner's record reads no other table).
 */
export function passedAttempt(attempt: {
  status: SQL | unknown;
  score: SQL | unknown;
  totalQuestions: SQL | unknown;
  passPercent: SQL | unknown;
}): SQL {
  return sql`${attempt.status} = 'completed' and ${attempt.totalQuestions} > 0 and ${attempt.score} * 100 >= ${attempt.passPercent} * ${attempt.totalQuestions}`;
}

/** (completed lessons + passed quizzes) / (lessons + quizzes), rounded; 0 for an empty course. */
export function progressPercent(counts: { lessons: number; quizzes: number; completedLessons: number; passedQuizzes: number }) {
  const total = counts.lessons + counts.quizzes;
  if (total === 0) return 0;
  return Math.round(((counts.completedLessons + counts.passedQuizzes) / total) * 100);
}

/**
 * What a learner has done, in every course: their completed slides (with when) and the quizzes they
 * passed. A course's progress is worked out from this and the course's outline when it is read, so a
 * change to a course's shape needs no learner's record dropped.
 */
export type LearnerRecord = {
  readonly completedLessons: ReadonlyMap<string, string | null>;
  readonly passedQuizzes: ReadonlySet<string>;
};

/** A course's outline, as the read cache holds it. */
type Outline = { readonly modules: readonly ModuleOutline[]; readonly quizzes: readonly QuizOutline[] };

/**
 * The progress of one learner in one course (docs/product.md, Learning): every slide in outline order with its state,
 * the quizzes passed, the percent, and whether the course is complete (every slide done and every
 * quiz passed: the certificate's rule). A quiz without questions cannot be passed, so it counts for
 * neither the percent nor completion (a course may be published with one). A course with nothing to
 * complete is never complete, so it earns no certificate.
 */
export function courseProgressOf(outline: Outline, record: LearnerRecord): CourseProgressCounts {
  const lessons: LessonProgress[] = [];
  let completedLessons = 0;
  for (const module of outline.modules) {
    for (const { id } of module.lessons) {
      const completedAt = record.completedLessons.get(id);
      const completed = completedAt !== undefined;
      if (completed) completedLessons++;
      lessons.push({ lessonId: id, completed, completedAt: completedAt ?? null });
    }
  }
  const completedQuizIds: string[] = [];
  let quizzes = 0;
  let passedQuizzes = 0;
  for (const quiz of outline.quizzes) {
    const passed = record.passedQuizzes.has(quiz.id);
    if (passed) completedQuizIds.push(quiz.id);
    if (quiz.questionCount === 0) continue;
    quizzes++;
    if (passed) passedQuizzes++;
  }
  const counts = { lessons: lessons.length, quizzes, completedLessons, passedQuizzes };
  return {
    lessons,
    completedQuizIds,
    percent: progressPercent(counts),
    completed: counts.lessons + quizzes > 0 && completedLessons === counts.lessons && passedQuizzes === quizzes,
  };
}

/** Progress of every student enrolled in one course, with one query, keyed by user id. */
export async function progressByStudent({ db, courseId }: { db: Db; courseId: string }) {
  const passed = passedAttempt({
    status: sql`a.status`,
    score: sql`a.score`,
    totalQuestions: sql`a.total_questions`,
    passPercent: sql`a.pass_percent`,
  });
  // As courseProgressOf: quizzes without questions count for nothing.
  const countedQuiz = sql`exists (select 1 from quiz_questions qq where qq.quiz_id = q.id)`;
  const rows = await sqlRows<{
    userId: string;
    lessons: number;
    quizzes: number;
    completedLessons: number;
    passedQuizzes: number;
  }>(
    db,
    sql`
    with totals as (
      select
        (select count(*)::int from lessons l join course_modules m on m.id = l.module_id where m.course_id = ${courseId}) as lessons,
        (select count(*)::int from quizzes q where q.course_id = ${courseId} and ${countedQuiz}) as quizzes
    )
    select e.user_id as "userId", totals.lessons as "lessons", totals.quizzes as "quizzes",
      (select count(*)::int from lesson_progress lp
         join lessons l on l.id = lp.lesson_id join course_modules m on m.id = l.module_id
         where m.course_id = ${courseId} and lp.user_id = e.user_id and lp.completed) as "completedLessons",
      (select count(distinct a.quiz_id)::int from quiz_attempts a join quizzes q on q.id = a.quiz_id
         where q.course_id = ${courseId} and a.user_id = e.user_id and ${countedQuiz} and ${passed}) as "passedQuizzes"
    from enrollments e, totals where e.course_id = ${courseId}
  `,
  );
  return new Map(
    rows.map((row) => [
      row.userId,
      {
        percent: progressPercent(row),
        completed: row.lessons + row.quizzes > 0 && row.completedLessons === row.lessons && row.passedQuizzes === row.quizzes,
      },
    ]),
  );
}
