import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { cartItems, courses, enrollments, payments, users } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { centsToPrice } from '#shared/format';
import { isUuid } from '#shared/ids';
import { CART_MAX_ITEMS, type Cart, type CartCheckoutResult, type CartCoupon, type CartNotice } from '#shared/schemas/cart';
import type { EnrollmentResult } from '#shared/schemas/enrollment';
import { AppError } from '../../errors';
import { batchedInsertInto } from '../../lib/batch';
import {
  isUnpayablePrice,
  priceWithCoupon,
  redeemCoupon,
  refuseUnpayablePrice,
  unpayablePriceMessage,
} from '../../lib/coupon-pricing';
import { courseWithCreatorColumns, toCourseJson } from '../../lib/course-json';
import { findJoinableCourse } from '../../lib/joinable-course';
import { MAX_AMOUNT_CENTS, type PaymentProvider } from '../../lib/payments/payment-provider';
import { byId } from './checkout/cart-settlement';
import { intentAnswer } from './checkout/intent';
import { enrollOnce, isEnrolled, refuseOwnCourse } from './enrollment.service';

/*
 * The cart (docs/product.md, Prices, coupons and the cart; ADR 0031): a signed-in student's courses to buy in
 * one payment, each with its own code. Nothing priced is stored: every read prices the cart as checkout will,
 * with the coupon rules of lib/coupon-pricing.ts. A course the student has come to own, or that is no longer
 * sold, is neither priced nor charged: the cart lists it apart, with the reason, until the student removes it
 * or checks out, which takes it out. Reading the cart writes nothing, so every tab and device (the top bar's
 * count, the cart page) reads the same cart.
 */

type CourseRow = typeof courses.$inferSelect & { creatorName: string };

/** A course of the cart, priced for its buyer now. */
type PricedLine = {
  course: CourseRow;
  priceCents: number;
  discountCents: number;
  totalCents: number;
  coupon: CartCoupon | null;
  /** The coupon applied to the price, counted when the course is enrolled; null when none applies. */
  couponId: string | null;
};

type PricedCart = { lines: PricedLine[]; notices: CartNotice[] };

const SAME_CODE_TWICE = 'This code is applied to another course of your cart, and each student uses a code once';

/**
 * The cart's rows for a student, prepared by name once per database handle: each pooled connection
 * then parses and plans it once, where building, parsing and planning it on every read took about a
 * fifth of a checkout's CPU.
 */
function prepareCartRows(db: Db) {
  const userId = sql.placeholder('userId');
  return db
    .select({
      ...courseWithCreatorColumns,
      couponCode: cartItems.couponCode,
      isEnrolled: sql<boolean>`exists (select 1 from ${enrollments} where ${enrollments.userId} = ${userId} and ${enrollments.courseId} = ${courses.id})`,
    })
    .from(cartItems)
    .innerJoin(courses, eq(courses.id, cartItems.courseId))
    .innerJoin(users, eq(users.id, courses.creatorId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.courseId))
    .prepare('cart_rows');
}

const cartRowsByDb = new WeakMap<Db, ReturnType<typeof prepareCartRows>>();

function readCartRows(db: Db, userId: string) {
  let query = cartRowsByDb.get(db);
  if (!query) {
    query = prepareCartRows(db);
    cartRowsByDb.set(db, query);
  }
  return query.execute({ userId });
}

