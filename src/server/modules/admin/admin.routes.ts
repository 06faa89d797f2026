import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBodySchema } from '#shared/errors';
import {
  AdminAuditListQuerySchema,
  AdminAuditListSchema,
  AdminCourseListQuerySchema,
  AdminCourseListSchema,
  AdminCourseSchema,
  AdminCreatorListQuerySchema,
  AdminCreatorListSchema,
  AdminIdParamsSchema,
  AdminInvitationListQuerySchema,
  AdminInvitationListSchema,
  AdminInvitationSchema,
  AdminPaymentListQuerySchema,
  AdminPaymentListSchema,
  AdminPayoutBalanceListQuerySchema,
  AdminPayoutBalanceListSchema,
  AdminPayoutListQuerySchema,
  AdminPayoutListSchema,
  AdminPayoutSchema,
  AdminRevenueQuerySchema,
  AdminRevenueSchema,
  AdminReviewHiddenSchema,
  AdminReviewListQuerySchema,
  AdminReviewListSchema,
  AdminUserListQuerySchema,
  AdminUserListSchema,
  AdminUserSchema,
  CreatedInvitationSchema,
  CreateInvitationBodySchema,
  RecordPayoutBodySchema,
  RevokeCertificateBodySchema,
  UnpublishCourseBodySchema,
} from '#shared/schemas/admin';
import { CertificateSchema } from '#shared/schemas/certificates';
import { CouponListQuerySchema, CouponListSchema, CouponSchema, CreateSiteCouponBodySchema } from '#shared/schemas/coupons';
import { RefundResultSchema } from '#shared/schemas/enrollment';
import { ReviewHiddenInputSchema } from '#shared/schemas/reviews';
import { requireRole } from '../../plugins/current-user';
import { listAuditLog } from './admin-audit.service';
import { revokeCertificate } from './admin-certificates.service';
import { listCourses, listReportedReviews, setReviewHidden, unpublishCourse } from './admin-content.service';
import {
  createSiteCoupon,
  deleteSiteCoupon,
  getRevenue,
  listPayments,
  listSiteCoupons,
  refundPayment,
} from './admin-money.service';
import { listPayoutBalances, listPayouts, recordManualPayout } from './admin-payouts.service';
import {
  inviteCreator,
  listCreators,
  listInvitations,
  listUsers,
  revokeInvitation,
  setUserSuspended,
} from './admin-users.service';

const TAGS = ['admin'];
const BEARER = [{ bearerAuth: [] }];
/** What every admin route can answer besides its own: no token (401), not an admin (403), a bad query or body (400). */
const refusals = { 400: ApiErrorBodySchema, 401: ApiErrorBodySchema, 403: ApiErrorBodySchema };
const notFound = { 404: ApiErrorBodySchema };
const conflict = { 409: ApiErrorBodySchema };

