import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewDeck } from '#shared/schemas/review-deck';
import { apiJson } from '#web/lib/api-client';
import { reviewDeckQueryKey } from './review-deck-key';

/** The signed-in learner's due review cards and how many are due (docs/product.md, Review deck). */
export function getReviewDeck({ signal }: { signal?: AbortSignal } = {}): Promise<ReviewDeck> {
  return apiJson<ReviewDeck>('GET', '/api/review', undefined, { signal });
}

export const getReviewDeckQueryOptions = () =>
  queryOptions({ queryKey: reviewDeckQueryKey, queryFn: ({ signal }) => getReviewDeck({ signal }) });

export function useReviewDeck() {
  return useQuery(getReviewDeckQueryOptions());
}
