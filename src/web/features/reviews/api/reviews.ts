import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewHelpful, ReviewInput, ReviewList, ReviewSort } from '#shared/schemas/reviews';
import { getCourseQueryOptions } from '#web/lib/api/get-course';
import { courseListsQueryKey } from '#web/lib/api/get-courses';
import { apiJson } from '#web/lib/api-client';

const reviewsKey = (courseId: string) => ['/api/courses', courseId, 'reviews'] as const;

export const getReviewsQueryOptions = (courseId: string, sort: ReviewSort, cursor: string | null) =>
  queryOptions({
    queryKey: [...reviewsKey(courseId), sort, cursor] as const,
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ sort, limit: '10', ...(cursor ? { cursor } : {}) });
      return apiJson<ReviewList>('GET', `/api/courses/${encodeURIComponent(courseId)}/reviews?${query}`, undefined, { signal });
    },
  });

/** One page of a course's reviews; pages after the first start at the cursor the previous one gave. */
export function useReviewsPage(courseId: string, sort: ReviewSort, cursor: string | null) {
  return useQuery(getReviewsQueryOptions(courseId, sort, cursor));
}

/** After any change: the reviews, and the course's rating on its page and its card, are read again. */
function useRefreshAfterChange(courseId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: reviewsKey(courseId) }),
      queryClient.invalidateQueries({ queryKey: getCourseQueryOptions(courseId).queryKey, exact: true }),
      queryClient.invalidateQueries({ queryKey: courseListsQueryKey }),
    ]);
}

export function useSaveReview(courseId: string) {
  const refresh = useRefreshAfterChange(courseId);
  return useMutation({
    mutationFn: (input: ReviewInput) => apiJson<Review>('PUT', `/api/courses/${encodeURIComponent(courseId)}/review`, input),
    onSuccess: refresh,
  });
}

export function useDeleteReview(courseId: string) {
  const refresh = useRefreshAfterChange(courseId);
  return useMutation({
    mutationFn: () => apiJson<void>('DELETE', `/api/courses/${encodeURIComponent(courseId)}/review`),
    onSuccess: refresh,
  });
}

export function useReplyToReview(courseId: string) {
  const refresh = useRefreshAfterChange(courseId);
  return useMutation({
    mutationFn: ({ reviewId, body }: { reviewId: string; body: string }) =>
      apiJson<Review>('PUT', `/api/reviews/${encodeURIComponent(reviewId)}/reply`, { body }),
    onSuccess: refresh,
  });
}

/** The caller finds a review helpful, or no longer does; the list is read again (its counts and, sorted by helpful, its order). */
export function useHelpfulVote(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, isHelpful }: { reviewId: string; isHelpful: boolean }) =>
      apiJson<ReviewHelpful>(isHelpful ? 'POST' : 'DELETE', `/api/reviews/${encodeURIComponent(reviewId)}/helpful`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsKey(courseId) }),
  });
}

export function useReportReview() {
  return useMutation({
    mutationFn: (reviewId: string) => apiJson<unknown>('POST', `/api/reviews/${encodeURIComponent(reviewId)}/report`),
  });
}
