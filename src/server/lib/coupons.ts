import type { DbOrTx } from '#db/client';
import { coupons } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { centsToPrice } from '#shared/format';
import type { Coupon, CouponTerms } from '#shared/schemas/coupons';
import { AppError } from '../errors';
import { isUniqueViolation } from './db-errors';

/*
 * Making coupons (docs/product.md, Prices, coupons and the cart): a creator's for one of their courses (modules/coupons) and an
 * admin's site-wide ones (modules/admin) are written by the same rules. What a code does at
 * checkout is coupon-pricing.ts.
 */

type CouponRow = typeof coupons.$inferSelect;

/** A coupon's JSON for whoever made it. */
export function toCouponJson(row: CouponRow & { courseTitle: string | null }): Coupon {
  return {
    id: row.id,
    code: row.code,
    courseId: row.courseId,
    courseTitle: row.courseTitle,
    percentOff: row.percentOff,
    amountOff: row.amountOffCents === null ? null : centsToPrice(row.amountOffCents),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    maxRedemptions: row.maxRedemptions,
    redemptions: row.redemptionCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A new live code of one course, or site-wide (`course` null). The code is unique among the live
 * codes of the course, or among the live site-wide ones: a duplicate is a 409.
 */
export async function insertCoupon(
  db: DbOrTx,
  {
    course,
    createdBy,
    terms,
    now,
  }: { course: { id: string; title: string } | null; createdBy: string; terms: CouponTerms; now: number },
): Promise<Coupon> {
  const expiresAt = terms.expiresAt === undefined ? null : new Date(terms.expiresAt);
  if (expiresAt && expiresAt.getTime() <= now) throw new AppError(ErrorCode.BAD_REQUEST, 'expiresAt must be in the future');
  try {
    const [row] = await db
      .insert(coupons)
      .values({
        code: terms.code,
        courseId: course?.id ?? null,
        createdBy,
        percentOff: terms.percentOff ?? null,
        amountOffCents: terms.amountOff ?? null,
        expiresAt,
        maxRedemptions: terms.maxRedemptions ?? null,
      })
      .returning();
    if (!row) throw new Error('coupon insert returned nothing');
    return toCouponJson({ ...row, courseTitle: course?.title ?? null });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError(
      ErrorCode.CONFLICT,
      course ? `This course already has a coupon ${terms.code}` : `There is already a site-wide coupon ${terms.code}`,
    );
  }
}
