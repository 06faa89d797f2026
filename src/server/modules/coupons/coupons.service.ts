import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '#db/client';
import { couponRedemptions, coupons, courses } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { centsToPrice } from '#shared/format';
import { isUuid } from '#shared/ids';
import { type Coupon, type CouponCheckResult, CouponCodeSchema, type CreateCouponBodySchema } from '#shared/schemas/coupons';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../../lib/db-errors';

/** Stripe's smallest card charge in dollars: a discount stops where it would leave less to pay. */
export const MIN_CHARGE_CENTS = 50;

type CouponRow = typeof coupons.$inferSelect;

/** What a coupon takes off a price: never more than the price, and never leaving 0.01–0.49 to pay. */
export function discountCents(priceCents: number, coupon: Pick<CouponRow, 'percentOff' | 'amountOffCents'>) {
  const off =
    coupon.percentOff !== null
      ? Math.round((priceCents * coupon.percentOff) / 100)
      : Math.min(coupon.amountOffCents ?? 0, priceCents);
  const left = priceCents - off;
  const stopped = left > 0 && left < MIN_CHARGE_CENTS;
  return { cents: stopped ? Math.max(0, priceCents - MIN_CHARGE_CENTS) : off, stopped };
}

/** A coupon's JSON for its creator. */
function toCouponJson(row: CouponRow & { courseTitle: string | null }): Coupon {
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

/** POST /api/creator/coupons: a code for one of the caller's own courses. */
export async function createCoupon({
  db,
  userId,
  body,
  now,
}: {
  db: Db;
  userId: string;
  body: z.output<typeof CreateCouponBodySchema>;
  now: number;
}): Promise<Coupon> {
  const [course] = isUuid(body.courseId)
    ? await db
        .select({ id: courses.id, title: courses.title })
        .from(courses)
        .where(and(eq(courses.id, body.courseId), eq(courses.creatorId, userId)))
        .limit(1)
    : [];
  // Another creator's course is not found, as it would be if it did not exist.
  if (!course) throw new AppError(ErrorCode.NOT_FOUND, 'Course not found');
  const expiresAt = body.expiresAt === undefined ? null : new Date(body.expiresAt);
  if (expiresAt && expiresAt.getTime() <= now) throw new AppError(ErrorCode.BAD_REQUEST, 'expiresAt must be in the future');
  try {
    const [row] = await db
      .insert(coupons)
      .values({
        code: body.code,
        courseId: course.id,
        createdBy: userId,
        percentOff: body.percentOff ?? null,
        amountOffCents: body.amountOff ?? null,
        expiresAt,
        maxRedemptions: body.maxRedemptions ?? null,
      })
      .returning();
    if (!row) throw new Error('coupon insert returned nothing');
    return toCouponJson({ ...row, courseTitle: course.title });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(ErrorCode.CONFLICT, `This course already has a coupon ${body.code}`);
    throw error;
  }
}

type ListCursor = { createdAt: string; id: string };

/** GET /api/creator/coupons: the caller's live coupons, newest first, a page at a time. */
export async function listCreatorCoupons({
  db,
  userId,
  limit,
  cursor,
}: {
  db: Db;
  userId: string;
  limit: number;
  cursor?: string | undefined;
}): Promise<{ items: Coupon[]; nextCursor: string | null }> {
  const after = cursor === undefined ? null : decodeListCursor(cursor);
  const rows = await db
    .select({ coupon: coupons, courseTitle: courses.title })
    .from(coupons)
    .leftJoin(courses, eq(courses.id, coupons.courseId))
    .where(
      and(
        eq(coupons.createdBy, userId),
        isNull(coupons.deletedAt),
        after ? sql`(${coupons.createdAt}, ${coupons.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).map(({ coupon, courseTitle }) => toCouponJson({ ...coupon, courseTitle }));
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  return {
    items: page,
    nextCursor: last
      ? Buffer.from(JSON.stringify({ createdAt: last.coupon.createdAt.toISOString(), id: last.coupon.id })).toString('base64url')
      : null,
  };
}

function decodeListCursor(value: string): ListCursor {
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<ListCursor>;
    if (typeof parsed.id === 'string' && isUuid(parsed.id) && typeof parsed.createdAt === 'string') {
      if (!Number.isNaN(Date.parse(parsed.createdAt))) return { createdAt: parsed.createdAt, id: parsed.id };
    }
  } catch {
    // Falls through to the refusal.
  }
  throw new AppError(ErrorCode.BAD_REQUEST, 'Invalid cursor');
}

/** DELETE /api/creator/coupons/{id}: no new checkout takes it; payments made with it still settle at its price. */
export async function deleteCoupon({ db, userId, id }: { db: Db; userId: string; id: string }): Promise<void> {
  const deleted = isUuid(id)
    ? await db
        .update(coupons)
        .set({ deletedAt: sql`now()` })
        .where(and(eq(coupons.id, id), eq(coupons.createdBy, userId), isNull(coupons.deletedAt)))
        .returning({ id: coupons.id })
    : [];
  if (deleted.length === 0) throw new AppError(ErrorCode.NOT_FOUND, 'Coupon not found');
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
      ? { message: `A card payment is at least ${centsToPrice(MIN_CHARGE_CENTS)}, so the discount stops there` }
      : {}),
  };
}

/** POST /api/coupons/check's answer. */
export function toCheckResult(priced: PricedCoupon): CouponCheckResult {
  if (!priced.valid) {
    const price = centsToPrice(priced.priceCents);
    return { valid: false, price, discount: '0.00', total: price, message: priced.message };
  }
  return {
    valid: true,
    price: centsToPrice(priced.priceCents),
    discount: centsToPrice(priced.discountCents),
    total: centsToPrice(priced.totalCents),
    ...(priced.message ? { message: priced.message } : {}),
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
