import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '#db/client';
import { courses, users } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { isUuid } from '#shared/ids';
import type { Instructor, ProfileInput } from '#shared/schemas/instructors';
import { AppError } from '../../errors';
import { toCourseJson } from '../../lib/course-json';
import { assertOwnUpload } from '../../lib/own-uploads';

const notFound = () => new AppError(ErrorCode.NOT_FOUND, 'Instructor not found');

/** A creator's public page: their profile and the courses they have on sale, with their totals. */
export async function getInstructor({ db, id }: { db: Db; id: string }): Promise<Instructor> {
  if (!isUuid(id)) throw notFound();
  const [user] = await db
    .select({ id: users.id, name: users.name, role: users.role, headline: users.headline, bio: users.bio, avatar: users.avatar })
    .from(users)
    .where(eq(users.id, id));
  if (user?.role !== 'creator') throw notFound();
  const rows = await db
    .select()
    .from(courses)
    .where(and(eq(courses.creatorId, id), eq(courses.published, true), eq(courses.archived, false)))
    .orderBy(desc(courses.createdAt), desc(courses.id));
  const ratingCount = rows.reduce((sum, row) => sum + row.ratingCount, 0);
  const ratingTotal = rows.reduce((sum, row) => sum + row.ratingTotal, 0);
  return {
    id: user.id,
    name: user.name,
    headline: user.headline,
    bio: user.bio,
    avatar: user.avatar,
    courses: rows.map((row) => toCourseJson({ ...row, creatorName: user.name })),
    studentCount: rows.reduce((sum, row) => sum + row.studentCount, 0),
    // Over every review of their courses, so a course with many reviews weighs more than one with few.
    rating: ratingCount > 0 ? Math.round((ratingTotal / ratingCount) * 10) / 10 : null,
    ratingCount,
  };
}

/** The creator's own edit of their page; an avatar must be an image they uploaded. */
export async function updateProfile({ db, userId, input }: { db: Db; userId: string; input: ProfileInput }): Promise<Instructor> {
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.headline !== undefined) changes.headline = input.headline || null;
  if (input.bio !== undefined) changes.bio = input.bio || null;
  if (input.avatar !== undefined) {
    const [current] = await db.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId));
    if (input.avatar && input.avatar !== current?.avatar) {
      await assertOwnUpload({ db, userId, objectPath: input.avatar, kind: 'image', field: 'avatar' });
    }
    changes.avatar = input.avatar ?? null;
  }
  if (Object.keys(changes).length > 0) {
    await db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, userId));
  }
  return getInstructor({ db, id: userId });
}
