import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '#db/client';
import { quizAnswers, quizAttempts, quizQuestions, quizzes } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { isUuid } from '#shared/ids';
import { type AnyAnswerResult, type AttemptAnswer, QUIZ_ALREADY_COMPLETED, type QuizAttempt } from '#shared/schemas/learning';
import type { AnswerValue } from '#shared/schemas/questions';
import { AppError } from '../../errors';
import { raisePeakForQuiz } from '../../lib/peak-progress';
import { isPassingScore, QUIZ_PASS_PERCENT } from '../../lib/progress';
import { answerCodeQuestion, type GradeCode } from './code-answers';
import { addMissedQuestions } from './review-deck.service';
import { correctAnswerOf, gradeAnswer, isSingleChoice } from './typed-answers';

type AttemptRow = typeof quizAttempts.$inferSelect;

async function questionCount(db: Db, quizId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(quizQuestions).where(eq(quizQuestions.quizId, quizId));
  return row?.n ?? 0;
}

type AnswerRow = {
  questionId: string;
  selectedOption: number | null;
  answer: AnswerValue | null;
  correct: boolean;
  correctAnswer: number | null;
  fields: (typeof quizQuestions.$inferSelect)['fields'];
  choiceIds: string[] | null;
};

function toAttemptAnswer({
  questionId,
  selectedOption,
  answer,
  correct,
  correctAnswer,
  fields,
  choiceIds,
}: AnswerRow): AttemptAnswer {
  if (fields?.type === 'code' && typeof answer === 'string') return { questionId, answer, correct, correctAnswer: null };
  const typedAnswer = fields && correctAnswerOf({ fields, choiceIds });
  if (answer !== null && typedAnswer !== null && typedAnswer !== undefined) {
    return { questionId, answer, correct, correctAnswer: typedAnswer };
  }
  // A question whose type changed after it was answered keeps the pick as it was stored.
  return { questionId, selectedOption: selectedOption ?? 0, correct, correctAnswer: correctAnswer ?? 0 };
}

async function toAttemptJson(db: Db, attempt: AttemptRow): Promise<QuizAttempt> {
  const answers = await db
    .select({
      questionId: quizAnswers.questionId,
      selectedOption: quizAnswers.selectedOption,
      answer: quizAnswers.answer,
      correct: quizAnswers.isCorrect,
      correctAnswer: quizQuestions.correctAnswer,
      fields: quizQuestions.fields,
      choiceIds: quizQuestions.choiceIds,
    })
    .from(quizAnswers)
    .innerJoin(quizQuestions, eq(quizQuestions.id, quizAnswers.questionId))
    .where(eq(quizAnswers.attemptId, attempt.id))
    .orderBy(asc(quizQuestions.position));
  const totalQuestions = attempt.totalQuestions ?? (await questionCount(db, attempt.quizId));
  return {
    id: attempt.id,
    quizId: attempt.quizId,
    status: attempt.status,
    score: attempt.score,
    totalQuestions,
    answers: answers.map(toAttemptAnswer),
    passed: attempt.status === 'completed' && isPassingScore(attempt.score ?? 0, totalQuestions, attempt.passPercent),
    expiresAt: attempt.expiresAt?.toISOString() ?? null,
  };
}

const ofLearnerAndQuiz = (userId: string, quizId: string) =>
  and(eq(quizAttempts.userId, userId), eq(quizAttempts.quizId, quizId));
const IN_PROGRESS = eq(quizAttempts.status, 'in_progress');

async function attemptInProgress(db: Db, userId: string, quizId: string): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(quizAttempts)
    .where(and(ofLearnerAndQuiz(userId, quizId), IN_PROGRESS))
    .limit(1);
  return row;
}

async function hasAnswers(db: Db, attemptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: quizAnswers.attemptId })
    .from(quizAnswers)
    .where(eq(quizAnswers.attemptId, attemptId))
    .limit(1);
  return row !== undefined;
}

async function quizSettings(db: Db, quizId: string) {
  const [quiz] = await db
    .select({ passPercent: quizzes.passPercent, timeLimitMinutes: quizzes.timeLimitMinutes, maxAttempts: quizzes.maxAttempts })
    .from(quizzes)
    .where(eq(quizzes.id, quizId));
  return quiz ?? { passPercent: QUIZ_PASS_PERCENT, timeLimitMinutes: null, maxAttempts: null };
}

