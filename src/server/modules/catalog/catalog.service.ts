import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { and, desc, eq } from 'drizzle-orm';
import { type Db, isUuid } from '#db/client';
import { courses, enrollments } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import type { Course } from '#shared/schemas/catalog';
import { AppError } from '../../errors';
import { toCourseJson } from './course-json';

export async function listPublishedCourses({ db }: { db: Db }): Promise<Course[]> {
  const rows = await db
    .select()
    .from(courses)
    .where(and(eq(courses.published, true), eq(courses.archived, false)))
    .orderBy(desc(courses.createdAt), courses.id);
  return rows.map(toCourseJson);
}

export type CatalogSnapshot = { body: Buffer; gzip: Buffer; brotli: Buffer; etag: string; builtAt: number };

/**
 * The public list is the same bytes for everyone, so it is serialized and compressed once and
 * revalidated with an ETag. Changes made through this instance invalidate it at once; changes made by
 * other instances behind a load balancer show within maxAgeMs.
 */
export function createCatalogCache({ db, maxAgeMs }: { db: Db; maxAgeMs: number }) {
  let snapshot: CatalogSnapshot | undefined;
  let pending: Promise<CatalogSnapshot> | undefined;

  async function build(): Promise<CatalogSnapshot> {
    const body = Buffer.from(JSON.stringify(await listPublishedCourses({ db })));
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    // Compressed once per snapshot instead of once per response.
    const gzip = gzipSync(body, { level: 9 });
    const brotli = brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } });
    return { body, gzip, brotli, etag, builtAt: Date.now() };
  }

  return {
    async get(): Promise<CatalogSnapshot> {
      if (snapshot && Date.now() - snapshot.builtAt < maxAgeMs) return snapshot;
      // One rebuild at a time, however many requests arrive while it runs.
      pending ??= build().finally(() => {
        pending = undefined;
      });
      snapshot = await pending;
      return snapshot;
    },
    invalidate() {
      snapshot = undefined;
    },
  };
}

export type CatalogCache = ReturnType<typeof createCatalogCache>;

/**
 * A published course is public; an archived one stays visible to its enrolled students and its
 * creator; a draft only to its creator. Everything else is 404 so drafts are not discoverable.
 */
export async function getVisibleCourse({
  db,
  courseId,
  userId,
}: {
  db: Db;
  courseId: string;
  userId: string | undefined;
}): Promise<Course> {
  const notFound = new AppError(ErrorCode.NOT_FOUND, 'Course not found');
  if (!isUuid(courseId)) throw notFound;
  const [row] = await db.select().from(courses).where(eq(courses.id, courseId)).limit(1);
  if (!row) throw notFound;
  const isCreator = userId !== undefined && row.creatorId === userId;
  const isEnrolled = userId !== undefined && !isCreator && (await hasEnrollment({ db, userId, courseId }));
  const isPublic = row.published && !row.archived;
  const canSee = isPublic || isCreator || (row.published && row.archived && isEnrolled);
  if (!canSee) throw notFound;
  return { ...toCourseJson(row), ...(userId !== undefined ? { isEnrolled } : {}) };
}

export async function hasEnrollment({ db, userId, courseId }: { db: Db; userId: string; courseId: string }) {
  const [row] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)))
    .limit(1);
  return row !== undefined;
}
