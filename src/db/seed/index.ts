import { count, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { courseModules, courses, enrollments, lessonProgress, lessons, quizQuestions, quizzes, users } from '../schema/index';
import { seedCourses } from './courses/index';
import type { SeedCourse } from './courses/types';

export const demoAccounts = [
  { role: 'creator', name: 'Ada Núñez', email: 'creator@demo.gradient.academy', password: 'creator-demo-2026' },
  { role: 'student', name: 'Sam Rivera', email: 'student@demo.gradient.academy', password: 'student-demo-2026' },
] as const;

export type SeedResult = {
  created: boolean;
  courses: number;
  accounts: ReadonlyArray<{ role: string; email: string; password: string }>;
};

/**
 * Seeds the demo marketplace once, on an empty database: a creator who owns the courses and a
 * student enrolled in two free courses, part-way through the first.
 */
export async function seedDemo({
  db,
  hashPassword,
  prepareRichText = (html) => html,
}: {
  db: Db;
  hashPassword: (password: string) => Promise<string>;
  /**
   * Rich text as the creator API would store it (sanitized, code blocks highlighted): the server's
   * sanitizeRichText, passed in because src/db may not import src/server.
   */
  prepareRichText?: (html: string) => string;
}): Promise<SeedResult> {
  const [existing] = await db.select({ value: count() }).from(courses);
  if ((existing?.value ?? 0) > 0) return { created: false, courses: 0, accounts: [] };

  const hashes = await Promise.all(demoAccounts.map((account) => hashPassword(account.password)));
  await db.transaction(async (tx) => {
    const [creator, student] = await tx
      .insert(users)
      .values(demoAccounts.map((account, i) => ({ ...account, passwordHash: hashes[i] as string })))
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!creator || !student) throw new Error('demo accounts already exist but no course does; skip with SEED_DEMO=false');

    const courseIds: string[] = [];
    // The catalogue lists newest first; dating the courses a day apart keeps the seed's order there.
    const now = Date.now();
    for (const [index, course] of seedCourses.entries()) {
      const createdAt = new Date(now - (index + 1) * 86_400_000);
      courseIds.push(await insertCourse(tx as unknown as Db, course, creator.id, createdAt, prepareRichText));
    }

    const freeCourseIds = seedCourses
      .map((course, i) => ({ course, id: courseIds[i] as string }))
      .filter(({ course }) => course.priceCents === 0)
      .slice(0, 2)
      .map(({ id }) => id);
    for (const courseId of freeCourseIds) {
      await tx.insert(enrollments).values({ userId: student.id, courseId, source: 'free' });
    }
    const firstFree = freeCourseIds[0];
    if (firstFree) {
      const firstLessons = await tx
        .select({ id: lessons.id })
        .from(lessons)
        .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
        .where(eq(courseModules.courseId, firstFree))
        .orderBy(courseModules.position, lessons.position)
        .limit(3);
      if (firstLessons.length > 0) {
        await tx
          .insert(lessonProgress)
          .values(
            firstLessons.map((lesson) => ({ userId: student.id, lessonId: lesson.id, completed: true, completedAt: new Date() })),
          );
      }
    }
  });
  return { created: true, courses: seedCourses.length, accounts: demoAccounts };
}

async function insertCourse(
  db: Db,
  course: SeedCourse,
  creatorId: string,
  createdAt: Date,
  prepareRichText: (html: string) => string,
): Promise<string> {
  const [row] = await db
    .insert(courses)
    .values({
      creatorId,
      title: course.title,
      description: prepareRichText(course.description),
      priceCents: course.priceCents,
      difficulty: course.difficulty,
      duration: course.duration,
      published: true,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: courses.id });
  if (!row) throw new Error(`could not insert course ${course.slug}`);
  for (const [position, item] of course.items.entries()) {
    if (item.kind === 'module') {
      const [module] = await db
        .insert(courseModules)
        .values({ courseId: row.id, title: item.title, description: item.description ?? null, position })
        .returning({ id: courseModules.id });
      if (!module) throw new Error('could not insert module');
      await db.insert(lessons).values(
        item.lessons.map((lesson, lessonPosition) => ({
          moduleId: module.id,
          title: lesson.title,
          type: lesson.type,
          content: prepareRichText(lesson.content),
          duration: lesson.duration ?? null,
          position: lessonPosition,
        })),
      );
    } else {
      const [quiz] = await db
        .insert(quizzes)
        .values({ courseId: row.id, title: item.title, description: item.description ?? null, position })
        .returning({ id: quizzes.id });
      if (!quiz) throw new Error('could not insert quiz');
      await db.insert(quizQuestions).values(
        item.questions.map((question, questionPosition) => ({
          quizId: quiz.id,
          question: question.question,
          optionA: question.options[0],
          optionB: question.options[1],
          optionC: question.options[2] ?? null,
          optionD: question.options[3] ?? null,
          correctAnswer: question.correctAnswer,
          position: questionPosition,
        })),
      );
    }
  }
  return row.id;
}
