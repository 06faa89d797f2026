/** The fixed lists of the product, used by the database schema, the API contracts, the seed and the web. */
// In a module of its own, which the catalogue's pages import alone (the JavaScript budget).
export { type Difficulty, difficulties } from './difficulties';

/**
 * `admin` is granted only by `npm run admin -- <email>` (docs/product.md, Accounts and access): never by sign-up or the API.
 * An admin runs the platform (/admin) and is no creator: creator routes refuse them like a student.
 */
export const userRoles = ['student', 'creator', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

/** `single` is the four-option question; `code` is graded by running Python (docs/product.md, Learning). */
export const questionTypes = ['single', 'multiple', 'true_false', 'short_text', 'numeric', 'ordering', 'code'] as const;
export type QuestionType = (typeof questionTypes)[number];

export const lessonTypes = ['text', 'image', 'video', 'notebook'] as const;
export type LessonType = (typeof lessonTypes)[number];

/**
 * The fields each slide type may carry; a text slide may hold an image beside its text (ADR 0024), and
 * a slide with an image may describe it for screen readers (`imageAlt`).
 */
export const slideFields: Readonly<
  Record<LessonType, ReadonlyArray<'content' | 'imageUrl' | 'imageAlt' | 'videoUrl' | 'notebookUrl'>>
> = {
  text: ['content', 'imageUrl', 'imageAlt'],
  image: ['imageUrl', 'imageAlt'],
  video: ['videoUrl'],
  notebook: ['notebookUrl'],
};

/** What a recorded payment can be; how it may change is src/server/lib/payments/payment-status.ts. */
export const paymentStatuses = [
  'requires_payment_method',
  'processing',
  'succeeded',
  'canceled',
  'refund_pending',
  'refunded',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * Why a payment went back: the buyer asked; its coupon was used up before it arrived; an admin refunded
 * it; or, for a cart (one payment for several courses, all or none), one of its courses was no longer
 * sold or already owned; or someone refunded it at the provider itself (Stripe's dashboard), which its
 * webhook reported.
 */
export const refundReasons = ['coupon_used_up', 'requested', 'admin', 'course_unavailable', 'already_owned', 'provider'] as const;
export type RefundReason = (typeof refundReasons)[number];

/** How a creator is paid (issue 24 §4): a bank transfer an admin records, or a Stripe Connect transfer. */
export const payoutMethods = ['manual', 'stripe'] as const;
export type PayoutMethod = (typeof payoutMethods)[number];
/** A payout moves forward only: pending → paid or failed; paid → reversed (the money came back). */
export const payoutStatuses = ['pending', 'paid', 'failed', 'reversed'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];
