import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#db/client';
import { courses, users } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { centsToPrice } from '#shared/format';
import type {
  CourseAnalytics,
  CourseStudent,
  CreateCourseBodySchema,
  CreatorCourse,
  CreatorStats,
  UpdateCourseBodySchema,
} from '#shared/schemas/creator';
import { AppError } from '../../errors';
import { courseWithCreatorColumns, toCourseJson, writtenCourseJson } from '../../lib/course-json';
import { requireOwnedPart } from '../../lib/course-ownership';
import { assertOwnUpload } from '../../lib/own-uploads';
import { progressByStudent } from '../../lib/progress';
import { sanitizeRichText } from '../../lib/rich-text';
import { creatorNetByCourse, monthStartDay, salesMoney, sumCreatorSales } from '../../lib/sales-figures';
import { sqlRows } from '../../lib/sql-rows';
import { getPublishChecklist } from './publish-checklist.service';

type CreateCourseInput = z.output<typeof CreateCourseBodySchema>;
type UpdateCourseInput = z.output<typeof UpdateCourseBodySchema>;

/** Newest first, each with its revenue: the net of its sales (lib/sales-figures.ts), as Earnings shows it. */
export async function listCreatorCourses({ db, userId }: { db: Db; userId: string }): Promise<CreatorCourse[]> {
  const [rows, centsOf] = await Promise.all([
    db
      .select(courseWithCreatorColumns)
      .from(courses)
      .innerJoin(users, eq(users.id, courses.creatorId))
      .where(eq(courses.creatorId, userId))
      .orderBy(desc(courses.createdAt), courses.id),
    creatorNetByCourse(db, { creatorId: userId }),
  ]);
  return rows.map((row) => ({
    ...toCourseJson(row),
    revenue: centsToPrice(centsOf.get(row.id) ?? 0),
    moderation:
      row.moderationReason && row.moderatedAt
        ? { reason: row.moderationReason, unpublishedAt: row.moderatedAt.toISOString() }
        : null,
  }));
}

/** Every course starts as a draft; the description is stored sanitized. */
export async function createCourse({ db, userId, input }: { db: Db; userId: string; input: CreateCourseInput }) {
  if (input.thumbnail) await assertOwnUpload({ db, userId, objectPath: input.thumbnail, kind: 'image', field: 'thumbnail' });
  const [row] = await db
    .insert(courses)
    .values({
      creatorId: userId,
      title: input.title,
      description: sanitizeRichText(input.description, 'description'),
      priceCents: input.price,
      difficulty: input.difficulty,
      duration: input.duration || null,
      thumbnail: input.thumbnail ?? null,
      language: input.language,
      published: false,
    })
    .returning();
  if (!row) throw new Error('course not created');
  return writtenCourseJson(db, row);
}

export async function updateCourse({
  db,
  userId,
  courseId,
  input,
}: {
  db: Db;
  userId: string;
  courseId: string;
  input: UpdateCourseInput;
}) {
  await requireOwnedPart({ db, userId, kind: 'course', id: courseId });
  const changes: Partial<typeof courses.$inferInsert> = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.description !== undefined) changes.description = sanitizeRichText(input.description, 'description');
  if (input.price !== undefined) changes.priceCents = input.price;
  if (input.difficulty !== undefined) changes.difficulty = input.difficulty;
  if (input.duration !== undefined) changes.duration = input.duration || null;
  if (input.language !== undefined) changes.language = input.language;
  if (input.thumbnail !== undefined) {
    const [current] = await db.select({ thumbnail: courses.thumbnail }).from(courses).where(eq(courses.id, courseId));
    // Saving the form unchanged resends the stored thumbnail, which may predate uploads (the seed).
    if (input.thumbnail && input.thumbnail !== current?.thumbnail) {
      await assertOwnUpload({ db, userId, objectPath: input.thumbnail, kind: 'image', field: 'thumbnail' });
    }
    changes.thumbnail = input.thumbnail ?? null;
  }
  return setCourse(db, courseId, changes);
}

/**
 * Any own course that is not archived becomes published, content or not: the builder's checklist
 * (publish-checklist.service.ts) lists what is missing before the creator confirms, and never refuses.
 * An archived course stays out of the marketplace, so it is restored first (409). An admin's reason for
 * unpublishing it (issue 24 §6) is cleared: the creator has acted on it.
 */
export async function publishCourse({ db, userId, courseId }: { db: Db; userId: string; courseId: string }) {
  await requireOwnedPart({ db, userId, kind: 'course', id: courseId });
  const [row] = await db
    .update(courses)
    .set({ published: true, moderationReason: null, moderatedAt: null, updatedAt: sql`now()` })
    .where(and(eq(courses.id, courseId), eq(courses.archived, false)))
    .returning();
  if (!row) {
    throw new AppError(ErrorCode.CONFLICT, 'Restore the course before publishing it', {
      errors: { archived: 'An archived course stays out of the marketplace until it is restored' },
    });
  }
  return writtenCourseJson(db, row);
}

