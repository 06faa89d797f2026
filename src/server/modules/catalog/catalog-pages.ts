import { createHash } from 'node:crypto';
import { memoized } from '../../lib/memo';
import { type PreparedJson, prepareJsonBytes } from '../../lib/prepared-json';
import {
  type CatalogEntry,
  type CatalogFilter,
  type CatalogSnapshot,
  keyOf,
  type PopularKey,
} from '../../lib/read-cache/catalog-snapshot';

/** Opaque to clients (base64url of the last course's sort key); decoded and checked by catalog.service.ts. */
export function encodeCatalogCursor(key: PopularKey): string {
  return Buffer.from(JSON.stringify([key.studentCount, key.sortAt, key.id])).toString('base64url');
}

/** A page as sent: its JSON, ETag and headers (with the next page's address when there is one). */
export type CatalogPage = PreparedJson & { etag: string; headers: Readonly<Record<string, string>> };

/** The address of the page after `last`, as the client asked for this one (its filter and limit). */
function nextPageLink(filter: CatalogFilter, limit: number, last: PopularKey): string {
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

/** Home's 12, the default 100 and a few more; 100 limits of up to 100 courses each would be megabytes. */
const MAX_PAGE_FORMS = 8;
/** First pages made so far from a snapshot, by limit; they go with the snapshot, which the read cache replaces on a change. */
const firstPages = new WeakMap<CatalogSnapshot, Map<number, CatalogPage>>();

/** The first `limit` courses of the snapshot as sent, made once per snapshot and limit (of the last few asked). */
export function firstCatalogPage(snapshot: CatalogSnapshot, limit: number): CatalogPage {
  const pages = memoized(firstPages, snapshot, () => new Map<number, CatalogPage>());
  let page = pages.get(limit);
  if (!page) {
    const hasNext = snapshot.entries.length > limit || snapshot.hasMore;
    page = catalogPage(snapshot.filter, limit, snapshot.entries.slice(0, limit), hasNext);
    // Oldest first: Maps iterate in insertion order.
    if (pages.size >= MAX_PAGE_FORMS) pages.delete(pages.keys().next().value as number);
    pages.set(limit, page);
  }
  return page;
}
