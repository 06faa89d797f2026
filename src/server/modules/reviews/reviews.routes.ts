import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBodySchema } from '#shared/errors';
import { CourseIdParamsSchema } from '#shared/schemas/catalog';
import {
  ReviewHiddenInputSchema,
  ReviewIdParamsSchema,
  ReviewInputSchema,
  ReviewListQuerySchema,
  ReviewListSchema,
  ReviewReplyInputSchema,
  ReviewSchema,
} from '#shared/schemas/reviews';
import { requireUser } from '../../plugins/current-user';
import { deleteReview, listReviews, putReview, replyToReview, reportReview, setReviewHidden } from './reviews.service';

const TAGS = ['reviews'];
const BEARER = [{ bearerAuth: [] }];
const refusals = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  403: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
};

/** DECISIONS §8: ratings and reviews of a course, the creator's reply, and reports. */
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
        summary: 'Report a review; it stays visible until it is hidden',
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

  app.put(
    '/api/reviews/:id/hidden',
    {
      schema: {
        tags: TAGS,
        summary: "Hide a review of the caller's course, or show it again (it then counts in the rating again)",
        security: BEARER,
        params: ReviewIdParamsSchema,
        body: ReviewHiddenInputSchema,
        response: { 200: z.object({ id: z.string(), hidden: z.boolean() }), ...refusals },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return setReviewHidden({
        db: app.db,
        reads: app.reads,
        userId: user.id,
        reviewId: request.params.id,
        hidden: request.body.hidden,
      });
    },
  );
};
