import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client';
import { passedAttempt } from './progress';

/*
 * The most progress a learner ever reached in a course (`enrollments.peak_progress`, migration 0034):
 * what the refund rule judges, so undoing slides, or a creator adding slides, cannot bring a course
 * that was done back under the refund threshold. Raised, never lowered, by the writes that can raise
 * progress (a slide completed, a quiz passed), in their own statement or transaction.
 */

/** Whether slide `l` (a row of lessons) is done by `pair.user_id`, as stored. */
export const STORED_LESSON_DONE = sql`exists (select 1 from lesson_progress lp
  where lp.user_id = pair.user_id and lp.lesson_id = l.id and lp.completed)`;

/**
 * The statement that raises the peak of each (user_id, course_id) that `pairs` selects to the
 * learner's percent by lib/progress.ts's rule: slides done and quizzes with questions passed, over all
 * slides and such quizzes, rounded. `lessonDone` says whether slide `l` counts as done for
 * `pair.user_id`. An enrollment whose peak is already as high is not written, so nothing is announced
 * on the change feed for it.
 */
export function raisePeaksStatement({ pairs, lessonDone }: { pairs: SQL; lessonDone: SQL }): SQL {
  const passed = passedAttempt({
    status: sql`a.status`,
    score: sql`a.score`,
    totalQuestions: sql`a.total_questions`,
    passPercent: sql`a.pass_percent`,
  });
  const countedQuiz = sql`exists (select 1 from quiz_questions qq where qq.quiz_id = q.id)`;
  return sql`
    update enrollments e set peak_progress = reached.percent
    from (
      select pair.user_id, pair.course_id,
        case when slides.total + quizzes.total = 0 then 0
          else round(100.0 * (slides.done + quizzes.done) / (slides.total + quizzes.total))::smallint end as percent
      from (${pairs}) as pair(user_id, course_id)
      cross join lateral (
        select count(*) as total, count(*) filter (where ${lessonDone}) as done
        from lessons l join course_modules m on m.id = l.module_id where m.course_id = pair.course_id
      ) slides
      cross join lateral (
        select count(*) as total,
          count(*) filter (where exists (select 1 from quiz_attempts a where a.quiz_id = q.id and a.user_id = pair.user_id and ${passed})) as done
        from quizzes q where q.course_id = pair.course_id and ${countedQuiz}
      ) quizzes
    ) reached
    where e.user_id = reached.user_id and e.course_id = reached.course_id and e.peak_progress < reached.percent`;
}

/** After a quiz attempt was completed (in the same transaction): the learner's peak in the quiz's course. */
export async function raisePeakForQuiz(db: DbOrTx, { userId, quizId }: { userId: string; quizId: string }): Promise<void> {
  await db.execute(
    raisePeaksStatement({
      pairs: sql`select ${userId}::uuid, q.course_id from quizzes q where q.id = ${quizId}`,
      lessonDone: STORED_LESSON_DONE,
    }),
  );
}
