import type { QuizAttempt } from '#shared/schemas/learning';
import { apiJson } from '#web/lib/api-client';

/** Scores the attempt on the server. */
export function completeAttempt({ attemptId }: { attemptId: string }): Promise<QuizAttempt> {
  return apiJson<QuizAttempt>('PATCH', `/api/quiz-attempts/${encodeURIComponent(attemptId)}/complete`, {});
}
