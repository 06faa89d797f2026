import type { courses } from '#db/schema/index';
import { centsToPrice } from '#shared/format';
import type { Course } from '#shared/schemas/catalog';

type CourseRow = typeof courses.$inferSelect;

export function toCourseJson(row: CourseRow): Course {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price: centsToPrice(row.priceCents),
    thumbnail: row.thumbnail,
    difficulty: row.difficulty,
    duration: row.duration,
    published: row.published,
    archived: row.archived,
    creatorId: row.creatorId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    studentCount: row.studentCount,
    rating: row.ratingAverage === null ? null : Math.round(row.ratingAverage * 10) / 10,
    ratingCount: row.ratingCount,
  };
}
