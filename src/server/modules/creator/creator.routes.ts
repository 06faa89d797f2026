import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBodySchema } from '#shared/errors';
import { CourseSchema } from '#shared/schemas/catalog';
import {
  AnyQuestionSchema,
  CourseAnalyticsSchema,
  CourseStudentListSchema,
  CreateAnyQuestionBodySchema,
  CreateCourseBodySchema,
  CreateLessonBodySchema,
  CreateSectionBodySchema,
  CreatorCourseListSchema,
  CreatorStatsSchema,
  IdParamsSchema,
  type Lesson,
  LessonSchema,
  ModuleSchema,
  PublishChecklistSchema,
  QuizSchema,
  UpdateCourseBodySchema,
  UpdateLessonBodySchema,
  UpdateQuestionBodySchema,
  UpdateQuizBodySchema,
  UpdateSectionBodySchema,
} from '#shared/schemas/creator';
import { objectMediaPath, withMediaPaths } from '../../lib/course-content';
import { requireRole } from '../../plugins/current-user';
import {
  createLesson,
  createQuestion,
  createSection,
  deleteLesson,
  deleteQuestion,
  deleteSection,
  getVisibleSection,
  updateLesson,
  updateQuestion,
  updateSection,
} from './course-content.service';
import {
  archiveCourse,
  createCourse,
  getCourseAnalytics,
  getCreatorStats,
  getOwnPublishChecklist,
  listCourseStudents,
  listCreatorCourses,
  publishCourse,
  restoreCourse,
  unpublishCourse,
  updateCourse,
} from './creator-courses.service';

const TAGS = ['creator'];
const BEARER = [{ bearerAuth: [] }];
const denied = { 401: ApiErrorBodySchema, 403: ApiErrorBodySchema, 404: ApiErrorBodySchema };
/** Statuses every JSON-body creator call can answer besides its own. */
const bodyErrors = { 400: ApiErrorBodySchema, 413: ApiErrorBodySchema, 415: ApiErrorBodySchema, ...denied };
const deleted = z.null().describe('Deleted');

