import { z } from 'zod';

import { difficulties } from '../difficulties';

export { difficulties };
export const DifficultySchema = z.enum(difficulties);
export type Difficulty = z.infer<typeof DifficultySchema>;

export const CourseSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** USD with two decimals, e.g. "19.99" */
  price: z.string(),
  thumbnail: z.string().nullable(),
  difficulty: DifficultySchema,
  duration: z.string().nullable(),
  /** The language it is taught in, a BCP 47 tag (`en` unless its creator says otherwise). */
  language: z.string(),
  published: z.boolean(),
  archived: z.boolean(),
  creatorId: z.string(),
  /** Who teaches it: the creator, by the name their page and certificates show. */
  instructor: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  studentCount: z.number().int(),
  /** Average stars 1–5; null until the course is rated. */
  rating: z.number().nullable(),
  ratingCount: z.number().int(),
  /** 0–100, present only where the current user is enrolled. */
  progress: z.number().int().min(0).max(100).optional(),
  isEnrolled: z.boolean().optional(),
});
export type Course = z.infer<typeof CourseSchema>;

export const CourseListSchema = z.array(CourseSchema);

/** docs/product.md, API conventions: no list answers more than this; `GET /api/courses` without `limit` answers this many. */
export const CATALOG_PAGE_MAX = 100;

export const CourseListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(CATALOG_PAGE_MAX).default(CATALOG_PAGE_MAX),
  /** Opaque: the `Link: <…>; rel="next"` header of the page before gives it. */
  cursor: z.string().min(1).max(200).optional(),
  difficulty: DifficultySchema.optional(),
});
export type CourseListQuery = z.infer<typeof CourseListQuerySchema>;

// Any string: an id that is not a UUID is simply not found (404), not a validation error.
export const CourseIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
