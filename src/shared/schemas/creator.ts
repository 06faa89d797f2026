import { z } from 'zod';
import { difficulties, lessonTypes, questionTypes, slideFields } from '../lists';
import { CaptionSchema } from './captions';
import { CourseSchema } from './catalog';
import { PacingBodySchema, PacingRuleSchema, PartLockSchema } from './pacing';
import { LearnerCodeQuestionSchema, LearnerTypedQuestionSchema, typedQuestionVariants } from './questions';
import { multiLineText, singleLineText } from './text';

/*
 * The creator studio's contract (docs/product.md, Publishing and the studio), shared by the server's
 * validation and the web's forms, so both refuse the same input with the same words.
 */

export const PRICE_MAX = 100_000;
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 100_000;
export const LESSON_CONTENT_MAX = 200_000;
/** A slide image's description for screen readers. */
export const IMAGE_ALT_MAX = 500;
/** Deepest nesting of elements in stored rich text; the editor's lists, marks and blocks stay far below it. */
export const RICH_TEXT_MAX_DEPTH = 32;

/** "19.99", 19.99 or "" (free): a number of at least 0 with at most two decimals. */
export const PriceInputSchema = z.union([z.number(), singleLineText({ max: 20 })]).transform((value, ctx) => {
  const text = typeof value === 'number' ? String(value) : value === '' ? '0' : value;
  if (!/^\d+(\.\d{1,2})?$/.test(text) || !Number.isFinite(Number(text))) {
    ctx.addIssue({ code: 'custom', message: 'Please enter a valid price' });
    return z.NEVER;
  }
  const cents = Math.round(Number(text) * 100);
  if (cents > PRICE_MAX * 100) {
    ctx.addIssue({ code: 'custom', message: `Price must be at most ${PRICE_MAX}` });
    return z.NEVER;
  }
  return cents;
});

/** A card payment is at least 0.50 (Stripe's smallest charge): a paid course costs at least that. */
export const MIN_PAID_PRICE_CENTS = 50;
export const COURSE_PRICE_MESSAGE = 'A course is free (0) or costs at least 0.50';

/** A course's price: free, or at least the smallest card payment, so every price can be bought. */
export const CoursePriceSchema = PriceInputSchema.refine((cents) => cents === 0 || cents >= MIN_PAID_PRICE_CENTS, {
  message: COURSE_PRICE_MESSAGE,
});

const TitleSchema = singleLineText({ max: TITLE_MAX }).min(1, { message: 'Title is required' });
const OptionalDescription = multiLineText({ max: 5_000 }).nullish();
/** An object path as PUT /api/course-thumbnails answers it, or null to remove. */
export const ObjectPathSchema = singleLineText({ max: 1_100 }).regex(/^\/objects\/[A-Za-z0-9!\-_.*'()/]+$/, {
  message: 'Must be an object path from an upload',
});

/**
 * The language a course is taught in: a BCP 47 tag (`en`, `es`, `pt-BR`), stored in its canonical
 * case (docs/product.md, Languages).
 */
export const CourseLanguageSchema = z
  .string()
  .max(35)
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, { message: 'Must be a language tag such as en or pt-BR' })
  .transform((tag, context) => {
    try {
      return Intl.getCanonicalLocales(tag)[0] ?? tag;
    } catch {
      context.addIssue({ code: 'custom', message: 'Must be a language tag such as en or pt-BR' });
      return z.NEVER;
    }
  });

export const CreateCourseBodySchema = z.object({
  title: TitleSchema,
  /** HTML from the rich-text editor; sanitized on write. */
  description: multiLineText({ max: DESCRIPTION_MAX }).optional().default(''),
  price: CoursePriceSchema.optional().default(0),
  difficulty: z.enum(difficulties).optional().default('Beginner'),
  duration: singleLineText({ max: 100 }).nullish(),
  thumbnail: ObjectPathSchema.nullish(),
  language: CourseLanguageSchema.optional().default('en'),
  /** Ignored: every course starts as a draft and is published through POST /api/courses/{id}/publish. */
  published: z.boolean().optional(),
});
export type CreateCourseBody = z.input<typeof CreateCourseBodySchema>;

