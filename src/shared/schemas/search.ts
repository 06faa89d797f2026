import { z } from 'zod';
import {
  durationBands,
  PRICE_PATTERN,
  priceKinds,
  SEARCH_PAGE_DEFAULT,
  SEARCH_PAGE_MAX,
  SEARCH_QUERY_MAX,
  searchSorts,
} from '../course-search';
import { CourseSchema, DifficultySchema } from './catalog';
import { CourseLanguageSchema } from './creator';
import { singleLineText } from './text';

const priceParam = (name: string) =>
  z.string().regex(PRICE_PATTERN, `${name} must be an amount in dollars such as 19.99`).optional();

export const CourseSearchQuerySchema = z
  .object({
    q: singleLineText({ max: SEARCH_QUERY_MAX }).default(''),
    difficulty: DifficultySchema.optional(),
    price: z.enum(priceKinds).optional(),
    /** A BCP 47 tag, matched exactly once put in its canonical case (`pt-br` finds `pt-BR`). */
    language: CourseLanguageSchema.optional(),
    minPrice: priceParam('minPrice'),
    maxPrice: priceParam('maxPrice'),
    minRating: z.coerce.number().min(1, 'minRating must be 1 to 5').max(5, 'minRating must be 1 to 5').optional(),
    duration: z.enum(durationBands).optional(),
    sort: z.enum(searchSorts).optional(),
    limit: z.coerce.number().int().min(1).max(SEARCH_PAGE_MAX).default(SEARCH_PAGE_DEFAULT),
    cursor: z.string().max(400).optional(),
  })
  .refine((query) => !query.minPrice || !query.maxPrice || Number(query.minPrice) <= Number(query.maxPrice), {
    message: 'minPrice must not be above maxPrice',
    path: ['minPrice'],
  });
export type CourseSearchQuery = z.infer<typeof CourseSearchQuerySchema>;

const count = z.number().int();

export const CourseSearchResultSchema = z.object({
  items: z.array(CourseSchema),
  nextCursor: z.string().nullable(),
  /** Every course the search finds, on all pages (at least this many when `exact` is false). */
  total: z.number().int(),
  /** For each value of a filter, how many courses the search would find with it (the other filters kept). */
  facets: z.object({
    difficulty: z.object({ Beginner: count, Intermediate: count, Advanced: count }),
    price: z.object({ free: count, paid: count }),
    /** Each language the courses found are taught in, by its tag (`{ "en": 12, "es": 3 }`); none at 0. */
    language: z.record(z.string(), count),
  }),
  /**
   * False when the search finds more courses than the server counts (SEARCH_COUNT_LIMIT, 1,000 unless
   * set): `total` and the facets then count only some of them, so each is a lower bound.
   */
  exact: z.boolean(),
});
export type CourseSearchResult = z.infer<typeof CourseSearchResultSchema>;
