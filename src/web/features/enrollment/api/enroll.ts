import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { EnrollmentResult, PaymentIntentResult, TestCardBody, TestPaymentResult } from '#shared/schemas/enrollment';
import { getCourseQueryOptions } from '#web/lib/api/get-course';
import { courseListsQueryKey } from '#web/lib/api/get-courses';
import { getMyCoursesQueryOptions } from '#web/lib/api/get-my-courses';
import { apiJson } from '#web/lib/api-client';

const enc = encodeURIComponent;

export const enrollFree = (courseId: string) => apiJson<EnrollmentResult>('POST', '/api/enroll-free', { courseId });
export const createPaymentIntent = (courseId: string) =>
  apiJson<PaymentIntentResult>('POST', '/api/create-payment-intent', { courseId });
export const payWithTestCard = (paymentIntentId: string, card: TestCardBody) =>
  apiJson<TestPaymentResult>('POST', `/api/test-payments/${enc(paymentIntentId)}/confirm`, card);
export const confirmPayment = (paymentIntentId: string, courseId: string) =>
  apiJson<EnrollmentResult>('POST', '/api/confirm-payment', { paymentIntentId, courseId });

/** After an enrollment: the course page, My Courses and the catalogue's student counts change. */
export function useRefreshEnrollment() {
  const queryClient = useQueryClient();
  return useCallback(
    (courseId: string) =>
      Promise.all(
        [getMyCoursesQueryOptions().queryKey, getCourseQueryOptions(courseId).queryKey, courseListsQueryKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
    [queryClient],
  );
}
