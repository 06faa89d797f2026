import { z } from 'zod';
import { PriceInputSchema } from './creator';
import { singleLineText } from './text';

/*
 * Coupons (docs/product.md, Prices, coupons and the cart): what a creator makes for their courses and what a
 * buyer types at checkout. Money in answers is a string with two decimals, like prices.
 */

export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]{4,32}$/;
/** What checkout and the creator's form accept before it is checked: any case, spaces around ignored. */
export const CouponCodeSchema = singleLineText({ max: 64 })
  .transform((code) => code.trim().toUpperCase())
  .refine((code) => COUPON_CODE_PATTERN.test(code), {
    message: 'A code is 4 to 32 letters, digits, dashes or underscores',
  });

export const MAX_REDEMPTIONS_LIMIT = 1_000_000;

/** What a code does, for a creator's course or site-wide: the same rules for both. */
const CouponTermsSchema = z.object({
  code: CouponCodeSchema,
  percentOff: z.number().int('percentOff must be a whole number').min(1).max(100).optional(),
  amountOff: PriceInputSchema.optional(),
  expiresAt: z.iso
    .datetime({ offset: true, message: 'expiresAt must be a date and time such as 2027-01-31T23:59:00Z' })
    .optional(),
  maxRedemptions: z.number().int().min(1).max(MAX_REDEMPTIONS_LIMIT).optional(),
});

function checkDiscount(body: { percentOff?: number | undefined; amountOff?: number | undefined }, ctx: z.RefinementCtx) {
  if ((body.percentOff === undefined) === (body.amountOff === undefined)) {
    ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'Give either percentOff or amountOff' });
  }
  if (body.amountOff !== undefined && body.amountOff <= 0) {
    ctx.addIssue({ code: 'custom', path: ['amountOff'], message: 'amountOff must be more than 0.00' });
  }
}

export const CreateCouponBodySchema = CouponTermsSchema.extend({ courseId: z.string().min(1).max(100) }).superRefine(
  checkDiscount,
);
export type CreateCouponBody = z.input<typeof CreateCouponBodySchema>;

/** POST /api/admin/coupons: a site-wide code, taken at checkout for any course. */
export const CreateSiteCouponBodySchema = CouponTermsSchema.superRefine(checkDiscount);
export type CreateSiteCouponBody = z.input<typeof CreateSiteCouponBodySchema>;
/** The fields of a coupon, parsed: amounts in cents. */
export type CouponTerms = z.output<typeof CreateSiteCouponBodySchema>;

export const CouponSchema = z.object({
  id: z.string(),
  code: z.string(),
  /** Null for a site-wide coupon. */
  courseId: z.string().nullable(),
  courseTitle: z.string().nullable(),
  percentOff: z.number().int().nullable(),
  /** "5.00", or null for a percentage. */
  amountOff: z.string().nullable(),
  expiresAt: z.string().nullable(),
  maxRedemptions: z.number().int().nullable(),
  redemptions: z.number().int(),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof CouponSchema>;

export const CouponListSchema = z.object({ items: z.array(CouponSchema), nextCursor: z.string().nullable() });
export type CouponList = z.infer<typeof CouponListSchema>;

export const CouponCheckBodySchema = z.object({
  code: singleLineText({ max: 64 }),
  courseId: z.string().min(1).max(100),
});
export type CouponCheckBody = z.infer<typeof CouponCheckBodySchema>;

/** The price with the code applied, or, when it does not apply, the full price and why. */
export const CouponCheckResultSchema = z.object({
  valid: z.boolean(),
  price: z.string(),
  discount: z.string(),
  total: z.string(),
  message: z.string().optional(),
});
export type CouponCheckResult = z.infer<typeof CouponCheckResultSchema>;

export const COUPON_PAGE_MAX = 100;
export const CouponListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(COUPON_PAGE_MAX).default(20),
  cursor: z.string().max(200).optional(),
});
