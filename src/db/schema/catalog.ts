import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { difficulties, lessonTypes } from '#shared/lists';
import { users } from './users';

export { difficulties, lessonTypes };

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull().default(0),
    thumbnail: text('thumbnail'),
    difficulty: text('difficulty', { enum: difficulties }).notNull().default('Beginner'),
    duration: text('duration'),
    published: boolean('published').notNull().default(false),
    archived: boolean('archived').notNull().default(false),
    // Why an admin unpublished the course, shown to its creator; cleared when the creator publishes again.
    moderationReason: text('moderation_reason'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    // Denormalized so catalogue cards never aggregate per request.
    studentCount: integer('student_count').notNull().default(0),
    ratingAverage: real('rating_average'),
    // The sum of the counted reviews' ratings: the average follows from it without drift.
    ratingTotal: integer('rating_total').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Counts the row's updates (a trigger, migration 0011), so a cache can tell an older read of the row from a newer one.
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('courses_creator_idx').on(t.creatorId),
    index('courses_catalog_idx').on(t.published, t.archived, t.createdAt),
    // The catalogue's Popular order over the courses on sale, and within one difficulty: a page after
    // any cursor is one index range (GET /api/courses, loaders.ts loadCatalogPage). NULLS FIRST is
    // what a plain DESC means in an ORDER BY; an index ordered otherwise cannot serve it.
    index('courses_popular_idx')
      .on(t.studentCount.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.published} and not ${t.archived}`),
    index('courses_popular_difficulty_idx')
      .on(t.difficulty, t.studentCount.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.published} and not ${t.archived}`),
    // The search's other orders (search.service.ts): with many matches, a page is read along one of
    // these and stops when full, instead of sorting every match.
    index('courses_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.published} and not ${t.archived}`),
    index('courses_rating_idx')
      .on(sql`coalesce(${t.ratingAverage}, 0) desc nulls first`, t.ratingCount.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.published} and not ${t.archived}`),
    index('courses_price_idx').on(t.priceCents, t.id).where(sql`${t.published} and not ${t.archived}`),
    check('courses_price_nonnegative', sql`${t.priceCents} >= 0`),
    check('courses_moderation_reason_length', sql`char_length(${t.moderationReason}) between 1 and 500`),
    check('courses_moderation_both', sql`(${t.moderationReason} is null) = (${t.moderatedAt} is null)`),
  ],
);

/** Modules and quizzes of a course share one ordering sequence (`position`). */
export const courseModules = pgTable(
  'course_modules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('course_modules_course_idx').on(t.courseId, t.position)],
);

export const lessons = pgTable(
  'lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => courseModules.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    type: text('type', { enum: lessonTypes }).notNull(),
    position: integer('position').notNull().default(0),
    content: text('content'),
    videoUrl: text('video_url'),
    imageUrl: text('image_url'),
    // The image's alternative text for screen readers; null falls back to the slide's title.
    imageAlt: text('image_alt'),
    duration: text('duration'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lessons_module_idx').on(t.moduleId, t.position),
    check('lessons_image_alt_length', sql`char_length(${t.imageAlt}) <= 500`),
  ],
);

export const quizzes = pgTable(
  'quizzes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quizzes_course_idx').on(t.courseId, t.position)],
);

export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    optionA: text('option_a').notNull(),
    optionB: text('option_b').notNull(),
    optionC: text('option_c'),
    optionD: text('option_d'),
    correctAnswer: integer('correct_answer').notNull(),
    /** Plain text a learner sees after answering: why the correct option is right. */
    explanation: text('explanation'),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quiz_questions_quiz_idx').on(t.quizId, t.position),
    check('quiz_questions_correct_range', sql`${t.correctAnswer} between 1 and 4`),
  ],
);
