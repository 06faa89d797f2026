import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { reviews, users } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { isUuid } from '#shared/ids';
import { REVIEWS_PAGE_DEFAULT, type Review, type ReviewSort, type ReviewSummary } from '#shared/schemas/reviews';
import { AppError } from '../../errors';

/** The columns of a review as the API shows it, with its author's name. */
export const reviewColumns = {
  id: reviews.id,
  rating: reviews.rating,
  body: reviews.body,
  userId: reviews.userId,
  userName: users.name,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  replyBody: reviews.replyBody,
  replyCreatedAt: reviews.replyCreatedAt,
  helpfulCount: reviews.helpfulCount,
  // Microseconds kept, so a page boundary between two reviews of the same millisecond holds.
  sortAt: sql<string>`to_char(${reviews.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
};

type ReviewRow = {
  id: string;
  rating: number;
  body: string;
  userId: string;
  userName: string;
  createdAt: Date;
  updatedAt: Date;
  replyBody: string | null;
  replyCreatedAt: Date | null;
  helpfulCount: number;
  sortAt: string;
};

/** A review as the API shows it; `votedHelpful` is the caller's, so it is false in what is cached for all. */
export function toReviewJson(row: ReviewRow, votedHelpful = false): Review {
  return {
    id: row.id,
    rating: row.rating,
    body: row.body,
    user: { id: row.userId, name: row.userName },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    reply:
      row.replyBody !== null && row.replyCreatedAt ? { body: row.replyBody, createdAt: row.replyCreatedAt.toISOString() } : null,
    helpfulCount: row.helpfulCount,
    votedHelpful,
  };
}

/**
 * Opaque to clients: the sort key of the last review of a page. "Newest" orders by creation, newest
 * first; "helpful" puts the reviews most people found helpful first, then the newest (index
 * reviews_course_helpful_idx, migration 0034).
 */
type Cursor = { at: string; id: string; helpful?: number };

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

export function decodeReviewCursor(value: string | undefined, sort: ReviewSort): Cursor | null {
  if (value === undefined) return null;
  const invalid = () => new AppError(ErrorCode.BAD_REQUEST, 'Invalid cursor');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const { at, id, helpful } = (parsed ?? {}) as Partial<Cursor>;
  const isTime = typeof at === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(at);
  const isCount = sort === 'newest' || (typeof helpful === 'number' && Number.isSafeInteger(helpful) && helpful >= 0);
  if (!isTime || typeof id !== 'string' || !isUuid(id) || !isCount) throw invalid();
  return { at, id, ...(sort === 'helpful' ? { helpful } : {}) };
}

function afterCursor(cursor: Cursor, sort: ReviewSort): SQL {
  return sort === 'helpful'
    ? sql`(${reviews.helpfulCount}, ${reviews.createdAt}, ${reviews.id}) < (${cursor.helpful}, ${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : sql`(${reviews.createdAt}, ${reviews.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

export type ReviewPage = { items: Review[]; nextCursor: string | null };

/** A first page of reviews, its items serialized once (no caller's votes in them), and its star distribution. */
export type FirstReviewPage = ReviewPage & { itemsJson: Buffer; distribution: ReviewSummary['distribution'] };

/** One page of a course's visible reviews, after the (already decoded) cursor. */
export async function loadReviewPage(
  db: Db,
  { courseId, sort, limit, after }: { courseId: string; sort: ReviewSort; limit: number; after: Cursor | null },
): Promise<ReviewPage> {
  const order =
    sort === 'helpful'
      ? [desc(reviews.helpfulCount), desc(reviews.createdAt), desc(reviews.id)]
      : [desc(reviews.createdAt), desc(reviews.id)];
  const rows = await db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.courseId, courseId), isNull(reviews.hiddenAt), after ? afterCursor(after, sort) : undefined))
    .orderBy(...order)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor({ at: last.sortAt, id: last.id, ...(sort === 'helpful' ? { helpful: last.helpfulCount } : {}) })
      : null;
  return { items: page.map((row) => toReviewJson(row)), nextCursor };
}

/** How many visible reviews give each number of stars. */
export async function loadRatingDistribution(db: Db, courseId: string): Promise<ReviewSummary['distribution']> {
  const rows = await db
    .select({ rating: reviews.rating, count: sql<number>`count(*)::int` })
    .from(reviews)
    .where(and(eq(reviews.courseId, courseId), isNull(reviews.hiddenAt)))
    .groupBy(reviews.rating);
  const distribution = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  for (const row of rows) distribution[String(row.rating) as keyof typeof distribution] = Number(row.count);
  return distribution;
}

/** The first page of a course's reviews in one order, its items serialized once, with its star distribution: what the read cache keeps. */
export async function loadFirstReviewPage(db: Db, courseId: string, sort: ReviewSort): Promise<FirstReviewPage> {
  const [page, distribution] = await Promise.all([
    loadReviewPage(db, { courseId, sort, limit: REVIEWS_PAGE_DEFAULT, after: null }),
    loadRatingDistribution(db, courseId),
  ]);
  return { ...page, itemsJson: Buffer.from(JSON.stringify(page.items)), distribution };
}