/** A new attempt past the quiz's `maxAttempts` is refused; the one in progress counts as one of them. */
async function requireAttemptLeft(db: Db, userId: string, quizId: string, maxAttempts: number | null) {
  if (maxAttempts === null) return;
  const [started] = await db.select({ n: count() }).from(quizAttempts).where(ofLearnerAndQuiz(userId, quizId));
  if ((started?.n ?? 0) >= maxAttempts) {
    throw new AppError(
      ErrorCode.CONFLICT,
      `This quiz allows ${maxAttempts} attempt${maxAttempts === 1 ? '' : 's'}: none is left`,
    );
  }
}

/**
 * docs/product.md, Learning: the latest attempt, made only when there is none; `forceNew` always starts one. The
 * database keeps one attempt in progress per learner and quiz (migration 0012), so parallel starts (a
 * double click) share one: the first insert wins, the others take it. A forced start replaces an
 * attempt in progress that has answers; one without any is new already (a second click of Retake).
 * A quiz's time limit gives a new attempt its `expiresAt`, by the server's clock (`now`). With
 * `maxAttempts`, a forced start past it is a 409, and the attempt it gives up is completed, not discarded.
 */
export async function startOrResumeAttempt({
  db,
  userId,
  quizId,
  forceNew,
  now,
  onPass,
}: {
  db: Db;
  userId: string;
  quizId: string;
  forceNew: boolean;
  now: number;
  onPass: OnPass;
}): Promise<QuizAttempt> {
  if (!forceNew) {
    const [latest] = await db
      .select()
      .from(quizAttempts)
      .where(ofLearnerAndQuiz(userId, quizId))
      .orderBy(desc(quizAttempts.startedAt))
      .limit(1);
    if (latest) return toAttemptJson(db, latest);
  }
  const settings = await quizSettings(db, quizId);
  if (forceNew) {
    const current = await attemptInProgress(db, userId, quizId);
    if (current && !(await hasAnswers(db, current.id))) return toAttemptJson(db, current);
    await requireAttemptLeft(db, userId, quizId, settings.maxAttempts);
    // With a limit every start counts: the attempt given up is scored on what it has, not discarded.
    if (current && settings.maxAttempts !== null) await finishAttempt(db, userId, current, now, onPass);
    else if (current) await db.delete(quizAttempts).where(and(eq(quizAttempts.id, current.id), IN_PROGRESS));
  }
  const totalQuestions = await questionCount(db, quizId);
  const expiresAt = settings.timeLimitMinutes === null ? null : new Date(now + settings.timeLimitMinutes * 60_000);
  // The one in progress may be completed between a refused insert and the read: then the insert is tried again.
  for (let tries = 0; tries < 3; tries++) {
    const [created] = await db
      .insert(quizAttempts)
      .values({ userId, quizId, totalQuestions, expiresAt })
      .onConflictDoNothing({ target: [quizAttempts.userId, quizAttempts.quizId], where: sql`status = 'in_progress'` })
      .returning();
    const attempt = created ?? (await attemptInProgress(db, userId, quizId));
    if (attempt) return toAttemptJson(db, attempt);
  }
  throw new AppError(ErrorCode.CONFLICT, 'The quiz changed while starting an attempt: please try again');
}

async function requireOwnAttempt(db: Db, userId: string, attemptId: string): Promise<AttemptRow> {
  const [attempt] = isUuid(attemptId)
    ? await db
        .select()
        .from(quizAttempts)
        .where(and(eq(quizAttempts.id, attemptId), eq(quizAttempts.userId, userId)))
        .limit(1)
    : [];
  // Another user's attempt is as unknown as a missing one.
  if (!attempt) throw new AppError(ErrorCode.NOT_FOUND, 'Quiz attempt not found');
  return attempt;
}

export const TIME_IS_UP = 'Time is up for this attempt: complete it to see your score';

/**
 * Stores the answer first, then tells whether it was right; a second answer to one question keeps the
 * first. A single-choice question takes `selectedOption`, every other type `answer` (docs/product.md, Learning).
 * A code question's answer is run by `gradeCode` (code-answers.ts).
 */
