import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBodySchema } from '#shared/errors';
import {
  CouponCheckBodySchema,
  CouponCheckResultSchema,
  CouponListQuerySchema,
  CouponListSchema,
  CouponSchema,
  CreateCouponBodySchema,
} from '#shared/schemas/coupons';
import { IdParamsSchema } from '#shared/schemas/creator';
import { limitCouponGuesses } from '../../lib/coupon-guesses';
import { priceWithCoupon } from '../../lib/coupon-pricing';
import { findJoinableCourse } from '../../lib/joinable-course';
import { requireRole } from '../../plugins/current-user';
import { createCoupon, deleteCoupon, listCreatorCoupons, toCheckResult } from './coupons.service';

const BEARER = [{ bearerAuth: [] }];
const denied = { 401: ApiErrorBodySchema, 403: ApiErrorBodySchema, 404: ApiErrorBodySchema };
const bodyErrors = {
  400: ApiErrorBodySchema,
  409: ApiErrorBodySchema,
  413: ApiErrorBodySchema,
  415: ApiErrorBodySchema,
  ...denied,
};

/**
 * docs/product.md, Prices, coupons and the cart: a creator's codes for their own courses, and the price a
 * code gives at checkout.
 */
export const couponsRoutes: FastifyPluginAsyncZod = async (app) => {
  const creator = async (request: Parameters<typeof requireRole>[0]) => (await requireRole(request, 'creator')).id;
  const db = app.db;

  app.post(
    '/api/creator/coupons',
    {
      schema: {
        tags: ['creator'],
        summary: 'Make a discount code for one of my courses',
        description:
          'Percent (1–100) or an amount off, with an optional expiry and redemption limit; each student uses a code once.',
        security: BEARER,
        body: CreateCouponBodySchema,
        response: { 201: CouponSchema, ...bodyErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCoupon({ db, userId: await creator(request), body: request.body, now: app.clock() })),
  );

  app.get(
    '/api/creator/coupons',
    {
      schema: {
        tags: ['creator'],
        summary: 'My discount codes, newest first, with how often each was used',
        security: BEARER,
        querystring: CouponListQuerySchema,
        response: { 200: CouponListSchema, 400: ApiErrorBodySchema, ...denied },
      },
    },
    async (request) => listCreatorCoupons({ db, userId: await creator(request), ...request.query }),
  );

  app.delete(
    '/api/creator/coupons/:id',
    {
      schema: {
        tags: ['creator'],
        summary: 'Stop a discount code (payments already made with it keep their price)',
        security: BEARER,
        params: IdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...denied },
      },
    },
    async (request, reply) => {
      await deleteCoupon({ db, userId: await creator(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/coupons/check',
    {
      schema: {
        tags: ['enrollment'],
        summary: 'The price of a course with a discount code (the server decides; checkout charges the same)',
        description: 'Signed in, a code this buyer used before is refused too. `valid: false` carries the reason in `message`.',
        body: CouponCheckBodySchema,
        response: {
          200: CouponCheckResultSchema,
          400: ApiErrorBodySchema,
          404: ApiErrorBodySchema,
          413: ApiErrorBodySchema,
          415: ApiErrorBodySchema,
          429: ApiErrorBodySchema,
        },
      },
    },
    async (request) => {
      await limitCouponGuesses(app, request);
      const user = await request.getCurrentUser();
      const course = await findJoinableCourse(db, request.body.courseId);
      const priced = await priceWithCoupon(db, { code: request.body.code, course, userId: user?.id ?? null, now: app.clock() });
      return toCheckResult(priced);
    },
  );
};