export const UpdateCourseBodySchema = z.object({
  title: TitleSchema.optional(),
  description: multiLineText({ max: DESCRIPTION_MAX }).optional(),
  price: CoursePriceSchema.optional(),
  difficulty: z.enum(difficulties).optional(),
  duration: singleLineText({ max: 100 }).nullish(),
  thumbnail: ObjectPathSchema.nullish(),
  language: CourseLanguageSchema.optional(),
});
export type UpdateCourseBody = z.input<typeof UpdateCourseBodySchema>;

/** Modules and quizzes share one order sequence per course. */
const OrderSchema = z.number().int().min(0).max(100_000);

export const CreateSectionBodySchema = z.object({
  title: TitleSchema,
  description: OptionalDescription,
  /** Ignored: a new item always takes the current count of items (docs/product.md, Publishing and the studio). */
  order: OrderSchema.optional(),
});
export type CreateSectionBody = z.input<typeof CreateSectionBodySchema>;

/**
 * Setting `order` to a neighbour's value swaps the two items (move up / move down:
 * docs/product.md, Publishing and the studio).
 */
export const UpdateSectionBodySchema = z
  .object({
    title: TitleSchema.optional(),
    description: OptionalDescription,
    order: OrderSchema.optional(),
  })
  .extend(PacingBodySchema.shape);
export type UpdateSectionBody = z.input<typeof UpdateSectionBodySchema>;

export const QUIZ_TIME_LIMIT_MAX_MINUTES = 24 * 60;
export const QUIZ_MAX_ATTEMPTS_MAX = 1_000;

/** A quiz's settings besides its title and place (docs/product.md, Learning). */
export const UpdateQuizBodySchema = UpdateSectionBodySchema.extend({
  /** Percent of correct answers a completed attempt needs to pass. */
  passPercent: z.number().int().min(1).max(100).optional(),
  /** Minutes an attempt may take; null: no limit. */
  timeLimitMinutes: z.number().int().min(1).max(QUIZ_TIME_LIMIT_MAX_MINUTES).nullish(),
  /** Attempts a learner may start; null: unlimited. */
  maxAttempts: z.number().int().min(1).max(QUIZ_MAX_ATTEMPTS_MAX).nullish(),
  /** Questions and choices in an order of each attempt's own. */
  shuffle: z.boolean().optional(),
});
export type UpdateQuizBody = z.input<typeof UpdateQuizBodySchema>;

export const ModuleSchema = z
  .object({
    id: z.string(),
    courseId: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    order: z.number().int(),
  })
  .extend(PacingRuleSchema.shape)
  // An enrolled student's lock (docs/product.md, Pacing); absent for everyone else.
  .extend(PartLockSchema.shape);
export type Module = z.infer<typeof ModuleSchema>;

export const QuizSchema = ModuleSchema.extend({
  passPercent: z.number().int(),
  timeLimitMinutes: z.number().int().nullable(),
  maxAttempts: z.number().int().nullable(),
  shuffle: z.boolean(),
});
export type Quiz = z.infer<typeof QuizSchema>;

export const LessonTypeSchema = z.enum(lessonTypes);

export const LessonSchema = z.object({
  id: z.string(),
  moduleId: z.string(),
  title: z.string(),
  type: LessonTypeSchema,
  /** The lesson's place within its module: 0, 1, 2, … */
  order: z.number().int(),
  content: z.string().nullable(),
  videoUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** What the image shows, for screen readers; null: the title stands in for it. */
  imageAlt: z.string().nullable(),
  /** A notebook slide's .ipynb: its object path (signed for learners, as media are). */
  notebookUrl: z.string().nullable(),
  duration: z.string().nullable(),
  /** A video slide's WebVTT captions, one per language (signed for learners, as media are); [] for other slides. */
  captions: z.array(CaptionSchema),
});
export type Lesson = z.infer<typeof LessonSchema>;
export const LessonListSchema = z.array(LessonSchema);

