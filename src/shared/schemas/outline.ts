import { z } from 'zod';
import { lessonTypes } from '../lists';
import { PacingRuleSchema, PartLockSchema } from './pacing';

/** What anyone who may see a course sees of its content: titles and order, never the lessons themselves. */
export const LessonOutlineSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(lessonTypes),
  order: z.number(),
  duration: z.string().nullable(),
});
export type LessonOutline = z.infer<typeof LessonOutlineSchema>;

export const ModuleOutlineSchema = z
  .object({
    id: z.string(),
    courseId: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    order: z.number(),
    lessons: z.array(LessonOutlineSchema),
  })
  .extend(PacingRuleSchema.shape)
  // An enrolled student's lock (docs/product.md, Pacing); absent for everyone else.
  .extend(PartLockSchema.shape);
export type ModuleOutline = z.infer<typeof ModuleOutlineSchema>;
export const ModuleOutlineListSchema = z.array(ModuleOutlineSchema);

export const QuizOutlineSchema = z
  .object({
    id: z.string(),
    courseId: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    order: z.number(),
    questionCount: z.number().int(),
  })
  .extend(PacingRuleSchema.shape)
  .extend(PartLockSchema.shape);
export type QuizOutline = z.infer<typeof QuizOutlineSchema>;
export const QuizOutlineListSchema = z.array(QuizOutlineSchema);
