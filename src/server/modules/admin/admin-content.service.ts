import { and, desc, eq, ilike, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#db/client';
import { courses, reviews, users } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { centsToPrice } from '#shared/format';
import { isUuid } from '#shared/ids';
import type {
  AdminCourse,
  AdminCourseList,
  AdminCourseListQuery,
  AdminReview,
  AdminReviewList,
  AdminReviewListQuery,
} from '#shared/schemas/admin';
import { AppError } from '../../errors';
import { recordAdminAction } from '../../lib/admin-audit';
import { containsPattern, cursorTime, decodeCursor, iso, isoOrNull, pageOf, timeOfCursor } from '../../lib/list-pages';

const courseNotFound = () => new AppError(ErrorCode.NOT_FOUND, 'Course not found');
const reviewNotFound = () => new AppError(ErrorCode.NOT_FOUND, 'Review not found');

const courseColumns = {
  course: courses,
  creatorName: users.name,
  creatorEmail: users.email,
};
type CourseRow = { course: typeof courses.$inferSelect; creatorName: string; creatorEmail: string };

function toAdminCourse({ course, creatorName, creatorEmail }: CourseRow): AdminCourse {
  return {
    id: course.id,
    title: course.title,
    status: course.archived ? 'archived' : course.published ? 'published' : 'draft',
    published: course.published,
    archived: course.archived,
    price: centsToPrice(course.priceCents),
    studentCount: course.studentCount,
    rating: course.ratingAverage === null ? null : Math.round(course.ratingAverage * 10) / 10,
    ratingCount: course.ratingCount,
    creator: { id: course.creatorId, name: creatorName, email: creatorEmail },
    createdAt: iso(course.createdAt),
    updatedAt: iso(course.updatedAt),
    moderation:
      course.moderationReason !== null && course.moderatedAt !== null
        ? { reason: course.moderationReason, unpublishedAt: iso(course.moderatedAt) }
        : null,
  };
}

function selectCourses(db: DbOrTx) {
  return db.select(courseColumns).from(courses).innerJoin(users, eq(users.id, courses.creatorId));
}

/** GET /api/admin/courses: every course in any state, newest first, by part of its title. */
export async function listCourses({ db, query }: { db: Db; query: AdminCourseListQuery }): Promise<AdminCourseList> {
  const status =
    query.status === 'published'
      ? and(eq(courses.published, true), eq(courses.archived, false))
      : query.status === 'draft'
        ? and(eq(courses.published, false), eq(courses.archived, false))
        : query.status === 'archived'
          ? eq(courses.archived, true)
          : undefined;
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor, ['time', 'id'] as const);
  const rows = await db
    .select({ ...courseColumns, cursorAt: cursorTime(courses.createdAt) })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.creatorId))
    .where(
      and(
        query.q ? ilike(courses.title, containsPattern(query.q)) : undefined,
        status,
        after ? sql`(${courses.createdAt}, ${courses.id}) < (${timeOfCursor(after[0])}, ${after[1]}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(courses.createdAt), desc(courses.id))
    .limit(query.limit + 1);
  return pageOf(rows, query.limit, toAdminCourse, (row) => [row.cursorAt, row.course.id]);
}

/**
 * Takes a published course off the marketplace with a reason its creator reads on their dashboard
 * and in the course builder, until they publish it again (which clears it). The courses row's
 * trigger tells every read cache (catalogue, course page, search), as the creator's own unpublish
 * does; enrolled students keep learning it, as after that one.
 */
export async function unpublishCourse({
  db,
  adminId,
  courseId,
  reason,
}: {
  db: Db;
  adminId: string;
  courseId: string;
  reason: string;
}): Promise<AdminCourse> {
  if (!isUuid(courseId)) throw courseNotFound();
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ published: courses.published, title: courses.title, creatorId: courses.creatorId })
      .from(courses)
      .where(eq(courses.id, courseId))
      .for('update');
    if (!current) throw courseNotFound();
    if (!current.published) throw new AppError(ErrorCode.CONFLICT, 'This course is not published');
    await tx
      .update(courses)
      .set({ published: false, moderationReason: reason, moderatedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(courses.id, courseId));
    await recordAdminAction(tx, {
      adminId,
      action: 'course.unpublish',
      targetType: 'course',
      targetId: courseId,
      details: { title: current.title, creatorId: current.creatorId, reason },
    });
    const [row] = await selectCourses(tx).where(eq(courses.id, courseId));
    if (!row) throw courseNotFound();
    return toAdminCourse(row);
  });
}

const reviewer = { id: users.id, name: users.name };

/**
 * GET /api/admin/reviews: the reviews someone reported, most reported first; `state` narrows them to
 * those still shown or those hidden.
 */
export async function listReportedReviews({ db, query }: { db: Db; query: AdminReviewListQuery }): Promise<AdminReviewList> {
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor, ['count', 'time', 'id'] as const);
  const rows = await db
    .select({
      review: reviews,
      course: { id: courses.id, title: courses.title },
      user: reviewer,
      cursorAt: cursorTime(reviews.createdAt),
    })
    .from(reviews)
    .innerJoin(courses, eq(courses.id, reviews.courseId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(
      and(
        sql`${reviews.reportCount} > 0`,
        query.state === 'hidden' ? isNotNull(reviews.hiddenAt) : query.state === 'visible' ? isNull(reviews.hiddenAt) : undefined,
        after
          ? sql`(${reviews.reportCount}, ${reviews.createdAt}, ${reviews.id}) < (${after[0]}::int, ${timeOfCursor(after[1])}, ${after[2]}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(reviews.reportCount), desc(reviews.createdAt), desc(reviews.id))
    .limit(query.limit + 1);
  return pageOf(
    rows,
    query.limit,
    ({ review, course, user }): AdminReview => ({
      id: review.id,
      rating: review.rating,
      body: review.body,
      reportCount: review.reportCount,
      hidden: review.hiddenAt !== null,
      hiddenAt: isoOrNull(review.hiddenAt),
      createdAt: iso(review.createdAt),
      course,
      user,
    }),
    (row) => [row.review.reportCount, row.cursorAt, row.review.id],
  );
}

/**
 * Hides a review from every page (it stops counting in the course's rating, by the trigger of
 * migration 0017), or shows it again. An admin acts here on any course; the creator's own route
 * (PUT /api/reviews/{id}/hidden) stays for the course's creator only.
 */
export async function setReviewHidden({
  db,
  adminId,
  reviewId,
  isHidden,
}: {
  db: Db;
  adminId: string;
  reviewId: string;
  isHidden: boolean;
}): Promise<{ id: string; hidden: boolean }> {
  if (!isUuid(reviewId)) throw reviewNotFound();
  return db.transaction(async (tx) => {
    const [review] = await tx
      .select({ hiddenAt: reviews.hiddenAt, courseId: reviews.courseId, reportCount: reviews.reportCount })
      .from(reviews)
      .where(eq(reviews.id, reviewId))
      .for('update');
    if (!review) throw reviewNotFound();
    if (isHidden === (review.hiddenAt !== null)) {
      throw new AppError(ErrorCode.CONFLICT, isHidden ? 'This review is already hidden' : 'This review is not hidden');
    }
    await tx
      .update(reviews)
      .set({ hiddenAt: isHidden ? sql`now()` : null })
      .where(eq(reviews.id, reviewId));
    await recordAdminAction(tx, {
      adminId,
      action: isHidden ? 'review.hide' : 'review.unhide',
      targetType: 'review',
      targetId: reviewId,
      details: { courseId: review.courseId, reportCount: review.reportCount },
    });
    return { id: reviewId, hidden: isHidden };
  });
}
