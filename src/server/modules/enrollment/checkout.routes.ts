import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBodySchema, ErrorCode } from '#shared/errors';
import {
  ConfirmPaymentBodySchema,
  ConfirmPaymentResultSchema,
  CreatePaymentIntentBodySchema,
  CreatePaymentIntentResultSchema,
  TestCardBodySchema,
  TestPaymentResultSchema,
} from '#shared/schemas/enrollment';
import { AppError } from '../../errors';
import { limitCouponGuesses } from '../../lib/coupon-guesses';
import { isTransferEvent, WebhookSignatureError } from '../../lib/payments/payment-provider';
import { isTestProcessor } from '../../lib/payments/test-processor';
import { applyReportedRefund } from '../../lib/refund-payment';
import { applyAccountEvent } from '../../lib/stripe-connect';
import { applyTransferEvent } from '../../lib/stripe-transfers';
import { limitUserAction } from '../../lib/user-rate-limit';
import { requireUser } from '../../plugins/current-user';
import { createPaymentIntent } from './checkout/intent';
import { settlePayment } from './checkout/settlement';

const TAGS = ['enrollment'];
const BEARER = [{ bearerAuth: [] }];
/** What an enrolling call can answer besides its own success (enroll-free shares them). */
export const ENROLLING_ERRORS = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
  409: ApiErrorBodySchema,
  413: ApiErrorBodySchema,
  415: ApiErrorBodySchema,
};

/** Paying for a course, and the provider's confirmation (docs/product.md, Checkout). */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const jobs = app.jobs;

  app.post(
    '/api/create-payment-intent',
    {
      schema: {
        tags: TAGS,
        summary: "Start paying for a course (the amount is the server's price, less a coupon's discount)",
        description:
          'A `couponCode` that leaves nothing to pay enrolls at once and answers the enrollment (`enrolled: true`). A `couponCode` counts into the per-IP budget of POST /api/coupons/check too (429 past it). A course priced below 0.50 (stored before prices were checked) cannot be paid by card: 409.',
        security: BEARER,
        body: CreatePaymentIntentBodySchema,
        response: { 200: CreatePaymentIntentResultSchema, ...ENROLLING_ERRORS, 429: ApiErrorBodySchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await limitUserAction({ app, action: 'payment-intent', userId: user.id });
      if (request.body.couponCode?.trim()) await limitCouponGuesses(app, request);
      return createPaymentIntent({
        db,
        provider: app.payments,
        userId: user.id,
        courseId: request.body.courseId,
        couponCode: request.body.couponCode,
        platformFeePercent: app.config.platformFeePercent,
        now: app.clock(),
      });
    },
  );

  app.post(
    '/api/confirm-payment',
    {
      schema: {
        tags: TAGS,
        summary: 'Enroll after the provider confirms the payment succeeded (idempotent)',
        description:
          "A course's payment is confirmed with its `courseId` and answers its enrollment; a cart's (POST /api/cart/checkout) without one, and answers the enrollment in every course of it (`items`). A cart enrolls in all its courses or in none: when one can no longer be sold or is owned already, the whole payment is returned and 409 says why.",
        security: BEARER,
        body: ConfirmPaymentBodySchema,
        response: { 200: ConfirmPaymentResultSchema, ...ENROLLING_ERRORS },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const intent = await app.payments.retrieveIntent(request.body.paymentIntentId);
      if (!intent || intent.metadata.userId !== user.id) throw new AppError(ErrorCode.NOT_FOUND, 'Payment not found');
      if (intent.status !== 'succeeded') {
        throw new AppError(ErrorCode.CONFLICT, intent.lastPaymentError ?? 'The payment has not succeeded');
      }
      const settled = await settlePayment({
        db,
        provider: app.payments,
        log: request.log,
        jobs,
        metrics: app.metrics,
        intent,
        expected: { userId: user.id, courseId: request.body.courseId },
      });
      const isCart = 'checkoutId' in intent.metadata;
      const [enrollment] = settled.kind === 'enrolled' || settled.kind === 'refunded' ? settled.enrollments : [];
      if (settled.kind === 'enrolled') {
        if (isCart) return { enrolled: true as const, items: settled.enrollments };
        if (enrollment) return enrollment;
      }
      // One course's payment that arrived for a course already owned: the course is theirs, the money back.
      if (settled.kind === 'refunded' && !isCart && enrollment) return { ...enrollment, refunded: true as const };
      throw new AppError(ErrorCode.CONFLICT, (settled.kind === 'refunded' && settled.reason) || 'The payment has not succeeded');
    },
  );

  app.post(
    '/api/test-payments/:paymentIntentId/confirm',
    {
      schema: {
        tags: TAGS,
        summary: "Pay a test-mode intent with one of Stripe's test cards (no Stripe key configured)",
        security: BEARER,
        params: z.object({ paymentIntentId: z.string().max(200) }),
        body: TestCardBodySchema,
        response: { 200: TestPaymentResultSchema, ...ENROLLING_ERRORS },
      },
    },
    async (request) => {
      const provider = app.payments;
      if (!isTestProcessor(provider)) throw new AppError(ErrorCode.NOT_FOUND, 'Not found');
      const user = await requireUser(request);
      const outcome = await provider.confirm({ intentId: request.params.paymentIntentId, userId: user.id, ...request.body });
      const intent = await provider.retrieveIntent(request.params.paymentIntentId);
      if (intent) await settlePayment({ db, provider, log: request.log, jobs, metrics: app.metrics, intent });
      return outcome;
    },
  );

  app.post(
    '/api/payments/webhook',
    {
      config: { rawBody: true },
      schema: {
        tags: TAGS,
        summary: 'Stripe webhook: payment outcomes, refunds, payout transfers and connected accounts (signature checked)',
        response: { 200: z.object({ received: z.literal(true) }), 400: ApiErrorBodySchema, 404: ApiErrorBodySchema },
      },
    },
    async (request) => {
      const provider = app.payments;
      if (!provider.parseWebhook) throw new AppError(ErrorCode.NOT_FOUND, 'Not found');
      const signature = request.headers['stripe-signature'];
      let event: Awaited<ReturnType<NonNullable<typeof provider.parseWebhook>>>;
      try {
        event = await provider.parseWebhook(request.body as Buffer, typeof signature === 'string' ? signature : undefined);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw new AppError(ErrorCode.BAD_REQUEST, 'Invalid signature');
        throw error;
      }
      if (event?.type === 'charge.refunded') {
        await applyReportedRefund({ db, provider, log: request.log, jobs, event });
      } else if (event && isTransferEvent(event)) {
        await applyTransferEvent({ db, provider, log: request.log, event, now: app.clock() });
      } else if (event?.type === 'account.updated') {
        await applyAccountEvent({ db, provider, log: request.log, event, now: app.clock() });
      } else if (event) {
        try {
          await settlePayment({
            db,
            provider,
            log: request.log,
            jobs,
            metrics: app.metrics,
            intent: event.intent,
            eventId: event.id,
            eventType: event.type,
          });
        } catch (error) {
          // An intent this app did not make, or one that does not match: acknowledged, never enrolled.
          if (!(error instanceof AppError)) throw error;
          request.log.warn({ eventId: event.id, reason: error.message }, 'webhook payment not settled');
        }
      }
      return { received: true as const };
    },
  );
};
