import type { AnswerBody, AnswerResult } from '#shared/schemas/learning';
import { apiJson } from '#web/lib/api-client';

/** Stores the pick, then says whether it was right and which answer is (docs/product.md, Accounts and access). */
export function answerQuestion({ attemptId, body }: { attemptId: string; body: AnswerBody }): Promise<AnswerResult> {
  return apiJson<AnswerResult>('POST', `/api/quiz-attempts/${encodeURIComponent(attemptId)}/answers`, body);
}
