import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { courses, lessons } from './catalog';
import { users } from './users';

/**
 * A learner's question under a slide (docs/product.md, Lesson Q&A). `course_id` is the slide's course,
 * kept so the creator's inbox needs no walk through modules. `answered_at` is set by the creator's first
 * reply; `upvote_count` follows `thread_upvotes` by trigger (migration 0039). A hidden thread (an admin's
 * decision) stays stored and is shown to no one but admins.
 */
export const lessonThreads = pgTable(
  'lesson_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    upvoteCount: integer('upvote_count').notNull().default(0),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lesson_threads_newest_idx').on(t.lessonId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('lesson_threads_top_idx').on(
      t.lessonId,
      t.upvoteCount.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('lesson_threads_course_idx').on(t.courseId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('lesson_threads_user_idx').on(t.userId),
    check('lesson_threads_body_length', sql`char_length(${t.body}) between 1 and 5000`),
    check('lesson_threads_upvotes_nonnegative', sql`${t.upvoteCount} >= 0`),
  ],
);

export const threadReplies = pgTable(
  'thread_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => lessonThreads.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('thread_replies_thread_idx').on(t.threadId, t.createdAt, t.id),
    index('thread_replies_user_idx').on(t.userId),
    check('thread_replies_body_length', sql`char_length(${t.body}) between 1 and 5000`),
  ],
);

/** One upvote per person and thread. */
export const threadUpvotes = pgTable(
  'thread_upvotes',
  {
    threadId: uuid('thread_id')
      .notNull()
      .references(() => lessonThreads.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] }), index('thread_upvotes_user_idx').on(t.userId)],
);

/** A report of a thread or of a reply (exactly one), one per person and post, for admins to judge. */
export const discussionReports = pgTable(
  'discussion_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id').references(() => lessonThreads.id, { onDelete: 'cascade' }),
    replyId: uuid('reply_id').references(() => threadReplies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discussion_reports_thread_user_unique').on(t.threadId, t.userId).where(sql`${t.threadId} is not null`),
    uniqueIndex('discussion_reports_reply_user_unique').on(t.replyId, t.userId).where(sql`${t.replyId} is not null`),
    index('discussion_reports_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('discussion_reports_one_post', sql`(${t.threadId} is null) <> (${t.replyId} is null)`),
    check('discussion_reports_reason_length', sql`char_length(${t.reason}) <= 500`),
  ],
);
