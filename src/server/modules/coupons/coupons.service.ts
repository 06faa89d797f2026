import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#db/client';
import { coupons, courses } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { centsToPrice } from '#shared/format';
import { isUuid } from '#shared/ids';
import type { Coupon, CouponCheckResult, CreateCouponBodySchema } from '#shared/schemas/coupons';
import { AppError } from '../../errors';
import type { PricedCoupon } from '../../lib/coupon-pricing';
import { insertCoupon, toCouponJson } from '../../lib/coupons';

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
  return insertCoupon(db, { course, createdBy: userId, terms: body, now });
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