/** Every call here is for the course's own creator: 401 for guests, 403 for students and other creators. */
export const creatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const creator = async (request: Parameters<typeof requireRole>[0]) => (await requireRole(request, 'creator')).id;
  const db = app.db;
  const signed = (lesson: Lesson) => withMediaPaths(lesson, objectMediaPath(app.objectUrls, app.clock()));

  app.get(
    '/api/creator/courses',
    {
      schema: {
        tags: TAGS,
        summary: 'My courses, every state, newest first',
        description:
          'Each with its students, rating and revenue: its net (after fees and refunds), as GET /api/creator/earnings gives it per course.',
        security: BEARER,
        response: { 200: CreatorCourseListSchema, ...denied },
      },
    },
    async (request) => listCreatorCourses({ db, userId: await creator(request) }),
  );

  app.get(
    '/api/creator/stats',
    {
      schema: {
        tags: TAGS,
        summary: "The dashboard's cards",
        description:
          'Revenue is the net of GET /api/creator/earnings (gross − refunds − fees): all time, and this calendar month (UTC); then distinct students and live courses.',
        security: BEARER,
        response: { 200: CreatorStatsSchema, ...denied },
      },
    },
    async (request) => getCreatorStats({ db, userId: await creator(request), now: app.clock() }),
  );

  app.get(
    '/api/creator/courses/:id/analytics',
    {
      schema: {
        tags: TAGS,
        summary: 'Enrollments over time, revenue and completion rate of one of my courses',
        security: BEARER,
        params: IdParamsSchema,
        response: { 200: CourseAnalyticsSchema, ...denied },
      },
    },
    async (request) => getCourseAnalytics({ db, userId: await creator(request), courseId: request.params.id }),
  );

  app.get(
    '/api/creator/courses/:id/students',
    {
      schema: {
        tags: TAGS,
        summary: 'Students enrolled in one of my courses, with their progress',
        security: BEARER,
        params: IdParamsSchema,
        response: { 200: CourseStudentListSchema, ...denied },
      },
    },
    async (request) => listCourseStudents({ db, userId: await creator(request), courseId: request.params.id }),
  );

  app.post(
    '/api/courses',
    {
      schema: {
        tags: TAGS,
        summary: 'Create a course (always a draft)',
        security: BEARER,
        body: CreateCourseBodySchema,
        response: { 201: CourseSchema, ...bodyErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCourse({ db, userId: await creator(request), input: request.body })),
  );

  app.patch(
    '/api/courses/:id',
    {
      schema: {
        tags: TAGS,
        summary: "Change a course's details",
        security: BEARER,
        params: IdParamsSchema,
        body: UpdateCourseBodySchema,
        response: { 200: CourseSchema, ...bodyErrors },
      },
    },
    async (request) => updateCourse({ db, userId: await creator(request), courseId: request.params.id, input: request.body }),
  );

  app.post(
    '/api/courses/:id/publish',
    {
      schema: {
        tags: TAGS,
        summary: 'Publish a course',
        description:
          'Publishes any own course that is not archived, with or without content (the checklist only informs). An archived course is refused (409, `errors.archived`) until it is restored.',
        security: BEARER,
        params: IdParamsSchema,
        response: { 200: CourseSchema, 409: ApiErrorBodySchema, ...bodyErrors },
      },
    },
    async (request) => publishCourse({ db, userId: await creator(request), courseId: request.params.id }),
  );

  app.get(
    '/api/courses/:id/publish-checklist',
    {
      schema: {
        tags: TAGS,
        summary: 'What publishing needs, item by item',
        description:
          'What is missing or empty, as recommended items; the one required item that can fail is an archived course, which publishing refuses.',
        security: BEARER,
        params: IdParamsSchema,
        response: { 200: PublishChecklistSchema, ...denied },
      },
    },
    async (request) => getOwnPublishChecklist({ db, userId: await creator(request), courseId: request.params.id }),
  );

  app.post(
    '/api/courses/:id/unpublish',
    {
      schema: {
        tags: TAGS,
        summary: 'Unpublish a course back to a draft',
        description: 'Out of the marketplace; students already enrolled keep access.',
        security: BEARER,
        params: IdParamsSchema,
        response: { 200: CourseSchema, ...bodyErrors },
      },
    },
    async (request) => unpublishCourse({ db, userId: await creator(request), courseId: request.params.id }),
  );

  app.post(
    '/api/courses/:id/restore',
    {
      schema: {
        tags: TAGS,
        summary: 'Restore an archived course',
        description: 'A published course returns to the marketplace; a draft stays a draft.',
        security: BEARER,
        params: IdParamsSchema,
        response: { 200: CourseSchema, ...bodyErrors },
      },
    },
    async (request) => restoreCourse({ db, userId: await creator(request), courseId: request.params.id }),
  );

  app.delete(
    '/api/courses/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Archive a course',
        description: 'Hidden from the marketplace; enrolled students keep access. Nothing is deleted.',
        security: BEARER,
        params: IdParamsSchema,
        response: { 200: CourseSchema, ...denied },
      },
    },
    async (request) => archiveCourse({ db, userId: await creator(request), courseId: request.params.id }),
  );

  for (const kind of ['module', 'quiz'] as const) {
    const plural = kind === 'module' ? 'modules' : 'quizzes';
    const Schema = kind === 'module' ? ModuleSchema : QuizSchema;

    app.post(
      `/api/courses/:id/${plural}`,
      {
        schema: {
          tags: TAGS,
          summary: `Add a ${kind} at the end of the course`,
          security: BEARER,
          params: IdParamsSchema,
          body: CreateSectionBodySchema,
          response: { 201: Schema, ...bodyErrors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await createSection({ db, userId: await creator(request), kind, courseId: request.params.id, input: request.body }),
          ),
    );

    app.get(
      `/api/${plural}/:id`,
      {
        schema: {
          tags: TAGS,
          summary: `A ${kind}'s title, description, place and course`,
          params: IdParamsSchema,
          response: { 200: Schema, 404: ApiErrorBodySchema },
        },
      },
      async (request) => {
        const user = await request.getCurrentUser();
        return getVisibleSection({ db, reads: app.reads, userId: user?.id, kind, id: request.params.id, now: app.clock() });
      },
    );

    app.patch(
      `/api/${plural}/:id`,
      {
        schema: {
          tags: TAGS,
          summary: kind === 'module' ? 'Rename, move or pace a module' : 'Rename, move or pace a quiz, or change its settings',
          description: `${
            kind === 'module'
              ? 'An `order` held by another module or quiz swaps the two (move up / move down).'
              : 'An `order` held by another module or quiz swaps the two (move up / move down). `passPercent`, `timeLimitMinutes`, `maxAttempts` and `shuffle` set how it is taken.'
          } Pacing: \`unlockAfterDays\` (0–3650 days after each student's enrollment), \`unlockAt\` (an ISO date) and \`prerequisiteQuizId\` (another quiz of the course to pass first); null removes a rule.`,
          security: BEARER,
          params: IdParamsSchema,
          body: kind === 'module' ? UpdateSectionBodySchema : UpdateQuizBodySchema,
          response: { 200: Schema, ...bodyErrors },
        },
      },
      async (request) => updateSection({ db, userId: await creator(request), kind, id: request.params.id, input: request.body }),
    );

    app.delete(
      `/api/${plural}/:id`,
      {
        schema: {
          tags: TAGS,
          summary: `Delete a ${kind} with its ${kind === 'module' ? 'slides' : 'questions'}`,
          security: BEARER,
          params: IdParamsSchema,
          response: { 204: deleted, ...denied },
        },
      },
      async (request, reply) => {
        await deleteSection({ db, userId: await creator(request), kind, id: request.params.id });
        return reply.code(204).send(null);
      },
    );
  }

  app.post(
    '/api/modules/:id/lessons',
    {
      schema: {
        tags: TAGS,
        summary: 'Add a slide at the end of a module',
        security: BEARER,
        params: IdParamsSchema,
        body: CreateLessonBodySchema,
        response: { 201: LessonSchema, ...bodyErrors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          signed(await createLesson({ db, userId: await creator(request), moduleId: request.params.id, input: request.body })),
        ),
  );

  app.patch(
    '/api/lessons/:id',
    {
      schema: {
        tags: TAGS,
        summary: "Change a slide's title, place or content",
        description: 'An `order` held by another slide of the module swaps the two.',
        security: BEARER,
        params: IdParamsSchema,
        body: UpdateLessonBodySchema,
        response: { 200: LessonSchema, ...bodyErrors },
      },
    },
    async (request) =>
      signed(await updateLesson({ db, userId: await creator(request), id: request.params.id, input: request.body })),
  );

  app.delete(
    '/api/lessons/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a slide',
        security: BEARER,
        params: IdParamsSchema,
        response: { 204: deleted, ...denied },
      },
    },
    async (request, reply) => {
      await deleteLesson({ db, userId: await creator(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/quizzes/:id/questions',
    {
      schema: {
        tags: TAGS,
        summary: 'Add a question at the end of a quiz',
        description:
          'The single-choice body (optionA to optionD), or a typed question (`type`: multiple, true_false, short_text, numeric, ordering) with its own fields; `code` is refused for now.',
        security: BEARER,
        params: IdParamsSchema,
        body: CreateAnyQuestionBodySchema,
        response: { 201: AnyQuestionSchema, ...bodyErrors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createQuestion({ db, userId: await creator(request), quizId: request.params.id, input: request.body })),
  );

  app.patch(
    '/api/questions/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Edit a question or move it',
        description:
          'Any field, checked again with the stored ones; an `order` held by another question of the quiz swaps the two.',
        security: BEARER,
        params: IdParamsSchema,
        body: UpdateQuestionBodySchema,
        response: { 200: AnyQuestionSchema, ...bodyErrors },
      },
    },
    async (request) => updateQuestion({ db, userId: await creator(request), id: request.params.id, input: request.body }),
  );

  app.delete(
    '/api/questions/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a question',
        security: BEARER,
        params: IdParamsSchema,
        response: { 204: deleted, ...denied },
      },
    },
    async (request, reply) => {
      await deleteQuestion({ db, userId: await creator(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  );
};
