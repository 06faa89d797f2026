import { asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '#db/client';
import { courseModules, lessons, quizQuestions, quizzes } from '#db/schema/index';
import { isUuid } from '#shared/ids';
import type { AnyQuestion, Lesson, Module, Quiz } from '#shared/schemas/creator';
import type { PacingRule } from '#shared/schemas/pacing';
import type { Choice } from '#shared/schemas/questions';
import type { ObjectUrlSigner } from './object-url-signing';

/* A course's parts as the API shows them, shared by the creator, preview and learning modules. */

export function toModuleJson(row: typeof courseModules.$inferSelect): Module {
  return {
    id: row.id,
    courseId: row.courseId,
    title: row.title,
    description: row.description,
    order: row.position,
    ...pacingOf(row),
  };
}

/** A module's or quiz's pacing rule as the API shows it (docs/product.md, Pacing). */
export function pacingOf(row: {
  unlockAfterDays: number | null;
  unlockAt: Date | null;
  prerequisiteQuizId: string | null;
}): PacingRule {
  return {
    unlockAfterDays: row.unlockAfterDays,
    unlockAt: row.unlockAt?.toISOString() ?? null,
    prerequisiteQuizId: row.prerequisiteQuizId,
  };
}

export function toQuizJson(row: typeof quizzes.$inferSelect): Quiz {
  return {
    id: row.id,
    courseId: row.courseId,
    title: row.title,
    description: row.description,
    order: row.position,
    passPercent: row.passPercent,
    timeLimitMinutes: row.timeLimitMinutes,
    maxAttempts: row.maxAttempts,
    shuffle: row.shuffle,
    ...pacingOf(row),
  };
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
    notebookUrl: lesson.notebookUrl === null ? null : mediaPath(lesson.notebookUrl),
    captions: lesson.captions.map((caption) => ({ ...caption, url: mediaPath(caption.url) })),
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
    notebookUrl: row.notebookUrl === null ? null : mediaPath(row.notebookUrl),
    duration: row.duration,
    captions: row.captions.map((caption) => ({ ...caption, url: mediaPath(caption.url) })),
  };
}

type QuestionRow = typeof quizQuestions.$inferSelect;
/** Puts a learner's choices in the order they see them; `always` for choices whose order is the answer. */
export type ArrangeChoices = (choices: Choice[], options: { always: boolean }) => Choice[];

const TRUE_FALSE_CHOICES: Choice[] = [
  { id: 'true', text: 'True' },
  { id: 'false', text: 'False' },
];

/** A typed question's choices with their opaque ids. */
function questionChoices(row: QuestionRow): Choice[] {
  const fields = row.fields;
  if (fields?.type !== 'multiple' && fields?.type !== 'ordering') return [];
  return fields.choices.map((text, index) => ({ id: row.choiceIds?.[index] ?? '', text }));
}

function learnerChoices(row: QuestionRow, arrange: ArrangeChoices): Choice[] {
  switch (row.fields?.type) {
    case 'multiple':
      return arrange(questionChoices(row), { always: false });
    case 'ordering':
      return arrange(questionChoices(row), { always: true });
    case 'true_false':
      return TRUE_FALSE_CHOICES;
    default:
      return [];
  }
}

/**
 * Learners get questions without the answer (docs/product.md, Accounts and access), and a typed
 * question as choices to pick from; the course's creator gets everything as written.
 */
export function toQuestionJson(
  row: QuestionRow,
  { withAnswer, arrange = (choices) => choices }: { withAnswer: boolean; arrange?: ArrangeChoices },
): AnyQuestion {
  const common = { id: row.id, quizId: row.quizId, question: row.question, order: row.position };
  const fields = row.fields;
  if (row.type === 'single' || !fields) {
    return {
      ...common,
      type: 'single',
      optionA: row.optionA ?? '',
      optionB: row.optionB ?? '',
      optionC: row.optionC,
      optionD: row.optionD,
      ...(withAnswer ? { correctAnswer: row.correctAnswer ?? 1, explanation: row.explanation } : {}),
    };
  }
  if (withAnswer) return { ...common, ...fields, explanation: row.explanation };
  // The tests stay on the server: knowing them would let a learner write to them.
  if (fields.type === 'code') {
    return { ...common, type: 'code', language: fields.language, starterCode: fields.starterCode, choices: [] };
  }
  return { ...common, type: fields.type, choices: learnerChoices(row, arrange) };
}

/** A section's title and place for the builders (a quiz's settings too), or null when there is none (a malformed id included). */
export async function getSection({ db, kind, id }: { db: DbOrTx; kind: 'module' | 'quiz'; id: string }) {
  if (!isUuid(id)) return null;
  if (kind === 'quiz') {
    const [quiz] = await db.select().from(quizzes).where(eq(quizzes.id, id)).limit(1);
    return quiz ? toQuizJson(quiz) : null;
  }
  const [row] = await db.select().from(courseModules).where(eq(courseModules.id, id)).limit(1);
  return row ? toModuleJson(row) : null;
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
