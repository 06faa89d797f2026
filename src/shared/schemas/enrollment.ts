import { z } from 'zod';
import { CourseSchema } from './catalog';

export const MyCourseSchema = CourseSchema.extend({
  progress: z.number().int().min(0).max(100),
  enrolledAt: z.string(),
});
export type MyCourse = z.infer<typeof MyCourseSchema>;
export const MyCourseListSchema = z.array(MyCourseSchema);
