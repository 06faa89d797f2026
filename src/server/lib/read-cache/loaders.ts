import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import {
  courseModules,
  courses,
  enrollments,
  lessonProgress,
  lessons,
  quizAttempts,
  quizQuestions,
  quizzes,
  savedCourses,
  sessions,
  threadUpvotes,
  users,
} from '#db/schema/index';
import type { Locale } from '#shared/i18n/locales';
import type { UserRole } from '#shared/lists';
import type { Course } from '#shared/schemas/catalog';
import type { ModuleOutline, QuizOutline } from '#shared/schemas/outline';
import { pacingOf } from '../course-content';
import { courseWithCreatorColumns, toCourseJson } from '../course-json';
import { type PreparedJson, prepareJson } from '../prepared-json';
import { type LearnerRecord, passedAttempt } from '../progress';
import { savedLocale } from '../recipient-locale';
import { sanitizeStoredRichText } from '../rich-text';
import type { CatalogEntry, CatalogFilter, PopularKey } from './catalog-snapshot';

export type SessionEntry = {
  /** Who is asking, shared by every request of the session: frozen, so no handler can change it. */
  user: Readonly<{ id: string; email: string; name: string; role: UserRole; locale: Locale | null; sessionId: string }>;
  expiresAt: number;
};

/**
 * The live sessions of many token hashes in one query (null where none), in the order asked. A
 * suspended user has none: suspending revokes their sessions too, and this also refuses a session
 * made by a sign-in that raced the suspension.
 */
export async function loadSessions(db: Db, tokenHashes: string[]): Promise<(SessionEntry | null)[]> {
  const rows = await db
    .select({
      tokenHash: sessions.tokenHash,
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      locale: users.locale,
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(sessions.tokenHash, tokenHashes),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        isNull(users.suspendedAt),
      ),
    );
  const found = new Map<string, SessionEntry>();
  for (const { tokenHash, expiresAt, locale, ...user } of rows) {
    found.set(tokenHash, { user: Object.freeze({ ...user, locale: savedLocale(locale) }), expiresAt: expiresAt.getTime() });
  }
  return tokenHashes.map((tokenHash) => found.get(tokenHash) ?? null);
}

/** A course as everyone may see it, with its outline, serialized once. */
export type CourseDoc = {
  id: string;
  /** The row's version when read (migration 0011): a course read again applies only when newer. */
  version: number;
  creatorId: string;
  published: boolean;
  archived: boolean;
  course: Course;
  /** The course as guests get it; a signed-in caller's `isEnrolled` is added per request (lib/learner-overlay.ts). */
  json: PreparedJson;
  modules: ModuleOutline[];
  modulesJson: PreparedJson;
  quizzes: QuizOutline[];
  quizzesJson: PreparedJson;
};

export async function loadCourseDoc(db: Db, courseId: string): Promise<CourseDoc | null> {
  const [entry] = await loadCourseEntries(db, [courseId]);
  if (!entry) return null;
  const [moduleRows, lessonRows, quizRows] = await Promise.all([
    db.select().from(courseModules).where(eq(courseModules.courseId, courseId)).orderBy(asc(courseModules.position)),
    db
      .select({
        id: lessons.id,
        moduleId: lessons.moduleId,
        title: lessons.title,
        type: lessons.type,
        position: lessons.position,
        duration: lessons.duration,
      })
      .from(lessons)
      .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
      .where(eq(courseModules.courseId, courseId))
      .orderBy(asc(lessons.position)),
    db
      .select({
        id: quizzes.id,
        title: quizzes.title,
        description: quizzes.description,
        position: quizzes.position,
        unlockAfterDays: quizzes.unlockAfterDays,
        unlockAt: quizzes.unlockAt,
        prerequisiteQuizId: quizzes.prerequisiteQuizId,
        questionCount: count(quizQuestions.id),
      })
      .from(quizzes)
      .leftJoin(quizQuestions, eq(quizQuestions.quizId, quizzes.id))
      .where(eq(quizzes.courseId, courseId))
      .groupBy(quizzes.id)
      .orderBy(asc(quizzes.position)),
  ]);
  const modules: ModuleOutline[] = moduleRows.map((module) => ({
    id: module.id,
    courseId,
    title: module.title,
    description: module.description,
    order: module.position,
    lessons: lessonRows
      .filter((lesson) => lesson.moduleId === module.id)
      .map((lesson) => ({
        id: lesson.id,
        title: lesson.title,
        type: lesson.type,
        // A lesson's place in a listing is its module's order plus its own order / 1000 (docs/product.md, Publishing and the studio).
        order: module.position + lesson.position / 1000,
        duration: lesson.duration,
      })),
    ...pacingOf(module),
  }));
  const quizOutlines: QuizOutline[] = quizRows.map((quiz) => ({
    id: quiz.id,
    courseId,
    title: quiz.title,
    description: quiz.description,
    order: quiz.position,
    questionCount: quiz.questionCount,
    ...pacingOf(quiz),
  }));
  return withCourseRow(
    { modules, modulesJson: prepareJson(modules), quizzes: quizOutlines, quizzesJson: prepareJson(quizOutlines) },
    entry.row,
  );
}

