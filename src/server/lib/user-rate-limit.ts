import type { FastifyInstance } from 'fastify';
import { hitRateLimit, rateLimitedError } from './rate-limit';

/** Calls that each write rows (or run code) for one signed-in user, limited per user and minute (docs/product.md, Accounts and access). */
const ACTIONS = {
  'quiz-attempt': 'quizAttemptsPerMinute',
  'payment-intent': 'paymentIntentsPerMinute',
  'review-vote': 'reviewVotesPerMinute',
  'code-run': 'codeRunsPerMinute',
  'discussion-post': 'discussionPostsPerMinute',
} as const;
export type UserAction = keyof typeof ACTIONS;

const WINDOW_MS = 60_000;

/**
 * Counts one `action` of `userId` in the database-backed limiter (shared by every instance) and
 * answers 429 with Retry-After past the configured limit. A refused call counts nothing. Call it
 * after the caller is known and allowed, so refused requests of strangers fill no counters.
 */
export async function limitUserAction({ app, action, userId }: { app: FastifyInstance; action: UserAction; userId: string }) {
  const result = await hitRateLimit({
    db: app.db,
    key: `${action}:user:${userId}`,
    limit: app.config.rateLimits[ACTIONS[action]],
    windowMs: WINDOW_MS,
    now: app.clock(),
  });
  if (!result.allowed) throw rateLimitedError(result.retryAfterSeconds);
}
