import type { AdminReview, AdminReviewListQuery } from '#shared/schemas/admin';
import { apiJson } from '#web/lib/api-client';
import { useAdminAction } from './admin-action';
import { usePagedList } from './paged-list';

/** GET /api/admin/reviews: reported reviews, most reported first. */
export function useReportedReviews(filters: Pick<AdminReviewListQuery, 'state'>) {
  return usePagedList<AdminReview>('/api/admin/reviews', filters);
}

/** Hides a review everywhere, or shows it again. */
export function setReviewHidden({ reviewId, isHidden }: { reviewId: string; isHidden: boolean }) {
  return apiJson<{ id: string; hidden: boolean }>('PUT', `/api/admin/reviews/${encodeURIComponent(reviewId)}/hidden`, {
    hidden: isHidden,
  });
}

export function useSetReviewHidden() {
  return useAdminAction(setReviewHidden);
}