/** The caller's cart, priced; the courses that can no longer be bought in it (owned now, no longer sold) as notices. */
async function priceCart(db: Db, userId: string, now: number): Promise<PricedCart> {
  const rows = await readCartRows(db, userId);

  const notices: CartNotice[] = [];
  const lines: PricedLine[] = [];
  const couponsUsed = new Set<string>();
  for (const { couponCode, isEnrolled: owned, ...course } of rows) {
    const notice = (reason: CartNotice['reason'], message: string) =>
      notices.push({ course: { id: course.id, title: course.title }, reason, message });
    if (owned || course.creatorId === userId) {
      notice('owned', `"${course.title}" is yours already: there is nothing to pay for it`);
      continue;
    }
    if (!course.published || course.archived) {
      notice('unavailable', `"${course.title}" is no longer sold`);
      continue;
    }
    if (isUnpayablePrice(course.priceCents)) {
      notice('unavailable', unpayablePriceMessage(course.title));
      continue;
    }
    const priceCents = course.priceCents;
    const full = { course, priceCents, discountCents: 0, totalCents: priceCents, couponId: null };
    if (couponCode === null) {
      lines.push({ ...full, coupon: null });
      continue;
    }
    if (priceCents === 0) {
      lines.push({ ...full, coupon: { code: couponCode, valid: true, message: 'This course is free: the code is not needed' } });
      continue;
    }
    const priced = await priceWithCoupon(db, { code: couponCode, course: { id: course.id, priceCents }, userId, now });
    if (!priced.valid || couponsUsed.has(priced.coupon.id)) {
      const message = priced.valid ? SAME_CODE_TWICE : priced.message;
      lines.push({ ...full, coupon: { code: couponCode, valid: false, message } });
      continue;
    }
    couponsUsed.add(priced.coupon.id);
    lines.push({
      course,
      priceCents,
      discountCents: priced.discountCents,
      totalCents: priced.totalCents,
      coupon: { code: priced.coupon.code, valid: true, ...(priced.message ? { message: priced.message } : {}) },
      couponId: priced.coupon.id,
    });
  }
  return { lines, notices };
}

function toCartJson({ lines, notices }: PricedCart): Cart {
  return {
    items: lines.map((line) => ({
      course: toCourseJson(line.course),
      price: centsToPrice(line.priceCents),
      discount: centsToPrice(line.discountCents),
      total: centsToPrice(line.totalCents),
      coupon: line.coupon,
    })),
    total: centsToPrice(lines.reduce((sum, line) => sum + line.totalCents, 0)),
    notices,
  };
}

/** GET /api/cart. */
export async function readCart({ db, userId, now }: { db: Db; userId: string; now: number }): Promise<Cart> {
  return toCartJson(await priceCart(db, userId, now));
}

/**
 * PUT /api/cart/{courseId}: adds a course someone can buy now and the caller does not own, or sets
 * its code (none removes it). A code that does not apply is refused as coupons/check refuses it.
 */
export async function putCartItem({
  db,
  userId,
  courseId,
  couponCode,
  now,
}: {
  db: Db;
  userId: string;
  courseId: string;
  couponCode: string | undefined;
  now: number;
}): Promise<Cart> {
  const course = await findJoinableCourse(db, courseId);
  refuseOwnCourse(course, userId);
  refuseUnpayablePrice(course);
  if (await isEnrolled(db, userId, course.id)) throw new AppError(ErrorCode.CONFLICT, 'You already own this course');
  const code = couponCode?.trim() ? couponCode : undefined;
  if (code !== undefined) {
    if (course.priceCents === 0) throw new AppError(ErrorCode.BAD_REQUEST, 'This course is free: no code is needed');
    const priced = await priceWithCoupon(db, { code, course, userId, now });
    if (!priced.valid) throw new AppError(ErrorCode[priced.status], priced.message);
    const others = (await priceCart(db, userId, now)).lines.filter((line) => line.course.id !== course.id);
    if (others.some((line) => line.couponId === priced.coupon.id)) throw new AppError(ErrorCode.CONFLICT, SAME_CODE_TWICE);
  }
  const storedCode = code === undefined ? null : code.trim().toUpperCase();
  const [isInCart] = await db
    .select({ courseId: cartItems.courseId })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.courseId, course.id)));
  if (!isInCart) {
    const [{ size } = { size: 0 }] = await db.select({ size: count() }).from(cartItems).where(eq(cartItems.userId, userId));
    if (size >= CART_MAX_ITEMS) {
      throw new AppError(ErrorCode.CONFLICT, `A cart holds at most ${CART_MAX_ITEMS} courses: check out or remove some first`);
    }
  }
  await db
    .insert(cartItems)
    .values({ userId, courseId: course.id, couponCode: storedCode })
    .onConflictDoUpdate({ target: [cartItems.userId, cartItems.courseId], set: { couponCode: storedCode } });
  return readCart({ db, userId, now });
}

/** DELETE /api/cart/{courseId}: takes it out, if it was in; answers the cart either way. */
export async function removeCartItem({
  db,
  userId,
  courseId,
  now,
}: {
  db: Db;
  userId: string;
  courseId: string;
  now: number;
}): Promise<Cart> {
  if (!isUuid(courseId)) throw new AppError(ErrorCode.NOT_FOUND, 'Course not found');
  await db.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.courseId, courseId)));
  return readCart({ db, userId, now });
}

