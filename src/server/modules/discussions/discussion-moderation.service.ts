import { eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { courses, lessonThreads, threadReplies } from '#db/schema/index';
import { isUuid } from '#shared/ids';
import type { AdminDiscussionReport } from '#shared/schemas/discussions';
import { recordAdminAction } from '../../lib/admin-audit';
import { decodeCursor, iso, pageOf, timeOfCursor } from '../../lib/list-pages';
import { sqlRows } from '../../lib/sql-rows';
import { replyNotFound, syncAnswered, threadNotFound } from './discussions.service';

/*
 * Admins judge reported posts (docs/product.md, Lesson Q&A; ADR 0057): the list of what was reported,
 * most reported first, and hiding (kept, shown to no one but admins, reversible) with an audit row in
 * the same transaction. Deleting is the owner's route with the admin's rights (discussions.service.ts).
 */

type ReportedRow = {
  kind: 'thread' | 'reply';
  id: string;
  body: string;
  user_id: string;
  user_name: string;
  course_id: string;
  course_title: string;
  lesson_id: string;
  thread_id: string;
  report_count: number;
  hidden: boolean;
  last_reported_at: string | Date;
  cursor_at: string;
};

/** GET /api/admin/discussions: reported threads and replies, most reported first, then most recently reported. */
export async function listReportedPosts({
  db,
  query,
}: {
  db: Db;
  query: { limit: number; cursor?: string | undefined };
}): Promise<{ items: AdminDiscussionReport[]; nextCursor: string | null }> {
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor, ['count', 'time', 'id'] as const);
  const rows = await sqlRows<ReportedRow>(
    db,
    sql`WITH counted AS (
        SELECT coalesce(thread_id, reply_id) AS id, (thread_id IS NOT NULL) AS is_thread,
          count(*)::int AS report_count, max(created_at) AS last_reported_at
        FROM discussion_reports GROUP BY thread_id, reply_id
      ), posts AS (
        SELECT CASE WHEN c.is_thread THEN 'thread' ELSE 'reply' END AS kind, c.id, c.report_count, c.last_reported_at,
          coalesce(t.body, r.body) AS body, coalesce(t.user_id, r.user_id) AS user_id,
          coalesce(t.hidden_at, r.hidden_at) IS NOT NULL AS hidden, coalesce(t.id, rt.id) AS thread_id,
          coalesce(t.lesson_id, rt.lesson_id) AS lesson_id, coalesce(t.course_id, rt.course_id) AS course_id
        FROM counted c
        LEFT JOIN lesson_threads t ON c.is_thread AND t.id = c.id
        LEFT JOIN thread_replies r ON NOT c.is_thread AND r.id = c.id
        LEFT JOIN lesson_threads rt ON rt.id = r.thread_id
      )
      SELECT p.kind, p.id, p.body, p.user_id, u.name AS user_name, p.course_id, co.title AS course_title,
        p.lesson_id, p.thread_id, p.report_count, p.hidden, p.last_reported_at,
        (extract(epoch from p.last_reported_at) * 1000000)::bigint::text AS cursor_at
      FROM posts p
      JOIN users u ON u.id = p.user_id
      JOIN ${courses} co ON co.id = p.course_id
      ${after ? sql`WHERE (p.report_count, p.last_reported_at, p.id) < (${after[0]}::int, ${timeOfCursor(after[1])}, ${after[2]}::uuid)` : sql``}
      ORDER BY p.report_count DESC, p.last_reported_at DESC, p.id DESC
      LIMIT ${query.limit + 1}`,
  );
  const page = rows.slice(0, query.limit);
  const reasons = await reasonsOf(
    db,
    page.map((row) => row.id),
  );
  return pageOf(
    rows,
    query.limit,
    (row): AdminDiscussionReport => ({
      kind: row.kind,
      id: row.id,
      body: row.body,
      user: { id: row.user_id, name: row.user_name },
      course: { id: row.course_id, title: row.course_title },
      lessonId: row.lesson_id,
      threadId: row.thread_id,
      reportCount: row.report_count,
      reasons: reasons.get(row.id) ?? [],
      hidden: row.hidden,
      lastReportedAt: iso(row.last_reported_at),
    }),
    (row) => [row.report_count, row.cursor_at, row.id],
  );
}

/** The newest five reasons given for each post. */
async function reasonsOf(db: Db, postIds: string[]): Promise<Map<string, string[]>> {
  const byPost = new Map<string, string[]>();
  if (postIds.length === 0) return byPost;
  const rows = await sqlRows<{ id: string; reason: string }>(
    db,
    sql`SELECT id, reason FROM (
        SELECT coalesce(thread_id, reply_id) AS id, reason, created_at,
          row_number() OVER (PARTITION BY coalesce(thread_id, reply_id) ORDER BY created_at DESC, id DESC) AS n
        FROM discussion_reports
        WHERE reason IS NOT NULL AND coalesce(thread_id, reply_id) IN (${sql.join(
          postIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
      ) ranked WHERE n <= 5 ORDER BY id, created_at DESC`,
  );
  for (const row of rows) byPost.set(row.id, [...(byPost.get(row.id) ?? []), row.reason]);
  return byPost;
}

/**
 * PUT /api/admin/{threads|replies}/{id}/hidden. Setting the state a post is in already changes nothing
 * and writes no audit row (a retried PUT is harmless). Hiding or showing a reply of the course's
 * creator moves the thread's answered mark with it.
 */
export async function setPostHidden({
  db,
  adminId,
  kind,
  id,
  isHidden,
}: {
  db: Db;
  adminId: string;
  kind: 'thread' | 'reply';
  id: string;
  isHidden: boolean;
}): Promise<{ id: string; hidden: boolean }> {
  const notFound = kind === 'thread' ? threadNotFound : replyNotFound;
  if (!isUuid(id)) throw notFound();
  return db.transaction(async (tx) => {
    const [post] =
      kind === 'thread'
        ? await tx
            .select({
              hiddenAt: lessonThreads.hiddenAt,
              userId: lessonThreads.userId,
              courseId: lessonThreads.courseId,
              threadId: lessonThreads.id,
            })
            .from(lessonThreads)
            .where(eq(lessonThreads.id, id))
            .for('update')
        : await tx
            .select({
              hiddenAt: threadReplies.hiddenAt,
              userId: threadReplies.userId,
              courseId: lessonThreads.courseId,
              threadId: lessonThreads.id,
            })
            .from(threadReplies)
            .innerJoin(lessonThreads, eq(lessonThreads.id, threadReplies.threadId))
            .where(eq(threadReplies.id, id))
            .for('update');
    if (!post) throw notFound();
    if (isHidden === (post.hiddenAt !== null)) return { id, hidden: isHidden };
    const hiddenAt = isHidden ? sql`now()` : null;
    if (kind === 'thread') await tx.update(lessonThreads).set({ hiddenAt }).where(eq(lessonThreads.id, id));
    else {
      await tx.update(threadReplies).set({ hiddenAt }).where(eq(threadReplies.id, id));
      const [course] = await tx.select({ creatorId: courses.creatorId }).from(courses).where(eq(courses.id, post.courseId));
      if (course?.creatorId === post.userId) await syncAnswered(tx, post.threadId, post.userId);
    }
    await recordAdminAction(tx, {
      adminId,
      action: `${kind}.${isHidden ? 'hide' : 'unhide'}`,
      targetType: kind,
      targetId: id,
      details: { courseId: post.courseId, threadId: post.threadId, authorId: post.userId },
    });
    return { id, hidden: isHidden };
  });
}
