import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnswerValue } from '#shared/schemas/questions';
import { courseModules, courses, lessons, quizQuestions, quizzes } from './catalog';
import { users } from './users';

export const enrollments = pgTable(
  'enrollments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    // 'free' or the payment that bought it.
    source: text('source', { enum: ['free', 'payment', 'coupon'] }).notNull(),
    // The highest progress percent the learner ever reached in this course: the refund rule judges it,
    // so un-completing slides, or a creator adding slides, cannot bring a finished course under 30 %.
    peakProgress: smallint('peak_progress').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('enrollments_user_course_unique').on(t.userId, t.courseId),
    index('enrollments_course_idx').on(t.courseId),
    check('enrollments_peak_progress_range', sql`${t.peakProgress} between 0 and 100`),
  ],
);

export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    completed: boolean('completed').notNull().default(true),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] })],
);

/**
 * Where a learner stopped in a video slide (docs/product.md, Video). Kept apart from lesson_progress:
 * a player saves it every few seconds, and lesson_progress feeds the learner's cached record, which
 * each save would drop.
 */
export const videoPositions = pgTable(
  'video_positions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    positionSeconds: real('position_seconds').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId] }),
    check('video_positions_position_range', sql`${t.positionSeconds} >= 0`),
  ],
);

/**
 * A paced module or quiz (docs/product.md, Pacing) a learner was told has opened: exactly one of
 * `module_id` and `quiz_id`, and one notice per learner and part, so the mail goes once.
 */
export const unlockNotices = pgTable(
  'unlock_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    moduleId: uuid('module_id').references(() => courseModules.id, { onDelete: 'cascade' }),
    quizId: uuid('quiz_id').references(() => quizzes.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('unlock_notices_user_module_unique').on(t.userId, t.moduleId).where(sql`${t.moduleId} is not null`),
    uniqueIndex('unlock_notices_user_quiz_unique').on(t.userId, t.quizId).where(sql`${t.quizId} is not null`),
    check('unlock_notices_one_part', sql`(${t.moduleId} is null) <> (${t.quizId} is null)`),
  ],
);

export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['in_progress', 'completed'] })
      .notNull()
      .default('in_progress'),
    score: integer('score'),
    totalQuestions: integer('total_questions'),
    /** The quiz's pass mark when the attempt completed: a later change of it judges later attempts only. */
    passPercent: smallint('pass_percent').notNull().default(80),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** The start plus the quiz's time limit; null without one. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('quiz_attempts_user_quiz_idx').on(t.userId, t.quizId, t.startedAt),
    // One attempt in progress per learner and quiz: a double click cannot start several (migration 0012).
    uniqueIndex('quiz_attempts_one_in_progress').on(t.userId, t.quizId).where(sql`${t.status} = 'in_progress'`),
    check('quiz_attempts_pass_percent_range', sql`${t.passPercent} between 1 and 100`),
  ],
);

export const quizAnswers = pgTable(
  'quiz_answers',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => quizAttempts.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => quizQuestions.id, { onDelete: 'cascade' }),
    /** A single-choice pick (1 to 4); the other types keep their answer in `answer`. */
    selectedOption: integer('selected_option'),
    answer: jsonb('answer').$type<AnswerValue>(),
    isCorrect: boolean('is_correct').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.attemptId, t.questionId] }),
    check('quiz_answers_option_range', sql`${t.selectedOption} between 1 and 4`),
    check('quiz_answers_one_form', sql`(${t.selectedOption} is null) <> (${t.answer} is null)`),
  ],
);

/**
 * A question a learner missed, back on a spaced-repetition schedule (docs/product.md, Review deck).
 * `card` is the scheduler's own state (ts-fsrs's Card, dates as ISO text); `due` is kept beside it to
 * find what is due with an index.
 */
export const reviewCards = pgTable(
  'review_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => quizQuestions.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    due: timestamp('due', { withTimezone: true }).notNull(),
    card: jsonb('card').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('review_cards_user_question_unique').on(t.userId, t.questionId),
    index('review_cards_user_due_idx').on(t.userId, t.due),
    index('review_cards_question_idx').on(t.questionId),
  ],
);

export const savedCourses = pgTable(
  'saved_courses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] })],
);
