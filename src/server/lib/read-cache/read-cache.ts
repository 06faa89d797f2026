import { CACHE_FEEDS, type CacheName, type FedTable } from '#db/cache-feeds';
import type { DbHandle } from '#db/client';
import { CATALOG_PAGE_MAX, difficulties } from '#shared/schemas/catalog';
import type { Lesson } from '#shared/schemas/creator';
import { type ThreadSort, ThreadSortSchema } from '#shared/schemas/discussions';
import type { Earnings } from '#shared/schemas/earnings';
import { type ReviewSort, ReviewSortSchema } from '#shared/schemas/reviews';
import { createBatcher } from '../batch';
import { listLessons, toLessonJson } from '../course-content';
import { type CoursePartKind, findCourseOfPart } from '../course-ownership';
import { type PreparedJson, prepareJson } from '../prepared-json';
import type { LearnerRecord } from '../progress';
import { sanitizeStoredRichText } from '../rich-text';
import { buildCatalogSnapshot, type CatalogFilter, type CatalogSnapshot, patchCatalogSnapshot } from './catalog-snapshot';
import { after, KeyedCache, type MaybePromise } from './keyed-cache';
import {
  type CourseDoc,
  type EnrollmentEntry,
  loadCatalogPage,
  loadCourseDoc,
  loadCourseEntries,
  loadEnrollments,
  loadLearnerRecord,
  loadSavedCourseIds,
  loadSessions,
  loadUpvotedThreadIds,
  type SessionEntry,
  withCourseRow,
} from './loaders';

export type { CatalogFilter, CatalogSnapshot } from './catalog-snapshot';
export { after, type MaybePromise } from './keyed-cache';
export type { CourseDoc, EnrollmentEntry, SessionEntry } from './loaders';

/** A creator's earnings as the route answers them, the courses they name, and until when they hold. */
export type EarningsEntry = { earnings: Earnings; courseIds: string[]; validUntil: number };

/** What the read cache needs of a page of reviews: who wrote them, as an author's new name drops it. */
type ReviewPageEntry = { items: readonly { user: { id: string } }[] };
const REVIEW_SORTS = ReviewSortSchema.options;
const CATALOG_FILTERS: readonly CatalogFilter[] = ['all', ...difficulties];
/** What the read cache needs of a slide's page of questions: its threads, and whose names it shows (askers and repliers). */
type ThreadPageEntry = { threadIds: readonly string[]; userIds: ReadonlySet<string> };
const threadPageKey = (lessonId: string, sort: ThreadSort, isUnanswered: boolean) =>
  `${lessonId}:${sort}:${isUnanswered ? 'unanswered' : 'all'}`;
const threadPageKeys = (lessonId: string) =>
  ThreadSortSchema.options.flatMap((sort) => [false, true].map((isUnanswered) => threadPageKey(lessonId, sort, isUnanswered)));

export type ReadCacheOptions = {
  handle: { db: DbHandle['db']; changes: Pick<DbHandle['changes'], 'isReliable' | 'subscribe'> };
  now?: () => number;
  maxSessions?: number;
  maxCourses?: number;
  maxUsers?: number;
  maxParts?: number;
  maxSearches?: number;
};

/**
 * A module's slides as stored: media as object paths. Without object media the list is the same for
 * every caller and is served as prepared bytes; object media are signed per caller and per request.
 */
export type LessonListDoc = { lessons: Lesson[]; json: PreparedJson | undefined };

/** Where a module, quiz or slide sits: its course, and a slide's module. */
export type CoursePart = { courseId: string; moduleId?: string; quizId?: string };
type LearnablePartKind = Extract<CoursePartKind, 'module' | 'quiz' | 'lesson'>;

/**
 * The hot reads of every request, kept in memory and dropped by the database's own change
 * announcements (the triggers made from src/db/cache-feeds.ts, LISTEN/NOTIFY: ADR 0047): a change made through this process is
 * dropped before the write's query resolves; one made by another process within moments. Each read
 * answers from memory synchronously when it holds the value, otherwise with a promise (MaybePromise).
 * Whenever the announcements may have been missed (the listening connection is down, or has just come
 * back), every cache is emptied, and nothing is kept until the feed is reliable again (ADR 0021).
 */
