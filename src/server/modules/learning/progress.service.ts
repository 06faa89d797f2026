import { sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { lessonProgress, lessons, users } from '#db/schema/index';
import type { LessonProgress } from '#shared/schemas/learning';
import { createBatcher } from '../../lib/batch';
import { raisePeaksStatement, STORED_LESSON_DONE } from '../../lib/peak-progress';
import { sqlRows } from '../../lib/sql-rows';

export type ProgressWrite = { userId: string; lessonId: string; completed: boolean; now: number };

type StoredRow = { userId: string; lessonId: string; completed: boolean; completedAt: Date | string | null };

/**
 * Marks lessons done (or not) at the server's time, many learners' marks in one statement (group
 * commit, as logouts): a repeated mark changes nothing but the flag, and a lesson completed again
 * keeps its first completion time. A completion raises the learner's peak progress in the course
 * (lib/peak-progress.ts). Answers null for a lesson (or learner) deleted meanwhile.
 */
export function createProgressRecorder(db: Db): (write: ProgressWrite) => Promise<LessonProgress | null> {
  return createBatcher<ProgressWrite, LessonProgress | null>(async (writes) => {
    const answers: (LessonProgress | null)[] = writes.map(() => null);
    let pending = writes.map((write, index) => ({ write, index }));
    while (pending.length > 0) {
      // ON CONFLICT may touch a row once per statement: a learner's repeated mark of one lesson waits a round.
      const seen = new Set<string>();
      const round: typeof pending = [];
      const later: typeof pending = [];
      for (const entry of pending) {
        const key = `${entry.write.userId}:${entry.write.lessonId}`;
        (seen.has(key) ? later : round).push(entry);
        seen.add(key);
      }
      const stored = await upsertProgress(
        db,
        round.map((entry) => entry.write),
      );
      for (const entry of round) {
        const row = stored.get(`${entry.write.userId}:${entry.write.lessonId}`);
        answers[entry.index] = row
          ? {
              lessonId: row.lessonId,
              completed: row.completed,
              completedAt: row.completedAt === null ? null : new Date(row.completedAt).toISOString(),
            }
          : null;
      }
      pending = later;
    }
    return answers;
  });
}

/**
 * One statement for a round of marks: the upsert and, for slides it completes that were not done
 * before (as the statement's snapshot shows), the raise of their learners' peak progress in those
 * courses (lib/peak-progress.ts), counting the round's own marks. A repeated mark, as most are, raises
 * nothing and costs the peak no more than that look at the snapshot.
 */
async function upsertProgress(db: Db, writes: ProgressWrite[]): Promise<Map<string, StoredRow>> {
  const markedDone = sql`coalesce(
    (select marked.completed from mark marked where marked.user_id = pair.user_id and marked.lesson_id = l.id),
    ${STORED_LESSON_DONE})`;
  const rows = await sqlRows<StoredRow>(
    db,
    sql`
    with mark as (
      select mark.user_id, mark.lesson_id, mark.completed, mark.now
      from unnest(
        ${sql.param(writes.map((write) => write.userId))}::uuid[],
        ${sql.param(writes.map((write) => write.lessonId))}::uuid[],
        ${sql.param(writes.map((write) => write.completed))}::boolean[],
        ${sql.param(writes.map((write) => new Date(write.now).toISOString()))}::timestamptz[]
      ) as mark(user_id, lesson_id, completed, now)
      join ${lessons} on ${lessons.id} = mark.lesson_id
      join ${users} on ${users.id} = mark.user_id
    ),
    stored as (
      insert into ${lessonProgress} (user_id, lesson_id, completed, completed_at)
      select user_id, lesson_id, completed, case when completed then now end from mark
      on conflict (user_id, lesson_id) do update set
        completed = excluded.completed,
        completed_at = case when excluded.completed then coalesce(${lessonProgress.completedAt}, excluded.completed_at) end
      returning user_id, lesson_id, completed, completed_at
    ),
    newly_done as (
      select distinct mark.user_id, m.course_id
      from mark join lessons l on l.id = mark.lesson_id join course_modules m on m.id = l.module_id
      where mark.completed and not exists (
        select 1 from lesson_progress lp where lp.user_id = mark.user_id and lp.lesson_id = mark.lesson_id and lp.completed)
    ),
    peaks as (${raisePeaksStatement({ pairs: sql`select user_id, course_id from newly_done`, lessonDone: markedDone })})
    select user_id as "userId", lesson_id as "lessonId", completed, completed_at as "completedAt" from stored
  `,
  );
  return new Map(rows.map((row) => [`${row.userId}:${row.lessonId}`, row]));
}