/**
 * A slide's media: an object path, or the signed address a lesson came back with (an edit form
 * resends what it loaded); the signature is dropped, only the path is stored.
 */
const MediaUrlSchema = singleLineText({ max: 1_300 })
  .regex(/^\/objects\/[A-Za-z0-9!\-_.*'()/]+(\?exp=\d+&sig=[A-Za-z0-9_-]+)?$/, {
    message: 'Must be an object path from an upload',
  })
  .transform((value) => value.split('?')[0] ?? value);

export const CAPTIONS_MAX = 10;

/**
 * A video slide's captions as the creator sends them: each an upload of theirs (its path or signed
 * address), at most one per language, at most CAPTIONS_MAX. The whole list replaces the stored one.
 */
const CaptionsInputSchema = z
  .array(CaptionSchema.extend({ url: MediaUrlSchema }))
  .max(CAPTIONS_MAX, { message: `At most ${CAPTIONS_MAX} caption languages` })
  .superRefine((captions, ctx) => {
    const seen = new Set<string>();
    captions.forEach((caption, index) => {
      const language = caption.language.toLowerCase();
      if (seen.has(language)) {
        ctx.addIssue({ code: 'custom', path: [index, 'language'], message: `Captions in ${caption.language} are already there` });
      }
      seen.add(language);
    });
  });

/** One line of plain text; empty or null removes it. */
const ImageAltSchema = singleLineText({ max: IMAGE_ALT_MAX }).nullish();

export const CreateLessonBodySchema = z
  .object({
    title: TitleSchema,
    type: LessonTypeSchema,
    /** Ignored: a new slide goes last. */
    order: OrderSchema.optional(),
    content: multiLineText({ max: LESSON_CONTENT_MAX }).nullish(),
    videoUrl: MediaUrlSchema.nullish(),
    imageUrl: MediaUrlSchema.nullish(),
    imageAlt: ImageAltSchema,
    notebookUrl: MediaUrlSchema.nullish(),
    duration: singleLineText({ max: 50 }).nullish(),
    captions: CaptionsInputSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.type !== 'video' && body.captions?.length) {
      ctx.addIssue({ code: 'custom', path: ['captions'], message: `A ${body.type} slide has no captions` });
    }
    // Each type carries its own fields only, so a text slide never points at a video.
    for (const field of ['content', 'videoUrl', 'imageUrl', 'imageAlt', 'notebookUrl'] as const) {
      if (!slideFields[body.type].includes(field) && body[field] != null && body[field] !== '') {
        ctx.addIssue({ code: 'custom', path: [field], message: `A ${body.type} slide has no ${field}` });
      }
    }
  });
export type CreateLessonBody = z.input<typeof CreateLessonBodySchema>;

/** Title, order (a swap with the slide holding it) or the fields of the slide's own type. */
export const UpdateLessonBodySchema = z.object({
  title: TitleSchema.optional(),
  order: OrderSchema.optional(),
  content: multiLineText({ max: LESSON_CONTENT_MAX }).nullish(),
  videoUrl: MediaUrlSchema.nullish(),
  imageUrl: MediaUrlSchema.nullish(),
  imageAlt: ImageAltSchema,
  notebookUrl: MediaUrlSchema.nullish(),
  duration: singleLineText({ max: 50 }).nullish(),
  /** Replaces the slide's captions (video slides only); [] removes them all. */
  captions: CaptionsInputSchema.optional(),
});
export type UpdateLessonBody = z.input<typeof UpdateLessonBodySchema>;

const OptionSchema = singleLineText({ max: 500 });

export const EXPLANATION_MAX = 2_000;

const questionFields = {
  question: multiLineText({ max: 2_000 }).min(1, { message: 'Question is required' }),
  optionA: OptionSchema.min(1, { message: 'Option A is required' }),
  optionB: OptionSchema.min(1, { message: 'Option B is required' }),
  optionC: OptionSchema.nullish(),
  optionD: OptionSchema.nullish(),
  correctAnswer: z.number().int().min(1).max(4),
  /** Plain text learners see after answering: why the correct option is right. */
  explanation: multiLineText({ max: EXPLANATION_MAX }).nullish(),
};

