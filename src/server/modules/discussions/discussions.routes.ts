import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBodySchema } from '#shared/errors';
import {
  AdminDiscussionReportListQuerySchema,
  AdminDiscussionReportListSchema,
  CreatorThreadListQuerySchema,
  CreatorThreadListSchema,
  DiscussionBodyInputSchema,
  DiscussionHiddenInputSchema,
  DiscussionHiddenSchema,
  DiscussionIdParamsSchema,
  DiscussionReportedSchema,
  DiscussionReportInputSchema,
  ThreadListQuerySchema,
  ThreadListSchema,
  ThreadReplySchema,
  ThreadSchema,
  ThreadUpvoteSchema,
} from '#shared/schemas/discussions';
import { sendJsonBytes } from '../../lib/json-bytes';
import { limitUserAction } from '../../lib/user-rate-limit';
import { requireRole } from '../../plugins/current-user';
import { listReportedPosts, setPostHidden } from './discussion-moderation.service';
import {
  deleteReply,
  deleteThread,
  postReply,
  postThread,
  reportPost,
  requireLessonReader,
  voteThread,
} from './discussions.service';
import { listCreatorThreads } from './thread-lists';
import { lessonThreadsJson } from './thread-pages';

const TAGS = ['discussions'];
const BEARER = [{ bearerAuth: [] }];
const refusals = { 400: ApiErrorBodySchema, 401: ApiErrorBodySchema, 403: ApiErrorBodySchema, 404: ApiErrorBodySchema };
const limited = { 429: ApiErrorBodySchema };

/**
 * Lesson Q&A (docs/product.md, Lesson Q&A; ADR 0057): questions under a slide, replies, upvotes and
 * reports for the course's enrolled students and its creator; the creator's inbox; admins' moderation.
 */