type CourseRow = Parameters<typeof toCourseJson>[0];

/** Creation to the microsecond, as the Popular order and its cursors compare it (catalog-snapshot.ts). */
const courseSortAt = sql<string>`to_char(${courses.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A course document with its course as `row` holds it; its outline as it was. */
export function withCourseRow(
  outline: Pick<CourseDoc, 'modules' | 'modulesJson' | 'quizzes' | 'quizzesJson'>,
  row: CourseRow,
): CourseDoc {
  // Sanitized when loaded, not per view: a row may have been written past the API's sanitizer.
  const course = toCourseJson({ ...row, description: sanitizeStoredRichText(row.description) });
  return {
    ...outline,
    id: row.id,
    version: row.version,
    creatorId: row.creatorId,
    published: row.published,
    archived: row.archived,
    course,
    json: prepareJson(course),
  };
}

/** Courses with their creators' names, as the catalogue sorts them. */
const selectCourseEntries = (db: Db) =>
  db
    .select({ ...courseWithCreatorColumns, sortAt: courseSortAt })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.creatorId))
    .$dynamic();

/** Courses as they are now, with their creators' names, as catalogue entries (those that exist). */
export async function loadCourseEntries(db: Db, courseIds: string[]): Promise<(CatalogEntry & { row: CourseRow })[]> {
  const rows = await selectCourseEntries(db).where(inArray(courses.id, courseIds));
  return rows.map(({ sortAt, ...row }) => ({ course: toCourseJson(row), sortAt, version: row.version, row }));
}

/** A user's enrollments, newest first. */
export type EnrollmentEntry = { courseId: string; enrolledAt: string };

export async function loadEnrollments(db: Db, userId: string): Promise<EnrollmentEntry[]> {
  const rows = await db
    .select({ courseId: enrollments.courseId, createdAt: enrollments.createdAt })
    .from(enrollments)
    .where(eq(enrollments.userId, userId))
    .orderBy(desc(enrollments.createdAt));
  return rows.map((row) => ({ courseId: row.courseId, enrolledAt: row.createdAt.toISOString() }));
}

/** The ids of the courses a user saved, newest first (whatever the courses' state now). */
export async function loadSavedCourseIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ courseId: savedCourses.courseId })
    .from(savedCourses)
    .where(eq(savedCourses.userId, userId))
    .orderBy(desc(savedCourses.createdAt), savedCourses.courseId);
  return rows.map((row) => row.courseId);
}

/** The ids of the questions a user upvoted, in every course (on `thread_upvotes_user_idx`). */
export async function loadUpvotedThreadIds(db: Db, userId: string): Promise<ReadonlySet<string>> {
  const rows = await db.select({ threadId: threadUpvotes.threadId }).from(threadUpvotes).where(eq(threadUpvotes.userId, userId));
  return new Set(rows.map((row) => row.threadId));
}

export async function loadLearnerRecord(db: Db, userId: string): Promise<LearnerRecord> {
  const [lessonRows, quizRows] = await Promise.all([
    db
      .select({ lessonId: lessonProgress.lessonId, completedAt: lessonProgress.completedAt })
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.completed, true))),
    db
      .selectDistinct({ quizId: quizAttempts.quizId })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.userId, userId), passedAttempt(quizAttempts))),
  ]);
  return {
    completedLessons: new Map(lessonRows.map((row) => [row.lessonId, row.completedAt?.toISOString() ?? null])),
    passedQuizzes: new Set(quizRows.map((row) => row.quizId)),
  };
}

/**
 * Up to `limit` published courses of a filter in Popular order (catalog-snapshot.ts), after the
 * course `after` when given, and whether there are more: one index range (migration 0022), however
 * deep the page.
 */
export async function loadCatalogPage(
  db: Db,
  { filter, after, limit }: { filter: CatalogFilter; after: PopularKey | null; limit: number },
): Promise<{ entries: CatalogEntry[]; hasMore: boolean }> {
  const rows = await selectCourseEntries(db)
    .where(
      and(
        // Spelled as the indexes' predicate (migration 0022), so the planner sees they apply.
        sql`${courses.published} and not ${courses.archived}`,
        filter === 'all' ? undefined : eq(courses.difficulty, filter),
        after
          ? sql`(${courses.studentCount}, ${courses.createdAt}, ${courses.id}) < (${after.studentCount}::integer, ${after.sortAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(courses.studentCount), desc(courses.createdAt), desc(courses.id))
    .limit(limit + 1);
  const entries = rows.slice(0, limit).map(({ sortAt, ...row }) => ({ course: toCourseJson(row), sortAt, version: row.version }));
  return { entries, hasMore: rows.length > limit };
}
