import { randomBytes } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '#db/client';
import { courseModules, courses, lessons, quizQuestions, quizzes } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { isUuid } from '#shared/ids';
import { type LessonType, slideFields } from '#shared/lists';
import type { Caption } from '#shared/schemas/captions';
import {
  CreateAnyQuestionBodySchema,
  type CreateLessonBodySchema,
  type CreateSectionBodySchema,
  type UpdateLessonBodySchema,
  type UpdateQuestionBodySchema,
  type UpdateQuizBodySchema,
} from '#shared/schemas/creator';
import { QuestionFieldsSchema } from '#shared/schemas/questions';
import { AppError } from '../../errors';
import { getCourseAccess } from '../../lib/course-access';
import { getSection, toLessonJson, toModuleJson, toQuestionJson, toQuizJson } from '../../lib/course-content';
import { requireOwnedPart } from '../../lib/course-ownership';
import { assertOwnUpload } from '../../lib/own-uploads';
import { isPaced, learnerPacing, partLock } from '../../lib/pacing';
import type { ReadCache } from '../../lib/read-cache/read-cache';
import { sanitizeRichText } from '../../lib/rich-text';
import { setPacing } from './pacing-rules';

/*
 * Every change to a course's content runs in one transaction that first touches the course row: it
 * takes the row lock, so two creators' tabs adding items at once cannot both take the same place in
 * the order, and it moves the course's updatedAt (every edit changes it).
 */
async function inCourse<T>(db: Db, courseId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.update(courses).set({ updatedAt: sql`now()` }).where(eq(courses.id, courseId));
    return work(tx);
  });
}

type Owner = { db: Db; userId: string };
type SectionKind = 'module' | 'quiz';
const sectionTables = { module: courseModules, quiz: quizzes } as const;

/**
 * Modules and quizzes share one order sequence: a new one takes the current count
 * (docs/product.md, Publishing and the studio).
 */
async function sectionCount(tx: Tx, courseId: string): Promise<number> {
  const [[modules], [quizCount]] = await Promise.all([
    tx.select({ n: count() }).from(courseModules).where(eq(courseModules.courseId, courseId)),
    tx.select({ n: count() }).from(quizzes).where(eq(quizzes.courseId, courseId)),
  ]);
  return (modules?.n ?? 0) + (quizCount?.n ?? 0);
}

/** Renumbers a course's modules and quizzes 0, 1, 2, … in their current order, in one statement. */
async function compactSections(tx: Tx, courseId: string) {
  await tx.execute(sql`
    with ordered as (
      select id, (row_number() over (order by position, kind, created_at, id) - 1)::int as rank from (
        select id, position, 0 as kind, created_at from course_modules where course_id = ${courseId}
        union all
        select id, position, 1 as kind, created_at from quizzes where course_id = ${courseId}
      ) sections
    ), modules_done as (
      update course_modules m set position = ordered.rank from ordered where m.id = ordered.id and m.position <> ordered.rank
      returning m.id
    )
    update quizzes q set position = ordered.rank from ordered where q.id = ordered.id and q.position <> ordered.rank
  `);
}

export async function createSection({
  db,
  userId,
  kind,
  courseId,
  input,
}: Owner & { kind: SectionKind; courseId: string; input: z.output<typeof CreateSectionBodySchema> }) {
  await requireOwnedPart({ db, userId, kind: 'course', id: courseId });
  return inCourse(db, courseId, async (tx) => {
    const values = {
      courseId,
      title: input.title,
      description: input.description || null,
      position: await sectionCount(tx, courseId),
    };
    if (kind === 'module') {
      const [row] = await tx.insert(courseModules).values(values).returning();
      if (!row) throw new Error('module not created');
      return toModuleJson(row);
    }
    const [row] = await tx.insert(quizzes).values(values).returning();
    if (!row) throw new Error('quiz not created');
    return toQuizJson(row);
  });
}

/**
 * Title, description and place. Moving to a place another item holds swaps the two, so giving an item
 * its neighbour's order (docs/product.md, Publishing and the studio) moves it up or down by one without a tie.
 */
