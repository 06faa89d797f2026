import { z } from 'zod';
import { CourseSchema } from './catalog';

export const MyCourseSchema = CourseSchema.extend({
  progress: z.number().int().min(0).max(100),
  /** Every lesson completed and every quiz passed, exactly (a rounded 100 % may be 99.5 %). */
  completed: z.boolean(),
  enrolledAt: z.string(),
});
export type MyCourse = z.infer<typeof MyCourseSchema>;
export const MyCourseListSchema = z.array(MyCourseSchema);

export const CourseIdBodySchema = z.object({ courseId: z.string().min(1).max(100) });
export type CourseIdBody = z.infer<typeof CourseIdBodySchema>;

/** Free enrollment and a confirmed payment answer the same: enrolled once, however often asked. */
export const EnrollmentResultSchema = z.object({
  courseId: z.string(),
  enrolled: z.literal(true),
  enrolledAt: z.string(),
  /** This payment arrived for a course the buyer already owned, and was refunded (docs/product.md, Checkout). */
  refunded: z.literal(true).optional(),
});
export type EnrollmentResult = z.infer<typeof EnrollmentResultSchema>;

/**
 * create-payment-intent's body: the course, and a discount code typed at checkout
 * (docs/product.md, Prices, coupons and the cart).
 */
export const CreatePaymentIntentBodySchema = CourseIdBodySchema.extend({ couponCode: z.string().max(64).optional() });
export type CreatePaymentIntentBody = z.infer<typeof CreatePaymentIntentBodySchema>;

export const PaymentIntentResultSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  provider: z.enum(['stripe', 'test']),
  publishableKey: z.string().optional(),
  /** Integer cents the provider will charge: the server's price, shown on the checkout. */
  amountCents: z.number().int(),
});
export type PaymentIntentResult = z.infer<typeof PaymentIntentResultSchema>;

/** An intent to pay, or, when a coupon leaves nothing to pay, the enrollment it made. */
export const CreatePaymentIntentResultSchema = z.union([PaymentIntentResultSchema, EnrollmentResultSchema]);
export type CreatePaymentIntentResult = z.infer<typeof CreatePaymentIntentResultSchema>;

/**
 * A cart's payment enrolls in every course of it, or none (docs/product.md, Prices, coupons and the cart); a cart whose total is
 * 0 answers this at checkout, without a payment.
 */
export const CartEnrollmentResultSchema = z.object({
  enrolled: z.literal(true),
  items: z.array(EnrollmentResultSchema),
});
export type CartEnrollmentResult = z.infer<typeof CartEnrollmentResultSchema>;

/** `courseId` names the course of a one-course payment; a cart's payment is confirmed without it. */
export const ConfirmPaymentBodySchema = z.object({
  paymentIntentId: z.string().min(1).max(200),
  courseId: z.string().min(1).max(100).optional(),
});
export type ConfirmPaymentBody = z.infer<typeof ConfirmPaymentBodySchema>;

export const ConfirmPaymentResultSchema = z.union([EnrollmentResultSchema, CartEnrollmentResultSchema]);
export type ConfirmPaymentResult = z.infer<typeof ConfirmPaymentResultSchema>;

/** docs/product.md, Checkout: the test processor's card form. Spaces in the number are ignored. */
export const TestCardBodySchema = z.object({
  cardNumber: z.string().max(40),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(0).max(9999),
  cvc: z.string().max(10),
});
export type TestCardBody = z.infer<typeof TestCardBodySchema>;

export const TestPaymentResultSchema = z.union([
  z.object({ status: z.literal('succeeded') }),
  z.object({ status: z.literal('requires_payment_method'), error: z.string() }),
]);
export type TestPaymentResult = z.infer<typeof TestPaymentResultSchema>;

/** POST /api/courses/{id}/refund: returned (or on its way back, when the provider is retried). */
export const RefundResultSchema = z.object({ status: z.enum(['refunded', 'pending']), amount: z.string() });
export type RefundResult = z.infer<typeof RefundResultSchema>;
