import pg from 'pg';
import type { DbHandle } from '#db/client';
import type { Lesson } from '#shared/schemas/creator';
import { listLessons, toLessonJson } from '../course-content';
import { findCourseOfPart } from '../course-ownership';
import { type PreparedJson, prepareJson } from '../prepared-json';
import { getCourseProgress } from '../progress';
import { createWriteBatcher } from '../write-batch';
import { buildCatalogSnapshot, type CatalogSnapshot, type CourseTouch, touchCatalogSnapshot } from './catalog-snapshot';
import { KeyedCache } from './keyed-cache';
import {
  type CourseDoc,
  type EnrollmentEntry,
  loadCatalog,
  loadCourseDoc,
  loadEnrollments,
  loadProgress,
  loadSavedCourseIds,
  loadSessions,
  type SessionEntry,
  touchCourseDoc,
} from './loaders';

export type { CatalogSnapshot } from './catalog-snapshot';
export type { CourseDoc, EnrollmentEntry, SessionEntry } from './loaders';

export type ReadCacheOptions = {
  handle: DbHandle;
  now?: () => number;
  maxSessions?: number;
  maxCourses?: number;
  maxUsers?: number;
  maxParts?: number;
};

/**
 * A module's slides as stored: media as object paths. Without object media the list is the same for
 * every caller and is served as prepared bytes; object media are signed per caller and per request.
 */
export type LessonListDoc = { lessons: Lesson[]; json: PreparedJson | undefined };

/** Where a module, quiz or slide sits: its course, and a slide's module. */
export type CoursePart = { courseId: string; moduleId?: string; quizId?: string };
export type CoursePartKind = 'module' | 'quiz' | 'lesson';

/**
 * The hot reads of every request, kept in memory and dropped by the database's own change
 * announcements (migration 0001's triggers, LISTEN/NOTIFY): a change made through this process is
 * dropped before the write's query resolves; one made by another process within moments. While
 * the announcements may be missed (the listening connection is down), nothing is kept.
 */
