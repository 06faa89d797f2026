import { createHash } from 'node:crypto';
import type { Course } from '#shared/schemas/catalog';
import { type PreparedJson, prepareJson } from '../prepared-json';

/** The public list, the same bytes for everyone, revalidated with its ETag; with each course's row version. */
export type CatalogSnapshot = PreparedJson & { etag: string; list: readonly Course[]; versions: ReadonlyMap<string, number> };

export function buildCatalogSnapshot(list: readonly Course[], versions: ReadonlyMap<string, number>): CatalogSnapshot {
  const prepared = prepareJson(list);
  return Object.assign(prepared, { etag: `"${createHash('sha1').update(prepared.body).digest('base64url')}"`, list, versions });
}

/**
 * The marketplace's order, "Popular": most students first, then newest, then id so equal courses keep
 * one order. The database sorts a load the same way (loaders.ts); a touched count re-sorts what is held.
 */
export function comparePopular(a: Course, b: Course): number {
  if (a.studentCount !== b.studentCount) return b.studentCount - a.studentCount;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
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

/** The snapshot with one course's fields changed, the same snapshot, or undefined to drop it (touchOutcome). */
export function touchCatalogSnapshot(
  snapshot: CatalogSnapshot,
  courseId: string,
  version: number,
  change: CourseTouch,
): CatalogSnapshot | undefined {
  const held = snapshot.versions.get(courseId);
  if (held === undefined) return snapshot;
  const outcome = touchOutcome(held, version);
  if (outcome !== 'apply') return outcome === 'ignore' ? snapshot : undefined;
  const list = snapshot.list.map((course) => (course.id === courseId ? { ...course, ...change } : course));
  if (change.studentCount !== undefined) list.sort(comparePopular);
  return buildCatalogSnapshot(list, new Map(snapshot.versions).set(courseId, version));
}
