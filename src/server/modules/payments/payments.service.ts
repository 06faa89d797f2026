import { and, eq } from 'drizzle-orm';
import type { Db } from '#db/client';
import { payments } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import type { EnrollmentResult, PaymentIntentResult } from '#shared/schemas/enrollment';
import { AppError } from '../../errors';
import { enrollOnce, findJoinableCourse, isEnrolled, refuseOwnCourse } from '../../lib/enroll';
import type { PaymentIntent, PaymentProvider } from '../../lib/payments/payment-provider';

/** DECISIONS §4: the amount is always the server's price; the intent is recorded before it is shown. */
export async function createPaymentIntent({
  db,
  provider,
  userId,
  courseId,
}: {
  db: Db;
  provider: PaymentProvider;
  userId: string;
  courseId: string;
}): Promise<PaymentIntentResult> {
  const course = await findJoinableCourse(db, courseId);
  if (course.priceCents === 0) throw new AppError(ErrorCode.BAD_REQUEST, 'This course is free: enroll without paying');
  refuseOwnCourse(course, userId);
  if (await isEnrolled(db, userId, course.id)) throw new AppError(ErrorCode.CONFLICT, 'You are already enrolled in this course');
  const intent = await provider.createIntent({
    amountCents: course.priceCents,
    currency: 'usd',
    metadata: { userId, courseId: course.id },
  });
  await db.insert(payments).values({
    userId,
    courseId: course.id,
    provider: provider.name,
    providerPaymentId: intent.id,
    amountCents: course.priceCents,
    currency: 'usd',
    status: intent.status,
  });
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    provider: provider.name,
    amountCents: course.priceCents,
    ...(provider.publishableKey ? { publishableKey: provider.publishableKey } : {}),
  };
}

/**
 * Enrolls the buyer of a succeeded intent, once: the intent must be one this app recorded, for this
 * user and course, and for the amount recorded when it was made. Used by confirm-payment and the
 * webhook alike, so whichever comes first enrolls and the other changes nothing.
 */
export async function settlePayment({
  db,
  provider,
  intent,
  expected,
}: {
  db: Db;
  provider: PaymentProvider;
  intent: PaymentIntent;
  expected?: { userId: string; courseId: string };
}): Promise<EnrollmentResult | null> {
  const notFound = () => new AppError(ErrorCode.NOT_FOUND, 'Payment not found');
  const [recorded] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider.name), eq(payments.providerPaymentId, intent.id)))
    .limit(1);
  if (!recorded || recorded.userId !== intent.metadata.userId || recorded.courseId !== intent.metadata.courseId) throw notFound();
  if (expected && recorded.userId !== expected.userId) throw notFound();
  if (expected && recorded.courseId !== expected.courseId) {
    throw new AppError(ErrorCode.BAD_REQUEST, 'This payment is for another course');
  }
  if (intent.amountCents !== recorded.amountCents || intent.currency !== recorded.currency) {
    throw new AppError(ErrorCode.CONFLICT, 'The payment does not match the course price');
  }
  return db.transaction(async (tx) => {
    await tx.update(payments).set({ status: intent.status, updatedAt: new Date() }).where(eq(payments.id, recorded.id));
    if (intent.status !== 'succeeded') return null;
    return enrollOnce(tx, { userId: recorded.userId, courseId: recorded.courseId, source: 'payment' });
  });
}
