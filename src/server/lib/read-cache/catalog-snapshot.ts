import { createHash } from 'node:crypto';
import type { Course } from '#shared/schemas/catalog';
import { type PreparedJson, prepareJson } from '../prepared-json';

/** The public list, the same bytes for everyone, revalidated with its ETag. */
export type CatalogSnapshot = PreparedJson & { etag: string };

export function buildCatalogSnapshot(list: Course[]): CatalogSnapshot {
  const prepared = prepareJson(list);
  return Object.assign(prepared, { etag: `"${createHash('sha1').update(prepared.body).digest('base64url')}"` });
}
