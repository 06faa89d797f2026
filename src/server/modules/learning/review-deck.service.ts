import { and, asc, eq, lte, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#db/client';
import { courses, enrollments, quizAnswers, quizAttempts, quizQuestions, quizzes, reviewCards } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { isUuid } from '#shared/ids';
import {
  type LearnerQuestion,
  REVIEW_PAGE_SIZE,
  type ReviewAnswerBody,
  type ReviewAnswerResult,
  type ReviewDeck,
} from '#shared/schemas/review-deck';
import { AppError } from '../../errors';
import { type ArrangeChoices, toQuestionJson } from '../../lib/course-content';
import { codeSourceOf, type GradeCode } from './code-answers';
import { newReviewCard, type StoredCard, scheduleReview } from './review-schedule';
import { seededOrder } from './seeded-order';
import { gradeAnswer } from './typed-answers';

/* The review deck (docs/product.md, Review deck; ADR 0055). */

/**
 * Puts the questions answered wrong in a completed attempt into its learner's deck, each as a new
 * card due now; a question already in the deck keeps its card and schedule. Only an enrolled
 * learner's: a creator trying their own quiz has no deck.
 */
export async function addMissedQuestions(tx: DbOrTx, { attemptId, now }: { attemptId: string; now: number }) {
  const due = new Date(now);
  await tx.execute(sql`
    insert into ${reviewCards} (user_id, question_id, course_id, due, card)
    select ${quizAttempts.userId}, ${quizAnswers.questionId}, ${quizzes.courseId}, ${due.toISOString()}::timestamptz,
      ${JSON.stringify(newReviewCard(due))}::jsonb
    from ${quizAnswers}
    join ${quizAttempts} on ${quizAttempts.id} = ${quizAnswers.attemptId}
    join ${quizQuestions} on ${quizQuestions.id} = ${quizAnswers.questionId}
    join ${quizzes} on ${quizzes.id} = ${quizQuestions.quizId}
    join ${enrollments} on ${enrollments.userId} = ${quizAttempts.userId} and ${enrollments.courseId} = ${quizzes.courseId}
    where ${quizAnswers.attemptId} = ${attemptId} and not ${quizAnswers.isCorrect}
    on conflict (user_id, question_id) do nothing`);
}

/** A learner's cards they may still review: the question exists (deleting it deletes the card) and they are enrolled. */
const liveCardsOf = (userId: string, where: SQL) => and(eq(reviewCards.userId, userId), where);
const enrolledInCardCourse = and(eq(enrollments.userId, reviewCards.userId), eq(enrollments.courseId, reviewCards.courseId));

/** The question as a learner sees it; shuffled choices in an order of the card's own, the same on every read. */
function learnerQuestion(question: typeof quizQuestions.$inferSelect, { cardId, shuffle }: { cardId: string; shuffle: boolean }) {
  const order = seededOrder(cardId);
  const arrange: ArrangeChoices = (choices, { always }) => (shuffle || always ? order(choices) : choices);
  return toQuestionJson(question, { withAnswer: false, arrange }) as LearnerQuestion;
}

/** The cards due at `now`, longest due first, and how many are due in all. */
export async function readReviewDeck({ db, userId, now }: { db: Db; userId: string; now: number }): Promise<ReviewDeck> {
  const rows = await db
    .select({
      id: reviewCards.id,
      due: reviewCards.due,
      question: quizQuestions,
      shuffle: quizzes.shuffle,
      course: { id: courses.id, title: courses.title },
      // Counted before the limit: every due card, not only the page's.
      dueCount: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(reviewCards)
    .innerJoin(quizQuestions, eq(quizQuestions.id, reviewCards.questionId))
    .innerJoin(quizzes, eq(quizzes.id, quizQuestions.quizId))
    .innerJoin(courses, eq(courses.id, reviewCards.courseId))
    .innerJoin(enrollments, enrolledInCardCourse)
    .where(liveCardsOf(userId, lte(reviewCards.due, new Date(now))))
    .orderBy(asc(reviewCards.due), asc(reviewCards.id))
    .limit(REVIEW_PAGE_SIZE);
  return {
    dueCount: rows[0]?.dueCount ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      question: learnerQuestion(row.question, { cardId: row.id, shuffle: row.shuffle }),
      course: row.course,
      due: row.due.toISOString(),
    })),
  };
}

/** A card answered before it is due: when it is. */
export class ReviewCardNotDue extends Error {
  constructor(readonly nextDue: Date) {
    super(`This card is not due until ${nextDue.toISOString()}`);
  }
}

/** One of the learner's live cards with its question, for answering it. */
function cardToAnswer(db: DbOrTx, userId: string, cardId: string) {
  return db
    .select({ card: reviewCards.card, due: reviewCards.due, question: quizQuestions })
    .from(reviewCards)
    .innerJoin(quizQuestions, eq(quizQuestions.id, reviewCards.questionId))
    .innerJoin(enrollments, enrolledInCardCourse)
    .where(liveCardsOf(userId, eq(reviewCards.id, cardId)));
}

function requireDue<Row extends { due: Date }>(row: Row | undefined, now: number): Row {
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'Review card not found');
  if (row.due.getTime() > now) throw new ReviewCardNotDue(row.due);
  return row;
}

/**
 * Grades an answer to a due card and schedules the card's next review. The card's row is locked
 * while it is read and written, so two answers at once give one schedule: the second finds the card
 * not due any more. A card not due is refused (ReviewCardNotDue); another learner's is unknown (404).
 * A code question's answer runs (`gradeCode`) before the lock, with no transaction open, as in a quiz
 * (code-answers.ts); a card answered meanwhile then refuses this answer as not due.
 */
export async function answerReviewCard({
  db,
  userId,
  cardId,
  body,
  now,
  gradeCode,
}: {
  db: Db;
  userId: string;
  cardId: string;
  body: ReviewAnswerBody;
  now: number;
  gradeCode: GradeCode;
}): Promise<ReviewAnswerResult> {
  if (!isUuid(cardId)) throw new AppError(ErrorCode.NOT_FOUND, 'Review card not found');
  const [seen] = await cardToAnswer(db, userId, cardId);
  const { fields } = requireDue(seen, now).question;
  const ran = fields?.type === 'code' ? await gradeCode({ source: codeSourceOf(body.answer), testCode: fields.testCode }) : null;
  return db.transaction(async (tx) => {
    const [row] = await cardToAnswer(tx, userId, cardId).for('update', { of: reviewCards });
    const { card, question } = requireDue(row, now);
    const graded = ran ? { correct: ran.correct, correctAnswer: null, output: ran.output } : gradeAnswer(question, body);
    const next = scheduleReview(card as StoredCard, { correct: graded.correct, now: new Date(now) });
    await tx.update(reviewCards).set({ card: next.card, due: next.due }).where(eq(reviewCards.id, cardId));
    return { ...graded, explanation: question.explanation, nextDue: next.due.toISOString() };
  });
}
