import type { AdminPayment, AdminPaymentListQuery } from '#shared/schemas/admin';
import type { RefundResult } from '#shared/schemas/enrollment';
import { apiJson } from '#web/lib/api-client';
import { useAdminAction } from './admin-action';
import { usePagedList } from './paged-list';

/** GET /api/admin/payments: every payment, newest first. */
export function useAdminPayments(filters: Pick<AdminPaymentListQuery, 'status'>) {
  return usePagedList<AdminPayment>('/api/admin/payments', filters);
}

/** Refunds a completed payment to its buyer, without the buyer's 30-day and 30 % rules. */
export function refundPayment({ paymentId }: { paymentId: string }): Promise<RefundResult> {
  return apiJson<RefundResult>('POST', `/api/admin/payments/${encodeURIComponent(paymentId)}/refund`);
}

export function useRefundPayment() {
  return useAdminAction(refundPayment);
}
