import type { FastifyRequest } from 'fastify';
import type { Db } from '#db/client';
import { ErrorCode } from '#shared/errors';
import { isUuid } from '#shared/ids';
import type { CourseListQuery } from '#shared/schemas/catalog';
import { AppError } from '../../errors';
import { type CourseAccess, getCourseAccess } from '../../lib/course-access';
import { acceptedEncodings } from '../../lib/prepared-json';
import type { PopularKey } from '../../lib/read-cache/catalog-snapshot';
import { loadCatalogPage } from '../../lib/read-cache/loaders';
import type { ReadCache } from '../../lib/read-cache/read-cache';
import { type CatalogPage, catalogPage, firstCatalogPage } from './catalog-pages';

/** A course as its caller may see it, and whether they are signed in (which form of the course they get). */
export type CallerCourse = { signedIn: boolean; userId: string | undefined; access: CourseAccess };

/** Who is asking and what they may see of the course, or 404. */
export async function getCallerCourse(request: FastifyRequest, reads: ReadCache, courseId: string): Promise<CallerCourse> {
  const user = await request.getCurrentUser();
  const access = await getCourseAccess({ reads, courseId, userId: user?.id });
  // Made only when thrown: an error captures its stack, which cost a hot route more than its work.
  if (!access) throw new AppError(ErrorCode.NOT_FOUND, 'Course not found');
  return { signedIn: user !== null, userId: user?.id, access };
}

/** A cursor as `Link` headers give it (catalog-pages.ts encodeCatalogCursor), or 400. */
export function decodeCatalogCursor(value: string): PopularKey {
  const invalid = () => new AppError(ErrorCode.BAD_REQUEST, 'Invalid cursor', { errors: { cursor: 'Invalid cursor' } });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw invalid();
  const [studentCount, sortAt, id] = parsed as unknown[];
  const isCount =
    typeof studentCount === 'number' && Number.isSafeInteger(studentCount) && studentCount >= 0 && studentCount <= 2 ** 31 - 1;
  // Only a real instant the database reads the same way (no 30 February, nothing before 1970).
  const isTime =
    typeof sortAt === 'string' &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(sortAt) &&
    Date.parse(sortAt) >= 0 &&
    new Date(Date.parse(sortAt)).toISOString().slice(0, 23) === sortAt.slice(0, 23);
  if (!isCount || !isTime || typeof id !== 'string' || !isUuid(id)) throw invalid();
  return { studentCount, sortAt, id };
}

/**
 * A page of the catalogue (docs/product.md, Catalogue and course pages: `limit`, `cursor`, `difficulty`). A
 * first page is a slice of the cached top of its list, the same bytes for everyone; a
 * later one is one index range of the database, compressed (off the event loop) before it is sent when the
 * client takes it.
 */
export async function listCatalogPage({
  db,
  reads,
  query,
  acceptEncoding,
}: {
  db: Db;
  reads: ReadCache;
  query: CourseListQuery;
  acceptEncoding: string | undefined;
}): Promise<CatalogPage> {
  const filter = query.difficulty ?? 'all';
  if (query.cursor === undefined) return firstCatalogPage(await reads.catalog(filter), query.limit);
  const afterKey = decodeCatalogCursor(query.cursor);
  const { entries, hasMore } = await loadCatalogPage(db, { filter, after: afterKey, limit: query.limit });
  const page = catalogPage(filter, query.limit, entries, hasMore);
  const { br, gzip } = acceptedEncodings(acceptEncoding);
  if (br || gzip) await page.compressed;
  return page;
}
