import type { Db } from '#db/client';
import { THREADS_PAGE_DEFAULT, type ThreadListQuery } from '#shared/schemas/discussions';
import { memoized } from '../../lib/memo';
import type { ReadCache } from '../../lib/read-cache/read-cache';
import { loadLessonThreads, type SharedThread } from './thread-lists';

/**
 * A page of a slide's questions serialized once, as everyone sees it, with a gap at each question's
 * `upvoted`: the caller's own, laid in per request from their cached upvotes (ADR 0048, ADR 0061).
 */
export type ThreadPage = {
  threadIds: readonly string[];
  /** Whose names it shows, askers and repliers: a new name drops the page. */
  userIds: ReadonlySet<string>;
  /** The answer is parts[0], the first question's `upvoted`, parts[1], …, the last one's, parts[n]. */
  parts: readonly Buffer[];
};

const [TRUE, FALSE] = [Buffer.from('true'), Buffer.from('false')];
/** The answer with no question upvoted, what most callers get: made once per page. */
const noneUpvoted = new WeakMap<ThreadPage, Buffer>();

/** Bytes as the route's schema serializes a ThreadList: the same keys in the same order. */
export function toThreadPage({ items, nextCursor }: { items: SharedThread[]; nextCursor: string | null }): ThreadPage {
  const parts: string[] = [];
  let before = '{"items":[';
  for (const { id, body, user, createdAt, upvotes, answered, replies } of items) {
    const head = JSON.stringify({ id, body, user, createdAt, upvotes });
    parts.push(`${before}${head.slice(0, -1)},"upvoted":`);
    before = `,${JSON.stringify({ answered, replies }).slice(1)},`;
  }
  parts.push(`${items.length > 0 ? before.slice(0, -1) : before}],"nextCursor":${JSON.stringify(nextCursor)}}`);
  return {
    threadIds: items.map((item) => item.id),
    userIds: new Set(items.flatMap((item) => [item.user.id, ...item.replies.map((reply) => reply.user.id)])),
    parts: parts.map((part) => Buffer.from(part)),
  };
}

/** The page as `upvoted` (the caller's upvoted question ids) makes it theirs. */
export function threadListBytes(page: ThreadPage, upvoted: ReadonlySet<string>): Buffer {
  const isUpvoted = page.threadIds.map((id) => upvoted.has(id));
  const pieces = (): Buffer[] =>
    page.parts.flatMap((part, index) => (index < isUpvoted.length ? [part, isUpvoted[index] ? TRUE : FALSE] : [part]));
  if (!isUpvoted.includes(true)) return memoized(noneUpvoted, page, () => Buffer.concat(pieces()));
  return Buffer.concat(pieces());
}

/**
 * GET /api/lessons/{id}/threads for a caller already allowed to read the slide, as JSON bytes. The
 * first page of each order and filter (no cursor, the default size: what opening the panel asks) comes
 * from the read cache, so a warm read costs no query; later pages are read each time.
 */
export async function lessonThreadsJson({
  db,
  reads,
  lessonId,
  creatorId,
  viewerId,
  query,
}: {
  db: Db;
  reads: ReadCache;
  lessonId: string;
  creatorId: string;
  viewerId: string;
  query: ThreadListQuery;
}): Promise<Buffer> {
  const load = async () => toThreadPage(await loadLessonThreads({ db, lessonId, creatorId, query }));
  const isFirstPage = query.cursor === undefined && query.limit === THREADS_PAGE_DEFAULT;
  const [page, upvoted] = await Promise.all([
    isFirstPage ? reads.firstThreadPage(lessonId, query.sort, query.unanswered === 'true', load) : load(),
    reads.upvotedThreadIds(viewerId),
  ]);
  return threadListBytes(page, upvoted);
}
