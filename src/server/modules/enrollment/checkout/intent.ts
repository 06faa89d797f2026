import type { Db } from '#db/client';
import { payments } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import type { EnrollmentResult, PaymentIntentResult } from '#shared/schemas/enrollment';
import { AppError } from '../../../errors';
import { priceWithCoupon, redeemCoupon, refuseUnpayablePrice } from '../../../lib/coupon-pricing';
import { findJoinableCourse } from '../../../lib/joinable-course';
import type { PaymentProvider } from '../../../lib/payments/payment-provider';
import { enrollOnce, isEnrolled, refuseOwnCourse } from '../enrollment.service';

/**
 * docs/product.md, Checkout: the amount is always the server's price, less a coupon's discount; the
 * intent is recorded before it is shown. A coupon that leaves nothing to pay enrolls at once, with its
 * use counted in the same transaction.
 */
export async function createPaymentIntent({
  db,
  provider,
  userId,
  courseId,
  couponCode,
  platformFeePercent,
  now,
}: {
  db: Db;
  provider: PaymentProvider;
  userId: string;
  courseId: string;
  couponCode?: string | undefined;
  platformFeePercent: number;
  now: number;
}): Promise<PaymentIntentResult | EnrollmentResult> {
  const course = await findJoinableCourse(db, courseId);
  if (course.priceCents === 0) throw new AppError(ErrorCode.BAD_REQUEST, 'This course is free: enroll without paying');
  refuseUnpayablePrice(course);
  refuseOwnCourse(course, userId);
  if (await isEnrolled(db, userId, course.id)) throw new AppError(ErrorCode.CONFLICT, 'You are already enrolled in this course');
  const priced = couponCode === undefined ? null : await priceWithCoupon(db, { code: couponCode, course, userId, now });
  if (priced && !priced.valid) throw new AppError(ErrorCode[priced.status], priced.message);
  if (priced?.totalCents === 0) return enrollWithFreeCoupon(db, { userId, courseId: course.id, couponId: priced.coupon.id });

  const amountCents = priced ? priced.totalCents : course.priceCents;
  const intent = await provider.createIntent({ amountCents, currency: 'usd', metadata: { userId, courseId: course.id } });
  await db.insert(payments).values({
    userId,
    courseId: course.id,
    provider: provider.name,
    providerPaymentId: intent.id,
    amountCents,
    listPriceCents: course.priceCents,
    currency: 'usd',
    status: intent.status,
    couponId: priced?.coupon.id ?? null,
    platformFeePercent,
  });
  return intentAnswer(provider, intent, amountCents);
}

/** What the browser needs to pay an intent: its secret, and the provider's public key where it has one. */
export function intentAnswer(
  provider: PaymentProvider,
  intent: { id: string; clientSecret: string },
  amountCents: number,
): PaymentIntentResult {
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    provider: provider.name,
    amountCents,
    ...(provider.publishableKey ? { publishableKey: provider.publishableKey } : {}),
  };
}

/** A coupon that makes the course free: its use and the enrollment are one transaction, or neither happens. */
async function enrollWithFreeCoupon(
  db: Db,
  { userId, courseId, couponId }: { userId: string; courseId: string; couponId: string },
): Promise<EnrollmentResult> {
  return db.transaction(async (tx) => {
    if (!(await redeemCoupon(tx, { couponId, userId, courseId, paymentId: null }))) {
      throw new AppError(ErrorCode.CONFLICT, 'This code has been used as many times as it can be');
    }
    const { enrollment, isNew } = await enrollOnce(tx, { userId, courseId, source: 'coupon' });
    // Enrolled meanwhile (another tab): the rollback gives the use back.
    if (!isNew) throw new AppError(ErrorCode.CONFLICT, 'You are already enrolled in this course');
    return enrollment;
  });
}
