import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBodySchema } from '#shared/errors';
import { CartCheckoutResultSchema, CartSchema, PutCartItemBodySchema } from '#shared/schemas/cart';
import { CourseIdParamsSchema } from '#shared/schemas/catalog';
import { limitCouponGuesses } from '../../lib/coupon-guesses';
import { limitUserAction } from '../../lib/user-rate-limit';
import { requireUser } from '../../plugins/current-user';
import { checkoutCart, putCartItem, readCart, removeCartItem } from './cart.service';
import { cancelOpenIntents } from './checkout/cancellation';
import { settlePayment } from './checkout/settlement';
import { ENROLLING_ERRORS } from './checkout.routes';

const TAGS = ['enrollment'];
const BEARER = [{ bearerAuth: [] }];
const CART_ERRORS = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
  409: ApiErrorBodySchema,
  413: ApiErrorBodySchema,
  415: ApiErrorBodySchema,
};

/** docs/product.md, Prices, coupons and the cart: a signed-in student's cart, and paying for all of it at once (ADR 0031). */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/api/cart',
    {
      schema: {
        tags: TAGS,
        summary: 'My cart, priced now: each course with its code, discount and total',
        description:
          'Courses that became mine or stopped being sold are listed in `notices` with the reason, neither priced nor charged; they leave the cart when removed or at checkout. A code that no longer applies stays with `coupon.valid: false` and its reason; checkout refuses it until it is changed or removed.',
        security: BEARER,
        response: { 200: CartSchema, 401: ApiErrorBodySchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return readCart({ db, userId: user.id, now: app.clock() });
    },
  );

  app.put(
    '/api/cart/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Add a course to my cart, or set its code (no code removes it); answers the cart',
        description:
          'A `couponCode` counts into the same per-IP budget as POST /api/coupons/check (RATE_LIMIT_COUPON_CHECKS_PER_MINUTE): 429 with Retry-After past it.',
        security: BEARER,
        params: CourseIdParamsSchema,
        body: PutCartItemBodySchema,
        response: { 200: CartSchema, ...CART_ERRORS, 429: ApiErrorBodySchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      if (request.body.couponCode?.trim()) await limitCouponGuesses(app, request);
      return putCartItem({
        db,
        userId: user.id,
        courseId: request.params.id,
        couponCode: request.body.couponCode,
        now: app.clock(),
      });
    },
  );

  app.delete(
    '/api/cart/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Take a course out of my cart; answers the cart',
        security: BEARER,
        params: CourseIdParamsSchema,
        response: { 200: CartSchema, 401: ApiErrorBodySchema, 404: ApiErrorBodySchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return removeCartItem({ db, userId: user.id, courseId: request.params.id, now: app.clock() });
    },
  );

  app.post(
    '/api/cart/checkout',
    {
      schema: {
        tags: TAGS,
        summary: 'Pay for my whole cart at once: one intent, as create-payment-intent for one course',
        description:
          'Courses with nothing to pay (free, or a 100 % code) are enrolled at once (`enrolledCourseIds`); the others are one intent (`courseIds`), confirmed with POST /api/confirm-payment without a courseId. A cart with nothing to pay answers `{ enrolled: true, items }`. Courses listed in the cart `notices` drop out. 409 when nothing can be bought, or a code does not apply.',
        security: BEARER,
        response: { 200: CartCheckoutResultSchema, ...ENROLLING_ERRORS, 429: ApiErrorBodySchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await limitUserAction({ app, action: 'payment-intent', userId: user.id });
      const result = await checkoutCart({
        db,
        provider: app.payments,
        userId: user.id,
        platformFeePercent: app.config.platformFeePercent,
        now: app.clock(),
      });
      const enrolledNow = 'items' in result ? result.items.map((item) => item.courseId) : result.enrolledCourseIds;
      // Courses enrolled without paying: their other open checkouts can only charge twice.
      for (const courseId of enrolledNow) {
        await cancelOpenIntents({
          db,
          provider: app.payments,
          log: request.log,
          jobs: app.jobs,
          metrics: app.metrics,
          userId: user.id,
          courseId,
          settle: settlePayment,
        });
      }
      return result;
    },
  );
};