export async function updateSection({
  db,
  userId,
  kind,
  id,
  input,
}: Owner & { kind: SectionKind; id: string; input: z.output<typeof UpdateQuizBodySchema> }) {
  const { courseId } = await requireOwnedPart({ db, userId, kind, id });
  const table = sectionTables[kind];
  return inCourse(db, courseId, async (tx) => {
    const changes: { title?: string; description?: string | null } = {};
    if (input.title !== undefined) changes.title = input.title;
    if (input.description !== undefined) changes.description = input.description || null;
    if (Object.keys(changes).length > 0) await tx.update(table).set(changes).where(eq(table.id, id));
    const { passPercent, timeLimitMinutes, maxAttempts, shuffle } = input;
    const settings = { passPercent, timeLimitMinutes, maxAttempts, shuffle };
    if (kind === 'quiz' && Object.values(settings).some((value) => value !== undefined)) {
      await tx.update(quizzes).set(settings).where(eq(quizzes.id, id));
    }
    await setPacing(tx, { kind, id, courseId, input });
    if (input.order !== undefined) {
      const [current] = await tx.select({ position: table.position }).from(table).where(eq(table.id, id));
      if (!current) throw new AppError(ErrorCode.NOT_FOUND, `${kind === 'module' ? 'Module' : 'Quiz'} not found`);
      const target = Math.min(input.order, (await sectionCount(tx, courseId)) - 1);
      if (target !== current.position) {
        await tx
          .update(courseModules)
          .set({ position: current.position })
          .where(and(eq(courseModules.courseId, courseId), eq(courseModules.position, target)));
        await tx
          .update(quizzes)
          .set({ position: current.position })
          .where(and(eq(quizzes.courseId, courseId), eq(quizzes.position, target)));
        await tx.update(table).set({ position: target }).where(eq(table.id, id));
      }
    }
    const section = await getSection({ db: tx, kind, id });
    if (!section) throw new AppError(ErrorCode.NOT_FOUND, `${kind === 'module' ? 'Module' : 'Quiz'} not found`);
    return section;
  });
}

/** Its slides or questions go with it; the items after it move up one place. */
export async function deleteSection({ db, userId, kind, id }: Owner & { kind: SectionKind; id: string }) {
  const { courseId } = await requireOwnedPart({ db, userId, kind, id });
  const table = sectionTables[kind];
  await inCourse(db, courseId, async (tx) => {
    await tx.delete(table).where(eq(table.id, id));
    await compactSections(tx, courseId);
  });
}

type LessonMedia = {
  content?: string | null;
  videoUrl?: string | null;
  imageUrl?: string | null;
  imageAlt?: string | null;
  notebookUrl?: string | null;
  captions?: Caption[];
};

/**
 * A slide carries only its own type's fields: text is sanitized, media must be the creator's upload.
 * A text slide may also carry an image, shown beside its text (ADR 0024); an image's alt text describes
 * it for screen readers. A notebook was checked whole when it was uploaded (uploads.service.ts), so
 * naming one of the creator's finished notebook uploads is enough here.
 */
async function lessonFields(
  db: Db,
  userId: string,
  type: LessonType,
  input: LessonMedia,
  stored?: LessonMedia,
): Promise<LessonMedia> {
  for (const field of ['content', 'videoUrl', 'imageUrl', 'imageAlt', 'notebookUrl'] as const) {
    if (!slideFields[type].includes(field) && input[field] != null && input[field] !== '') {
      throw new AppError(ErrorCode.BAD_REQUEST, `A ${type} slide has no ${field}`, {
        errors: { [field]: `A ${type} slide has no ${field}` },
      });
    }
  }
  const fields: LessonMedia = {};
  if (type === 'text' && input.content !== undefined)
    fields.content = input.content ? sanitizeRichText(input.content, 'content') : null;
  for (const [field, kind] of [
    ['imageUrl', 'image'],
    ['videoUrl', 'video'],
    ['notebookUrl', 'notebook'],
  ] as const) {
    const value = input[field];
    if (value === undefined || !slideFields[type].includes(field)) continue;
    if (value && value !== stored?.[field]) await assertOwnUpload({ db, userId, objectPath: value, kind, field });
    fields[field] = value || null;
  }
  if (input.imageAlt !== undefined && slideFields[type].includes('imageAlt')) fields.imageAlt = input.imageAlt || null;
  if (input.captions !== undefined) fields.captions = await captionsField(db, userId, type, input.captions, stored?.captions);
  return fields;
}

