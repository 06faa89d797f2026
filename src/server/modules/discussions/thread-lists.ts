import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { courses, lessons, lessonThreads, threadReplies, threadUpvotes, users } from '#db/schema/index';
import type { CreatorThreadList, Thread, ThreadListQuery, ThreadReply } from '#shared/schemas/discussions';
import { cursorTime, decodeCursor, iso, pageOf, timeOfCursor } from '../../lib/list-pages';

/*
 * The lists of threads (docs/product.md, Lesson Q&A): a slide's (its first pages cached, thread-pages.ts),
 * and a creator's inbox. Two queries a page whatever its size: the threads (keyset paged on the indexes of migration 0039), then the
 * visible replies of those threads, oldest first. Hidden threads and replies are left out.
 */

type SharedThreadRow = {
  id: string;
  body: string;
  createdAt: Date;
  upvoteCount: number;
  answeredAt: Date | null;
  userId: string;
  userName: string;
  cursorAt: string;
};

/** A slide's question as everyone sees it: all but the caller's own `upvoted` (thread-pages.ts lays that over it). */
export type SharedThread = Omit<Thread, 'upvoted'>;

const sharedThreadColumns = {
  id: lessonThreads.id,
  body: lessonThreads.body,
  createdAt: lessonThreads.createdAt,
  upvoteCount: lessonThreads.upvoteCount,
  answeredAt: lessonThreads.answeredAt,
  userId: lessonThreads.userId,
  userName: users.name,
  cursorAt: cursorTime(lessonThreads.createdAt),
};

const threadColumns = (viewerId: string) => ({
  ...sharedThreadColumns,
  upvoted: sql<boolean>`exists (select 1 from ${threadUpvotes} where ${threadUpvotes.threadId} = ${lessonThreads.id} and ${threadUpvotes.userId} = ${viewerId}::uuid)`,
});

/** The visible replies of `threadIds`, oldest first, by thread. */
async function repliesOf(db: Db, threadIds: string[], creatorId: string) {
  const byThread = new Map<string, ThreadReply[]>();
  if (threadIds.length === 0) return byThread;
  const rows = await db
    .select({
      id: threadReplies.id,
      threadId: threadReplies.threadId,
      body: threadReplies.body,
      userId: threadReplies.userId,
      userName: users.name,
      createdAt: threadReplies.createdAt,
    })
    .from(threadReplies)
    .innerJoin(users, eq(users.id, threadReplies.userId))
    .where(and(inArray(threadReplies.threadId, threadIds), isNull(threadReplies.hiddenAt)))
    .orderBy(asc(threadReplies.threadId), asc(threadReplies.createdAt), asc(threadReplies.id));
  for (const row of rows) {
    const reply: ThreadReply = {
      id: row.id,
      body: row.body,
      user: { id: row.userId, name: row.userName },
      instructor: row.userId === creatorId,
      createdAt: iso(row.createdAt),
    };
    const list = byThread.get(row.threadId);
    if (list) list.push(reply);
    else byThread.set(row.threadId, [reply]);
  }
  return byThread;
}

function toSharedThread(row: SharedThreadRow, replies: Map<string, ThreadReply[]>): SharedThread {
  return {
    id: row.id,
    body: row.body,
    user: { id: row.userId, name: row.userName },
    createdAt: iso(row.createdAt),
    upvotes: row.upvoteCount,
    answered: row.answeredAt !== null,
    replies: replies.get(row.id) ?? [],
  };
}

/** After a newest-first cursor: `[created_at µs, id]`. */
function afterNewest(cursor: string): SQL {
  const [at, id] = decodeCursor(cursor, ['time', 'id'] as const);
  return sql`(${lessonThreads.createdAt}, ${lessonThreads.id}) < (${timeOfCursor(at)}, ${id}::uuid)`;
}

/** After a most-upvoted-first cursor: `[upvotes, created_at µs, id]`. */
function afterTop(cursor: string): SQL {
  const [count, at, id] = decodeCursor(cursor, ['count', 'time', 'id'] as const);
  return sql`(${lessonThreads.upvoteCount}, ${lessonThreads.createdAt}, ${lessonThreads.id}) < (${count}::int, ${timeOfCursor(at)}, ${id}::uuid)`;
}

/** A page of a slide's questions for a caller already allowed to read the slide, without the caller's upvotes. */
export async function loadLessonThreads({
  db,
  lessonId,
  creatorId,
  query,
}: {
  db: Db;
  lessonId: string;
  creatorId: string;
  query: ThreadListQuery;
}): Promise<{ items: SharedThread[]; nextCursor: string | null }> {
  const isTop = query.sort === 'top';
  const rows = await db
    .select(sharedThreadColumns)
    .from(lessonThreads)
    .innerJoin(users, eq(users.id, lessonThreads.userId))
    .where(
      and(
        eq(lessonThreads.lessonId, lessonId),
        isNull(lessonThreads.hiddenAt),
        query.unanswered === 'true' ? isNull(lessonThreads.answeredAt) : undefined,
        query.cursor === undefined ? undefined : isTop ? afterTop(query.cursor) : afterNewest(query.cursor),
      ),
    )
    .orderBy(...(isTop ? [desc(lessonThreads.upvoteCount)] : []), desc(lessonThreads.createdAt), desc(lessonThreads.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const replies = await repliesOf(
    db,
    page.map((row) => row.id),
    creatorId,
  );
  return pageOf(
    rows,
    query.limit,
    (row) => toSharedThread(row, replies),
    (row) => (isTop ? [row.upvoteCount, row.cursorAt, row.id] : [row.cursorAt, row.id]),
  );
}

/** GET /api/creator/threads: the threads of every course of the creator, newest first. */
export async function listCreatorThreads({
  db,
  creatorId,
  query,
}: {
  db: Db;
  creatorId: string;
  query: { unanswered?: 'true' | 'false' | undefined; limit: number; cursor?: string | undefined };
}): Promise<CreatorThreadList> {
  const mine = and(eq(courses.creatorId, creatorId), isNull(lessonThreads.hiddenAt));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        ...threadColumns(creatorId),
        course: { id: courses.id, title: courses.title },
        lesson: { id: lessons.id, title: lessons.title },
      })
      .from(lessonThreads)
      .innerJoin(courses, eq(courses.id, lessonThreads.courseId))
      .innerJoin(lessons, eq(lessons.id, lessonThreads.lessonId))
      .innerJoin(users, eq(users.id, lessonThreads.userId))
      .where(
        and(
          mine,
          query.unanswered === 'true' ? isNull(lessonThreads.answeredAt) : undefined,
          query.cursor === undefined ? undefined : afterNewest(query.cursor),
        ),
      )
      .orderBy(desc(lessonThreads.createdAt), desc(lessonThreads.id))
      .limit(query.limit + 1),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(lessonThreads)
      .innerJoin(courses, eq(courses.id, lessonThreads.courseId))
      .where(and(mine, isNull(lessonThreads.answeredAt))),
  ]);
  const page = rows.slice(0, query.limit);
  const replies = await repliesOf(
    db,
    page.map((row) => row.id),
    creatorId,
  );
  const list = pageOf(
    rows,
    query.limit,
    (row) => ({ ...toSharedThread(row, replies), upvoted: row.upvoted, course: row.course, lesson: row.lesson }),
    (row) => [row.cursorAt, row.id],
  );
  return { ...list, unansweredCount: counted?.count ?? 0 };
}
