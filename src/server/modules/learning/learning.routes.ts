import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorBodySchema, ErrorCode } from '#shared/errors';
import { AnyQuestionListSchema, IdParamsSchema, LessonListSchema } from '#shared/schemas/creator';
import {
  AnswerBodySchema,
  AnyAnswerResultSchema,
  AttemptQuerySchema,
  CourseProgressSchema,
  ProgressBodySchema,
  ProgressResultSchema,
  QuizAttemptSchema,
} from '#shared/schemas/learning';
import { AppError } from '../../errors';
import { listQuestions, objectMediaPath, toQuestionJson, withMediaPaths } from '../../lib/course-content';
import { progressJson, readCourseProgress } from '../../lib/course-progress';
import { requireLearnableCourse, requireQuizOpen } from '../../lib/learnable-course';
import { prepareJson, sendPrepared } from '../../lib/prepared-json';
import { runPythonFor } from '../../lib/python-runs';
import { announcePassOpenings } from '../../lib/unlock-notices';
import { limitUserAction } from '../../lib/user-rate-limit';
import { requireUser } from '../../plugins/current-user';
import { answerQuestion, completeAttempt, type OnPass, startOrResumeAttempt } from './attempts.service';
import type { GradeCode } from './code-answers';
import { listLearnerQuestions } from './learner-questions';
import { createProgressRecorder } from './progress.service';
import { createPositionRecorder, readVideoPositions } from './video-positions';

const TAGS = ['learning'];
const BEARER = [{ bearerAuth: [] }];
const denied = { 401: ApiErrorBodySchema, 403: ApiErrorBodySchema, 404: ApiErrorBodySchema };

