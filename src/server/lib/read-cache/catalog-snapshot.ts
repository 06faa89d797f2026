import type { Course, Difficulty } from '#shared/schemas/catalog';

/** Which published courses a list holds: all of them, or one difficulty's. */
export type CatalogFilter = 'all' | Difficulty;

/**
 * A course in the marketplace's order, "Popular": most students first, then newest, then the
 * greatest id, so equal courses keep one order. `sortAt` is its creation time to the microsecond,
 * as PostgreSQL keeps it: a page boundary between two courses of the same millisecond holds.
 */
export type PopularKey = { studentCount: number; sortAt: string; id: string };

export type CatalogEntry = { course: Course; sortAt: string; version: number };

export function comparePopular(a: PopularKey, b: PopularKey): number {
  if (a.studentCount !== b.studentCount) return b.studentCount - a.studentCount;
  if (a.sortAt !== b.sortAt) return a.sortAt < b.sortAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/** A catalogue entry's place in the Popular order. */
export const keyOf = (entry: CatalogEntry): PopularKey => ({
  studentCount: entry.course.studentCount,
  sortAt: entry.sortAt,
  id: entry.course.id,
});

/**
 * The first CATALOG_PAGE_MAX (shared/schemas/catalog.ts) courses of one filter in Popular order, held
 * in memory (not every course: a catalogue of 100,000 is megabytes), and whether the filter has more.
 * Every first page (any limit, no cursor) is a slice of it (modules/catalog/catalog-pages.ts).
 */
export type CatalogSnapshot = {
  filter: CatalogFilter;
  entries: readonly CatalogEntry[];
  /** The filter has courses past `entries`: what is held is the top of the list, not all of it. */
  hasMore: boolean;
  /** Each course's row version: a course read again applies only when newer. */
  versions: ReadonlyMap<string, number>;
};

export function buildCatalogSnapshot(filter: CatalogFilter, entries: readonly CatalogEntry[], hasMore: boolean): CatalogSnapshot {
  return {
    filter,
    entries,
    hasMore,
    versions: new Map(entries.map((entry) => [entry.course.id, entry.version])),
  };
}

/**
 * The snapshot with one course as the database now holds it (`entry`, or null once it is gone): the
 * same snapshot when nothing it shows changed, a new one, or undefined to drop it (loaded again at the
 * next read). A copy as new as `entry` is kept. A snapshot of only the top of its list knows nothing
 * of the courses below: a course it does not hold that now sorts within it, and a held course that
 * leaves or falls to the bottom, may belong among courses it never saw, so both drop it.
 */
export function patchCatalogSnapshot(
  snapshot: CatalogSnapshot,
  courseId: string,
  entry: CatalogEntry | null,
): CatalogSnapshot | undefined {
  const held = snapshot.versions.get(courseId);
  if (held !== undefined && entry && entry.version <= held) return snapshot;
  const course = entry?.course;
  const isListed = course?.published && !course.archived && (snapshot.filter === 'all' || course.difficulty === snapshot.filter);
  if (held === undefined) {
    const last = snapshot.entries.at(-1);
    const sortsWithin = !snapshot.hasMore || !last || (entry !== null && comparePopular(keyOf(entry), keyOf(last)) < 0);
    return isListed && sortsWithin ? undefined : snapshot;
  }
  const others = snapshot.entries.filter((candidate) => candidate.course.id !== courseId);
  if (!isListed || entry === null) return snapshot.hasMore ? undefined : buildCatalogSnapshot(snapshot.filter, others, false);
  const entries = [...others, entry].sort((a, b) => comparePopular(keyOf(a), keyOf(b)));
  if (snapshot.hasMore && entries.at(-1)?.course.id === courseId) return undefined;
  return buildCatalogSnapshot(snapshot.filter, entries, snapshot.hasMore);
}
