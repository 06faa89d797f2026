import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { courseModules, courses, lessonProgress, lessons, reviewReports, reviews, users } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { isUuid } from '#shared/ids';
import type { Review, ReviewInput, ReviewList, ReviewSort, ReviewSummary } from '#shared/schemas/reviews';
import { AppError } from '../../errors';
import { type CourseAccess, getCourseAccess } from '../../lib/course-access';
import type { ReadCache } from '../../lib/read-cache/read-cache';

const courseNotFound = () => new AppError(ErrorCode.NOT_FOUND, 'Course not found');
const reviewNotFound = () => new AppError(ErrorCode.NOT_FOUND, 'Review not found');

/** The caller's access to a course they may see; 404 for one they may not (drafts stay undiscoverable). */
async function visibleCourse(reads: ReadCache, userId: string | undefined, courseId: string): Promise<CourseAccess> {
  const access = await getCourseAccess({ reads, userId, courseId });
  if (!access) throw courseNotFound();
  return access;
}

/** DECISIONS §8: an enrolled student with at least one completed slide may review. */
async function hasCompletedASlide(db: Db, userId: string, courseId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(lessonProgress)
    .innerJoin(lessons, eq(lessons.id, lessonProgress.lessonId))
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.completed, true), eq(courseModules.courseId, courseId)))
    .limit(1);
  return row !== undefined;
}

const reviewColumns = {
  id: reviews.id,
  rating: reviews.rating,
  body: reviews.body,
  userId: reviews.userId,
  userName: users.name,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  replyBody: reviews.replyBody,
  replyCreatedAt: reviews.replyCreatedAt,
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
  sortAt: string;
};

function toReviewJson(row: ReviewRow): Review {
  return {
    id: row.id,
    rating: row.rating,
    body: row.body,
    user: { id: row.userId, name: row.userName },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    reply:
      row.replyBody !== null && row.replyCreatedAt ? { body: row.replyBody, createdAt: row.replyCreatedAt.toISOString() } : null,
  };
}

/**
 * Opaque to clients: the sort key of the last review of a page. "Newest" orders by creation, newest
 * first; "helpful" puts the most detailed written reviews first (text length), then the newest.
 */
type Cursor = { at: string; id: string; length?: number };

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(value: string | undefined, sort: ReviewSort): Cursor | null {
  if (value === undefined) return null;
  const invalid = () => new AppError(ErrorCode.BAD_REQUEST, 'Invalid cursor');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const { at, id, length } = (parsed ?? {}) as Partial<Cursor>;
  const isTime = typeof at === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(at);
  const isLength = sort === 'newest' || (typeof length === 'number' && Number.isSafeInteger(length) && length >= 0);
  if (!isTime || typeof id !== 'string' || !isUuid(id) || !isLength) throw invalid();
  return { at, id, ...(sort === 'helpful' ? { length } : {}) };
}

const bodyLength = sql<number>`char_length(${reviews.body})`;

function afterCursor(cursor: Cursor, sort: ReviewSort): SQL {
  return sort === 'helpful'
    ? sql`(${bodyLength}, ${reviews.createdAt}, ${reviews.id}) < (${cursor.length}, ${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : sql`(${reviews.createdAt}, ${reviews.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

async function reviewSummary(db: Db, course: { id: string; rating: number | null; ratingCount: number }): Promise<ReviewSummary> {
  const rows = await db
    .select({ rating: reviews.rating, count: sql<number>`count(*)::int` })
    .from(reviews)
    .where(and(eq(reviews.courseId, course.id), isNull(reviews.hiddenAt)))
    .groupBy(reviews.rating);
  const distribution = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  for (const row of rows) distribution[String(row.rating) as keyof typeof distribution] = Number(row.count);
  return { average: course.rating, count: course.ratingCount, distribution };
}

export async function listReviews({
  db,
  reads,
  userId,
  courseId,
  sort,
  limit,
  cursor,
}: {
  db: Db;
  reads: ReadCache;
  userId: string | undefined;
  courseId: string;
  sort: ReviewSort;
  limit: number;
  cursor: string | undefined;
}): Promise<ReviewList> {
  const access = await visibleCourse(reads, userId, courseId);
  const after = decodeCursor(cursor, sort);
  const order =
    sort === 'helpful'
      ? [desc(bodyLength), desc(reviews.createdAt), desc(reviews.id)]
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
      ? encodeCursor({ at: last.sortAt, id: last.id, ...(sort === 'helpful' ? { length: last.body.length } : {}) })
      : null;

  const mine =
    userId === undefined
      ? undefined
      : (
          await db
            .select(reviewColumns)
            .from(reviews)
            .innerJoin(users, eq(users.id, reviews.userId))
            .where(and(eq(reviews.courseId, courseId), eq(reviews.userId, userId)))
        )[0];
  const canReview = userId !== undefined && access.level === 'enrolled' && (await hasCompletedASlide(db, userId, courseId));
  return {
    items: page.map(toReviewJson),
    nextCursor,
    summary: await reviewSummary(db, await currentRating(db, courseId)),
    mine: mine ? toReviewJson(mine) : null,
    canReview,
  };
}

/** The rating the database keeps on the course row (the read cache may be a moment behind a write). */
async function currentRating(db: Db, courseId: string) {
  const [row] = await db
    .select({ id: courses.id, ratingAverage: courses.ratingAverage, ratingCount: courses.ratingCount })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!row) throw courseNotFound();
  return {
    id: row.id,
    rating: row.ratingAverage === null ? null : Math.round(row.ratingAverage * 10) / 10,
    ratingCount: row.ratingCount,
  };
}

/** Creates or replaces the caller's review: enrolled students with a completed slide only. */
export async function putReview({
  db,
  reads,
  userId,
  courseId,
  input,
}: {
  db: Db;
  reads: ReadCache;
  userId: string;
  courseId: string;
  input: ReviewInput;
}): Promise<Review> {
  const access = await visibleCourse(reads, userId, courseId);
  if (access.level === 'owner') throw new AppError(ErrorCode.FORBIDDEN, 'You cannot review your own course');
  if (access.level !== 'enrolled') throw new AppError(ErrorCode.FORBIDDEN, 'Enroll in this course to review it');
  if (!(await hasCompletedASlide(db, userId, courseId))) {
    throw new AppError(ErrorCode.FORBIDDEN, 'Complete at least one slide of this course before reviewing it');
  }
  const body = input.body ?? '';
  const [saved] = await db
    .insert(reviews)
    .values({ courseId, userId, rating: input.rating, body })
    .onConflictDoUpdate({
      target: [reviews.courseId, reviews.userId],
      set: { rating: input.rating, body, updatedAt: sql`now()` },
    })
    .returning({ id: reviews.id });
  return reviewById(db, saved?.id ?? '');
}

async function reviewById(db: Db, id: string): Promise<Review> {
  const [row] = await db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.id, id));
  if (!row) throw reviewNotFound();
  return toReviewJson(row);
}

