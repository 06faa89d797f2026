import { sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { lessons, users, videoPositions } from '#db/schema/index';
import { createBatcher } from '../../lib/batch';
import { memoized } from '../../lib/memo';
import type { CourseDoc } from '../../lib/read-cache/read-cache';
import { sqlRows } from '../../lib/sql-rows';

export type PositionWrite = { userId: string; lessonId: string; positionSeconds: number; now: number };

/**
 * Saves where learners are in video slides, many players' saves in one statement (group commit):
 * each watcher saves every ~10 seconds, so a commit per save would queue thousands. Kept out of
 * lesson_progress and the read cache's feeds (ADR 0058): a save drops no cached learner record.
 * Of one learner's saves for one slide in a batch the last wins; a slide or learner deleted
 * meanwhile is skipped.
 */
export function createPositionRecorder(db: Db): (write: PositionWrite) => Promise<void> {
  return createBatcher<PositionWrite, undefined>(async (writes) => {
    // ON CONFLICT may touch a row once per statement, and only the newest position matters.
    const newest = new Map(writes.map((write) => [`${write.userId}:${write.lessonId}`, write]));
    const rows = [...newest.values()];
    await db.execute(sql`
      insert into ${videoPositions} (user_id, lesson_id, position_seconds, updated_at)
      select save.user_id, save.lesson_id, save.position_seconds, save.now
      from unnest(
        ${sql.param(rows.map((row) => row.userId))}::uuid[],
        ${sql.param(rows.map((row) => row.lessonId))}::uuid[],
        ${sql.param(rows.map((row) => row.positionSeconds))}::real[],
        ${sql.param(rows.map((row) => new Date(row.now).toISOString()))}::timestamptz[]
      ) as save(user_id, lesson_id, position_seconds, now)
      join ${lessons} on ${lessons.id} = save.lesson_id
      join ${users} on ${users.id} = save.user_id
      on conflict (user_id, lesson_id) do update set
        position_seconds = excluded.position_seconds,
        updated_at = excluded.updated_at
    `);
    return writes.map(() => undefined);
  });
}

const videoLessonIds = new WeakMap<CourseDoc, string[]>();

/** A course's video slides, worked out once per cached outline. */
export function videoSlidesOf(doc: CourseDoc): string[] {
  return memoized(videoLessonIds, doc, () =>
    doc.modules.flatMap((module) => module.lessons.filter((lesson) => lesson.type === 'video').map((lesson) => lesson.id)),
  );
}

/**
 * One learner's saved positions in a course's video slides, by slide: one look-up by the table's
 * primary key (user, lesson), and none for a course without videos.
 */
export async function readVideoPositions(db: Db, userId: string, doc: CourseDoc): Promise<Map<string, number>> {
  const lessonIds = videoSlidesOf(doc);
  if (lessonIds.length === 0) return new Map();
  const rows = await sqlRows<{ lessonId: string; positionSeconds: number }>(
    db,
    sql`select lesson_id as "lessonId", position_seconds as "positionSeconds" from ${videoPositions}
      where user_id = ${userId} and lesson_id = any(${sql.param(lessonIds)}::uuid[])`,
  );
  return new Map(rows.map((row) => [row.lessonId, Number(row.positionSeconds)]));
}
