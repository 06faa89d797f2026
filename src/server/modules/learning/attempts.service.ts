import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { quizAnswers, quizAttempts, quizQuestions } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { isUuid } from '#shared/ids';
import { type AnswerResult, QUIZ_ALREADY_COMPLETED, type QuizAttempt } from '#shared/schemas/learning';
import { AppError } from '../../errors';
import { raisePeakForQuiz } from '../../lib/peak-progress';

type AttemptRow = typeof quizAttempts.$inferSelect;

async function questionCount(db: Db, quizId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(quizQuestions).where(eq(quizQuestions.quizId, quizId));
  return row?.n ?? 0;
}

async function toAttemptJson(db: Db, attempt: AttemptRow): Promise<QuizAttempt> {
  const answers = await db
    .select({
      questionId: quizAnswers.questionId,
      selectedOption: quizAnswers.selectedOption,
      correct: quizAnswers.isCorrect,
      correctAnswer: quizQuestions.correctAnswer,
    })
    .from(quizAnswers)
    .innerJoin(quizQuestions, eq(quizQuestions.id, quizAnswers.questionId))
    .where(eq(quizAnswers.attemptId, attempt.id))
    .orderBy(asc(quizQuestions.position));
  return {
    id: attempt.id,
    quizId: attempt.quizId,
    status: attempt.status,
    score: attempt.score,
    totalQuestions: attempt.totalQuestions ?? (await questionCount(db, attempt.quizId)),
    answers,
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

/**
 * docs/product.md, Learning: the latest attempt, made only when there is none; `forceNew` always starts one. The
 * database keeps one attempt in progress per learner and quiz (migration 0012), so parallel starts (a
 * double click) share one: the first insert wins, the others take it. A forced start replaces an
 * attempt in progress that has answers; one without any is new already (a second click of Retake).
 */
export async function startOrResumeAttempt({
  db,
  userId,
  quizId,
  forceNew,
}: {
  db: Db;
  userId: string;
  quizId: string;
  forceNew: boolean;
}): Promise<QuizAttempt> {
  if (!forceNew) {
    const [latest] = await db
      .select()
      .from(quizAttempts)
      .where(ofLearnerAndQuiz(userId, quizId))
      .orderBy(desc(quizAttempts.startedAt))
      .limit(1);
    if (latest) return toAttemptJson(db, latest);
  } else {
    const current = await attemptInProgress(db, userId, quizId);
    if (current && !(await hasAnswers(db, current.id))) return toAttemptJson(db, current);
    if (current) await db.delete(quizAttempts).where(and(eq(quizAttempts.id, current.id), IN_PROGRESS));
  }
  const totalQuestions = await questionCount(db, quizId);
  // The one in progress may be completed between a refused insert and the read: then the insert is tried again.
  for (let tries = 0; tries < 3; tries++) {
    const [created] = await db
      .insert(quizAttempts)
      .values({ userId, quizId, totalQuestions })
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

/** Stores the pick first, then tells whether it was right; a second pick of one question keeps the first. */
export async function answerQuestion({
  db,
  userId,
  attemptId,
  questionId,
  selectedOption,
}: {
  db: Db;
  userId: string;
  attemptId: string;
  questionId: string;
  selectedOption: number;
}): Promise<AnswerResult> {
  const attempt = await requireOwnAttempt(db, userId, attemptId);
  if (attempt.status === 'completed') throw new AppError(ErrorCode.CONFLICT, QUIZ_ALREADY_COMPLETED);
  const [question] = isUuid(questionId)
    ? await db
        .select()
        .from(quizQuestions)
        .where(and(eq(quizQuestions.id, questionId), eq(quizQuestions.quizId, attempt.quizId)))
        .limit(1)
    : [];
  if (!question) throw new AppError(ErrorCode.NOT_FOUND, 'Question not found in this quiz');
  const optionCount = 2 + (question.optionC ? 1 : 0) + (question.optionD ? 1 : 0);
  if (selectedOption > optionCount) {
    const message = `Choose one of the ${optionCount} options`;
    throw new AppError(ErrorCode.BAD_REQUEST, message, { errors: { selectedOption: message } });
  }
  await db
    .insert(quizAnswers)
    .values({ attemptId, questionId, selectedOption, isCorrect: selectedOption === question.correctAnswer })
    .onConflictDoNothing();
  const [stored] = await db
    .select({ isCorrect: quizAnswers.isCorrect })
    .from(quizAnswers)
    .where(and(eq(quizAnswers.attemptId, attemptId), eq(quizAnswers.questionId, questionId)));
  return { correct: stored?.isCorrect ?? false, correctAnswer: question.correctAnswer, explanation: question.explanation };
}

/** Scores on the server: correct answers out of the quiz's questions now. Completing twice changes nothing. */
export async function completeAttempt({ db, userId, attemptId }: { db: Db; userId: string; attemptId: string }) {
  const attempt = await requireOwnAttempt(db, userId, attemptId);
  if (attempt.status === 'in_progress') {
    const total = await questionCount(db, attempt.quizId);
    const done = await db.transaction(async (tx) => {
      const [completed] = await tx
        .update(quizAttempts)
        .set({
          status: 'completed',
          completedAt: new Date(),
          totalQuestions: total,
          score: sql`(select count(*)::int from ${quizAnswers} where ${quizAnswers.attemptId} = ${attemptId} and ${quizAnswers.isCorrect})`,
        })
        .where(and(eq(quizAttempts.id, attemptId), eq(quizAttempts.status, 'in_progress')))
        .returning();
      // A pass raises the learner's peak progress with it (lib/peak-progress.ts).
      if (completed) await raisePeakForQuiz(tx, { userId, quizId: completed.quizId });
      return completed;
    });
    if (done) return toAttemptJson(db, done);
  }
  return toAttemptJson(db, await requireOwnAttempt(db, userId, attemptId));
}