/**
 * A video slide's captions (docs/product.md, Video): each file one of the creator's captions uploads,
 * checked as WebVTT when it was uploaded; files the slide already had are not looked up again.
 */
async function captionsField(db: Db, userId: string, type: LessonType, captions: Caption[], stored: Caption[] = []) {
  if (type !== 'video') {
    if (captions.length === 0) return undefined;
    const message = `A ${type} slide has no captions`;
    throw new AppError(ErrorCode.BAD_REQUEST, message, { errors: { captions: message } });
  }
  const kept = new Set(stored.map((caption) => caption.url));
  for (const [index, caption] of captions.entries()) {
    if (kept.has(caption.url)) continue;
    await assertOwnUpload({ db, userId, objectPath: caption.url, kind: 'captions', field: `captions.${index}.url` });
  }
  return captions;
}

async function lessonCount(tx: Tx, moduleId: string) {
  const [row] = await tx.select({ n: count() }).from(lessons).where(eq(lessons.moduleId, moduleId));
  return row?.n ?? 0;
}

async function compactLessons(tx: Tx, moduleId: string) {
  await tx.execute(sql`
    update lessons l set position = ordered.rank from (
      select id, (row_number() over (order by position, created_at, id) - 1)::int as rank from lessons where module_id = ${moduleId}
    ) ordered where l.id = ordered.id and l.position <> ordered.rank
  `);
}

export async function createLesson({
  db,
  userId,
  moduleId,
  input,
}: Owner & { moduleId: string; input: z.output<typeof CreateLessonBodySchema> }) {
  const { courseId } = await requireOwnedPart({ db, userId, kind: 'module', id: moduleId });
  const fields = await lessonFields(db, userId, input.type, input);
  return inCourse(db, courseId, async (tx) => {
    const [row] = await tx
      .insert(lessons)
      .values({
        moduleId,
        title: input.title,
        type: input.type,
        duration: input.duration || null,
        position: await lessonCount(tx, moduleId),
        ...fields,
      })
      .returning();
    if (!row) throw new Error('lesson not created');
    return toLessonJson(row);
  });
}

/** The slide with its course's owner, in one query: a slide edit is the creator's most frequent call. */
async function requireOwnedLesson(db: Db, userId: string, id: string) {
  const [found] = isUuid(id)
    ? await db
        .select({ lesson: lessons, courseId: courses.id, creatorId: courses.creatorId })
        .from(lessons)
        .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
        .innerJoin(courses, eq(courses.id, courseModules.courseId))
        .where(eq(lessons.id, id))
        .limit(1)
    : [];
  if (!found) throw new AppError(ErrorCode.NOT_FOUND, 'Slide not found');
  if (found.creatorId !== userId) throw new AppError(ErrorCode.FORBIDDEN, 'Only the creator of this course can do this');
  return found;
}

