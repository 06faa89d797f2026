import type { QuizAttempt } from '#shared/schemas/learning';
import { apiJson } from '#web/lib/api-client';

/** The learner's latest attempt, begun if there is none; `forceNew` always begins one (docs/product.md, Learning). */
export function startAttempt({ quizId, forceNew = false }: { quizId: string; forceNew?: boolean }): Promise<QuizAttempt> {
  return apiJson<QuizAttempt>('POST', `/api/quizzes/${encodeURIComponent(quizId)}/attempts${forceNew ? '?forceNew=true' : ''}`);
}
