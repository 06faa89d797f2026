import { z } from 'zod';
import { multiLineText } from './text';

/** Reviews are plain text, 2,000 characters at most (docs/product.md, Reviews). */
export const REVIEW_BODY_MAX = 2000;
export const REVIEWS_PAGE_MAX = 100;
export const REVIEWS_PAGE_DEFAULT = 20;

export const ReviewSortSchema = z.enum(['newest', 'helpful']);
export type ReviewSort = z.infer<typeof ReviewSortSchema>;

export const ReviewInputSchema = z.object({
  rating: z.number().int().min(1, 'Rating must be 1 to 5 stars').max(5, 'Rating must be 1 to 5 stars'),
  body: multiLineText({ max: REVIEW_BODY_MAX }).optional(),
});
export type ReviewInput = z.infer<typeof ReviewInputSchema>;

export const ReviewReplyInputSchema = z.object({
  body: multiLineText({ max: REVIEW_BODY_MAX }).pipe(z.string().min(1, 'A reply needs some text')),
});

export const ReviewHiddenInputSchema = z.object({ hidden: z.boolean() });

export const ReviewIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const ReviewListQuerySchema = z.object({
  sort: ReviewSortSchema.default('newest'),
  limit: z.coerce.number().int().min(1).max(REVIEWS_PAGE_MAX).default(REVIEWS_PAGE_DEFAULT),
  cursor: z.string().max(200).optional(),
});

export const ReviewSchema = z.object({
  id: z.string(),
  rating: z.number().int(),
  body: z.string(),
  user: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  reply: z.object({ body: z.string(), createdAt: z.string() }).nullable(),
  /** How many people found the review helpful. */
  helpfulCount: z.number().int(),
  /** Whether the caller is one of them (false for guests). */
  votedHelpful: z.boolean(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** The answer to a helpful vote or its withdrawal: the review's count now, and the caller's vote. */
export const ReviewHelpfulSchema = z.object({ id: z.string(), helpfulCount: z.number().int(), votedHelpful: z.boolean() });
export type ReviewHelpful = z.infer<typeof ReviewHelpfulSchema>;

export const ReviewSummarySchema = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  distribution: z.object({ '1': z.number(), '2': z.number(), '3': z.number(), '4': z.number(), '5': z.number() }),
});
export type ReviewSummary = z.infer<typeof ReviewSummarySchema>;

export const ReviewListSchema = z.object({
  items: z.array(ReviewSchema),
  nextCursor: z.string().nullable(),
  summary: ReviewSummarySchema,
  /** The caller's own review of the course, hidden or not, so the page can offer to edit it. */
  mine: ReviewSchema.nullable(),
  /** Whether the caller may review the course (enrolled, with at least one slide done). */
  canReview: z.boolean(),
});
export type ReviewList = z.infer<typeof ReviewListSchema>;