export function createReadCache({
  handle,
  now = Date.now,
  maxSessions = 20_000,
  maxCourses = 5_000,
  maxUsers = 20_000,
  maxParts = 50_000,
}: ReadCacheOptions) {
  const { db } = handle;
  const sessions = new KeyedCache<string, SessionEntry | null>(maxSessions);
  const courses = new KeyedCache<string, CourseDoc | null>(maxCourses);
  const enrollments = new KeyedCache<string, EnrollmentEntry[]>(maxUsers);
  const saved = new KeyedCache<string, string[]>(maxUsers);
  const progress = new KeyedCache<string, Map<string, number>>(maxUsers);
  const catalog = new KeyedCache<'all', CatalogSnapshot>(1);
  /**
   * The course of a module, quiz or slide ('<kind>:<id>'). A part never moves to another course, so
   * an entry never goes stale; whether the part still exists is asked of the course's cached outline,
   * which every insert and delete drops.
   */
  const partCourses = new KeyedCache<string, string | null>(maxParts);
  const lessonLists = new KeyedCache<string, LessonListDoc>(maxCourses);
  /**
   * Per user, their progress document of each course asked for. A user's entry is replaced when
   * anything of theirs changes, so a course's load finishing after that lands in the dropped entry.
   */
  const courseProgress = new KeyedCache<string, Map<string, Promise<PreparedJson>>>(maxUsers);
  const eligibility = new KeyedCache<string, Map<string, Promise<boolean>>>(maxUsers);
  const all = [sessions, courses, enrollments, saved, progress, catalog, partCourses, lessonLists, courseProgress, eligibility];

  function dropCourse(courseId: string) {
    courses.drop(courseId);
    catalog.drop('all');
  }

  function touchCourse(courseId: string, change: CourseTouch) {
    courses.update(courseId, (doc) => (doc ? touchCourseDoc(doc, change) : undefined));
    catalog.update('all', (snapshot) => touchCatalogSnapshot(snapshot, courseId, change));
  }

  function applyChange(payload: string) {
    const separator = payload.indexOf(':');
    const kind = payload.slice(0, separator);
    const id = payload.slice(separator + 1);
    switch (kind) {
      // One notification per statement: the token hashes of every session it changed (migration 0003).
      case 'sessions':
        for (const tokenHash of id.split(',')) sessions.drop(tokenHash);
        break;
      case 'user':
        sessions.dropWhere((entry) => entry?.user.id === id);
        break;
      case 'course':
        dropCourse(id);
        break;
      // Only updated_at changed (migration 0007): applied to what is held, so no reader waits for a rebuild.
      case 'course-touched': {
        const [courseId = '', stamp = ''] = id.split(',');
        touchCourse(courseId, { updatedAt: parseTimestamptz(stamp).toISOString() });
        break;
      }
      // Only student_count changed, by an enrollment (migration 0009): applied in place as well.
      case 'course-counted': {
        const [courseId = '', count = ''] = id.split(',');
        const studentCount = Number(count);
        // A count it cannot read is treated as any other change of the course: reloaded, never shown as null.
        if (Number.isSafeInteger(studentCount)) touchCourse(courseId, { studentCount });
        else dropCourse(courseId);
        break;
      }
      case 'outline':
        courses.drop(id);
        break;
      case 'structure':
        courses.drop(id);
        // Progress percentages and documents count the course's lessons and quizzes.
        progress.clear();
        courseProgress.clear();
        eligibility.clear();
        break;
      case 'lessons':
        lessonLists.drop(id);
        break;
      case 'enrollments':
        enrollments.drop(id);
        progress.drop(id);
        courseProgress.drop(id);
        eligibility.drop(id);
        break;
      case 'progress':
        progress.drop(id);
        courseProgress.drop(id);
        eligibility.drop(id);
        break;
      // A save or an unsave of the user's (migration 0010).
      case 'saved':
        saved.drop(id);
        break;
    }
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
  const loadSession = createWriteBatcher((tokenHashes: string[]) => loadSessions(db, tokenHashes), {
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
    async session(tokenHash: string): Promise<SessionEntry | null> {
      return unexpired(tokenHash, await sessions.get(tokenHash, () => loadSession(tokenHash)));
    },
    course(courseId: string): Promise<CourseDoc | null> {
      return courses.get(courseId, () => loadCourseDoc(db, courseId));
    },
    enrollments(userId: string): Promise<EnrollmentEntry[]> {
      return enrollments.get(userId, () => loadEnrollments(db, userId));
    },
    /** The ids of the courses the user saved, newest first; what each course is now is the course document's. */
    savedCourseIds(userId: string): Promise<string[]> {
      return saved.get(userId, () => loadSavedCourseIds(db, userId));
    },
    async isEnrolled(userId: string, courseId: string): Promise<boolean> {
      return (await this.enrollments(userId)).some((entry) => entry.courseId === courseId);
    },
    /** Percent complete per enrolled course. */
    progress(userId: string): Promise<Map<string, number>> {
      return progress.get(userId, async () => {
        const enrolled = await loadEnrollments(db, userId);
        return loadProgress(
          db,
          userId,
          enrolled.map((entry) => entry.courseId),
        );
      });
    },
    /** A module, quiz or slide and its course, or null when there is none: no query once both are cached. */
    async coursePart(kind: CoursePartKind, id: string): Promise<CoursePart | null> {
      const key = `${kind}:${id}`;
      const courseId = await partCourses.get(key, async () => (await findCourseOfPart(db, kind, id))?.courseId ?? null);
      const outline = courseId ? await this.course(courseId) : null;
      const part = outline ? findInOutline(outline, kind, id) : null;
      // Unknown ids are not remembered: anyone can send any number of them.
      if (!part) partCourses.drop(key);
      return part;
    },
    /** A module's slides in order (media unsigned): no query once cached. */
    lessons(moduleId: string): Promise<LessonListDoc> {
      return lessonLists.get(moduleId, async () => {
        const lessons = (await listLessons({ db, moduleId })).map((row) => toLessonJson(row));
        const hasObjectMedia = lessons.some(
          (lesson) => lesson.videoUrl?.startsWith('/objects/') || lesson.imageUrl?.startsWith('/objects/'),
        );
        return { lessons, json: hasObjectMedia ? undefined : prepareJson(lessons) };
      });
    },
    /** A user's progress in a course (lessons and passed quizzes), serialized: no query once cached. */
    async courseProgress(userId: string, courseId: string): Promise<PreparedJson> {
      const book = await courseProgress.get(userId, async () => new Map());
      let doc = book.get(courseId);
      if (!doc) {
        doc = getCourseProgress({ db, userId, courseId }).then(prepareJson);
        book.set(courseId, doc);
        doc.catch(() => book.delete(courseId));
      }
      return doc;
    },
    /**
     * Whether the user has completed the course (every lesson, every quiz passed), as `load` decides:
     * the Learn page asks on every visit, and it changes only with the user's progress or the course's shape.
     */
    async isEligible(userId: string, courseId: string, load: () => Promise<boolean>): Promise<boolean> {
      const book = await eligibility.get(userId, async () => new Map());
      let answer = book.get(courseId);
      if (!answer) {
        answer = load();
        book.set(courseId, answer);
        answer.catch(() => book.delete(courseId));
      }
      return answer;
    },
    catalog(): Promise<CatalogSnapshot> {
      return catalog.get('all', async () => buildCatalogSnapshot(await loadCatalog(db)));
    },
    /**
     * The same reads, answered synchronously from memory, or undefined when answering would need
     * a query. A hot route answers from these without a single promise, the cost that separated
     * cached reads from a bare server most.
     */
    peek: {
      session: (tokenHash: string): SessionEntry | null | undefined => {
        const entry = sessions.peek(tokenHash);
        return entry === undefined ? undefined : unexpired(tokenHash, entry);
      },
      course: (courseId: string): CourseDoc | null | undefined => courses.peek(courseId),
      enrollments: (userId: string): EnrollmentEntry[] | undefined => enrollments.peek(userId),
      progress: (userId: string): Map<string, number> | undefined => progress.peek(userId),
      catalog: (): CatalogSnapshot | undefined => catalog.peek('all'),
    },
    /** For writes that cannot wait for their announcement (none today: triggers cover every table). */
    applyChange,
    stats() {
      return { sessions: sessions.size, courses: courses.size, enrollments: enrollments.size, progress: progress.size };
    },
    close() {
      unsubscribe();
      setEnabled(false);
    },
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;

/** node-postgres's own reading of a timestamptz, so a touched date equals the one a load would read. */
const parseTimestamptz = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text') as (text: string) => Date;

function findInOutline(course: CourseDoc, kind: CoursePartKind, id: string): CoursePart | null {
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
