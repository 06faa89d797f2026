import { z } from 'zod';
import { CODE_SOURCE_MAX } from './code';
import { AnswerValueSchema, CodeTextSchema } from './questions';

export { DEFAULT_VIDEO_COMPLETE_PERCENT } from '../learning-rules';

/* The learner's calls (docs/product.md, Learning). */

export const LessonProgressSchema = z.object({
  lessonId: z.string(),
  completed: z.boolean(),
  completedAt: z.string().nullable(),
});
export type LessonProgress = z.infer<typeof LessonProgressSchema>;

/** What a learner's record says of one course (the server works it out; the API adds its rules). */
export const CourseProgressCountsSchema = z.object({
  lessons: z.array(LessonProgressSchema),
  /** Quizzes passed (a completed attempt at or above its quiz's pass mark): they count towards progress and the certificate. */
  completedQuizIds: z.array(z.string()),
  /** (completed lessons + passed quizzes) / (lessons + quizzes), rounded. */
  percent: z.number().int().min(0).max(100),
  /** Every lesson completed and every quiz passed, exactly (a rounded 100 % may be 99.5 %). */
  completed: z.boolean(),
});
export type CourseProgressCounts = z.infer<typeof CourseProgressCountsSchema>;

/** The longest a saved video position may be: a week of seconds, far past any video an upload can hold. */
export const VIDEO_POSITION_MAX_SECONDS = 7 * 86_400;

/** A slide in the progress answer: where the learner stopped in it, for a video slide they have played. */
export const CourseLessonProgressSchema = LessonProgressSchema.extend({
  /** Seconds into the video where the learner last was (docs/product.md, Video); null when none is saved. */
  positionSeconds: z.number().nullable(),
});
export type CourseLessonProgress = z.infer<typeof CourseLessonProgressSchema>;

export const CourseProgressSchema = CourseProgressCountsSchema.extend({
  lessons: z.array(CourseLessonProgressSchema),
  /** The share of a video slide (percent) the learner must watch before the player marks it complete. */
  videoCompletePercent: z.number().int().min(1).max(100),
});
export type CourseProgress = z.infer<typeof CourseProgressSchema>;

export const ProgressBodySchema = z.object({
  lessonId: z.string().min(1).max(100),
  /**
   * false undoes a completion: the slide counts again as not done, for progress and the certificate.
   * Left out, it means true, unless the call only saves a video position (which never completes).
   */
  completed: z.boolean().optional(),
  /** Sent by clients, the web app too; the server records its own time. */
  completedAt: z.string().max(40).optional(),
  /** Where the learner is in a video slide's video, in seconds (docs/product.md, Video). */
  positionSeconds: z
    .number()
    .min(0, 'A position cannot be negative')
    .max(VIDEO_POSITION_MAX_SECONDS, `A position is at most ${VIDEO_POSITION_MAX_SECONDS.toLocaleString('en')} seconds`)
    .optional(),
});
export type ProgressBody = z.input<typeof ProgressBodySchema>;

/** The answer to a progress call; `positionSeconds` only when the call saved one. */
export const ProgressResultSchema = LessonProgressSchema.extend({ positionSeconds: z.number().optional() });
export type ProgressResult = z.infer<typeof ProgressResultSchema>;

/** Present only for questions the learner has answered in this attempt, with the right answer. */
export const AttemptAnswerSchema = z.union([
  z.object({
    questionId: z.string(),
    selectedOption: z.number().int(),
    correct: z.boolean(),
    correctAnswer: z.number().int(),
  }),
  /** A typed question's answer, and the right one in the same form (docs/product.md, Learning). */
  z.object({
    questionId: z.string(),
    answer: AnswerValueSchema,
    correct: z.boolean(),
    correctAnswer: AnswerValueSchema,
  }),
  /** A code question's answer: the learner's source; its tests are never shown. */
  z.object({
    questionId: z.string(),
    answer: z.string(),
    correct: z.boolean(),
    correctAnswer: z.null(),
  }),
]);
export type AttemptAnswer = z.infer<typeof AttemptAnswerSchema>;

export const QuizAttemptSchema = z.object({
  id: z.string(),
  quizId: z.string(),
  status: z.enum(['in_progress', 'completed']),
  /** Correct answers; null until completed. */
  score: z.number().int().nullable(),
  totalQuestions: z.number().int(),
  answers: z.array(AttemptAnswerSchema),
  /** Completed at or above the quiz's pass mark (docs/product.md, Learning); false while in progress. */
  passed: z.boolean(),
  /** When answers stop being taken (the quiz's time limit from the start, ISO); null without a limit. */
  expiresAt: z.string().nullable(),
});
export type QuizAttempt = z.infer<typeof QuizAttemptSchema>;

export const AttemptQuerySchema = z.object({ forceNew: z.enum(['true', 'false']).optional() });

/** A code question's answer: Python source (docs/product.md, Running Python). */
export const CodeAnswerSchema = CodeTextSchema.max(CODE_SOURCE_MAX, {
  message: `Code must be at most ${CODE_SOURCE_MAX.toLocaleString('en')} characters`,
});

/** `selectedOption` answers a single-choice question, `answer` every other type: a quiz's and the review deck's bodies. */
export const answerFields = {
  selectedOption: z.number().int().min(1).max(4).optional(),
  // A short text answer is at most TEXT_ANSWER_MAX; longer text can only be a code question's source.
  answer: z.union([AnswerValueSchema, CodeAnswerSchema]).optional(),
};
/** Exactly one of the two forms: refine a body holding `answerFields` with it. */
export function hasOneAnswerForm(body: { selectedOption?: unknown; answer?: unknown }): boolean {
  return (body.selectedOption === undefined) !== (body.answer === undefined);
}
export const ONE_ANSWER_FORM = {
  message: 'Send either selectedOption (a single-choice question) or answer',
  path: ['selectedOption'],
};

export const AnswerBodySchema = z
  .object({ questionId: z.string().min(1).max(100), ...answerFields })
  .refine(hasOneAnswerForm, ONE_ANSWER_FORM);
export type AnswerBody = z.infer<typeof AnswerBodySchema>;

export const AnswerResultSchema = z.object({
  correct: z.boolean(),
  correctAnswer: z.number().int(),
  /** The creator's note on why the answer is right, shown after answering; null without one. */
  explanation: z.string().nullable(),
});
export type AnswerResult = z.infer<typeof AnswerResultSchema>;

/** The answer to any question: `correctAnswer` in the form of the question type's answers. */
export const TypedAnswerResultSchema = AnswerResultSchema.extend({ correctAnswer: AnswerValueSchema });

/** A code question's: no right answer to show, the run's output instead. */
export const CodeAnswerResultSchema = AnswerResultSchema.extend({
  correctAnswer: z.null(),
  /** The first 10,000 characters of what the learner's code and the tests printed, and a limit hit. */
  output: z.string(),
});
export type CodeAnswerResult = z.infer<typeof CodeAnswerResultSchema>;

export const AnyAnswerResultSchema = z.union([TypedAnswerResultSchema, CodeAnswerResultSchema]);
export type AnyAnswerResult = z.infer<typeof AnyAnswerResultSchema>;

export { QUIZ_ALREADY_COMPLETED } from '../messages';