export const discussionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = (request: Parameters<typeof requireRole>[0]) => ({ db: app.db, reads: app.reads, request });
  const countPost = (userId: string) => limitUserAction({ app, action: 'discussion-post', userId });

  app.get(
    '/api/lessons/:id/threads',
    {
      schema: {
        tags: TAGS,
        summary: "A slide's questions with their replies (oldest first), newest or most upvoted first",
        description: '20 a page by default; `unanswered=true` keeps those the course’s creator has not replied to.',
        security: BEARER,
        params: DiscussionIdParamsSchema,
        querystring: ThreadListQuerySchema,
        response: { 200: ThreadListSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { user, creatorId } = await requireLessonReader(services(request), request.params.id);
      const json = await lessonThreadsJson({
        db: app.db,
        reads: app.reads,
        lessonId: request.params.id,
        creatorId,
        viewerId: user.id,
        query: request.query,
      });
      return sendJsonBytes(reply, json);
    },
  );

  app.post(
    '/api/lessons/:id/threads',
    {
      schema: {
        tags: TAGS,
        summary: 'Ask a question under a slide (plain text)',
        security: BEARER,
        params: DiscussionIdParamsSchema,
        body: DiscussionBodyInputSchema,
        response: { 201: ThreadSchema, ...refusals, ...limited },
      },
    },
    async (request, reply) => {
      const thread = await postThread(services(request), { lessonId: request.params.id, body: request.body.body, countPost });
      return reply.code(201).send(thread);
    },
  );

  app.post(
    '/api/threads/:id/replies',
    {
      schema: {
        tags: TAGS,
        summary: 'Reply to a question; the course creator’s first reply marks it answered and mails the asker',
        security: BEARER,
        params: DiscussionIdParamsSchema,
        body: DiscussionBodyInputSchema,
        response: { 201: ThreadReplySchema, ...refusals, ...limited },
      },
    },
    async (request, reply) => {
      const created = await postReply(
        { ...services(request), jobs: app.jobs },
        { threadId: request.params.id, body: request.body.body, countPost },
      );
      return reply.code(201).send(created);
    },
  );

  // An upvote (POST) and its withdrawal (DELETE): the same checks, the same answer.
  for (const [method, isUpvoted] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/threads/:id/upvote',
      schema: {
        tags: TAGS,
        summary: isUpvoted ? 'Upvote a question (once per person; not one’s own)' : 'Withdraw one’s upvote',
        security: BEARER,
        params: DiscussionIdParamsSchema,
        response: { 200: ThreadUpvoteSchema, ...refusals },
      },
      handler: async (request) => voteThread(services(request), { threadId: request.params.id, isUpvoted }),
    });
  }

  for (const kind of ['thread', 'reply'] as const) {
    const path = kind === 'thread' ? 'threads' : 'replies';
    app.delete(
      `/api/${path}/:id`,
      {
        schema: {
          tags: TAGS,
          summary:
            kind === 'thread'
              ? 'Delete a question with its replies: its author, the course’s creator, or an admin'
              : 'Delete a reply: its author, the course’s creator, or an admin',
          security: BEARER,
          params: DiscussionIdParamsSchema,
          response: { 204: z.null(), ...refusals },
        },
      },
      async (request, reply) => {
        if (kind === 'thread') await deleteThread(services(request), request.params.id);
        else await deleteReply(services(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      `/api/${path}/:id/report`,
      {
        schema: {
          tags: TAGS,
          summary: `Report a ${kind === 'thread' ? 'question' : 'reply'} to the admins (once per person; not one’s own)`,
          security: BEARER,
          params: DiscussionIdParamsSchema,
          body: DiscussionReportInputSchema,
          response: { 200: DiscussionReportedSchema, ...refusals },
        },
      },
      async (request) => reportPost(services(request), { kind, id: request.params.id, reason: request.body?.reason }),
    );
  }

  app.get(
    '/api/creator/threads',
    {
      schema: {
        tags: TAGS,
        summary: "The questions asked in all the creator's courses, newest first, with the unanswered count",
        security: BEARER,
        querystring: CreatorThreadListQuerySchema,
        response: { 200: CreatorThreadListSchema, 400: ApiErrorBodySchema, 401: ApiErrorBodySchema, 403: ApiErrorBodySchema },
      },
    },
    async (request) => {
      const creator = await requireRole(request, 'creator');
      return listCreatorThreads({ db: app.db, creatorId: creator.id, query: request.query });
    },
  );

  await app.register(adminDiscussionRoutes);
};

/** Admins only, checked before the body or query is read, as every /api/admin route. */
const adminDiscussionRoutes: FastifyPluginAsyncZod = async (admin) => {
  const adminId = async (request: Parameters<typeof requireRole>[0]) => (await requireRole(request, 'admin')).id;
  admin.addHook('onRequest', async (request) => {
    await adminId(request);
  });
  const adminRefusals = { 400: ApiErrorBodySchema, 401: ApiErrorBodySchema, 403: ApiErrorBodySchema };

  admin.get(
    '/api/admin/discussions',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reported lesson Q&A posts, most reported first',
        security: BEARER,
        querystring: AdminDiscussionReportListQuerySchema,
        response: { 200: AdminDiscussionReportListSchema, ...adminRefusals },
      },
    },
    async (request) => listReportedPosts({ db: admin.db, query: request.query }),
  );

  for (const kind of ['thread', 'reply'] as const) {
    admin.put(
      `/api/admin/${kind === 'thread' ? 'threads' : 'replies'}/:id/hidden`,
      {
        schema: {
          tags: ['admin'],
          summary: `Hide a ${kind === 'thread' ? 'question' : 'reply'} from everyone but admins, or show it again (audit-logged)`,
          security: BEARER,
          params: DiscussionIdParamsSchema,
          body: DiscussionHiddenInputSchema,
          response: { 200: DiscussionHiddenSchema, ...adminRefusals, 404: ApiErrorBodySchema },
        },
      },
      async (request) =>
        setPostHidden({
          db: admin.db,
          adminId: await adminId(request),
          kind,
          id: request.params.id,
          isHidden: request.body.hidden,
        }),
    );
  }
};
