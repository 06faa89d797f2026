import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBodySchema } from '#shared/errors';
import { CourseSchema } from '#shared/schemas/catalog';
import { AnyQuestionListSchema, IdParamsSchema, LessonListSchema } from '#shared/schemas/creator';
import { ModuleOutlineListSchema, QuizOutlineListSchema } from '#shared/schemas/outline';
import { listLessons, listQuestions, objectMediaPath, toLessonJson, toQuestionJson } from '../../lib/course-content';
import { requireOwnedPart } from '../../lib/course-ownership';
import { requireRole } from '../../plugins/current-user';

const TAGS = ['preview'];
const BEARER = [{ bearerAuth: [] }];
const denied = { 401: ApiErrorBodySchema, 403: ApiErrorBodySchema, 404: ApiErrorBodySchema };

/** The course as its learners will see it, drafts included, with the answers: its creator only. */
export const previewRoutes: FastifyPluginAsyncZod = async (app) => {
  const owned = async (request: Parameters<typeof requireRole>[0], kind: 'course' | 'module' | 'quiz', id: string) => {
    const user = await requireRole(request, 'creator');
    return requireOwnedPart({ db: app.db, userId: user.id, kind, id });
  };
  const courseDoc = async (request: Parameters<typeof requireRole>[0], id: string) => {
    await owned(request, 'course', id);
    const doc = await app.reads.course(id);
    if (!doc) throw new Error('an owned course has no document');
    return doc;
  };

  app.get(
    '/api/preview/courses/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'My course, in any state',
        security: BEARER,
        params: IdParamsSchema,
        response: { 200: CourseSchema, ...denied },
      },
    },
    async (request) => (await courseDoc(request, request.params.id)).course,
  );

  app.get(
    '/api/preview/courses/:id/modules',
    {
      schema: {
        tags: TAGS,
        summary: "My course's modules",
        security: BEARER,
        params: IdParamsSchema,
        response: { 200: ModuleOutlineListSchema, ...denied },
      },
    },
    async (request) => (await courseDoc(request, request.params.id)).modules,
  );

  app.get(
    '/api/preview/courses/:id/quizzes',
    {
      schema: {
        tags: TAGS,
        summary: "My course's quizzes",
        security: BEARER,
        params: IdParamsSchema,
        response: { 200: QuizOutlineListSchema, ...denied },
      },
    },
    async (request) => (await courseDoc(request, request.params.id)).quizzes,
  );

  app.get(
    '/api/preview/modules/:id/lessons',
    {
      schema: {
        tags: TAGS,
        summary: "A module's slides",
        security: BEARER,
        params: IdParamsSchema,
        response: { 200: LessonListSchema, ...denied },
      },
    },
    async (request) => {
      await owned(request, 'module', request.params.id);
      const mediaPath = objectMediaPath(app.objectUrls, app.clock());
      return (await listLessons({ db: app.db, moduleId: request.params.id })).map((row) => toLessonJson(row, mediaPath));
    },
  );

  app.get(
    '/api/preview/quizzes/:id/questions',
    {
      schema: {
        tags: TAGS,
        summary: "A quiz's questions with their correct answers",
        security: BEARER,
        params: IdParamsSchema,
        response: { 200: AnyQuestionListSchema, ...denied },
      },
    },
    async (request) => {
      await owned(request, 'quiz', request.params.id);
      return (await listQuestions({ db: app.db, quizId: request.params.id })).map((row) =>
        toQuestionJson(row, { withAnswer: true }),
      );
    },
  );
};