type QuestionShape = { optionC?: string | null; optionD?: string | null; correctAnswer: number };

/** The rules across fields, for a new question and for an edited one once merged with what is stored. */
export function checkQuestionOptions(body: QuestionShape, ctx: z.RefinementCtx) {
  if (body.optionD && !body.optionC) {
    ctx.addIssue({ code: 'custom', path: ['optionC'], message: 'Fill option C before option D' });
  }
  const filled = 2 + (body.optionC ? 1 : 0) + (body.optionD ? 1 : 0);
  if (body.correctAnswer > filled) {
    ctx.addIssue({
      code: 'custom',
      path: ['correctAnswer'],
      message: 'Please select a correct answer from the filled options.',
    });
  }
}

/** The single-choice question: one of two to four options. `type` may be left out. */
export const CreateQuestionBodySchema = z
  .object({
    type: z.literal('single').optional(),
    ...questionFields,
    /** Ignored: a new question goes last. */
    order: OrderSchema.optional(),
  })
  .superRefine(checkQuestionOptions);
export type CreateQuestionBody = z.input<typeof CreateQuestionBodySchema>;

const typedQuestionCommon = {
  question: questionFields.question,
  explanation: questionFields.explanation,
  /** Ignored: a new question goes last. */
  order: OrderSchema.optional(),
};

/** A question of any type (docs/product.md, Learning): the single choice of four options when `type` is left out. */
export const CreateAnyQuestionBodySchema = z.discriminatedUnion('type', [
  CreateQuestionBodySchema,
  ...typedQuestionVariants(typedQuestionCommon),
]);
export type CreateAnyQuestionBody = z.input<typeof CreateAnyQuestionBodySchema>;

/**
 * Any of a question's fields, or `order` alone: a place another question holds swaps the two (move
 * up / move down). The server checks the options again once merged with the stored question.
 */
export const UpdateQuestionBodySchema = z.object({
  question: questionFields.question.optional(),
  optionA: questionFields.optionA.optional(),
  optionB: questionFields.optionB.optional(),
  optionC: questionFields.optionC,
  optionD: questionFields.optionD,
  /** 1 to 4 for a single-choice question; true or false for a true_false one. */
  correctAnswer: z.union([questionFields.correctAnswer, z.boolean()]).optional(),
  explanation: questionFields.explanation,
  order: OrderSchema.optional(),
  /**
   * Another type makes it a question of that type: the body then carries that type's fields. The
   * fields of each type are checked once merged with the stored ones (CreateAnyQuestionBodySchema).
   */
  type: z.enum(questionTypes).optional(),
  choices: z.array(z.unknown()).max(100).optional(),
  correctChoices: z.array(z.unknown()).max(100).optional(),
  acceptedAnswers: z.array(z.unknown()).max(100).optional(),
  correctNumber: z.unknown().optional(),
  tolerance: z.unknown().optional(),
  language: z.unknown().optional(),
  starterCode: z.unknown().optional(),
  testCode: z.unknown().optional(),
});
export type UpdateQuestionBody = z.input<typeof UpdateQuestionBodySchema>;

/** A single-choice question; with the correct answer for its course's creator. */
export const QuestionSchema = z.object({
  id: z.string(),
  type: z.literal('single').optional(),
  quizId: z.string(),
  question: z.string(),
  optionA: z.string(),
  optionB: z.string(),
  optionC: z.string().nullable(),
  optionD: z.string().nullable(),
  correctAnswer: z.number().int().min(1).max(4).optional(),
  /** With the answer only: learners get it after answering, never before. */
  explanation: z.string().nullable().optional(),
  order: z.number().int(),
});
export type Question = z.infer<typeof QuestionSchema>;
export const QuestionListSchema = z.array(QuestionSchema);