export async function answerQuestion({
  db,
  userId,
  attemptId,
  questionId,
  selectedOption,
  answer,
  now,
  gradeCode,
  requireOpen,
}: {
  db: Db;
  userId: string;
  attemptId: string;
  questionId: string;
  selectedOption?: number | undefined;
  answer?: AnswerValue | undefined;
  now: number;
  gradeCode: GradeCode;
  /** Refuses a quiz still locked by its pacing (lib/learnable-course.ts requireQuizOpen). */
  requireOpen: (quizId: string) => Promise<void>;
}): Promise<AnyAnswerResult> {
  const attempt = await requireOwnAttempt(db, userId, attemptId);
  await requireOpen(attempt.quizId);
  if (attempt.status === 'completed') throw new AppError(ErrorCode.CONFLICT, QUIZ_ALREADY_COMPLETED);
  if (attempt.expiresAt && now > attempt.expiresAt.getTime()) throw new AppError(ErrorCode.CONFLICT, TIME_IS_UP);
  const [question] = isUuid(questionId)
    ? await db
        .select()
        .from(quizQuestions)
        .where(and(eq(quizQuestions.id, questionId), eq(quizQuestions.quizId, attempt.quizId)))
        .limit(1)
    : [];
  if (!question) throw new AppError(ErrorCode.NOT_FOUND, 'Question not found in this quiz');
  const { fields } = question;
  if (fields?.type === 'code') {
    return answerCodeQuestion({ db, attemptId, question: { ...question, fields }, answer, gradeCode });
  }
  const graded = gradeAnswer(question, { selectedOption, answer });
  const stored = isSingleChoice(question)
    ? { selectedOption: selectedOption ?? null, answer: null }
    : { selectedOption: null, answer: answer ?? null };
  await db
    .insert(quizAnswers)
    .values({ attemptId, questionId, ...stored, isCorrect: graded.correct })
    .onConflictDoNothing();
  const [kept] = await db
    .select({ isCorrect: quizAnswers.isCorrect })
    .from(quizAnswers)
    .where(and(eq(quizAnswers.attemptId, attemptId), eq(quizAnswers.questionId, questionId)));
  return {
    correct: kept?.isCorrect ?? false,
    correctAnswer: graded.correctAnswer,
    explanation: question.explanation,
  };
}

/** What else a pass does, in the completion's transaction: the parts it opens are announced (lib/unlock-notices.ts). */
export type OnPass = (tx: Tx, pass: { userId: string; quizId: string }) => Promise<void>;

/** Completes an attempt in progress; undefined when it was completed meanwhile. */
async function finishAttempt(
  db: Db,
  userId: string,
  attempt: AttemptRow,
  now: number,
  onPass: OnPass,
): Promise<AttemptRow | undefined> {
  const total = await questionCount(db, attempt.quizId);
  const { passPercent } = await quizSettings(db, attempt.quizId);
  return db.transaction(async (tx) => {
    const [completed] = await tx
      .update(quizAttempts)
      .set({
        status: 'completed',
        completedAt: new Date(),
        totalQuestions: total,
        passPercent,
        score: sql`(select count(*)::int from ${quizAnswers} where ${quizAnswers.attemptId} = ${attempt.id} and ${quizAnswers.isCorrect})`,
      })
      .where(and(eq(quizAttempts.id, attempt.id), IN_PROGRESS))
      .returning();
    if (!completed) return completed;
    // A pass raises the learner's peak progress with it (lib/peak-progress.ts); a miss enters the review deck.
    await raisePeakForQuiz(tx, { userId, quizId: completed.quizId });
    await addMissedQuestions(tx, { attemptId: completed.id, now });
    if (isPassingScore(completed.score ?? 0, completed.totalQuestions ?? 0, completed.passPercent)) {
      await onPass(tx, { userId, quizId: completed.quizId });
    }
    return completed;
  });
}

/**
 * Scores on the server: correct answers out of the quiz's questions now, judged against the quiz's
 * pass mark now (kept on the attempt). Completing twice changes nothing; an attempt past its time
 * limit completes with what was answered in time. The questions answered wrong enter the review deck.
 */
export async function completeAttempt({
  db,
  userId,
  attemptId,
  now,
  requireOpen,
  onPass,
}: {
  db: Db;
  userId: string;
  attemptId: string;
  now: number;
  requireOpen: (quizId: string) => Promise<void>;
  onPass: OnPass;
}) {
  const attempt = await requireOwnAttempt(db, userId, attemptId);
  await requireOpen(attempt.quizId);
  const done = attempt.status === 'in_progress' ? await finishAttempt(db, userId, attempt, now, onPass) : undefined;
  return toAttemptJson(db, done ?? (await requireOwnAttempt(db, userId, attemptId)));
}
