import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#db/client';
import { lessonProgress, lessons, users } from '#db/schema/index';
import type { LessonProgress } from '#shared/schemas/learning';
import { createBatcher } from '../../lib/batch';
import { raisePeaksForLessons } from '../../lib/peak-progress';
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
      const writes = round.map((entry) => entry.write);
      // The peak rises in the marks' own transaction: a slide done and undone at once still counts.
      const stored = await db.transaction(async (tx) => {
        const rows = await upsertProgress(tx, writes);
        await raisePeaksForLessons(
          tx,
          writes.filter((write) => write.completed),
        );
        return rows;
      });
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

async function upsertProgress(db: DbOrTx, writes: ProgressWrite[]): Promise<Map<string, StoredRow>> {
  const rows = await sqlRows<StoredRow>(
    db,
    sql`
    insert into ${lessonProgress} (user_id, lesson_id, completed, completed_at)
    select mark.user_id, mark.lesson_id, mark.completed, case when mark.completed then mark.now end
    from unnest(
      ${sql.param(writes.map((write) => write.userId))}::uuid[],
      ${sql.param(writes.map((write) => write.lessonId))}::uuid[],
      ${sql.param(writes.map((write) => write.completed))}::boolean[],
      ${sql.param(writes.map((write) => new Date(write.now).toISOString()))}::timestamptz[]
    ) as mark(user_id, lesson_id, completed, now)
    join ${lessons} on ${lessons.id} = mark.lesson_id
    join ${users} on ${users.id} = mark.user_id
    on conflict (user_id, lesson_id) do update set
      completed = excluded.completed,
      completed_at = case when excluded.completed then coalesce(${lessonProgress.completedAt}, excluded.completed_at) end
    returning user_id as "userId", lesson_id as "lessonId", completed, completed_at as "completedAt"
  `,
  );
  return new Map(rows.map((row) => [`${row.userId}:${row.lessonId}`, row]));
}
