import { z } from 'zod';
import { CourseSchema } from './catalog';
import { CartEnrollmentResultSchema, PaymentIntentResultSchema } from './enrollment';

/*
 * The cart (docs/product.md, Prices, coupons and the cart): courses to buy in one payment, each with its own
 * code. The server prices it every time it is read; money is a string with two decimals.
 */

/** More would be a bulk order, not a cart; it also bounds what one read prices. */
export const CART_MAX_ITEMS = 50;

export const CartCouponSchema = z.object({
  code: z.string(),
  /** False when the code takes nothing off now (expired, used up, not for this course): checkout refuses the cart until it is changed or removed. */
  valid: z.boolean(),
  /** Why it does not apply, or a note on the discount (it stops where a card payment would be too small). */
  message: z.string().optional(),
});
export type CartCoupon = z.infer<typeof CartCouponSchema>;

export const CartItemSchema = z.object({
  course: CourseSchema,
  price: z.string(),
  discount: z.string(),
  total: z.string(),
  coupon: CartCouponSchema.nullable(),
});
export type CartItem = z.infer<typeof CartItemSchema>;

/**
 * A course of the cart that can no longer be bought in it, and why: neither priced nor charged. It
 * stays listed until it is removed (DELETE) or the cart is checked out, which takes it out.
 */
export const CartNoticeSchema = z.object({
  course: z.object({ id: z.string(), title: z.string() }),
  reason: z.enum(['owned', 'unavailable']),
  message: z.string(),
});
export type CartNotice = z.infer<typeof CartNoticeSchema>;

export const CartSchema = z.object({
  items: z.array(CartItemSchema),
  total: z.string(),
  notices: z.array(CartNoticeSchema),
});
export type Cart = z.infer<typeof CartSchema>;

/** PUT /api/cart/{courseId}: adds the course, or replaces its code; no code removes the one it had. */
export const PutCartItemBodySchema = z.object({ couponCode: z.string().max(64).optional() });
export type PutCartItemBody = z.infer<typeof PutCartItemBodySchema>;

/**
 * POST /api/cart/checkout: one intent for every course left to pay (`courseIds`), as
 * create-payment-intent answers for one; courses with nothing to pay (free, or a 100 % code) are
 * enrolled at once (`enrolledCourseIds`). A cart with nothing to pay answers the enrollments.
 */
export const CartPaymentIntentResultSchema = PaymentIntentResultSchema.extend({
  courseIds: z.array(z.string()),
  enrolledCourseIds: z.array(z.string()),
});
export type CartPaymentIntentResult = z.infer<typeof CartPaymentIntentResultSchema>;

export const CartCheckoutResultSchema = z.union([CartPaymentIntentResultSchema, CartEnrollmentResultSchema]);
export type CartCheckoutResult = z.infer<typeof CartCheckoutResultSchema>;
