import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { lessonProgress } from '#db/schema/index';
import type { CourseProgress, LessonProgress } from '#shared/schemas/learning';
import { progressPercent, QUIZ_PASS_PERCENT } from '../../lib/progress';

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

/** Marks a lesson done (or not) at the server's time; repeating it changes nothing but the flag. */
export async function recordLessonProgress({
  db,
  userId,
  lessonId,
  completed,
  now,
}: {
  db: Db;
  userId: string;
  lessonId: string;
  completed: boolean;
  now: number;
}): Promise<LessonProgress> {
  const completedAt = completed ? new Date(now) : null;
  const [row] = await db
    .insert(lessonProgress)
    .values({ userId, lessonId, completed, completedAt })
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      // A lesson completed again keeps the first completion time.
      set: { completed, completedAt: completed ? sql`coalesce(${lessonProgress.completedAt}, ${completedAt})` : null },
    })
    .returning();
  const stored =
    row ??
    (
      await db
        .select()
        .from(lessonProgress)
        .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId)))
    )[0];
  return {
    lessonId,
    completed: stored?.completed ?? completed,
    completedAt: stored?.completedAt ? stored.completedAt.toISOString() : null,
  };
}
