import { z } from 'zod';

/** The longest wait after enrollment a part may have: about ten years (migration 0039 checks it too). */
export const PACING_DAYS_MAX = 3650;

/** When a module or quiz opens to an enrolled student (docs/product.md, Pacing); null fields hold nothing back. */
export const PacingRuleSchema = z.object({
  /** Days after the student's enrollment. */
  unlockAfterDays: z.number().int().nullable(),
  /** Not before this moment (ISO). */
  unlockAt: z.string().nullable(),
  /** A quiz of the same course to pass first. */
  prerequisiteQuizId: z.string().nullable(),
});
export type PacingRule = z.infer<typeof PacingRuleSchema>;

const DATE_MESSAGE = 'unlockAt must be a date such as 2027-01-31 or a date and time such as 2027-01-31T09:00:00Z';

/** What PATCH /api/modules/{id} and /api/quizzes/{id} accept: null removes a rule, absent keeps it. */
export const PacingBodySchema = z.object({
  unlockAfterDays: z
    .number()
    .int('unlockAfterDays must be a whole number of days')
    .min(0)
    .max(PACING_DAYS_MAX, `unlockAfterDays is at most ${PACING_DAYS_MAX}`)
    .nullish(),
  // A date alone means its start in UTC.
  unlockAt: z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: DATE_MESSAGE }).nullish(),
  prerequisiteQuizId: z.uuid('prerequisiteQuizId must be the id of a quiz of this course').nullish(),
});

/** A part as one enrolled student sees it now: closed until `unlocksAt` (the last date rule still to come) or a quiz is passed. */
export const PartLockSchema = z.object({
  locked: z.boolean().optional(),
  unlocksAt: z.string().nullable().optional(),
});
export type PartLock = { locked: boolean; unlocksAt: string | null };
