import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Cart, CartCheckoutResult } from '#shared/schemas/cart';
import type { CouponCheckResult } from '#shared/schemas/coupons';
import type {
  CartEnrollmentResult,
  CreatePaymentIntentResult,
  EnrollmentResult,
  TestCardBody,
  TestPaymentResult,
} from '#shared/schemas/enrollment';
import { getCourseQueryOptions } from '#web/lib/api/get-course';
import { courseListsQueryKey } from '#web/lib/api/get-courses';
import { getMyCoursesQueryOptions } from '#web/lib/api/get-my-courses';
import { apiJson } from '#web/lib/api-client';
import { getCartQueryOptions } from '#web/lib/cart';

const enc = encodeURIComponent;

export const enrollFree = (courseId: string) => apiJson<EnrollmentResult>('POST', '/api/enroll-free', { courseId });
/** An intent at the server's price less the code's discount, or the enrollment when nothing is left to pay. */
export const createPaymentIntent = (courseId: string, couponCode?: string) =>
  apiJson<CreatePaymentIntentResult>('POST', '/api/create-payment-intent', { courseId, ...(couponCode ? { couponCode } : {}) });
export const checkCoupon = (code: string, courseId: string) =>
  apiJson<CouponCheckResult>('POST', '/api/coupons/check', { code, courseId });
export const payWithTestCard = (paymentIntentId: string, card: TestCardBody) =>
  apiJson<TestPaymentResult>('POST', `/api/test-payments/${enc(paymentIntentId)}/confirm`, card);
export const confirmPayment = (paymentIntentId: string, courseId: string) =>
  apiJson<EnrollmentResult>('POST', '/api/confirm-payment', { paymentIntentId, courseId });
/** Takes a course out of the signed-in user's cart; answers the cart. */
export const deleteCartItem = (courseId: string) => apiJson<Cart>('DELETE', `/api/cart/${enc(courseId)}`);
/** One intent for the whole cart (courses with nothing to pay are enrolled at once), or the enrollments when nothing is left to pay. */
export const checkoutCart = () => apiJson<CartCheckoutResult>('POST', '/api/cart/checkout');
/** A cart's payment enrolls in every course of it, or none (then 409 says why). */
export const confirmCartPayment = (paymentIntentId: string) =>
  apiJson<CartEnrollmentResult>('POST', '/api/confirm-payment', { paymentIntentId });

/** After an enrollment: the course page, My Courses, the catalogue's student counts and the cart (the course leaves it) change. */
export function refreshEnrollment(queryClient: QueryClient, courseId: string) {
  return Promise.all(
    [
      getMyCoursesQueryOptions().queryKey,
      getCourseQueryOptions(courseId).queryKey,
      courseListsQueryKey,
      getCartQueryOptions().queryKey,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

export function useRefreshEnrollment() {
  const queryClient = useQueryClient();
  return useCallback((courseId: string) => refreshEnrollment(queryClient, courseId), [queryClient]);
}