const titled = (lines: { course: { title: string } }[]) => lines.map((line) => `"${line.course.title}"`).join(', ');

/**
 * POST /api/cart/checkout (ADR 0031): the cart as its last read showed it. Courses with
 * nothing to pay (free, or a 100 % code) are enrolled at once, their codes counted in the same
 * transaction; the others get one intent for their sum, recorded as one payment row per course
 * sharing the intent and a checkout id, which the intent's metadata carries. Their codes are counted
 * when the payment enrolls them (checkout/settlement.ts settlePayment). Courses that can no longer be
 * bought leave the cart; a code that no longer applies is refused until it is changed or removed.
 */
export async function checkoutCart({
  db,
  provider,
  userId,
  platformFeePercent,
  now,
}: {
  db: Db;
  provider: PaymentProvider;
  userId: string;
  platformFeePercent: number;
  now: number;
}): Promise<CartCheckoutResult> {
  const { lines, notices } = await priceCart(db, userId, now);
  if (lines.length === 0) {
    throw new AppError(ErrorCode.CONFLICT, notices.length > 0 ? 'Nothing in your cart can be bought now' : 'Your cart is empty');
  }
  const refused = lines.find((line) => line.coupon && !line.coupon.valid);
  if (refused?.coupon) {
    throw new AppError(
      ErrorCode.CONFLICT,
      `The code ${refused.coupon.code} for "${refused.course.title}" does not apply: ${refused.coupon.message ?? 'remove it or try another'}`,
    );
  }

  const free = lines.filter((line) => line.totalCents === 0);
  const paid = lines.filter((line) => line.totalCents > 0);
  const amountCents = paid.reduce((sum, line) => sum + line.totalCents, 0);
  if (amountCents > MAX_AMOUNT_CENTS) {
    throw new AppError(ErrorCode.CONFLICT, `${titled(paid)} cost more than one card payment can take: check out fewer at a time`);
  }
  // What can no longer be bought drops out now: the cart showed it apart, and the payment leaves it out.
  if (notices.length > 0) {
    const dropped = notices.map((notice) => notice.course.id);
    await db.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.courseId, dropped)));
  }
  const enrolledNow = free.length > 0 ? await enrollFreeLines(db, userId, free) : [];
  if (paid.length === 0) return { enrolled: true, items: enrolledNow };

  const checkoutId = randomUUID();
  const intent = await provider.createIntent({ amountCents, currency: 'usd', metadata: { userId, checkoutId } });
  // Checkouts at the same moment share one INSERT and one commit.
  await batchedInsertInto(
    db,
    payments,
  )(
    paid.map((line) => ({
      userId,
      courseId: line.course.id,
      provider: provider.name,
      providerPaymentId: intent.id,
      checkoutId,
      amountCents: line.totalCents,
      listPriceCents: line.priceCents,
      currency: 'usd',
      status: intent.status,
      couponId: line.couponId,
      platformFeePercent,
    })),
  );
  return {
    ...intentAnswer(provider, intent, amountCents),
    courseIds: paid.map((line) => line.course.id),
    enrolledCourseIds: enrolledNow.map((enrollment) => enrollment.courseId),
  };
}

/** The cart's courses with nothing to pay, enrolled together with their codes' uses, or none of them. */
function enrollFreeLines(db: Db, userId: string, lines: PricedLine[]): Promise<EnrollmentResult[]> {
  return db.transaction(async (tx) => {
    // Codes, then courses, each by id: the lock order of every enrolling transaction (checkout/cart-settlement.ts).
    for (const line of [...lines].sort((a, b) => byId(a.couponId, b.couponId))) {
      const courseId = line.course.id;
      if (line.couponId !== null && !(await redeemCoupon(tx, { couponId: line.couponId, userId, courseId, paymentId: null }))) {
        throw new AppError(
          ErrorCode.CONFLICT,
          `The code for "${line.course.title}" has been used as many times as it can be: remove it or try another`,
        );
      }
    }
    const enrolled: EnrollmentResult[] = [];
    for (const line of [...lines].sort((a, b) => byId(a.course.id, b.course.id))) {
      const source = line.couponId === null ? 'free' : 'coupon';
      enrolled.push((await enrollOnce(tx, { userId, courseId: line.course.id, source })).enrollment);
    }
    return enrolled;
  });
}
