import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBodySchema } from '#shared/errors';
import { EarningsQuerySchema, EarningsSchema } from '#shared/schemas/earnings';
import {
  ConnectOnboardingSchema,
  ConnectStatusSchema,
  PayoutDetailsSchema,
  PayoutListQuerySchema,
  PayoutListSchema,
  PutPayoutDetailsBodySchema,
} from '#shared/schemas/payouts';
import { readConnectStatus } from '../../lib/stripe-connect';
import { requireRole } from '../../plugins/current-user';
import { connectStripeAccount, getCachedEarnings, listCreatorPayouts } from './earnings.service';
import { getPayoutDetails, setPayoutDetails } from './payout-details.service';

/** docs/product.md, Earnings and payouts: each creator sees their own, from the ledger, and the payouts made to them. */
export const earningsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/creator/earnings',
    {
      schema: {
        tags: ['creator'],
        summary: 'My sales, fees, refunds and net, by course and by month, and my balance',
        description: `The platform keeps PLATFORM_FEE_PERCENT of each sale; a refund returns its fee. \`available\` is the net of sales past the 30-day refund window, less payouts. Money is a string with two decimals.`,
        security: [{ bearerAuth: [] }],
        querystring: EarningsQuerySchema,
        response: { 200: EarningsSchema, 400: ApiErrorBodySchema, 401: ApiErrorBodySchema, 403: ApiErrorBodySchema },
      },
    },
    async (request) =>
      getCachedEarnings({
        reads: app.reads,
        db: app.db,
        userId: (await requireRole(request, 'creator')).id,
        query: request.query,
        now: app.clock(),
      }),
  );

  app.get(
    '/api/creator/payouts',
    {
      schema: {
        tags: ['creator'],
        summary: 'The payouts made to me, newest first',
        description:
          'A payout takes money out of `available` into `paidOut` (GET /api/creator/earnings). Without Stripe an admin records each bank transfer.',
        security: [{ bearerAuth: [] }],
        querystring: PayoutListQuerySchema,
        response: { 200: PayoutListSchema, 400: ApiErrorBodySchema, 401: ApiErrorBodySchema, 403: ApiErrorBodySchema },
      },
    },
    async (request) =>
      listCreatorPayouts({ db: app.db, userId: (await requireRole(request, 'creator')).id, query: request.query }),
  );

  app.get(
    '/api/creator/payouts/connect',
    {
      schema: {
        tags: ['creator'],
        summary: 'How I am paid: by Stripe to my connected account (not connected, unfinished, ready) or by an admin',
        description:
          '`payoutsBy` is `stripe` when the platform pays through Stripe Connect, else `admin` (a recorded bank transfer) and `account` is null. An account not known to be ready is read again at Stripe (the creator may be back from onboarding) and the answer kept; scheduled transfers pay only a `ready` account.',
        security: [{ bearerAuth: [] }],
        response: { 200: ConnectStatusSchema, 401: ApiErrorBodySchema, 403: ApiErrorBodySchema },
      },
    },
    async (request) =>
      readConnectStatus({
        db: app.db,
        provider: app.payments,
        log: request.log,
        userId: (await requireRole(request, 'creator')).id,
        now: app.clock(),
      }),
  );

  app.post(
    '/api/creator/payouts/connect',
    {
      schema: {
        tags: ['creator'],
        summary: 'Connect my Stripe Express account for payouts: a Stripe onboarding link',
        description:
          'The account is made at the first call and kept; later calls answer a new link for the same account (a link is good once, for minutes). Without Stripe an admin records payouts: 409.',
        security: [{ bearerAuth: [] }],
        response: {
          200: ConnectOnboardingSchema,
          401: ApiErrorBodySchema,
          403: ApiErrorBodySchema,
          409: ApiErrorBodySchema,
        },
      },
    },
    async (request) =>
      connectStripeAccount({
        db: app.db,
        provider: app.payments,
        userId: (await requireRole(request, 'creator')).id,
        publicUrl: app.config.publicUrl,
      }),
  );

  app.get(
    '/api/creator/payouts/details',
    {
      schema: {
        tags: ['creator'],
        summary: 'Where I asked to be paid by bank transfer (null until I say)',
        security: [{ bearerAuth: [] }],
        response: { 200: PayoutDetailsSchema, 401: ApiErrorBodySchema, 403: ApiErrorBodySchema },
      },
    },
    async (request) => getPayoutDetails({ db: app.db, userId: (await requireRole(request, 'creator')).id }),
  );

  app.put(
    '/api/creator/payouts/details',
    {
      schema: {
        tags: ['creator'],
        summary: 'Say where to be paid by bank transfer: plain text an admin reads when recording a payout',
        description:
          '`payoutDetails`: at most 1,000 characters; line breaks are kept, other control characters refused (400). Empty or null clears them.',
        security: [{ bearerAuth: [] }],
        body: PutPayoutDetailsBodySchema,
        response: {
          200: PayoutDetailsSchema,
          400: ApiErrorBodySchema,
          401: ApiErrorBodySchema,
          403: ApiErrorBodySchema,
          413: ApiErrorBodySchema,
          415: ApiErrorBodySchema,
        },
      },
    },
    async (request) =>
      setPayoutDetails({
        db: app.db,
        jobs: app.jobs,
        userId: (await requireRole(request, 'creator')).id,
        payoutDetails: request.body.payoutDetails,
      }),
  );
};