export async function updateLesson({
  db,
  userId,
  id,
  input,
}: Owner & { id: string; input: z.output<typeof UpdateLessonBodySchema> }) {
  const { lesson: stored, courseId } = await requireOwnedLesson(db, userId, id);
  const fields = await lessonFields(db, userId, stored.type, input, stored);
  return inCourse(db, courseId, async (tx) => {
    const changes: Partial<typeof lessons.$inferInsert> = { ...fields };
    if (input.title !== undefined) changes.title = input.title;
    if (input.duration !== undefined) changes.duration = input.duration || null;
    if (input.order !== undefined) {
      // Read again under the course lock: another edit may have moved it since.
      const [current] = await tx.select({ position: lessons.position }).from(lessons).where(eq(lessons.id, id));
      const target = Math.min(input.order, (await lessonCount(tx, stored.moduleId)) - 1);
      if (current && target !== current.position) {
        await tx
          .update(lessons)
          .set({ position: current.position })
          .where(and(eq(lessons.moduleId, stored.moduleId), eq(lessons.position, target)));
        changes.position = target;
      }
    }
    const [row] =
      Object.keys(changes).length > 0
        ? await tx.update(lessons).set(changes).where(eq(lessons.id, id)).returning()
        : await tx.select().from(lessons).where(eq(lessons.id, id));
    if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'Slide not found');
    return toLessonJson(row);
  });
}

export async function deleteLesson({ db, userId, id }: Owner & { id: string }) {
  const { courseId, moduleId } = await requireOwnedPart({ db, userId, kind: 'lesson', id });
  await inCourse(db, courseId, async (tx) => {
    await tx.delete(lessons).where(eq(lessons.id, id));
    if (moduleId) await compactLessons(tx, moduleId);
  });
}

type QuestionInput = z.output<typeof CreateAnyQuestionBodySchema>;
type QuestionColumns = Pick<
  typeof quizQuestions.$inferInsert,
  'type' | 'optionA' | 'optionB' | 'optionC' | 'optionD' | 'correctAnswer' | 'fields' | 'choiceIds'
>;

/** Opaque, so a learner cannot tell from a choice's id where it belongs (docs/product.md, Learning). */
const newChoiceId = () => randomBytes(9).toString('base64url');

/**
 * A question's columns: the four option columns for a single-choice question, the type's document for
 * the others. Choices keep their ids while their texts stay as they were.
 */
function questionColumns(input: QuestionInput, stored?: typeof quizQuestions.$inferSelect): QuestionColumns {
  if (input.type === undefined || input.type === 'single') {
    return {
      type: 'single',
      optionA: input.optionA,
      optionB: input.optionB,
      optionC: input.optionC || null,
      optionD: input.optionD || null,
      correctAnswer: input.correctAnswer,
      fields: null,
      choiceIds: null,
    };
  }
  const fields = QuestionFieldsSchema.parse(input);
  const choices = 'choices' in fields ? fields.choices : null;
  const storedChoices = stored?.fields && 'choices' in stored.fields ? stored.fields.choices : [];
  const keptIds =
    choices?.length === storedChoices.length && choices.every((text, index) => text === storedChoices[index])
      ? stored?.choiceIds
      : undefined;
  return {
    type: fields.type,
    optionA: null,
    optionB: null,
    optionC: null,
    optionD: null,
    correctAnswer: null,
    fields,
    choiceIds: choices && (keptIds ?? choices.map(() => newChoiceId())),
  };
}

export async function createQuestion({ db, userId, quizId, input: question }: Owner & { quizId: string; input: QuestionInput }) {
  const { courseId } = await requireOwnedPart({ db, userId, kind: 'quiz', id: quizId });
  const columns = questionColumns(question);
  return inCourse(db, courseId, async (tx) => {
    const [position] = await tx.select({ n: count() }).from(quizQuestions).where(eq(quizQuestions.quizId, quizId));
    const [row] = await tx
      .insert(quizQuestions)
      .values({
        quizId,
        question: question.question,
        ...columns,
        explanation: question.explanation?.trim() || null,
        position: position?.n ?? 0,
      })
      .returning();
    if (!row) throw new Error('question not created');
    return toQuestionJson(row, { withAnswer: true });
  });
}

/**
 * Any field of a question, checked again as a whole once merged with what is stored (C before D, the
 * answer among the filled options, a type's own rules); an `order` another question holds swaps the
 * two. A new `type` keeps only the question's text and explanation: the body brings the rest.
 */
