import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { reviewReports, reviews, reviewVotes, users } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { isUuid } from '#shared/ids';
import {
  REVIEWS_PAGE_DEFAULT,
  type Review,
  type ReviewHelpful,
  type ReviewInput,
  type ReviewList,
  type ReviewSort,
} from '#shared/schemas/reviews';
import { AppError } from '../../errors';
import { type CourseAccess, getCourseAccess } from '../../lib/course-access';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { withJsonFields } from '../../lib/json-bytes';
import type { CourseDoc, ReadCache } from '../../lib/read-cache/read-cache';
import {
  decodeReviewCursor,
  loadFirstReviewPage,
  loadRatingDistribution,
  loadReviewPage,
  reviewColumns,
  toReviewJson,
} from './review-pages';

const courseNotFound = () => new AppError(ErrorCode.NOT_FOUND, 'Course not found');
const reviewNotFound = () => new AppError(ErrorCode.NOT_FOUND, 'Review not found');

/** The caller's access to a course they may see; 404 for one they may not (drafts stay undiscoverable). */
async function visibleCourse(reads: ReadCache, userId: string | undefined, courseId: string): Promise<CourseAccess> {
  const access = await getCourseAccess({ reads, userId, courseId });
  if (!access) throw courseNotFound();
  return access;
}

/**
 * docs/product.md, Reviews: an enrolled student with at least one completed slide may review. Asked of the read
 * cache: the learner's record of completed slides and the course's outline.
 */
async function hasCompletedASlide(reads: ReadCache, userId: string, course: CourseDoc): Promise<boolean> {
  const { completedLessons } = await reads.learnerRecord(userId);
  return course.modules.some((module) => module.lessons.some((lesson) => completedLessons.has(lesson.id)));
}

/**
 * A course's reviews as sent (ReviewList's JSON). The first page of each order, as most visits ask for
 * it, comes from the read cache with its items serialized once; what is the caller's own (their
 * review, whether they may write one, their helpful votes) is added per request.
 */
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
}): Promise<Buffer> {
  const access = await visibleCourse(reads, userId, courseId);
  const after = decodeReviewCursor(cursor, sort);
  const isFirstPage = after === null && limit === REVIEWS_PAGE_DEFAULT;
  const [page, distribution] = isFirstPage
    ? await Promise.resolve(reads.firstReviewPage(courseId, sort, () => loadFirstReviewPage(db, courseId, sort))).then(
        (first) => [first, first.distribution] as const,
      )
    : await Promise.all([loadReviewPage(db, { courseId, sort, limit, after }), loadRatingDistribution(db, courseId)]);
  const [mine] =
    userId === undefined
      ? []
      : await db
          .select(reviewColumns)
          .from(reviews)
          .innerJoin(users, eq(users.id, reviews.userId))
          .where(and(eq(reviews.courseId, courseId), eq(reviews.userId, userId)));
  const canReview =
    userId !== undefined && access.level === 'enrolled' && (await hasCompletedASlide(reads, userId, access.course));
  // The rating the database keeps on the course row, as the cached course holds it.
  const { rating, ratingCount } = access.course.course;
  const voted = userId === undefined ? new Set<string>() : await votedHelpful(db, userId, page.items);
  const items =
    voted.size === 0 && 'itemsJson' in page
      ? page.itemsJson
      : Buffer.from(JSON.stringify(page.items.map((review) => ({ ...review, votedHelpful: voted.has(review.id) }))));
  const rest: Omit<ReviewList, 'items'> = {
    nextCursor: page.nextCursor,
    summary: { average: rating, count: ratingCount, distribution },
    mine: mine ? toReviewJson(mine) : null,
    canReview,
  };
  return withJsonFields(Buffer.concat([Buffer.from('{"items":'), items, Buffer.from('}')]), rest);
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
  if (!(await hasCompletedASlide(reads, userId, access.course))) {
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

/** Which of these reviews the user found helpful: the page itself is the same for everyone (and cached). */
async function votedHelpful(db: Db, userId: string, items: readonly Review[]): Promise<Set<string>> {
  if (items.length === 0) return new Set();
  const rows = await db
    .select({ reviewId: reviewVotes.reviewId })
    .from(reviewVotes)
    .where(
      and(
        eq(reviewVotes.userId, userId),
        inArray(
          reviewVotes.reviewId,
          items.map((review) => review.id),
        ),
      ),
    );
  return new Set(rows.map((row) => row.reviewId));
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

/** Anyone signed in (the course's creator too) may report a review once; it stays visible until an admin hides it. */
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

/**
 * The caller finds a review helpful (`isHelpful`), or no longer does: one vote per person, so voting
 * twice counts once and withdrawing twice changes nothing; the review's count follows by trigger
 * (migration 0034). Not on one's own review, nor by the course's creator, who could otherwise lift the
 * reviews they like to the top; a hidden review is as unknown as a missing one. `countVote` (the rate
 * limit) runs once the vote is known to be allowed, so a refused vote spends none of the caller's budget.
 */
export async function voteHelpful({
  db,
  reads,
  userId,
  reviewId,
  isHelpful,
  countVote,
}: {
  db: Db;
  reads: ReadCache;
  userId: string;
  reviewId: string;
  isHelpful: boolean;
  countVote: () => Promise<void>;
}): Promise<ReviewHelpful> {
  const { review, access } = await reviewForCaller(db, reads, userId, reviewId);
  if (review.hiddenAt !== null) throw reviewNotFound();
  if (review.userId === userId) throw new AppError(ErrorCode.FORBIDDEN, 'You cannot vote on your own review');
  if (access.level === 'owner') throw new AppError(ErrorCode.FORBIDDEN, 'You cannot vote on reviews of your own course');
  await countVote();
  const mine = and(eq(reviewVotes.reviewId, reviewId), eq(reviewVotes.userId, userId));
  try {
    if (isHelpful) await db.insert(reviewVotes).values({ reviewId, userId }).onConflictDoNothing();
    else await db.delete(reviewVotes).where(mine);
  } catch (error) {
    // Deleted meanwhile (its author withdrew it, or a refund removed it).
    if (isForeignKeyViolation(error)) throw reviewNotFound();
    throw error;
  }
  const [counted] = await db.select({ helpfulCount: reviews.helpfulCount }).from(reviews).where(eq(reviews.id, reviewId));
  if (!counted) throw reviewNotFound();
  return { id: reviewId, helpfulCount: counted.helpfulCount, votedHelpful: isHelpful };
}
