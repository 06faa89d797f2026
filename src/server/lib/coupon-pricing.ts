import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client';
import { couponRedemptions, coupons } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { centsToPrice } from '#shared/format';
import { CouponCodeSchema } from '#shared/schemas/coupons';
import { MIN_PAID_PRICE_CENTS } from '#shared/schemas/creator';
import { AppError } from '../errors';

/*
 * What a discount code does to a price, and counting its uses: shared by the coupon routes (the
 * check) and checkout (the charge and the enrollment), so both price a code the same way.
 */

type CouponRow = typeof coupons.$inferSelect;

/**
 * Why a course priced 0.01–0.49 cannot be bought: a card payment is at least 0.50. Prices are checked
 * when set (CoursePriceSchema), but one stored before that check may remain; checkout, the cart and
 * the coupon check refuse it with this rather than fail at the provider.
 */
export const unpayablePriceMessage = (title?: string) =>
  `${title === undefined ? 'This course' : `"${title}"`} cannot be bought now: its price is below ${centsToPrice(MIN_PAID_PRICE_CENTS)}, the smallest card payment, until its creator changes it`;

export const isUnpayablePrice = (priceCents: number) => priceCents > 0 && priceCents < MIN_PAID_PRICE_CENTS;

/** 409 for a course whose stored price no card payment can pay (see UNPAYABLE_PRICE_MESSAGE). */
export function refuseUnpayablePrice(course: { priceCents: number }) {
  if (isUnpayablePrice(course.priceCents)) throw new AppError(ErrorCode.CONFLICT, unpayablePriceMessage());
}

/**
 * What a coupon takes off a price: never more than the price, and never leaving 0.01–0.49 to pay. A
 * discount that would is capped so 0.50 is left (`stopped`): the code still applies, and says so.
 */
export function discountCents(priceCents: number, coupon: Pick<CouponRow, 'percentOff' | 'amountOffCents'>) {
  const off =
    coupon.percentOff !== null
      ? Math.round((priceCents * coupon.percentOff) / 100)
      : Math.min(coupon.amountOffCents ?? 0, priceCents);
  const left = priceCents - off;
  const stopped = left > 0 && left < MIN_PAID_PRICE_CENTS;
  return { cents: stopped ? Math.max(0, priceCents - MIN_PAID_PRICE_CENTS) : off, stopped };
}

/** A code applied to a course's price for one buyer: the coupon and the new price, or why it does not apply. */
export type PricedCoupon =
  | { valid: true; coupon: CouponRow; priceCents: number; discountCents: number; totalCents: number; message?: string }
  | { valid: false; priceCents: number; message: string; status: 'BAD_REQUEST' | 'CONFLICT' };

/**
 * Looks a typed code up for a course: the course's own coupon of that code, else a site-wide one;
 * then its expiry, its limit and (for a signed-in buyer) whether they used it before.
 */
export async function priceWithCoupon(
  db: DbOrTx,
  { code, course, userId, now }: { code: string; course: { id: string; priceCents: number }; userId: string | null; now: number },
): Promise<PricedCoupon> {
  const refuse = (message: string, status: 'BAD_REQUEST' | 'CONFLICT' = 'CONFLICT'): PricedCoupon => ({
    valid: false,
    priceCents: course.priceCents,
    message,
    status,
  });
  if (isUnpayablePrice(course.priceCents)) return refuse(unpayablePriceMessage());
  const parsed = CouponCodeSchema.safeParse(code);
  if (!parsed.success) return refuse('This code is not valid for this course', 'BAD_REQUEST');
  const [coupon] = await db
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.code, parsed.data),
        isNull(coupons.deletedAt),
        or(eq(coupons.courseId, course.id), isNull(coupons.courseId)),
      ),
    )
    // The course's own code wins over a site-wide one of the same name.
    .orderBy(sql`${coupons.courseId} IS NULL`)
    .limit(1);
  if (!coupon) return refuse('This code is not valid for this course', 'BAD_REQUEST');
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= now) return refuse('This code has expired');
  if (coupon.maxRedemptions !== null && coupon.redemptionCount >= coupon.maxRedemptions) {
    return refuse('This code has been used as many times as it can be');
  }
  if (userId !== null) {
    const [used] = await db
      .select({ userId: couponRedemptions.userId })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, coupon.id), eq(couponRedemptions.userId, userId)))
      .limit(1);
    if (used) return refuse('You have already used this code');
  }
  const discount = discountCents(course.priceCents, coupon);
  return {
    valid: true,
    coupon,
    priceCents: course.priceCents,
    discountCents: discount.cents,
    totalCents: course.priceCents - discount.cents,
    ...(discount.stopped
      ? { message: `A card payment is at least ${centsToPrice(MIN_PAID_PRICE_CENTS)}, so the discount stops there` }
      : {}),
  };
}

/**
 * Counts one use of a coupon by a buyer, in the transaction that enrolls them: the update waits on
 * the coupon's row, so concurrent checkouts take the last uses one at a time and never pass the limit.
 * False when the limit is reached or the buyer used it before; nothing is written then.
 */
export async function redeemCoupon(
  tx: DbOrTx,
  { couponId, userId, courseId, paymentId }: { couponId: string; userId: string; courseId: string; paymentId: string | null },
): Promise<boolean> {
  const [first] = await tx
    .insert(couponRedemptions)
    .values({ couponId, userId, courseId, paymentId })
    .onConflictDoNothing()
    .returning({ couponId: couponRedemptions.couponId });
  if (!first) return false;
  const [counted] = await tx
    .update(coupons)
    .set({ redemptionCount: sql`${coupons.redemptionCount} + 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        sql`(${coupons.maxRedemptions} IS NULL OR ${coupons.redemptionCount} < ${coupons.maxRedemptions})`,
      ),
    )
    .returning({ id: coupons.id });
  if (counted) return true;
  await tx.delete(couponRedemptions).where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)));
  return false;
}
