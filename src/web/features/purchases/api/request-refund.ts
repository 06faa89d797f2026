import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundResult } from '#shared/schemas/enrollment';
import type { Purchase } from '#shared/schemas/purchases';
import { getCourseQueryOptions } from '#web/lib/api/get-course';
import { courseListsQueryKey } from '#web/lib/api/get-courses';
import { getMyCoursesQueryOptions } from '#web/lib/api/get-my-courses';
import { apiJson } from '#web/lib/api-client';
import { purchasesQueryKey } from './get-purchases';

/** Within 30 days and below 30 % progress, else a 409 whose message says which rule stopped it. */
export function requestRefund({ courseId }: { courseId: string }): Promise<RefundResult> {
  return apiJson<RefundResult>('POST', `/api/courses/${encodeURIComponent(courseId)}/refund`);
}

/** After a refund the enrollment ends: the purchase, My Courses, the course page and the catalogue's counts change. */
export function useRequestRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (purchase: Purchase) => requestRefund({ courseId: purchase.course.id }),
    onSuccess: (_result, purchase) =>
      Promise.all(
        [
          purchasesQueryKey,
          getMyCoursesQueryOptions().queryKey,
          getCourseQueryOptions(purchase.course.id).queryKey,
          courseListsQueryKey,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