export async function getOwnPublishChecklist({ db, userId, courseId }: { db: Db; userId: string; courseId: string }) {
  await requireOwnedPart({ db, userId, kind: 'course', id: courseId });
  return getPublishChecklist({ db, courseId });
}

/**
 * Back to a draft: out of the marketplace (the courses row's trigger tells every read cache), while
 * enrolled students keep learning it (lib/course-access.ts lets them see an enrolled draft).
 */
export async function unpublishCourse({ db, userId, courseId }: { db: Db; userId: string; courseId: string }) {
  await requireOwnedPart({ db, userId, kind: 'course', id: courseId });
  return setCourse(db, courseId, { published: false });
}

/** Hidden from the marketplace; enrolled students keep access (docs/product.md, Publishing and the studio). */
export async function archiveCourse({ db, userId, courseId }: { db: Db; userId: string; courseId: string }) {
  await requireOwnedPart({ db, userId, kind: 'course', id: courseId });
  return setCourse(db, courseId, { archived: true });
}

/** Undoes Archive: a published course is back in the marketplace, a draft stays a draft. */
export async function restoreCourse({ db, userId, courseId }: { db: Db; userId: string; courseId: string }) {
  await requireOwnedPart({ db, userId, kind: 'course', id: courseId });
  return setCourse(db, courseId, { archived: false });
}

async function setCourse(db: Db, courseId: string, changes: Partial<typeof courses.$inferInsert>) {
  const [row] = await db
    .update(courses)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(courses.id, courseId))
    .returning();
  if (!row) throw new Error('course vanished while being changed');
  return writtenCourseJson(db, row);
}

/**
 * The dashboard's cards. Total Revenue and This Month are the creator's net (what they keep after fees
 * and refunds), all time and since the first of this month (UTC): the figures Earnings shows as net
 * for those periods, from the same sums (lib/sales-figures.ts).
 */
export async function getCreatorStats({ db, userId, now }: { db: Db; userId: string; now: number }): Promise<CreatorStats> {
  const [allTime, thisMonth, [row]] = await Promise.all([
    sumCreatorSales(db, { creatorId: userId }),
    sumCreatorSales(db, { creatorId: userId, from: monthStartDay(now) }),
    sqlRows<{ students: number; active: number }>(
      db,
      sql`
      select
        (select count(distinct e.user_id)::int from enrollments e join courses c on c.id = e.course_id
          where c.creator_id = ${userId}) as "students",
        (select count(*)::int from courses c where c.creator_id = ${userId} and c.published and not c.archived) as "active"
    `,
    ),
  ]);
  return {
    totalRevenue: salesMoney(allTime).net,
    thisMonthRevenue: salesMoney(thisMonth).net,
    totalStudents: row?.students ?? 0,
    activeCourses: row?.active ?? 0,
  };
}

export async function getCourseAnalytics({
  db,
  userId,
  courseId,
}: {
  db: Db;
  userId: string;
  courseId: string;
}): Promise<CourseAnalytics> {
  await requireOwnedPart({ db, userId, kind: 'course', id: courseId });
  const [enrollmentsByDay, net, progress] = await Promise.all([
    sqlRows<{ date: string; count: number }>(
      db,
      sql`
      select to_char(date_trunc('day', created_at at time zone 'UTC'), 'YYYY-MM-DD') as "date", count(*)::int as "count"
      from enrollments where course_id = ${courseId} group by 1 order by 1
    `,
    ),
    creatorNetByCourse(db, { creatorId: userId, courseId }),
    progressByStudent({ db, courseId }),
  ]);
  const totalEnrollments = enrollmentsByDay.reduce((sum, day) => sum + day.count, 0);
  const completed = [...progress.values()].filter((student) => student.completed).length;
  return {
    courseId,
    enrollmentsByDay,
    totalEnrollments,
    revenue: centsToPrice(net.get(courseId) ?? 0),
    completionRate: progress.size === 0 ? 0 : Math.round((completed / progress.size) * 100),
  };
}

export async function listCourseStudents({
  db,
  userId,
  courseId,
}: {
  db: Db;
  userId: string;
  courseId: string;
}): Promise<CourseStudent[]> {
  await requireOwnedPart({ db, userId, kind: 'course', id: courseId });
  const [students, progress] = await Promise.all([
    sqlRows<{ userId: string; name: string; email: string; enrolledAt: string | Date }>(
      db,
      sql`
      select u.id as "userId", u.name, u.email, e.created_at as "enrolledAt"
      from enrollments e join users u on u.id = e.user_id
      where e.course_id = ${courseId} order by e.created_at desc
    `,
    ),
    progressByStudent({ db, courseId }),
  ]);
  return students.map((student) => ({
    ...student,
    enrolledAt: new Date(student.enrolledAt).toISOString(),
    progress: progress.get(student.userId)?.percent ?? 0,
    completed: progress.get(student.userId)?.completed ?? false,
  }));
}
