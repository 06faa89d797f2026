import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorBodySchema } from '#shared/errors';
import { IdParamsSchema } from '#shared/schemas/creator';
import {
  ReviewAnswerBodySchema,
  ReviewAnswerResultSchema,
  ReviewDeckSchema,
  ReviewNotDueSchema,
} from '#shared/schemas/review-deck';
import { runPythonFor } from '../../lib/python-runs';
import { requireUser } from '../../plugins/current-user';
import type { GradeCode } from './code-answers';
import { answerReviewCard, ReviewCardNotDue, readReviewDeck } from './review-deck.service';

const TAGS = ['learning'];
const BEARER = [{ bearerAuth: [] }];

/** The signed-in learner's own review deck (docs/product.md, Review deck). */
export const reviewDeckRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/review',
    {
      schema: {
        tags: TAGS,
        summary: "The caller's review cards due now, longest due first",
        description:
          'Questions the caller answered wrong in a completed quiz attempt, in courses they are still enrolled in. `dueCount` counts every due card; `items` holds the first page of them. Questions come as learners see them, without answers.',
        security: BEARER,
        response: { 200: ReviewDeckSchema, 401: ApiErrorBodySchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return readReviewDeck({ db: app.db, userId: user.id, now: app.clock() });
    },
  );

  app.post(
    '/api/review/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Answer a due review card: it is graded and scheduled again',
        description:
          "`selectedOption` for a single-choice question, `answer` for the other types (Python source for a `code` question: it is run with the tests, and `output` comes back; 503 where the instance runs no Python, 429 when its runners are busy or the user's code-run limit is reached, the card left as it was). A right answer moves the card further out than a wrong one. 409 with `nextDue` for a card not due now (answered already).",
        security: BEARER,
        params: IdParamsSchema,
        body: ReviewAnswerBodySchema,
        response: {
          200: ReviewAnswerResultSchema,
          400: ApiErrorBodySchema,
          401: ApiErrorBodySchema,
          404: ApiErrorBodySchema,
          409: ReviewNotDueSchema,
          429: ApiErrorBodySchema,
          503: ApiErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const gradeCode: GradeCode = async ({ source, testCode }) => {
        const { correct, output } = await runPythonFor({ app, request, userId: user.id, source, testCode });
        return { correct, output };
      };
      try {
        return await answerReviewCard({
          gradeCode,
          db: app.db,
          userId: user.id,
          cardId: request.params.id,
          body: request.body,
          now: app.clock(),
        });
      } catch (error) {
        if (!(error instanceof ReviewCardNotDue)) throw error;
        return reply.code(409).send({ message: error.message, nextDue: error.nextDue.toISOString() });
      }
    },
  );
};
