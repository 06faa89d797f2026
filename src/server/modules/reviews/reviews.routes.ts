import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBodySchema } from '#shared/errors';
import { CourseIdParamsSchema } from '#shared/schemas/catalog';
import {
  ReviewIdParamsSchema,
  ReviewInputSchema,
  ReviewListQuerySchema,
  ReviewListSchema,
  ReviewReplyInputSchema,
  ReviewSchema,
} from '#shared/schemas/reviews';
import { requireUser } from '../../plugins/current-user';
import { deleteReview, listReviews, putReview, replyToReview, reportReview } from './reviews.service';

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
    async (request) => {
      const user = await request.getCurrentUser();
      return listReviews({
        db: app.db,
        reads: app.reads,
        userId: user?.id,
        courseId: request.params.id,
        sort: request.query.sort,
        limit: request.query.limit,
        cursor: request.query.cursor,
      });
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
};
