import { z } from 'zod';
import { CourseSchema } from './catalog';
import { ObjectPathSchema } from './creator';
import { multiLineText, singleLineText } from './text';

export const HEADLINE_MAX = 120;
export const BIO_MAX = 2000;

/** A creator's public page (docs/product.md, Catalogue and course pages). */
export const InstructorSchema = z.object({
  id: z.string(),
  name: z.string(),
  headline: z.string().nullable(),
  bio: z.string().nullable(),
  avatar: z.string().nullable(),
  courses: z.array(CourseSchema),
  studentCount: z.number().int(),
  rating: z.number().nullable(),
  ratingCount: z.number().int(),
});
export type Instructor = z.infer<typeof InstructorSchema>;

/** What a creator edits of their page; a field left out stays, null or '' clears it. */
export const ProfileInputSchema = z.object({
  headline: singleLineText({ max: HEADLINE_MAX }).nullish(),
  bio: multiLineText({ max: BIO_MAX }).nullish(),
  avatar: ObjectPathSchema.nullish(),
});
export type ProfileInput = z.infer<typeof ProfileInputSchema>;
