import { ErrorCode } from '#shared/errors';
import type { PacingRule, PartLock } from '#shared/schemas/pacing';
import { AppError } from '../errors';
import type { CourseDoc, ReadCache } from './read-cache/read-cache';

const DAY_MS = 86_400_000;
const OPEN: PartLock = Object.freeze({ locked: false, unlocksAt: null }) as PartLock;

/** Whether a rule may hold a part back at all: most parts have none, and cost nothing more. */
export function isPaced(rule: PacingRule): boolean {
  return rule.unlockAfterDays !== null || rule.unlockAt !== null || rule.prerequisiteQuizId !== null;
}

/**
 * The one pacing rule (docs/product.md, Pacing; ADR 0056): a part is locked for an enrolled student
 * while a date rule is still to come (the enrollment plus `unlockAfterDays`, or `unlockAt`) or its
 * prerequisite quiz is not passed. `unlocksAt` is the latest date still to come; null when only the
 * quiz holds it (no date can be promised for a pass).
 */
export function partLock(rule: PacingRule, enrolledAt: number, passedQuizzes: ReadonlySet<string>, now: number): PartLock {
  if (!isPaced(rule)) return OPEN;
  let opensAt = Number.NEGATIVE_INFINITY;
  if (rule.unlockAfterDays !== null) opensAt = enrolledAt + rule.unlockAfterDays * DAY_MS;
  if (rule.unlockAt !== null) opensAt = Math.max(opensAt, Date.parse(rule.unlockAt));
  const waitsForDate = opensAt > now;
  const waitsForQuiz = rule.prerequisiteQuizId !== null && !passedQuizzes.has(rule.prerequisiteQuizId);
  if (!waitsForDate && !waitsForQuiz) return OPEN;
  return { locked: true, unlocksAt: waitsForDate ? new Date(opensAt).toISOString() : null };
}

/** A module or quiz of the course's cached outline; a slide's rule is its module's. */
export function ruleOf(course: CourseDoc, kind: 'module' | 'quiz', id: string): PacingRule | undefined {
  return kind === 'module' ? course.modules.find((module) => module.id === id) : course.quizzes.find((quiz) => quiz.id === id);
}

/** What the lock needs of one enrolled student: when they enrolled and what they passed, both from the read cache. */
export type LearnerPacing = { enrolledAt: number; passedQuizzes: ReadonlySet<string> };

const NOTHING_PASSED: ReadonlySet<string> = new Set();

/**
 * The student's side of the rule for one course. The learner record is read only when one of the
 * course's parts waits for a quiz, so an unpaced or date-only course adds no read.
 */
export async function learnerPacing(reads: ReadCache, course: CourseDoc, userId: string): Promise<LearnerPacing | null> {
  const enrollment = (await reads.enrollments(userId)).find((entry) => entry.courseId === course.id);
  if (!enrollment) return null;
  const needsRecord = [...course.modules, ...course.quizzes].some((part) => part.prerequisiteQuizId !== null);
  const passedQuizzes = needsRecord ? (await reads.learnerRecord(userId)).passedQuizzes : NOTHING_PASSED;
  return { enrolledAt: Date.parse(enrollment.enrolledAt), passedQuizzes };
}

/**
 * 403 `{ message, unlocksAt }` while the part is locked for this enrolled student. Owners, the preview
 * and callers who are not enrolled never reach here (course-access.ts decides who learns at all).
 */
export async function requireOpenPart({
  reads,
  course,
  userId,
  kind,
  id,
  now,
}: {
  reads: ReadCache;
  course: CourseDoc;
  userId: string;
  kind: 'module' | 'quiz';
  id: string;
  now: number;
}): Promise<void> {
  const rule = ruleOf(course, kind, id);
  if (!rule || !isPaced(rule)) return;
  const learner = await learnerPacing(reads, course, userId);
  if (!learner) return;
  const { locked, unlocksAt } = partLock(rule, learner.enrolledAt, learner.passedQuizzes, now);
  if (!locked) return;
  const label = kind === 'module' ? 'This module' : 'This quiz';
  const message =
    unlocksAt === null ? `${label} opens once its prerequisite quiz is passed` : `${label} opens on ${unlocksAt.slice(0, 10)}`;
  throw new AppError(ErrorCode.FORBIDDEN, message, { unlocksAt });
}
