import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBodySchema } from '#shared/errors';
import { IdParamsSchema, LessonListSchema, QuestionListSchema } from '#shared/schemas/creator';
import { listLessons, listQuestions, objectMediaPath, toLessonJson, toQuestionJson } from '../../lib/course-content';
import { requireLearnableCourse } from './learning.service';

const TAGS = ['learning'];
const BEARER = [{ bearerAuth: [] }];
const denied = { 401: ApiErrorBodySchema, 403: ApiErrorBodySchema, 404: ApiErrorBodySchema };

/** Full lessons and questions: for enrolled students and the course's creator only (DECISIONS §3). */
export const learningRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/modules/:id/lessons',
    {
      schema: {
        tags: TAGS,
        summary: "A module's slides with their content, in order",
        security: BEARER,
        params: IdParamsSchema,
        response: { 200: LessonListSchema, ...denied },
      },
    },
    async (request) => {
      const { moduleId } = await requireLearnableCourse({
        request,
        reads: app.reads,
        db: app.db,
        kind: 'module',
        id: request.params.id,
      });
      const mediaPath = objectMediaPath(app.objectUrls, app.clock());
      return (await listLessons({ db: app.db, moduleId })).map((row) => toLessonJson(row, mediaPath));
    },
  );

  app.get(
    '/api/quizzes/:id/questions',
    {
      schema: {
        tags: TAGS,
        summary: "A quiz's questions, in order",
        description: '`correctAnswer` only for the course creator; learners learn it by answering.',
        security: BEARER,
        params: IdParamsSchema,
        response: { 200: QuestionListSchema, ...denied },
      },
    },
    async (request) => {
      const { quizId, access } = await requireLearnableCourse({
        request,
        reads: app.reads,
        db: app.db,
        kind: 'quiz',
        id: request.params.id,
      });
      const withAnswer = access.level === 'owner';
      return (await listQuestions({ db: app.db, quizId })).map((row) => toQuestionJson(row, { withAnswer }));
    },
  );
};
