import { createHash } from 'node:crypto';
import type { Course, Difficulty } from '#shared/schemas/catalog';
import { type PreparedJson, prepareJsonBytes } from '../prepared-json';

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

const keyOf = (entry: CatalogEntry): PopularKey => ({
  studentCount: entry.course.studentCount,
  sortAt: entry.sortAt,
  id: entry.course.id,
});

/** Opaque to clients (base64url of the last course's sort key); decoded and checked by catalog.service.ts. */
export function encodeCatalogCursor(key: PopularKey): string {
  return Buffer.from(JSON.stringify([key.studentCount, key.sortAt, key.id])).toString('base64url');
}

/** A first page as sent: its JSON, ETag and headers (with the next page's address when there is one). */
export type CatalogPage = PreparedJson & { etag: string; headers: Readonly<Record<string, string>> };

/**
 * The first CATALOG_PAGE_MAX (shared/schemas/catalog.ts) courses of one filter in Popular order, held
 * in memory (not every course: a catalogue of 100,000 is megabytes), and whether the filter has more.
 * Every first page (any limit, no cursor) is a slice of it, made into bytes when first asked.
 */
export type CatalogSnapshot = {
  filter: CatalogFilter;
  entries: readonly CatalogEntry[];
  /** The filter has courses past `entries`: what is held is the top of the list, not all of it. */
  hasMore: boolean;
  /** Each course's row version: an announced change applies only on top of the one before it. */
  versions: ReadonlyMap<string, number>;
  /** First pages made so far, by limit: the few the pages ask for (MAX_PAGE_FORMS), not all a client could. */
  pages: Map<number, CatalogPage>;
};

/** Home's 12, the default 100 and a few more; 100 limits of up to 100 courses each would be megabytes. */
const MAX_PAGE_FORMS = 8;

export function buildCatalogSnapshot(filter: CatalogFilter, entries: readonly CatalogEntry[], hasMore: boolean): CatalogSnapshot {
  return {
    filter,
    entries,
    hasMore,
    versions: new Map(entries.map((entry) => [entry.course.id, entry.version])),
    pages: new Map(),
  };
}

/** The address of the page after `last`, as the client asked for this one (its filter and limit). */
export function nextPageLink(filter: CatalogFilter, limit: number, last: PopularKey): string {
  const query = new URLSearchParams();
  if (filter !== 'all') query.set('difficulty', filter);
  query.set('limit', String(limit));
  query.set('cursor', encodeCatalogCursor(last));
  return `</api/courses?${query}>; rel="next"`;
}

/**
 * `shown` as sent: its JSON, with the next page's address when `hasNext`, and an ETag for both (the
 * same courses with a next page are another answer).
 */
export function catalogPage(filter: CatalogFilter, limit: number, shown: readonly CatalogEntry[], hasNext: boolean): CatalogPage {
  const body = Buffer.from(JSON.stringify(shown.map((entry) => entry.course)));
  const last = shown.at(-1);
  const link = hasNext && last ? nextPageLink(filter, limit, keyOf(last)) : undefined;
  const etag = `"${createHash('sha1')
    .update(body)
    .update(link ?? '')
    .digest('base64url')}"`;
  return Object.assign(prepareJsonBytes(body), {
    etag,
    headers: { etag, 'cache-control': 'public, no-cache', ...(link ? { link } : {}) },
  });
}

/** The first `limit` courses of the snapshot as sent, made once per snapshot and limit (of the last few asked). */
export function firstCatalogPage(snapshot: CatalogSnapshot, limit: number): CatalogPage {
  let page = snapshot.pages.get(limit);
  if (!page) {
    const hasNext = snapshot.entries.length > limit || snapshot.hasMore;
    page = catalogPage(snapshot.filter, limit, snapshot.entries.slice(0, limit), hasNext);
    // Oldest first: Maps iterate in insertion order.
    if (snapshot.pages.size >= MAX_PAGE_FORMS) snapshot.pages.delete(snapshot.pages.keys().next().value as number);
    snapshot.pages.set(limit, page);
  }
  return page;
}

/** What the database announces of a course without a reload: its new `updatedAt` or student count. */
export type CourseTouch = Partial<Pick<Course, 'updatedAt' | 'studentCount'>>;

/**
 * How an announced change of a course at `version` meets a held copy at `held`: applied on top of
 * the version before it, ignored when the copy is as new or newer (the announcement came late), and
 * 'drop' on a gap, since an announcement in between is still on its way.
 */
export function touchOutcome(held: number, version: number): 'apply' | 'ignore' | 'drop' {
  if (version <= held) return 'ignore';
  return version === held + 1 ? 'apply' : 'drop';
}

/**
 * The snapshot with one course's fields changed, the same snapshot, or undefined to drop it. A
 * snapshot holding only the top of its list knows nothing of the courses below: a course it does not
 * hold whose count now reaches its last one's may belong in it, and a held course that falls to the
 * bottom may belong below courses it never saw, so both drop it (to be loaded again).
 */
export function touchCatalogSnapshot(
  snapshot: CatalogSnapshot,
  courseId: string,
  version: number,
  change: CourseTouch,
): CatalogSnapshot | undefined {
  const held = snapshot.versions.get(courseId);
  if (held === undefined) {
    const last = snapshot.entries.at(-1);
    const mayEnter =
      snapshot.hasMore && change.studentCount !== undefined && (!last || change.studentCount >= last.course.studentCount);
    return mayEnter ? undefined : snapshot;
  }
  const outcome = touchOutcome(held, version);
  if (outcome !== 'apply') return outcome === 'ignore' ? snapshot : undefined;
  const entries = snapshot.entries.map((entry) =>
    entry.course.id === courseId ? { ...entry, course: { ...entry.course, ...change }, version } : entry,
  );
  if (change.studentCount !== undefined) {
    entries.sort((a, b) => comparePopular(keyOf(a), keyOf(b)));
    if (snapshot.hasMore && entries.at(-1)?.course.id === courseId) return undefined;
  }
  return buildCatalogSnapshot(snapshot.filter, entries, snapshot.hasMore);
}
