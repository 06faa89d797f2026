import { asc, eq } from 'drizzle-orm';
import type { Db } from '#db/client';
import { courseModules, lessons, quizQuestions, quizzes } from '#db/schema/index';
import { isUuid } from '#shared/ids';
import type { Lesson, Module, Question, Quiz } from '#shared/schemas/creator';
import type { ObjectUrlSigner } from './object-url-signing';

/* A course's parts as the API shows them, shared by the creator, preview and learning modules. */

export function toModuleJson(row: typeof courseModules.$inferSelect): Module {
  return { id: row.id, courseId: row.courseId, title: row.title, description: row.description, order: row.position };
}

export function toQuizJson(row: typeof quizzes.$inferSelect): Quiz {
  return { id: row.id, courseId: row.courseId, title: row.title, description: row.description, order: row.position };
}

/**
 * Stored media paths as addresses the caller can load: the app's own objects signed (paid-course
 * media needs it, see object-url-signing.ts), other addresses (a video host) as they are.
 */
export function objectMediaPath(signer: ObjectUrlSigner, now: number) {
  return (path: string) => (path.startsWith('/objects/') ? signer.sign(path, now) : path);
}

/** The same for a lesson already in its API shape (the creator's write answers). */
export function withMediaPaths(lesson: Lesson, mediaPath: (path: string) => string): Lesson {
  return {
    ...lesson,
    videoUrl: lesson.videoUrl === null ? null : mediaPath(lesson.videoUrl),
    imageUrl: lesson.imageUrl === null ? null : mediaPath(lesson.imageUrl),
  };
}

/** `mediaPath` turns a stored object path into the address the caller may load it from. */
export function toLessonJson(row: typeof lessons.$inferSelect, mediaPath: (path: string) => string = (path) => path): Lesson {
  return {
    id: row.id,
    moduleId: row.moduleId,
    title: row.title,
    type: row.type,
    order: row.position,
    content: row.content,
    videoUrl: row.videoUrl === null ? null : mediaPath(row.videoUrl),
    imageUrl: row.imageUrl === null ? null : mediaPath(row.imageUrl),
    imageAlt: row.imageAlt,
    duration: row.duration,
  };
}

/** Learners get questions without the answer (docs/product.md, Accounts and access); the course's creator with it. */
export function toQuestionJson(row: typeof quizQuestions.$inferSelect, { withAnswer }: { withAnswer: boolean }): Question {
  return {
    id: row.id,
    quizId: row.quizId,
    question: row.question,
    optionA: row.optionA,
    optionB: row.optionB,
    optionC: row.optionC,
    optionD: row.optionD,
    ...(withAnswer ? { correctAnswer: row.correctAnswer, explanation: row.explanation } : {}),
    order: row.position,
  };
}

const sectionTables = { module: courseModules, quiz: quizzes } as const;

/** A section's title and place for the builders, or null when there is none (a malformed id included). */
export async function getSection({ db, kind, id }: { db: Db; kind: 'module' | 'quiz'; id: string }) {
  if (!isUuid(id)) return null;
  const table = sectionTables[kind];
  const [row] = await db.select().from(table).where(eq(table.id, id)).limit(1);
  return row ? (kind === 'module' ? toModuleJson(row) : toQuizJson(row)) : null;
}

/** Slides of a module, in order. */
export async function listLessons({ db, moduleId }: { db: Db; moduleId: string }) {
  return db.select().from(lessons).where(eq(lessons.moduleId, moduleId)).orderBy(asc(lessons.position), asc(lessons.createdAt));
}

export async function listQuestions({ db, quizId }: { db: Db; quizId: string }) {
  return db
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, quizId))
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.createdAt));
}