/** A typed question as its creator sees it: the fields as written, with the answer and explanation. */
export const CreatorTypedQuestionSchema = z.discriminatedUnion(
  'type',
  typedQuestionVariants({
    id: z.string(),
    quizId: z.string(),
    question: z.string(),
    explanation: z.string().nullable(),
    order: z.number().int(),
  }),
);
/** A question answered by a value, as its creator sees it. */
export type CreatorTypedQuestion = Exclude<z.output<typeof CreatorTypedQuestionSchema>, { type: 'code' }>;
/** A code question as its creator sees it: the tests too. */
export type CreatorCodeQuestion = Extract<z.output<typeof CreatorTypedQuestionSchema>, { type: 'code' }>;

/**
 * A question of any type. The creator's typed form comes before the learner's: a learner's question
 * lacks the answer fields, so it never passes for one (the union sends the first form that fits).
 */
export const AnyQuestionSchema = z.union([
  QuestionSchema,
  CreatorTypedQuestionSchema,
  LearnerTypedQuestionSchema,
  LearnerCodeQuestionSchema,
]);
export type AnyQuestion = z.infer<typeof AnyQuestionSchema>;
export const AnyQuestionListSchema = z.array(AnyQuestionSchema);

export const IdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** The dashboard's four cards. Revenue is net earnings (gross − refunds − fees), as on the Earnings page. */
export const CreatorStatsSchema = z.object({
  /** Net earnings, all time: USD with two decimals, like prices. */
  totalRevenue: z.string(),
  /** Net earnings since the first of this month (UTC). */
  thisMonthRevenue: z.string(),
  totalStudents: z.number().int(),
  activeCourses: z.number().int(),
});
export type CreatorStats = z.infer<typeof CreatorStatsSchema>;

export const CourseAnalyticsSchema = z.object({
  courseId: z.string(),
  /** Enrollments per day (UTC, YYYY-MM-DD), oldest first; days without any are left out. */
  enrollmentsByDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
  totalEnrollments: z.number().int(),
  /** The course's net earnings (gross − refunds − fees), USD with two decimals. */
  revenue: z.string(),
  /** Percent of enrolled students who completed the course (exactly, not a rounded 100 %). */
  completionRate: z.number().int().min(0).max(100),
});
export type CourseAnalytics = z.infer<typeof CourseAnalyticsSchema>;

export const CourseStudentSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  enrolledAt: z.string(),
  progress: z.number().int().min(0).max(100),
  /** Every lesson completed and every quiz passed, exactly. */
  completed: z.boolean(),
});
export type CourseStudent = z.infer<typeof CourseStudentSchema>;
export const CourseStudentListSchema = z.array(CourseStudentSchema);

/**
 * What the builder shows before a publish: `required` items refuse the publish (409) while not ok (only
 * an archived course); the others (description, thumbnail, slides, questions) are recommended and only shown.
 */
export const PublishChecklistItemSchema = z.object({
  key: z.string(),
  label: z.string(),
  ok: z.boolean(),
  required: z.boolean(),
  /** What to do, or (when ok) what was found, e.g. the price. */
  detail: z.string(),
});
export type PublishChecklistItem = z.infer<typeof PublishChecklistItemSchema>;

export const PublishChecklistSchema = z.object({
  courseId: z.string(),
  /** Every required item is ok: the publish call will succeed. */
  canPublish: z.boolean(),
  items: z.array(PublishChecklistItemSchema),
});
export type PublishChecklist = z.infer<typeof PublishChecklistSchema>;

/** A course on the creator's own list, with what it earned. */
/** Why an admin took a course off the marketplace: shown to its creator until they publish it again. */
export const CourseModerationSchema = z.object({ reason: z.string(), unpublishedAt: z.string() });
export type CourseModeration = z.infer<typeof CourseModerationSchema>;

export const CreatorCourseSchema = CourseSchema.extend({
  /** Net earnings (gross − refunds − fees), USD with two decimals, as Earnings shows per course. */
  revenue: z.string(),
  /** Set while the course is unpublished by an admin, with their reason. */
  moderation: CourseModerationSchema.nullable(),
});
export type CreatorCourse = z.infer<typeof CreatorCourseSchema>;
export const CreatorCourseListSchema = z.array(CreatorCourseSchema);
