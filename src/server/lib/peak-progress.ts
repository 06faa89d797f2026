import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client';
import { passedAttempt } from './progress';

/*
 * The most progress a learner ever reached in a course (`enrollments.peak_progress`, migration 0034):
 * what the refund rule judges, so undoing slides, or a creator adding slides, cannot bring a course
 * that was done back under the refund threshold. Raised, never lowered, by the writes that can raise
 * progress (a slide completed, a quiz passed), in their own transaction.
 */

/**
 * Raises the peak of each (user_id, course_id) that `pairs` selects to the learner's percent now, by
 * lib/progress.ts's rule (slides done and quizzes with questions passed, over all slides and such
 * quizzes, rounded). An enrollment whose peak is already as high is not written, so a repeated mark
 * costs this one read and announces nothing on the change feed.
 */
async function raisePeaks(db: DbOrTx, pairs: SQL): Promise<void> {
  const passed = passedAttempt({ status: sql`a.status`, score: sql`a.score`, totalQuestions: sql`a.total_questions` });
  const countedQuiz = sql`exists (select 1 from quiz_questions qq where qq.quiz_id = q.id)`;
  await db.execute(sql`
    update enrollments e set peak_progress = now_at.percent
    from (
      select pair.user_id, pair.course_id,
        case when totals.total = 0 then 0
          else round(100.0 * (done.lessons + done.quizzes) / totals.total)::smallint end as percent
      from (${pairs}) as pair(user_id, course_id)
      cross join lateral (
        select
          (select count(*) from lessons l join course_modules m on m.id = l.module_id where m.course_id = pair.course_id)
          + (select count(*) from quizzes q where q.course_id = pair.course_id and ${countedQuiz}) as total
      ) totals
      cross join lateral (
        select
          (select count(*) from lesson_progress lp join lessons l on l.id = lp.lesson_id
             join course_modules m on m.id = l.module_id
             where lp.user_id = pair.user_id and m.course_id = pair.course_id and lp.completed) as lessons,
          (select count(*) from quizzes q where q.course_id = pair.course_id and ${countedQuiz}
             and exists (select 1 from quiz_attempts a where a.quiz_id = q.id and a.user_id = pair.user_id and ${passed})) as quizzes
      ) done
    ) now_at
    where e.user_id = now_at.user_id and e.course_id = now_at.course_id and e.peak_progress < now_at.percent
  `);
}

/** After slides were marked done: the peaks of those learners in those slides' courses. */
export async function raisePeaksForLessons(db: DbOrTx, marks: readonly { userId: string; lessonId: string }[]): Promise<void> {
  if (marks.length === 0) return;
  await raisePeaks(
    db,
    sql`select distinct mark.user_id, m.course_id
      from unnest(${sql.param(marks.map((mark) => mark.userId))}::uuid[], ${sql.param(marks.map((mark) => mark.lessonId))}::uuid[])
        as mark(user_id, lesson_id)
      join lessons l on l.id = mark.lesson_id join course_modules m on m.id = l.module_id`,
  );
}

/** After a quiz attempt was completed: the learner's peak in the quiz's course. */
export async function raisePeakForQuiz(db: DbOrTx, { userId, quizId }: { userId: string; quizId: string }): Promise<void> {
  await raisePeaks(db, sql`select ${userId}::uuid, q.course_id from quizzes q where q.id = ${quizId}`);
}
