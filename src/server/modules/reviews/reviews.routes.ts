import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBodySchema } from '#shared/errors';
import { CourseIdParamsSchema } from '#shared/schemas/catalog';
import {
  ReviewHelpfulSchema,
  ReviewIdParamsSchema,
  ReviewInputSchema,
  ReviewListQuerySchema,
  ReviewListSchema,
  ReviewReplyInputSchema,
  ReviewSchema,
} from '#shared/schemas/reviews';
import { sendJsonBytes } from '../../lib/json-bytes';
import { limitUserAction } from '../../lib/user-rate-limit';
import { requireUser } from '../../plugins/current-user';
import { deleteReview, listReviews, putReview, replyToReview, reportReview, voteHelpful } from './reviews.service';

const TAGS = ['reviews'];
const BEARER = [{ bearerAuth: [] }];
const refusals = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  403: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
};

/**
 * Ratings and reviews of a course, the creator's reply, and reports (docs/product.md, Reviews). Hiding
 * is an admin's alone (modules/admin, audit-logged): a creator replies and reports.
 */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/courses/:id/reviews',
    {
      schema: {
        tags: TAGS,
        summary: "A course's visible reviews, newest or most helpful first, with its rating summary",
        params: CourseIdParamsSchema,
        querystring: ReviewListQuerySchema,
        response: { 200: ReviewListSchema, 400: ApiErrorBodySchema, 404: ApiErrorBodySchema },
      },
    },
    async (request, reply) => {
      const user = await request.getCurrentUser();
      const json = await listReviews({
        db: app.db,
        reads: app.reads,
        userId: user?.id,
        courseId: request.params.id,
        sort: request.query.sort,
        limit: request.query.limit,
        cursor: request.query.cursor,
      });
      return sendJsonBytes(reply, json);
    },
  );

  app.put(
    '/api/courses/:id/review',
    {
      schema: {
        tags: TAGS,
        summary: "Create or replace the caller's review (enrolled, with at least one slide done)",
        security: BEARER,
        params: CourseIdParamsSchema,
        body: ReviewInputSchema,
        response: { 200: ReviewSchema, ...refusals },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return putReview({ db: app.db, reads: app.reads, userId: user.id, courseId: request.params.id, input: request.body });
    },
  );

  app.delete(
    '/api/courses/:id/review',
    {
      schema: {
        tags: TAGS,
        summary: "Delete the caller's review",
        security: BEARER,
        params: CourseIdParamsSchema,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await deleteReview({ db: app.db, reads: app.reads, userId: user.id, courseId: request.params.id });
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/reviews/:id/reply',
    {
      schema: {
        tags: TAGS,
        summary: "The course creator's reply to a review (one per review; a new one replaces it)",
        security: BEARER,
        params: ReviewIdParamsSchema,
        body: ReviewReplyInputSchema,
        response: { 200: ReviewSchema, ...refusals },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return replyToReview({
        db: app.db,
        reads: app.reads,
        userId: user.id,
        reviewId: request.params.id,
        body: request.body.body,
      });
    },
  );

  app.post(
    '/api/reviews/:id/report',
    {
      schema: {
        tags: TAGS,
        summary: "Report a review (anyone signed in, its course's creator too); it stays visible until an admin hides it",
        security: BEARER,
        params: ReviewIdParamsSchema,
        response: { 200: z.object({ reported: z.literal(true) }), ...refusals },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return reportReview({ db: app.db, reads: app.reads, userId: user.id, reviewId: request.params.id });
    },
  );

  // A helpful vote (POST) and its withdrawal (DELETE): the same checks, the same answer.
  for (const [method, isHelpful] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/reviews/:id/helpful',
      schema: {
        tags: TAGS,
        summary: isHelpful
          ? 'Find a review helpful (once per person; not one’s own, nor on one’s own course)'
          : 'Withdraw one’s helpful vote',
        security: BEARER,
        params: ReviewIdParamsSchema,
        response: { 200: ReviewHelpfulSchema, ...refusals, 429: ApiErrorBodySchema },
      },
      handler: async (request) => {
        const user = await requireUser(request);
        return voteHelpful({
          db: app.db,
          reads: app.reads,
          userId: user.id,
          reviewId: request.params.id,
          isHelpful,
          countVote: () => limitUserAction({ app, action: 'review-vote', userId: user.id }),
        });
      },
    });
  }
};