export function createReadCache({
  handle,
  now = Date.now,
  maxSessions = 20_000,
  maxCourses = 5_000,
  maxUsers = 20_000,
  maxParts = 50_000,
  maxSearches = 500,
}: ReadCacheOptions) {
  const { db } = handle;
  /** Every cache, by the name the map and the metrics give it (docs/performance.md, Metrics). */
  const caches = {
    sessions: new KeyedCache<string, SessionEntry | null>(maxSessions),
    courses: new KeyedCache<string, CourseDoc | null>(maxCourses),
    enrollments: new KeyedCache<string, EnrollmentEntry[]>(maxUsers),
    saved_courses: new KeyedCache<string, string[]>(maxUsers),
    learners: new KeyedCache<string, LearnerRecord>(maxUsers),
    /** The top of the catalogue, and of each difficulty's: where every first page comes from. */
    catalog: new KeyedCache<CatalogFilter, CatalogSnapshot>(4),
    /**
     * The course of a module, quiz or slide ('<kind>:<id>'). A part never moves to another course, so
     * an entry never goes stale; whether the part still exists is asked of the course's cached outline,
     * which every insert and delete drops.
     */
    course_parts: new KeyedCache<string, string | null>(maxParts),
    lessons: new KeyedCache<string, LessonListDoc>(maxCourses),
    /** A course's first page of reviews in one order ('<course id>:<sort>'), with its star distribution. */
    review_pages: new KeyedCache<string, ReviewPageEntry>(maxCourses),
    /**
     * A slide's first page of questions in one order, all or unanswered only ('<lesson id>:<sort>:<all|unanswered>'),
     * as everyone sees it: each caller's `upvoted` is laid over it from upvoted_threads (ADR 0061).
     */
    thread_pages: new KeyedCache<string, ThreadPageEntry>(maxCourses),
    /** The ids of the questions a user upvoted, in every course. */
    upvoted_threads: new KeyedCache<string, ReadonlySet<string>>(maxUsers),
    /**
     * First pages of course searches, by their parameters. A search reads every published course, so
     * any change to what one shows or matches (a course, its outline, an instructor's name) drops all.
     */
    searches: new KeyedCache<string, PreparedJson>(maxSearches),
    /**
     * A creator's earnings for one period ('<creator id>|<period>'), dropped by any ledger entry of
     * theirs or change of one of their courses, and held no longer than `validUntil`:
     * the moment a sale leaves the refund window and its money becomes available.
     */
    earnings: new KeyedCache<string, EarningsEntry>(maxUsers),
  };
  const { sessions, courses, enrollments, learners, catalog, earnings } = caches;
  const { saved_courses: saved, course_parts: partCourses, lessons: lessonLists, review_pages: reviewPages, searches } = caches;
  const { thread_pages: threadPages, upvoted_threads: upvotedThreads } = caches;
  const all = Object.values(caches);

  /**
   * Courses announced changed, re-read in turns (one at a time, so a later turn's rows are newer) and
   * applied to the held documents and catalogue snapshots in place: an enrollment's count or an edit's
   * date costs one small query instead of every reader waiting for a rebuild. Until its turn is
   * applied, a read of the course, or of the catalogue, waits for it: a writer reads its own write.
   */
  type Turn = { ids: Set<string>; done: Promise<void> };
  let reading: Turn | undefined;
  let queued: Turn | undefined;

  function refreshCourse(courseId: string) {
    // A load in flight may have read the course before the change: forgotten, not kept.
    courses.update(courseId, (doc) => doc);
    for (const filter of CATALOG_FILTERS) catalog.update(filter, (snapshot) => snapshot);
    if (!queued) {
      const turn: Turn = { ids: new Set(), done: (reading?.done ?? Promise.resolve()).then(() => applyTurn(turn)) };
      queued = turn;
    }
    queued.ids.add(courseId);
  }

  async function applyTurn(turn: Turn) {
    reading = turn;
    if (queued === turn) queued = undefined;
    const ids = [...turn.ids];
    try {
      const found = new Map((await loadCourseEntries(db, ids)).map((entry) => [entry.course.id, entry]));
      for (const courseId of ids) {
        const entry = found.get(courseId) ?? null;
        courses.update(courseId, (doc) =>
          entry === null || doc === null ? undefined : entry.version > doc.version ? withCourseRow(doc, entry.row) : doc,
        );
        for (const filter of CATALOG_FILTERS)
          catalog.update(filter, (snapshot) => patchCatalogSnapshot(snapshot, courseId, entry));
      }
    } catch {
      // Not read: dropped, so the next read loads them whole.
      for (const courseId of ids) courses.drop(courseId);
      catalog.clear();
    } finally {
      if (reading === turn) reading = undefined;
    }
  }

  /** `read`, once the course's announced changes (without a course, every course's) are applied. */
  function whenFresh<T>(courseId: string | undefined, read: () => MaybePromise<T>): MaybePromise<T> {
    for (const turn of [queued, reading]) {
      if (turn && (courseId === undefined || turn.ids.has(courseId))) return turn.done.then(read);
    }
    return read();
  }

  /** What an announced change of a table's row (by the map's key) drops, cache by cache (CACHE_FEEDS). */
  const onChange: Record<CacheName, (table: FedTable, id: string) => void> = {
    sessions: (table, id) => (table === 'sessions' ? sessions.drop(id) : sessions.dropWhere((entry) => entry?.user.id === id)),
    courses: (table, id) => {
      if (table === 'courses') refreshCourse(id);
      else if (table === 'users') courses.dropWhere((doc) => doc?.creatorId === id);
      else if (table === 'lessons') courses.dropWhere((doc) => doc?.modules.some((module) => module.id === id) ?? false);
      else if (table === 'quiz_questions') courses.dropWhere((doc) => doc?.quizzes.some((quiz) => quiz.id === id) ?? false);
      else courses.drop(id);
    },
    catalog: (table, id) =>
      table === 'courses'
        ? refreshCourse(id)
        : catalog.dropWhere((snapshot) => snapshot.entries.some((entry) => entry.course.creatorId === id)),
    // A part never moves to another course; whether it still exists is asked of the course's outline.
    course_parts: () => {},
    lessons: (_table, id) => lessonLists.drop(id),
    enrollments: (_table, id) => enrollments.drop(id),
    learners: (_table, id) => learners.drop(id),
    saved_courses: (_table, id) => saved.drop(id),
    review_pages: (table, id) => {
      if (table === 'reviews') for (const sort of REVIEW_SORTS) reviewPages.drop(`${id}:${sort}`);
      else reviewPages.dropWhere((page) => page.items.some((review) => review.user.id === id));
    },
    thread_pages: (table, id) => {
      if (table === 'lesson_threads') for (const key of threadPageKeys(id)) threadPages.drop(key);
      else if (table === 'thread_replies') threadPages.dropWhere((page) => page.threadIds.includes(id));
      else threadPages.dropWhere((page) => page.userIds.has(id));
    },
    upvoted_threads: (_table, id) => upvotedThreads.drop(id),
    // A search reads every published course: any change to what one shows or matches drops all.
    searches: () => searches.clear(),
    earnings: (table, id) =>
      table === 'courses'
        ? earnings.dropWhere((entry) => entry.courseIds.includes(id))
        : earnings.dropWhere((_entry, key) => key.startsWith(`${id}|`)),
  };

  /** An announcement, '<table>:<key>,<key>,…' (migration 0036), applied to every cache the table feeds. */
  function applyChange(payload: string) {
    const separator = payload.indexOf(':');
    const table = payload.slice(0, separator);
    if (!Object.hasOwn(CACHE_FEEDS, table)) return;
    const feed = CACHE_FEEDS[table as FedTable];
    const ids = payload.slice(separator + 1).split(',');
    for (const cache of feed.feeds) for (const id of ids) onChange[cache](table as FedTable, id);
  }

  const setEnabled = (enabled: boolean) => {
    for (const cache of all) cache.enabled = enabled;
  };
  setEnabled(handle.changes.isReliable);
  const unsubscribe = handle.changes.subscribe({ onChange: applyChange, onReliableChange: setEnabled });

  /**
   * Sessions not yet cached are looked up together: a burst of sign-ins or logouts, each with a
   * token never seen before, costs a few queries instead of one each.
   */
  const loadSession = createBatcher((tokenHashes: string[]) => loadSessions(db, tokenHashes), {
    maxBatch: 500,
    maxInFlight: 4,
  });

  /** A cached session past its expiry is dropped, never answered. */
  function unexpired(tokenHash: string, entry: SessionEntry | null): SessionEntry | null {
    if (entry && entry.expiresAt <= now()) {
      sessions.drop(tokenHash);
      return null;
    }
    return entry;
  }

  return {
    /** The signed-in user of a bearer token's hash, or null. */
    session(tokenHash: string): MaybePromise<SessionEntry | null> {
      return after(
        sessions.get(tokenHash, () => loadSession(tokenHash)),
        (entry) => unexpired(tokenHash, entry),
      );
    },
    course(courseId: string): MaybePromise<CourseDoc | null> {
      return whenFresh(courseId, () => courses.get(courseId, () => loadCourseDoc(db, courseId)));
    },
    /** The user's enrollments, newest first. */
    enrollments(userId: string): MaybePromise<EnrollmentEntry[]> {
      return enrollments.get(userId, () => loadEnrollments(db, userId));
    },
    /** A course's first page of reviews in one order, as `load` answers it while none of its reviews or authors change. */
    firstReviewPage<P extends ReviewPageEntry>(courseId: string, sort: ReviewSort, load: () => Promise<P>): MaybePromise<P> {
      return reviewPages.get(`${courseId}:${sort}`, load) as MaybePromise<P>;
    },
    /**
     * A slide's first page of questions in one order, all or unanswered only, as `load` answers it while
     * none of its questions, their replies or their authors change.
     */
    firstThreadPage<P extends ThreadPageEntry>(
      lessonId: string,
      sort: ThreadSort,
      isUnanswered: boolean,
      load: () => Promise<P>,
    ): MaybePromise<P> {
      return threadPages.get(threadPageKey(lessonId, sort, isUnanswered), load) as MaybePromise<P>;
    },
    /** The ids of the questions the user upvoted, in every course. */
    upvotedThreadIds(userId: string): MaybePromise<ReadonlySet<string>> {
      return upvotedThreads.get(userId, () => loadUpvotedThreadIds(db, userId));
    },
    /**
     * A creator's earnings for a period (any text that names it), as `load` answers them until one of
     * their entries changes or, by the caller's clock, `validUntil` passes.
     */
    async creatorEarnings(
      creatorId: string,
      period: string,
      at: number,
      load: () => Promise<EarningsEntry>,
    ): Promise<EarningsEntry> {
      const key = `${creatorId}|${period}`;
      const entry = await earnings.get(key, load);
      if (entry.validUntil > at) return entry;
      earnings.drop(key);
      return earnings.get(key, load);
    },
    /** A search's first page by its parameters, as `load` answers it while nothing it read has changed. */
    searchPage(key: string, load: () => Promise<PreparedJson>): MaybePromise<PreparedJson> {
      return searches.get(key, load);
    },
    /** The ids of the courses the user saved, newest first; what each course is now is the course document's. */
    savedCourseIds(userId: string): MaybePromise<string[]> {
      return saved.get(userId, () => loadSavedCourseIds(db, userId));
    },
    /** The slides a learner completed and the quizzes they passed, in every course (lib/progress.ts works out a course's progress). */
    learnerRecord(userId: string): MaybePromise<LearnerRecord> {
      return learners.get(userId, () => loadLearnerRecord(db, userId));
    },
    /** A module, quiz or slide and its course, or null when there is none: no query once both are cached. */
    coursePart(kind: LearnablePartKind, id: string): MaybePromise<CoursePart | null> {
      const key = `${kind}:${id}`;
      const courseId = partCourses.get(key, async () => (await findCourseOfPart(db, kind, id))?.courseId ?? null);
      return after(courseId, (found) =>
        after(found ? this.course(found) : null, (outline) => {
          const part = outline ? findInOutline(outline, kind, id) : null;
          // Unknown ids are not remembered: anyone can send any number of them.
          if (!part) partCourses.drop(key);
          return part;
        }),
      );
    },
    /** A module's slides in order (media unsigned): no query once cached. */
    lessons(moduleId: string): MaybePromise<LessonListDoc> {
      return lessonLists.get(moduleId, async () => {
        // Sanitized when loaded, not per view: a row may have been written past the API's sanitizer.
        const lessons = (await listLessons({ db, moduleId })).map((row) =>
          toLessonJson({ ...row, content: row.content === null ? null : sanitizeStoredRichText(row.content) }),
        );
        const hasObjectMedia = lessons.some(
          (lesson) =>
            lesson.videoUrl?.startsWith('/objects/') ||
            lesson.imageUrl?.startsWith('/objects/') ||
            lesson.notebookUrl?.startsWith('/objects/') ||
            lesson.captions.length > 0,
        );
        return { lessons, json: hasObjectMedia ? undefined : prepareJson(lessons) };
      });
    },
    /** The first CATALOG_PAGE_MAX courses of the catalogue or of one difficulty, in Popular order. */
    catalog(filter: CatalogFilter = 'all'): MaybePromise<CatalogSnapshot> {
      return whenFresh(undefined, () =>
        catalog.get(filter, async () => {
          const { entries, hasMore } = await loadCatalogPage(db, { filter, after: null, limit: CATALOG_PAGE_MAX });
          return buildCatalogSnapshot(filter, entries, hasMore);
        }),
      );
    },
    /** For tests: a change as the database would announce it. */
    applyChange,
    /** Each cache's hits and misses since the start, and the values it holds now. */
    cacheStats(): { name: string; hits: number; misses: number; entries: number }[] {
      return Object.entries(caches).map(([name, cache]) => ({
        name,
        hits: cache.hits,
        misses: cache.misses,
        entries: cache.size,
      }));
    },
    close() {
      unsubscribe();
      setEnabled(false);
    },
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;

function findInOutline(course: CourseDoc, kind: LearnablePartKind, id: string): CoursePart | null {
  const courseId = course.id;
  switch (kind) {
    case 'module':
      return course.modules.some((module) => module.id === id) ? { courseId, moduleId: id } : null;
    case 'quiz':
      return course.quizzes.some((quiz) => quiz.id === id) ? { courseId, quizId: id } : null;
    case 'lesson': {
      const module = course.modules.find((candidate) => candidate.lessons.some((lesson) => lesson.id === id));
      return module ? { courseId, moduleId: module.id } : null;
    }
  }
}
