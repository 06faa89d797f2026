import { z } from 'zod';
import { QuestionSchema } from './creator';
import { answerFields, CodeAnswerResultSchema, hasOneAnswerForm, ONE_ANSWER_FORM, TypedAnswerResultSchema } from './learning';
import { LearnerCodeQuestionSchema, LearnerTypedQuestionSchema } from './questions';

/* The review deck: questions a learner missed, back on a spaced schedule (docs/product.md, Review deck). */

/** The most cards one GET /api/review lists; `dueCount` counts them all. */
export const REVIEW_PAGE_SIZE = 20;

/**
 * A question as a learner sees it before answering: the single choice without its answer, a typed
 * one's choices, or a code question's starter code (never its tests).
 */
export const LearnerQuestionSchema = z.union([
  QuestionSchema.omit({ correctAnswer: true, explanation: true }),
  LearnerTypedQuestionSchema,
  LearnerCodeQuestionSchema,
]);
export type LearnerQuestion = z.infer<typeof LearnerQuestionSchema>;

export const ReviewItemSchema = z.object({
  /** The card's id: what POST /api/review/{id} answers. */
  id: z.string(),
  question: LearnerQuestionSchema,
  course: z.object({ id: z.string(), title: z.string() }),
  /** When the card fell due (ISO); never later than now. */
  due: z.string(),
});
export type ReviewItem = z.infer<typeof ReviewItemSchema>;

export const ReviewDeckSchema = z.object({
  /** Every card due now, including those past the page. */
  dueCount: z.number().int().min(0),
  /** The cards due longest first, at most REVIEW_PAGE_SIZE. */
  items: z.array(ReviewItemSchema),
});
export type ReviewDeck = z.infer<typeof ReviewDeckSchema>;

/** The same two forms as a quiz's answer, without the question (the card names it). */
export const ReviewAnswerBodySchema = z.object(answerFields).refine(hasOneAnswerForm, ONE_ANSWER_FORM);
export type ReviewAnswerBody = z.infer<typeof ReviewAnswerBodySchema>;

const nextDue = {
  /** When the card comes back (ISO), as the schedule set it after this answer. */
  nextDue: z.string(),
};
/** As a quiz's answer (a code question's with its run's `output`), and when the card comes back. */
export const ReviewAnswerResultSchema = z.union([
  TypedAnswerResultSchema.extend(nextDue),
  CodeAnswerResultSchema.extend(nextDue),
]);
export type ReviewAnswerResult = z.infer<typeof ReviewAnswerResultSchema>;

/** A card answered before it is due again (or answered twice at once): the time it is due. */
export const ReviewNotDueSchema = z.object({ message: z.string(), nextDue: z.string() });
