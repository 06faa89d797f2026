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
  /** Each course's row version: a course read again applies only when newer. */
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
  const isListed =
    course !== undefined &&
    course.published &&
    !course.archived &&
    (snapshot.filter === 'all' || course.difficulty === snapshot.filter);
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
