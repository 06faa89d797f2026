import { createHash } from 'node:crypto';
import type { Course } from '#shared/schemas/catalog';
import { type PreparedJson, prepareJson } from '../prepared-json';

/** The public list, the same bytes for everyone, revalidated with its ETag. */
export type CatalogSnapshot = PreparedJson & { etag: string; list: readonly Course[] };

export function buildCatalogSnapshot(list: readonly Course[]): CatalogSnapshot {
  const prepared = prepareJson(list);
  return Object.assign(prepared, { etag: `"${createHash('sha1').update(prepared.body).digest('base64url')}"`, list });
}

/** What the database announces of a course without a reload: its new `updatedAt` or student count. */
export type CourseTouch = Partial<Pick<Course, 'updatedAt' | 'studentCount'>>;

/** The snapshot with one course's fields changed (the same snapshot when the course is not listed). */
export function touchCatalogSnapshot(snapshot: CatalogSnapshot, courseId: string, change: CourseTouch): CatalogSnapshot {
  if (!snapshot.list.some((course) => course.id === courseId)) return snapshot;
  return buildCatalogSnapshot(snapshot.list.map((course) => (course.id === courseId ? { ...course, ...change } : course)));
}
