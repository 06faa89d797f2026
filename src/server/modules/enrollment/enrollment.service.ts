import { desc, eq } from 'drizzle-orm';
import type { Db } from '#db/client';
import { courses, enrollments } from '#db/schema/index';
import type { MyCourse } from '#shared/schemas/enrollment';
import { toCourseJson } from '../catalog/course-json';
import { progressByCourse } from './progress';

/** Enrolled courses, archived ones included: enrolled students keep access. */
export async function listMyCourses({ db, userId }: { db: Db; userId: string }): Promise<MyCourse[]> {
  const rows = await db
    .select({ course: courses, enrolledAt: enrollments.createdAt })
    .from(enrollments)
    .innerJoin(courses, eq(courses.id, enrollments.courseId))
    .where(eq(enrollments.userId, userId))
    .orderBy(desc(enrollments.createdAt));
  const progress = await progressByCourse({ db, userId, courseIds: rows.map((row) => row.course.id) });
  return rows.map((row) => ({
    ...toCourseJson(row.course),
    isEnrolled: true,
    progress: progress.get(row.course.id) ?? 0,
    enrolledAt: row.enrolledAt.toISOString(),
  }));
}
