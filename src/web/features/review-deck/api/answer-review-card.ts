import type { ReviewAnswerBody, ReviewAnswerResult } from '#shared/schemas/review-deck';
import { apiJson } from '#web/lib/api-client';

/** Grades the answer to a due card; the answer says when the card comes back. */
export function answerReviewCard({ cardId, body }: { cardId: string; body: ReviewAnswerBody }): Promise<ReviewAnswerResult> {
  return apiJson<ReviewAnswerResult>('POST', `/api/review/${encodeURIComponent(cardId)}`, body);
}