export async function updateQuestion({
  db,
  userId,
  id,
  input,
}: Owner & { id: string; input: z.output<typeof UpdateQuestionBodySchema> }) {
  const { courseId, quizId } = await requireOwnedPart({ db, userId, kind: 'question', id });
  if (!quizId) throw new AppError(ErrorCode.NOT_FOUND, 'Question not found');
  return inCourse(db, courseId, async (tx) => {
    const [stored] = await tx.select().from(quizQuestions).where(eq(quizQuestions.id, id));
    if (!stored) throw new AppError(ErrorCode.NOT_FOUND, 'Question not found');
    const { order, ...edits } = input;
    const { id: _id, quizId: _quizId, order: _order, ...storedBody } = toQuestionJson(stored, { withAnswer: true });
    const base =
      edits.type === undefined || edits.type === stored.type
        ? storedBody
        : { question: stored.question, explanation: stored.explanation };
    const merged: Record<string, unknown> = { ...base };
    for (const [field, value] of Object.entries(edits)) if (value !== undefined) merged[field] = value;
    for (const field of ['optionC', 'optionD', 'explanation']) {
      if (typeof merged[field] === 'string') merged[field] = (merged[field] as string).trim() || null;
    }
    const checked = CreateAnyQuestionBodySchema.safeParse(merged);
    if (!checked.success) {
      const errors: Record<string, string> = {};
      for (const issue of checked.error.issues) errors[String(issue.path[0] ?? 'question')] ??= issue.message;
      throw new AppError(ErrorCode.BAD_REQUEST, Object.values(errors)[0] ?? 'Invalid question', { errors });
    }
    const question = checked.data;
    const changes: Partial<typeof quizQuestions.$inferInsert> = {
      question: question.question,
      explanation: question.explanation ?? null,
      ...questionColumns(question, stored),
    };
    if (order !== undefined) {
      const [total] = await tx.select({ n: count() }).from(quizQuestions).where(eq(quizQuestions.quizId, quizId));
      const target = Math.min(order, (total?.n ?? 1) - 1);
      if (target !== stored.position) {
        await tx
          .update(quizQuestions)
          .set({ position: stored.position })
          .where(and(eq(quizQuestions.quizId, quizId), eq(quizQuestions.position, target)));
        changes.position = target;
      }
    }
    const [row] = await tx.update(quizQuestions).set(changes).where(eq(quizQuestions.id, id)).returning();
    if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'Question not found');
    return toQuestionJson(row, { withAnswer: true });
  });
}

export async function deleteQuestion({ db, userId, id }: Owner & { id: string }) {
  const { courseId, quizId } = await requireOwnedPart({ db, userId, kind: 'question', id });
  await inCourse(db, courseId, async (tx) => {
    await tx.delete(quizQuestions).where(eq(quizQuestions.id, id));
    await tx.execute(sql`
      update quiz_questions q set position = ordered.rank from (
        select id, (row_number() over (order by position, created_at, id) - 1)::int as rank from quiz_questions where quiz_id = ${quizId}
      ) ordered where q.id = ordered.id and q.position <> ordered.rank
    `);
  });
}

/** A module's or quiz's title and place, as visible as its course's outline (a draft's parts only to their creator); else 404. */
export async function getVisibleSection({
  db,
  reads,
  userId,
  kind,
  id,
  now,
}: {
  db: Db;
  reads: ReadCache;
  userId: string | undefined;
  kind: SectionKind;
  id: string;
  now: number;
}) {
  const notFound = () => new AppError(ErrorCode.NOT_FOUND, `${kind === 'module' ? 'Module' : 'Quiz'} not found`);
  const section = await getSection({ db, kind, id });
  if (!section) throw notFound();
  const access = await getCourseAccess({ reads, userId, courseId: section.courseId });
  if (!access) throw notFound();
  if (access.level !== 'enrolled' || userId === undefined) return section;
  // An enrolled student also learns whether it is open to them (docs/product.md, Pacing).
  const learner = isPaced(section) ? await learnerPacing(reads, access.course, userId) : null;
  const lock = learner ? partLock(section, learner.enrolledAt, learner.passedQuizzes, now) : { locked: false, unlocksAt: null };
  return { ...section, ...lock };
}
