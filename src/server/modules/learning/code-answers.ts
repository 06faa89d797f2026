import { and, eq } from 'drizzle-orm';
import type { Db } from '#db/client';
import { quizAnswers, quizAttempts, type quizQuestions } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { type CodeAnswerResult, CodeAnswerSchema, QUIZ_ALREADY_COMPLETED } from '#shared/schemas/learning';
import type { AnswerValue, QuestionFields } from '#shared/schemas/questions';
import { AppError } from '../../errors';

/* Grading a code question's answer by running it (docs/product.md, Learning and Running Python). */

/** Runs the learner's source, then the tests; refusals (pool off, queue full, rate limit) are thrown as API errors. */
export type GradeCode = (request: { source: string; testCode: string }) => Promise<{ correct: boolean; output: string }>;

type CodeQuestion = typeof quizQuestions.$inferSelect & { fields: Extract<QuestionFields, { type: 'code' }> };

export const ALREADY_ANSWERED_OUTPUT = 'This question was already answered in this attempt: the first answer counts.';

async function keptAnswer(db: Db, attemptId: string, questionId: string) {
  const [kept] = await db
    .select({ isCorrect: quizAnswers.isCorrect })
    .from(quizAnswers)
    .where(and(eq(quizAnswers.attemptId, attemptId), eq(quizAnswers.questionId, questionId)));
  return kept;
}

/** The answer as Python source to run, or a 400 saying what a code question takes. */
export function codeSourceOf(answer: AnswerValue | undefined): string {
  const source = CodeAnswerSchema.safeParse(answer);
  if (answer !== undefined && source.success) return source.data;
  const message =
    typeof answer === 'string'
      ? (source.error?.issues[0]?.message ?? 'Invalid code')
      : 'A code question takes answer: your Python source';
  throw new AppError(ErrorCode.BAD_REQUEST, message, { errors: { answer: message } });
}

/**
 * Grades first, with no transaction open, then stores in a short one that holds the attempt's row:
 * an attempt completed while the code ran takes no answer, and its score counts what it had.
 * A question answered already keeps its first answer and is not run again.
 */
export async function answerCodeQuestion({
  db,
  attemptId,
  question,
  answer,
  gradeCode,
}: {
  db: Db;
  attemptId: string;
  question: CodeQuestion;
  answer: AnswerValue | undefined;
  gradeCode: GradeCode;
}): Promise<CodeAnswerResult> {
  const source = codeSourceOf(answer);
  const answered = (kept: { isCorrect: boolean }): CodeAnswerResult => ({
    correct: kept.isCorrect,
    correctAnswer: null,
    explanation: question.explanation,
    output: ALREADY_ANSWERED_OUTPUT,
  });
  const before = await keptAnswer(db, attemptId, question.id);
  if (before) return answered(before);

  const graded = await gradeCode({ source, testCode: question.fields.testCode });

  const stored = await db.transaction(async (tx) => {
    const [attempt] = await tx
      .select({ status: quizAttempts.status })
      .from(quizAttempts)
      .where(eq(quizAttempts.id, attemptId))
      .for('update');
    if (attempt?.status !== 'in_progress') throw new AppError(ErrorCode.CONFLICT, QUIZ_ALREADY_COMPLETED);
    const [row] = await tx
      .insert(quizAnswers)
      .values({ attemptId, questionId: question.id, selectedOption: null, answer: source, isCorrect: graded.correct })
      .onConflictDoNothing()
      .returning({ questionId: quizAnswers.questionId });
    return row !== undefined;
  });
  if (!stored) {
    // A parallel answer was stored while this one ran: the first one counts, as for any type.
    const kept = await keptAnswer(db, attemptId, question.id);
    return answered(kept ?? { isCorrect: false });
  }
  return { correct: graded.correct, correctAnswer: null, explanation: question.explanation, output: graded.output };
}
