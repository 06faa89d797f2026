import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '#tests/helpers/db';
import type { DbHandle } from '../client';
import {
  courseModules,
  courses,
  enrollments,
  lessonProgress,
  lessons,
  quizQuestions,
  quizzes,
  reviews,
  users,
} from '../schema/index';
import { seedDemo } from './index';

// Seeding does not test password hashing; a cheap stand-in keeps this file fast.
const hashPassword = async (password: string) => `test$${password}`;

let handle: DbHandle;
let firstRun: Awaited<ReturnType<typeof seedDemo>>;
// Seeded once here, so every test below reads the same seeded database whatever order they run in.
beforeAll(async () => {
  handle = await createTestDb();
  firstRun = await seedDemo({ db: handle.db, hashPassword });
});
afterAll(() => handle.close());

describe('seedDemo', () => {
  it('creates six or more published AI courses, free and paid, Beginner to Advanced, with content and quizzes', async () => {
    expect(firstRun.created).toBe(true);
    const rows = await handle.db.select().from(courses);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows.every((course) => course.published && !course.archived)).toBe(true);
    expect(new Set(rows.map((course) => course.difficulty))).toEqual(new Set(['Beginner', 'Intermediate', 'Advanced']));
    expect(rows.some((course) => course.priceCents === 0)).toBe(true);
    expect(rows.some((course) => course.priceCents > 0)).toBe(true);

    for (const course of rows) {
      const [modules] = await handle.db
        .select({ value: count() })
        .from(courseModules)
        .where(eq(courseModules.courseId, course.id));
      const [lessonCount] = await handle.db
        .select({ value: count() })
        .from(lessons)
        .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
        .where(eq(courseModules.courseId, course.id));
      const [questions] = await handle.db
        .select({ value: count() })
        .from(quizQuestions)
        .innerJoin(quizzes, eq(quizzes.id, quizQuestions.quizId))
        .where(eq(quizzes.courseId, course.id));
      expect(modules?.value, course.title).toBeGreaterThanOrEqual(2);
      expect(lessonCount?.value, course.title).toBeGreaterThanOrEqual(4);
      expect(questions?.value, course.title).toBeGreaterThanOrEqual(4);
    }
  });

  it('keeps student counts equal to real enrollments', async () => {
    const rows = await handle.db.select().from(courses);
    // The demo student is enrolled somewhere, so the comparison is not 0 = 0 everywhere.
    expect(rows.some((course) => course.studentCount > 0)).toBe(true);
    for (const course of rows) {
      const [enrolled] = await handle.db.select({ value: count() }).from(enrollments).where(eq(enrollments.courseId, course.id));
      expect(course.studentCount).toBe(enrolled?.value);
    }
  });

  it('rates every course with reviews by enrolled learners who did a slide, and the rating follows them', async () => {
    const rows = await handle.db.select().from(courses);
    for (const course of rows) {
      const courseReviews = await handle.db.select().from(reviews).where(eq(reviews.courseId, course.id));
      expect(courseReviews.length, course.title).toBeGreaterThan(0);
      expect(course.ratingCount).toBe(courseReviews.length);
      expect(course.ratingAverage).toBeCloseTo(
        courseReviews.reduce((sum, review) => sum + review.rating, 0) / courseReviews.length,
        5,
      );
      for (const review of courseReviews) {
        const [enrolled] = await handle.db
          .select({ value: count() })
          .from(enrollments)
          .where(eq(enrollments.userId, review.userId));
        const [done] = await handle.db
          .select({ value: count() })
          .from(lessonProgress)
          .where(eq(lessonProgress.userId, review.userId));
        expect(enrolled?.value).toBeGreaterThan(0);
        expect(done?.value).toBeGreaterThan(0);
      }
    }
  });

  it('does nothing on a database that already has courses', async () => {
    const result = await seedDemo({ db: handle.db, hashPassword });
    expect(result.created).toBe(false);
    const [userCount] = await handle.db.select({ value: count() }).from(users);
    // The two demo accounts and the three reviewers.
    expect(userCount?.value).toBe(5);
  });
});