export async function deleteReview({
  db,
  reads,
  userId,
  courseId,
}: {
  db: Db;
  reads: ReadCache;
  userId: string;
  courseId: string;
}) {
  await visibleCourse(reads, userId, courseId);
  const removed = await db
    .delete(reviews)
    .where(and(eq(reviews.courseId, courseId), eq(reviews.userId, userId)))
    .returning({ id: reviews.id });
  if (removed.length === 0) throw reviewNotFound();
}

/** The review with its course's creator, when the caller may see the course; 404 otherwise. */
async function reviewForCaller(db: Db, reads: ReadCache, userId: string, reviewId: string) {
  if (!isUuid(reviewId)) throw reviewNotFound();
  const [row] = await db
    .select({ id: reviews.id, courseId: reviews.courseId, userId: reviews.userId, hiddenAt: reviews.hiddenAt })
    .from(reviews)
    .where(eq(reviews.id, reviewId));
  if (!row) throw reviewNotFound();
  const access = await getCourseAccess({ reads, userId, courseId: row.courseId });
  if (!access) throw reviewNotFound();
  return { review: row, access };
}

/** The course's creator answers a review, once: a second reply replaces the first. */
export async function replyToReview({
  db,
  reads,
  userId,
  reviewId,
  body,
}: {
  db: Db;
  reads: ReadCache;
  userId: string;
  reviewId: string;
  body: string;
}): Promise<Review> {
  const { access } = await reviewForCaller(db, reads, userId, reviewId);
  if (access.level !== 'owner') throw new AppError(ErrorCode.FORBIDDEN, "Only the course's creator can reply to its reviews");
  await db
    .update(reviews)
    .set({ replyBody: body, replyCreatedAt: sql`coalesce(${reviews.replyCreatedAt}, now())` })
    .where(eq(reviews.id, reviewId));
  return reviewById(db, reviewId);
}

/** Anyone signed in may report a review once; it stays visible until it is hidden. */
export async function reportReview({
  db,
  reads,
  userId,
  reviewId,
}: {
  db: Db;
  reads: ReadCache;
  userId: string;
  reviewId: string;
}) {
  const { review } = await reviewForCaller(db, reads, userId, reviewId);
  if (review.userId === userId) throw new AppError(ErrorCode.BAD_REQUEST, 'You cannot report your own review');
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(reviewReports)
      .values({ reviewId, userId })
      .onConflictDoNothing()
      .returning({ id: reviewReports.reviewId });
    if (added.length > 0) {
      await tx
        .update(reviews)
        .set({ reportCount: sql`${reviews.reportCount} + 1` })
        .where(eq(reviews.id, reviewId));
    }
  });
  return { reported: true as const };
}

/** Until the admin console exists, the course's creator hides (or shows again) a review of their course. */
export async function setReviewHidden({
  db,
  reads,
  userId,
  reviewId,
  hidden,
}: {
  db: Db;
  reads: ReadCache;
  userId: string;
  reviewId: string;
  hidden: boolean;
}) {
  const { access } = await reviewForCaller(db, reads, userId, reviewId);
  if (access.level !== 'owner') throw new AppError(ErrorCode.FORBIDDEN, "Only the course's creator can hide its reviews");
  await db
    .update(reviews)
    .set({ hiddenAt: hidden ? sql`coalesce(${reviews.hiddenAt}, now())` : null })
    .where(eq(reviews.id, reviewId));
  return { id: reviewId, hidden };
}
