import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { difficulties, lessonTypes, questionTypes } from '#shared/lists';
import type { Caption } from '#shared/schemas/captions';
import type { QuestionFields } from '#shared/schemas/questions';
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
    // The language the course is taught in, a BCP 47 tag (`en`, `es`, `pt-BR`): its content stays in it
    // whatever the interface speaks; a search facet (docs/product.md, Languages).
    language: text('language').notNull().default('en'),
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
    check(
      'courses_language_tag',
      sql`${t.language} ~ '^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$' and char_length(${t.language}) <= 35`,
    ),
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
    /** Pacing (docs/product.md, Pacing): days after the learner's enrollment; null: no such wait. */
    unlockAfterDays: integer('unlock_after_days'),
    /** Pacing: not before this moment; null: no date. */
    unlockAt: timestamp('unlock_at', { withTimezone: true }),
    /** Pacing: a quiz of the same course the learner must pass first; null: none. */
    prerequisiteQuizId: uuid('prerequisite_quiz_id').references((): AnyPgColumn => quizzes.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('course_modules_course_idx').on(t.courseId, t.position),
    index('course_modules_prerequisite_idx').on(t.prerequisiteQuizId),
    check('course_modules_unlock_days_range', sql`${t.unlockAfterDays} between 0 and 3650`),
  ],
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
    // A notebook slide's .ipynb, an object path uploaded as videos are.
    notebookUrl: text('notebook_url'),
    /** A video slide's WebVTT captions, one per language, each an object path uploaded as videos are. */
    captions: jsonb('captions').$type<Caption[]>().notNull().default([]),
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
    /** The percent of correct answers a completed attempt needs to pass (docs/product.md, Learning). */
    passPercent: smallint('pass_percent').notNull().default(80),
    /** Minutes an attempt may take from its start; null: no limit. */
    timeLimitMinutes: integer('time_limit_minutes'),
    /** Attempts a learner may start; null: unlimited. */
    maxAttempts: integer('max_attempts'),
    /** Questions and their choices in an order of each attempt's own. */
    shuffle: boolean('shuffle').notNull().default(false),
    /** Pacing (docs/product.md, Pacing): days after the learner's enrollment; null: no such wait. */
    unlockAfterDays: integer('unlock_after_days'),
    /** Pacing: not before this moment; null: no date. */
    unlockAt: timestamp('unlock_at', { withTimezone: true }),
    /** Pacing: a quiz of the same course the learner must pass first; null: none. */
    prerequisiteQuizId: uuid('prerequisite_quiz_id').references((): AnyPgColumn => quizzes.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quizzes_course_idx').on(t.courseId, t.position),
    index('quizzes_prerequisite_idx').on(t.prerequisiteQuizId),
    check('quizzes_unlock_days_range', sql`${t.unlockAfterDays} between 0 and 3650`),
    check('quizzes_prerequisite_not_itself', sql`${t.prerequisiteQuizId} <> ${t.id}`),
    check('quizzes_pass_percent_range', sql`${t.passPercent} between 1 and 100`),
    check('quizzes_time_limit_positive', sql`${t.timeLimitMinutes} > 0`),
    check('quizzes_max_attempts_positive', sql`${t.maxAttempts} > 0`),
  ],
);

export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    /** `single` keeps the four option columns; every other type keeps its fields in `fields`. */
    type: text('type', { enum: questionTypes }).notNull().default('single'),
    optionA: text('option_a'),
    optionB: text('option_b'),
    optionC: text('option_c'),
    optionD: text('option_d'),
    correctAnswer: integer('correct_answer'),
    /** A typed question's own fields, as its creator wrote them (src/shared/schemas/questions.ts). */
    fields: jsonb('fields').$type<QuestionFields>(),
    /**
     * Opaque ids of `fields.choices`, in the same order: learners answer with them, so they must not
     * tell the right order or the right choices.
     */
    choiceIds: text('choice_ids').array(),
    /** Plain text a learner sees after answering: why the correct option is right. */
    explanation: text('explanation'),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quiz_questions_quiz_idx').on(t.quizId, t.position),
    check('quiz_questions_correct_range', sql`${t.correctAnswer} between 1 and 4`),
    check(
      'quiz_questions_fields_of_type',
      sql`case when ${t.type} = 'single'
        then ${t.optionA} is not null and ${t.optionB} is not null and ${t.correctAnswer} is not null and ${t.fields} is null
        else ${t.fields} ->> 'type' = ${t.type} and ${t.optionA} is null and ${t.optionB} is null and ${t.correctAnswer} is null end`,
    ),
  ],
);
