import { z } from 'zod';
import { CODE_SOURCE_MAX } from './code';
import { multiLineText, singleLineText } from './text';

/*
 * Question types beyond the single choice of four options (docs/product.md, Learning). One discriminated union, on
 * `type`, says what each type holds: the server checks a creator's question with it, keeps it as the
 * question's stored document (quiz_questions.fields) and answers it back; the web's forms use it too.
 */

export { type QuestionType, questionTypes } from '../lists';

export const CHOICES_MIN = 2;
export const CHOICES_MAX = 8;
export const ACCEPTED_ANSWERS_MAX = 10;
export const TEXT_ANSWER_MAX = 500;

const ChoiceTextSchema = singleLineText({ max: 500 }).min(1, { message: 'A choice cannot be empty' });
const ChoicesSchema = z
  .array(ChoiceTextSchema)
  .min(CHOICES_MIN, { message: `Give ${CHOICES_MIN} to ${CHOICES_MAX} choices` })
  .max(CHOICES_MAX, { message: `Give ${CHOICES_MIN} to ${CHOICES_MAX} choices` })
  // A learner could not tell two equal choices apart.
  .refine((choices) => new Set(choices).size === choices.length, { message: 'Each choice must be different' });

const multipleShape = {
  type: z.literal('multiple'),
  choices: ChoicesSchema,
  /** 1-based places in `choices`: all of them, and only them, make a correct answer. */
  correctChoices: z
    .array(z.number().int().min(1).max(CHOICES_MAX))
    .min(1, { message: 'Mark at least one correct choice' })
    .max(CHOICES_MAX),
};

function checkCorrectChoices(fields: { choices: string[]; correctChoices: number[] }, ctx: z.RefinementCtx) {
  if (fields.correctChoices.some((place) => place > fields.choices.length)) {
    ctx.addIssue({ code: 'custom', path: ['correctChoices'], message: 'Mark correct choices among the choices given' });
  } else if (new Set(fields.correctChoices).size !== fields.correctChoices.length) {
    ctx.addIssue({ code: 'custom', path: ['correctChoices'], message: 'Mark each correct choice once' });
  }
}

/** Python as written: indentation kept, tab and line breaks allowed, NUL (which PostgreSQL refuses) not. */
export const CodeTextSchema = multiLineText({ max: CODE_SOURCE_MAX, trim: false });

/** Each type's own fields, with `extra` (the question's common fields) beside them. */
export function typedQuestionVariants<Extra extends z.ZodRawShape>(extra: Extra) {
  return [
    // The generic `extra` hides from the compiler that the output holds the choices.
    z
      .object({ ...extra, ...multipleShape })
      .superRefine((fields, ctx) => checkCorrectChoices(fields as { choices: string[]; correctChoices: number[] }, ctx)),
    z.object({ ...extra, type: z.literal('true_false'), correctAnswer: z.boolean() }),
    z.object({
      ...extra,
      type: z.literal('short_text'),
      /** Any of them is right, compared as normalizeTextAnswer leaves them. */
      acceptedAnswers: z
        .array(singleLineText({ max: TEXT_ANSWER_MAX }).min(1, { message: 'An accepted answer cannot be empty' }))
        .min(1, { message: `Give 1 to ${ACCEPTED_ANSWERS_MAX} accepted answers` })
        .max(ACCEPTED_ANSWERS_MAX, { message: `Give 1 to ${ACCEPTED_ANSWERS_MAX} accepted answers` }),
    }),
    z.object({
      ...extra,
      type: z.literal('numeric'),
      correctNumber: z.number(),
      /** An answer this far from `correctNumber` or closer is right. */
      tolerance: z.number().min(0, { message: 'Tolerance must be 0 or more' }).optional().default(0),
    }),
    /** `choices` in the right order; learners get them shuffled. */
    z.object({ ...extra, type: z.literal('ordering'), choices: ChoicesSchema }),
    z.object({
      ...extra,
      type: z.literal('code'),
      language: z.literal('python').optional().default('python'),
      /** What the learner's editor starts with; may be empty. */
      starterCode: CodeTextSchema.optional().default(''),
      /** Python run after the learner's code, in its namespace: the answer is correct when both finish. */
      testCode: CodeTextSchema.regex(/\S/, { message: 'Tests are required' }),
    }),
  ] as const;
}

/** A typed question's stored document: its type and that type's fields. */
export const QuestionFieldsSchema = z.discriminatedUnion('type', typedQuestionVariants({}));
export type QuestionFields = z.output<typeof QuestionFieldsSchema>;
/** The types answered by picking or entering a value; `code` is answered with source and graded by running it. */
export const typedQuestionTypes = [
  'multiple',
  'true_false',
  'short_text',
  'numeric',
  'ordering',
] as const satisfies readonly QuestionFields['type'][];
export type TypedQuestionType = (typeof typedQuestionTypes)[number];

export const ChoiceSchema = z.object({ id: z.string(), text: z.string() });
export type Choice = z.infer<typeof ChoiceSchema>;

/**
 * A typed question as a learner sees it before answering: what to pick from (none for a typed-in
 * answer; true and false for true_false), never what is right.
 */
export const LearnerTypedQuestionSchema = z.object({
  id: z.string(),
  quizId: z.string(),
  type: z.enum(typedQuestionTypes),
  question: z.string(),
  choices: z.array(ChoiceSchema),
  order: z.number().int(),
});
export type LearnerTypedQuestion = z.infer<typeof LearnerTypedQuestionSchema>;

/** A code question as a learner sees it: the starter code, never the tests. */
export const LearnerCodeQuestionSchema = z.object({
  id: z.string(),
  quizId: z.string(),
  type: z.literal('code'),
  question: z.string(),
  language: z.literal('python'),
  starterCode: z.string(),
  choices: z.array(ChoiceSchema).max(0),
  order: z.number().int(),
});
export type LearnerCodeQuestion = z.infer<typeof LearnerCodeQuestionSchema>;

/**
 * A learner's answer to a typed question: choice ids (multiple; ordering, in the learner's order), a
 * boolean (true_false), text (short_text) or a number (numeric). Also the form of `correctAnswer`.
 */
export const AnswerValueSchema = z.union([
  z.array(z.string().max(100)).max(CHOICES_MAX),
  z.boolean(),
  z.string().max(TEXT_ANSWER_MAX),
  z.number(),
]);
export type AnswerValue = z.infer<typeof AnswerValueSchema>;

/** How short_text answers are compared: NFKC, case folded, spaces trimmed and runs of them made one. */
export function normalizeTextAnswer(text: string): string {
  // Upper then lower case folds what lower case alone keeps apart (ß and SS, final and other sigma).
  return text.normalize('NFKC').toUpperCase().toLowerCase().replace(/\s+/gu, ' ').trim();
}
