import { count, eq } from 'drizzle-orm';
import type { Db } from '../client';
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
    await seedReviews(tx as unknown as Db, courseIds);
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

/** Learners who reviewed the demo courses: no password matches theirs ('!' is no scrypt hash). */
const REVIEWERS = [
  { name: 'Priya Shah', email: 'priya.reviewer@demo.gradient.academy' },
  { name: 'Tomás Ortega', email: 'tomas.reviewer@demo.gradient.academy' },
  { name: 'Mei Lin', email: 'mei.reviewer@demo.gradient.academy' },
] as const;

/** Ratings per reviewer, course by course (the pattern repeats), with what each wrote. */
const REVIEW_SCRIPT: readonly { rating: number; body: string }[][] = [
  [
    { rating: 5, body: 'Clear explanations and exercises that build on each other. I finally understand the maths behind it.' },
    { rating: 4, body: 'Solid and practical. A few more worked examples would make it perfect.' },
    { rating: 5, body: '' },
  ],
  [
    { rating: 4, body: 'Well paced, and the quizzes check the right things.' },
    { rating: 5, body: 'The best introduction I have found. The diagrams make every step concrete.' },
    { rating: 3, body: 'Good content, but the middle module moves fast if you are new to the topic.' },
  ],
];

/**
 * A few reviews on every demo course, so the catalogue shows ratings from the first run. Each reviewer
 * is enrolled (a free enrollment) and has done the first slide, as the review rule asks; the courses'
 * ratings follow by the database's trigger.
 */
async function seedReviews(db: Db, courseIds: string[]) {
  const reviewers = await db
    .insert(users)
    .values(REVIEWERS.map((reviewer) => ({ ...reviewer, role: 'student' as const, passwordHash: '!' })))
    .onConflictDoNothing()
    .returning({ id: users.id });
  for (const [courseIndex, courseId] of courseIds.entries()) {
    const [firstLesson] = await db
      .select({ id: lessons.id })
      .from(lessons)
      .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
      .where(eq(courseModules.courseId, courseId))
      .orderBy(courseModules.position, lessons.position)
      .limit(1);
    const script = REVIEW_SCRIPT[courseIndex % REVIEW_SCRIPT.length] ?? [];
    for (const [reviewerIndex, reviewer] of reviewers.entries()) {
      const review = script[reviewerIndex];
      if (!review) continue;
      await db.insert(enrollments).values({ userId: reviewer.id, courseId, source: 'free' });
      if (firstLesson) {
        await db
          .insert(lessonProgress)
          .values({ userId: reviewer.id, lessonId: firstLesson.id, completed: true, completedAt: new Date() });
      }
      await db.insert(reviews).values({ courseId, userId: reviewer.id, ...review });
    }
  }
}
