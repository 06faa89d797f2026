import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { quizAttempts, quizzes } from '#db/schema/index';
import type { AnyQuestion } from '#shared/schemas/creator';
import { type ArrangeChoices, listQuestions, toQuestionJson } from '../../lib/course-content';
import { seededOrder } from './seeded-order';

/** The learner's attempt the order follows: the one in progress, else the latest; before any, the learner's own. */
async function orderSeed(db: Db, userId: string, quizId: string): Promise<string> {
  const [attempt] = await db
    .select({ id: quizAttempts.id })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.quizId, quizId)))
    .orderBy(desc(sql`${quizAttempts.status} = 'in_progress'`), desc(quizAttempts.startedAt))
    .limit(1);
  return attempt?.id ?? `${userId}:${quizId}`;
}

/**
 * A quiz's questions as a learner sees them (docs/product.md, Learning): no answers, an ordering
 * question's choices shuffled, and with the quiz's `shuffle` the questions and every question's choices
 * in an order of the attempt's own, the same on every read of it. Single-choice options keep their
 * letters: their answer is the option's number.
 */
export async function listLearnerQuestions({ db, quizId, userId }: { db: Db; quizId: string; userId: string }) {
  const [rows, [quiz]] = await Promise.all([
    listQuestions({ db, quizId }),
    db.select({ shuffle: quizzes.shuffle }).from(quizzes).where(eq(quizzes.id, quizId)),
  ]);
  const shuffle = quiz?.shuffle ?? false;
  if (!shuffle && rows.every((row) => row.type === 'single')) {
    return rows.map((row): AnyQuestion => toQuestionJson(row, { withAnswer: false }));
  }
  const order = seededOrder(await orderSeed(db, userId, quizId));
  const arrange: ArrangeChoices = (choices, { always }) => (shuffle || always ? order(choices) : choices);
  return (shuffle ? order(rows) : rows).map((row) => toQuestionJson(row, { withAnswer: false, arrange }));
}
