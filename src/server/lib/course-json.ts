import { eq, getTableColumns } from 'drizzle-orm';
import type { DbOrTx } from '#db/client';
import { courses, users } from '#db/schema/index';
import { centsToPrice } from '#shared/format';
import type { Course } from '#shared/schemas/catalog';

type CourseRow = typeof courses.$inferSelect;

/** A course row with its creator's name: select these from `courses` joined to `users` on the creator. */
export const courseWithCreatorColumns = { ...getTableColumns(courses), creatorName: users.name };

export function toCourseJson(row: CourseRow & { creatorName: string }): Course {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price: centsToPrice(row.priceCents),
    thumbnail: row.thumbnail,
    difficulty: row.difficulty,
    duration: row.duration,
    language: row.language,
    published: row.published,
    archived: row.archived,
    creatorId: row.creatorId,
    instructor: { id: row.creatorId, name: row.creatorName },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    studentCount: row.studentCount,
    rating: row.ratingAverage === null ? null : Math.round(row.ratingAverage * 10) / 10,
    ratingCount: row.ratingCount,
  };
}

/** A row just written (`returning()`) as course JSON: its creator's name is one more read. */
export async function writtenCourseJson(db: DbOrTx, row: CourseRow): Promise<Course> {
  const [creator] = await db.select({ name: users.name }).from(users).where(eq(users.id, row.creatorId)).limit(1);
  if (!creator) throw new Error('a course without its creator');
  return toCourseJson({ ...row, creatorName: creator.name });
}