/**
 * docs/product.md, Accounts and access, and issue 24 §6: the admin console's API. Every route is for admins only: the
 * role is checked before the request's body or query is even read (401 for a guest, 403 for anyone
 * else), and every action writes one audit row in its own transaction.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  // The handlers ask again for the admin's id: the session is read once per request either way.
  const adminId = async (request: FastifyRequest) => (await requireRole(request, 'admin')).id;
  app.addHook('onRequest', async (request) => {
    await adminId(request);
  });

  // Users.

  app.get(
    '/api/admin/users',
    {
      schema: {
        tags: TAGS,
        summary: 'Every account, newest first; search by name or email, filter by role and state',
        security: BEARER,
        querystring: AdminUserListQuerySchema,
        response: { 200: AdminUserListSchema, ...refusals },
      },
    },
    async (request) => listUsers({ db: app.db, query: request.query }),
  );

  for (const [action, isSuspended] of [
    ['suspend', true],
    ['unsuspend', false],
  ] as const) {
    app.post(
      `/api/admin/users/:id/${action}`,
      {
        schema: {
          tags: TAGS,
          summary: isSuspended
            ? 'Suspend an account: every session of it ends on every instance, and sign-in is refused'
            : 'Lift a suspension: the user can sign in again',
          description: isSuspended ? 'An admin cannot suspend themselves (409).' : undefined,
          security: BEARER,
          params: AdminIdParamsSchema,
          response: { 200: AdminUserSchema, ...refusals, ...notFound, ...conflict },
        },
      },
      async (request) =>
        setUserSuspended({
          db: app.db,
          adminId: await adminId(request),
          userId: request.params.id,
          isSuspended,
          now: app.clock(),
        }),
    );
  }

  // Creators and invitations.

  app.get(
    '/api/admin/creators',
    {
      schema: {
        tags: TAGS,
        summary: 'The creators, newest first, with their course and enrollment counts',
        security: BEARER,
        querystring: AdminCreatorListQuerySchema,
        response: { 200: AdminCreatorListSchema, ...refusals },
      },
    },
    async (request) => listCreators({ db: app.db, query: request.query }),
  );

  app.get(
    '/api/admin/invitations',
    {
      schema: {
        tags: TAGS,
        summary: 'Creator invitations, newest first (pending, used or revoked)',
        security: BEARER,
        querystring: AdminInvitationListQuerySchema,
        response: { 200: AdminInvitationListSchema, ...refusals },
      },
    },
    async (request) => listInvitations({ db: app.db, query: request.query }),
  );

  app.post(
    '/api/admin/invitations',
    {
      schema: {
        tags: TAGS,
        summary: 'Invite a creator by email, as `npm run invite` does: a single-use code, mailed with its sign-up link',
        security: BEARER,
        body: CreateInvitationBodySchema,
        response: { 201: CreatedInvitationSchema, ...refusals, ...conflict },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await inviteCreator({
          db: app.db,
          jobs: app.jobs,
          publicUrl: app.config.publicUrl,
          adminId: await adminId(request),
          email: request.body.email,
        }),
      ),
  );

  app.post(
    '/api/admin/invitations/:id/revoke',
    {
      schema: {
        tags: TAGS,
        summary: 'Revoke an invitation nobody has used (a used one: 409)',
        security: BEARER,
        params: AdminIdParamsSchema,
        response: { 200: AdminInvitationSchema, ...refusals, ...notFound, ...conflict },
      },
    },
    async (request) =>
      revokeInvitation({ db: app.db, adminId: await adminId(request), invitationId: request.params.id, now: app.clock() }),
  );

  // Courses.

  app.get(
    '/api/admin/courses',
    {
      schema: {
        tags: TAGS,
        summary: 'Every course in any state, newest first; search by title, filter by state',
        security: BEARER,
        querystring: AdminCourseListQuerySchema,
        response: { 200: AdminCourseListSchema, ...refusals },
      },
    },
    async (request) => listCourses({ db: app.db, query: request.query }),
  );

  app.post(
    '/api/admin/courses/:id/unpublish',
    {
      schema: {
        tags: TAGS,
        summary: 'Take a course off the marketplace, with a reason its creator sees until they publish it again',
        security: BEARER,
        params: AdminIdParamsSchema,
        body: UnpublishCourseBodySchema,
        response: { 200: AdminCourseSchema, ...refusals, ...notFound, ...conflict },
      },
    },
    async (request) =>
      unpublishCourse({ db: app.db, adminId: await adminId(request), courseId: request.params.id, reason: request.body.reason }),
  );

  // Certificates.

  app.post(
    '/api/admin/certificates/:id/revoke',
    {
      schema: {
        tags: TAGS,
        summary: "Revoke a certificate: its verification page and its credential's status list say so, with the reason",
        security: BEARER,
        params: AdminIdParamsSchema,
        body: RevokeCertificateBodySchema,
        response: { 200: CertificateSchema, ...refusals, ...notFound, ...conflict },
      },
    },
    async (request) =>
      revokeCertificate({
        db: app.db,
        adminId: await adminId(request),
        certificateId: request.params.id,
        reason: request.body.reason,
        now: app.clock(),
      }),
  );

  // Reported reviews.

  app.get(
    '/api/admin/reviews',
    {
      schema: {
        tags: TAGS,
        summary: 'Reviews somebody reported, most reported first',
        security: BEARER,
        querystring: AdminReviewListQuerySchema,
        response: { 200: AdminReviewListSchema, ...refusals },
      },
    },
    async (request) => listReportedReviews({ db: app.db, query: request.query }),
  );

  app.put(
    '/api/admin/reviews/:id/hidden',
    {
      schema: {
        tags: TAGS,
        summary: 'Hide a review of any course, or show it again',
        security: BEARER,
        params: AdminIdParamsSchema,
        body: ReviewHiddenInputSchema,
        response: { 200: AdminReviewHiddenSchema, ...refusals, ...notFound, ...conflict },
      },
    },
    async (request) =>
      setReviewHidden({
        db: app.db,
        adminId: await adminId(request),
        reviewId: request.params.id,
        isHidden: request.body.hidden,
      }),
  );

  // Payments and revenue.

  app.get(
    '/api/admin/payments',
    {
      schema: {
        tags: TAGS,
        summary: 'Every recorded payment, newest first; filter by status',
        security: BEARER,
        querystring: AdminPaymentListQuerySchema,
        response: { 200: AdminPaymentListSchema, ...refusals },
      },
    },
    async (request) => listPayments({ db: app.db, providerName: app.payments.name, query: request.query }),
  );

  app.post(
    '/api/admin/payments/:id/refund',
    {
      schema: {
        tags: TAGS,
        summary: 'Refund a completed payment, whenever it was made and however much of the course was done',
        description:
          'The enrollment ends at once and the buyer is mailed a refund receipt. `status` is `pending` when the provider could not be reached yet; the refund is retried. A payment refunded already: 409.',
        security: BEARER,
        params: AdminIdParamsSchema,
        response: { 200: RefundResultSchema, ...refusals, ...notFound, ...conflict },
      },
    },
    async (request) => {
      return refundPayment({
        db: app.db,
        provider: app.payments,
        log: request.log,
        jobs: app.jobs,
        metrics: app.metrics,
        adminId: await adminId(request),
        paymentId: request.params.id,
      });
    },
  );

  app.get(
    '/api/admin/revenue',
    {
      schema: {
        tags: TAGS,
        summary: "The platform's sales, refunds, fees and creators' share by month, from the ledger",
        security: BEARER,
        querystring: AdminRevenueQuerySchema,
        response: { 200: AdminRevenueSchema, ...refusals },
      },
    },
    async (request) => getRevenue({ db: app.db, query: request.query }),
  );

  // Payouts.

  app.get(
    '/api/admin/payouts/balances',
    {
      schema: {
        tags: TAGS,
        summary: 'Creators with money to pay out now, the most owed first',
        description:
          '`available` is the net of their sales past the 30-day refund window, less payouts, as in GET /api/creator/earnings; `payoutDetails` is where the creator asked to be paid (PUT /api/creator/payouts/details).',
        security: BEARER,
        querystring: AdminPayoutBalanceListQuerySchema,
        response: { 200: AdminPayoutBalanceListSchema, ...refusals },
      },
    },
    async (request) =>
      listPayoutBalances({ db: app.db, providerName: app.payments.name, query: request.query, now: app.clock() }),
  );

  app.get(
    '/api/admin/payouts',
    {
      schema: {
        tags: TAGS,
        summary: 'Every payout, newest first; one creator’s with `creatorId`',
        security: BEARER,
        querystring: AdminPayoutListQuerySchema,
        response: { 200: AdminPayoutListSchema, ...refusals },
      },
    },
    async (request) => listPayouts({ db: app.db, query: request.query }),
  );

  app.post(
    '/api/admin/payouts',
    {
      schema: {
        tags: TAGS,
        summary: 'Record a bank transfer made to a creator as a paid payout',
        description:
          '`amount` ("12.34") at most the creator’s available balance, else 409 (also when the server runs Stripe and the creator’s connected account can receive transfers: Stripe transfers pay them); `reference` is the transfer’s reference at the bank (1–200 characters). The ledger moves the amount from the creator’s balance to paid out.',
        security: BEARER,
        body: RecordPayoutBodySchema,
        response: { 201: AdminPayoutSchema, ...refusals, ...notFound, ...conflict },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await recordManualPayout({
          db: app.db,
          providerName: app.payments.name,
          adminId: await adminId(request),
          creatorId: request.body.creatorId,
          amountCents: request.body.amount,
          reference: request.body.reference,
          now: app.clock(),
        }),
      ),
  );

  // Site-wide coupons.

  app.post(
    '/api/admin/coupons',
    {
      schema: {
        tags: TAGS,
        summary: 'A site-wide coupon: checkout takes it for any course (a course’s own code of the same name wins)',
        security: BEARER,
        body: CreateSiteCouponBodySchema,
        response: { 201: CouponSchema, ...refusals, ...conflict },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createSiteCoupon({ db: app.db, adminId: await adminId(request), terms: request.body, now: app.clock() })),
  );

  app.get(
    '/api/admin/coupons',
    {
      schema: {
        tags: TAGS,
        summary: 'The live site-wide coupons, newest first',
        security: BEARER,
        querystring: CouponListQuerySchema,
        response: { 200: CouponListSchema, ...refusals },
      },
    },
    async (request) => listSiteCoupons({ db: app.db, limit: request.query.limit, cursor: request.query.cursor }),
  );

  app.delete(
    '/api/admin/coupons/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Stop a site-wide coupon; payments made with it keep their price',
        security: BEARER,
        params: AdminIdParamsSchema,
        response: { 204: z.null(), ...refusals, ...notFound },
      },
    },
    async (request, reply) => {
      await deleteSiteCoupon({ db: app.db, adminId: await adminId(request), couponId: request.params.id });
      return reply.code(204).send(null);
    },
  );

  // Audit log.

  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags: TAGS,
        summary: 'What admins did, newest first: who, what, on what, when',
        security: BEARER,
        querystring: AdminAuditListQuerySchema,
        response: { 200: AdminAuditListSchema, ...refusals },
      },
    },
    async (request) => listAuditLog({ db: app.db, query: request.query }),
  );
};
