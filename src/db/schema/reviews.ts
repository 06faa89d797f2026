import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { courses } from './catalog';
import { users } from './users';

/**
 * A student's rating of a course, with an optional text and the creator's one reply. One per student
 * and course. A hidden review (by the creator or an admin) stays stored but counts nowhere. The
 * course's rating_total, rating_count and rating_average follow by trigger (migration 0017).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    body: text('body').notNull().default(''),
    replyBody: text('reply_body'),
    replyCreatedAt: timestamp('reply_created_at', { withTimezone: true }),
    reportCount: integer('report_count').notNull().default(0),
    // How many people marked the review helpful (review_votes), kept by trigger (migration 0034).
    helpfulCount: integer('helpful_count').notNull().default(0),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_course_user_idx').on(t.courseId, t.userId),
    index('reviews_course_newest_idx').on(t.courseId, t.createdAt, t.id),
    index('reviews_course_helpful_idx').on(t.courseId, t.helpfulCount, t.createdAt, t.id),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('reviews_body_length', sql`char_length(${t.body}) <= 2000`),
    check('reviews_reply_length', sql`${t.replyBody} is null or char_length(${t.replyBody}) <= 2000`),
  ],
);

/** Who reported which review: one report per person, so a review's report count counts people. */
export const reviewReports = pgTable(
  'review_reports',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

/** "Helpful" votes: one per person and review; the review's helpful_count follows by trigger. */
export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] }), index('review_votes_user_idx').on(t.userId)],
);