/** Full lessons and questions: for enrolled students and the course's creator only (docs/product.md, Accounts and access). */
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
      // Served as prepared bytes (sendPrepared), never compressed per request.
      compress: false,
    },
    async (request, reply) => {
      const { moduleId } = await requireLearnableCourse({ request, reads: app.reads, kind: 'module', id: request.params.id });
      const list = await app.reads.lessons(moduleId);
      if (list.json) return sendPrepared(request, reply, list.json);
      // Uploaded media of a course are signed for this caller, valid for a while from now.
      const mediaPath = objectMediaPath(app.objectUrls, app.clock());
      return sendPrepared(request, reply, prepareJson(list.lessons.map((lesson) => withMediaPaths(lesson, mediaPath))));
    },
  );

  app.get(
    '/api/quizzes/:id/questions',
    {
      schema: {
        tags: TAGS,
        summary: "A quiz's questions, in order",
        description:
          'Answers (`correctAnswer`, `correctChoices`, `acceptedAnswers`, `correctNumber`, `tolerance`, `explanation`) only for the course creator; learners learn them by answering, and get typed questions as `choices` to pick from.',
        security: BEARER,
        params: IdParamsSchema,
        response: { 200: AnyQuestionListSchema, ...denied },
      },
    },
    async (request) => {
      const { quizId, access, userId } = await requireLearnableCourse({
        request,
        reads: app.reads,
        kind: 'quiz',
        id: request.params.id,
      });
      if (access.level === 'owner') {
        return (await listQuestions({ db: app.db, quizId })).map((row) => toQuestionJson(row, { withAnswer: true }));
      }
      return listLearnerQuestions({ db: app.db, quizId, userId: userId ?? '' });
    },
  );

  /** Learner calls need a signed-in learner: the checks above let guests through only as 401. */
  const learner = async (request: Parameters<typeof requireUser>[0], kind: 'course' | 'quiz' | 'lesson', id: string) => {
    const found = await requireLearnableCourse({ request, reads: app.reads, kind, id });
    if (!found.userId) throw new AppError(ErrorCode.UNAUTHORIZED, 'Authentication required');
    return { ...found, userId: found.userId };
  };
  const recordProgress = createProgressRecorder(app.db);
  // A pass announces the parts it opens, in the completion's transaction (ADR 0056).
  const onPass: OnPass = (tx, pass) => announcePassOpenings(tx, app.jobs, { ...pass, now: app.clock() }).then(() => {});
  const quizOpenFor = (request: Parameters<typeof requireUser>[0], userId: string) => (quizId: string) =>
    requireQuizOpen({ request, reads: app.reads, quizId, userId });
  const recordPosition = createPositionRecorder(app.db);
  const attemptErrors = { 400: ApiErrorBodySchema, 409: ApiErrorBodySchema, ...denied };

  app.get(
    '/api/courses/:id/progress',
    {
      schema: {
        tags: TAGS,
        summary: "The caller's completed lessons and passed quizzes in a course",
        security: BEARER,
        params: IdParamsSchema,
        response: { 200: CourseProgressSchema, ...denied },
      },
      compress: false,
    },
    async (request, reply) => {
      const { userId, courseId } = await learner(request, 'course', request.params.id);
      const { videoCompletePercent } = app.config;
      const [progress, doc] = await Promise.all([
        readCourseProgress({ reads: app.reads, userId, courseId, videoCompletePercent }),
        app.reads.course(courseId),
      ]);
      // A course the caller may learn from has a document; a course deleted meanwhile has none.
      if (!progress || !doc) throw new AppError(ErrorCode.NOT_FOUND, 'Course not found');
      const positions = await readVideoPositions(app.db, userId, doc);
      if (positions.size === 0) return sendPrepared(request, reply, progress.json);
      return sendPrepared(request, reply, progressJson(progress.progress, videoCompletePercent, positions));
    },
  );

  app.post(
    '/api/progress',
    {
      schema: {
        tags: TAGS,
        summary: 'Mark a lesson complete, or undo that with `completed: false`; save where a video was left',
        description:
          'Undoing takes the slide out of the progress percent and the certificate eligibility at once. A video slide is marked by the player once `videoCompletePercent` of it has played. `positionSeconds` (0 to 604,800, video slides only: 400 otherwise) saves where the learner is in the video; sent without `completed` it changes no completion.',
        security: BEARER,
        body: ProgressBodySchema,
        response: { 200: ProgressResultSchema, 400: ApiErrorBodySchema, ...denied },
      },
    },
    async (request) => {
      const { lessonId, positionSeconds } = request.body;
      const { userId, courseId } = await learner(request, 'lesson', lessonId);
      const now = app.clock();
      if (positionSeconds === undefined) {
        const recorded = await recordProgress({ userId, lessonId, completed: request.body.completed ?? true, now });
        if (!recorded) throw new AppError(ErrorCode.NOT_FOUND, 'Lesson not found');
        return recorded;
      }
      const doc = await app.reads.course(courseId);
      const slide = doc?.modules.flatMap((module) => module.lessons).find((lesson) => lesson.id === lessonId);
      if (slide?.type !== 'video') {
        const message = 'Only a video slide has a position';
        throw new AppError(ErrorCode.BAD_REQUEST, message, { errors: { positionSeconds: message } });
      }
      const { completed } = request.body;
      const [recorded] = await Promise.all([
        completed === undefined ? null : recordProgress({ userId, lessonId, completed, now }),
        recordPosition({ userId, lessonId, positionSeconds, now }),
      ]);
      if (completed !== undefined && !recorded) throw new AppError(ErrorCode.NOT_FOUND, 'Lesson not found');
      // A save alone answers the slide's state as the learner's cached record holds it.
      const record = recorded ? null : await app.reads.learnerRecord(userId);
      const completedAt = record?.completedLessons.get(lessonId);
      return {
        ...(recorded ?? { lessonId, completed: completedAt !== undefined, completedAt: completedAt ?? null }),
        positionSeconds,
      };
    },
  );

  app.post(
    '/api/quizzes/:id/attempts',
    {
      schema: {
        tags: TAGS,
        summary: 'The latest attempt at a quiz, started when there is none (`forceNew=true`: always a new one)',
        security: BEARER,
        params: IdParamsSchema,
        querystring: AttemptQuerySchema,
        response: { 200: QuizAttemptSchema, ...attemptErrors, 429: ApiErrorBodySchema },
      },
    },
    async (request) => {
      const { userId, quizId } = await learner(request, 'quiz', request.params.id);
      await limitUserAction({ app, action: 'quiz-attempt', userId });
      const forceNew = request.query.forceNew === 'true';
      return startOrResumeAttempt({ db: app.db, userId, quizId, forceNew, now: app.clock(), onPass });
    },
  );

  app.post(
    '/api/quiz-attempts/:id/answers',
    {
      schema: {
        tags: TAGS,
        summary: 'Answer one question; the correct answer comes back only after the answer is stored',
        description:
          "`selectedOption` for a single-choice question, `answer` for the other types (Python source for a `code` question: it is run with the tests, and `output` comes back; 503 where the instance runs no Python, 429 when its runners are busy or the user's code-run limit is reached, nothing stored either way). 409 once the attempt is completed or past its `expiresAt`.",
        security: BEARER,
        params: IdParamsSchema,
        body: AnswerBodySchema,
        response: { 200: AnyAnswerResultSchema, ...attemptErrors, 429: ApiErrorBodySchema, 503: ApiErrorBodySchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const gradeCode: GradeCode = async ({ source, testCode }) => {
        const { correct, output } = await runPythonFor({ app, request, userId: user.id, source, testCode });
        return { correct, output };
      };
      return answerQuestion({
        db: app.db,
        userId: user.id,
        attemptId: request.params.id,
        ...request.body,
        now: app.clock(),
        gradeCode,
        requireOpen: quizOpenFor(request, user.id),
      });
    },
  );

  app.patch(
    '/api/quiz-attempts/:id/complete',
    {
      schema: {
        tags: TAGS,
        summary: 'Finish an attempt: the server counts the correct answers',
        security: BEARER,
        params: IdParamsSchema,
        // Nothing to send: a client may send no body at all, which arrives as null.
        body: z.object({}).loose().nullish(),
        response: { 200: QuizAttemptSchema, ...attemptErrors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return completeAttempt({
        db: app.db,
        userId: user.id,
        attemptId: request.params.id,
        now: app.clock(),
        requireOpen: quizOpenFor(request, user.id),
        onPass,
      });
    },
  );
};
