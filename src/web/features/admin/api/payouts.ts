import type { AdminPayout, AdminPayoutBalance, RecordPayoutBody } from '#shared/schemas/admin';
import { apiJson } from '#web/lib/api-client';
import { useAdminAction } from './admin-action';
import { usePagedList } from './paged-list';

/** GET /api/admin/payouts/balances: creators with money to pay out now, the most owed first. */
export function useAdminPayoutBalances() {
  return usePagedList<AdminPayoutBalance>('/api/admin/payouts/balances', {});
}

/** GET /api/admin/payouts: every payout, newest first. */
export function useAdminPayouts() {
  return usePagedList<AdminPayout>('/api/admin/payouts', {});
}

/** Records a bank transfer made to a creator as a paid payout (at most their available balance). */
export function recordPayout(body: RecordPayoutBody): Promise<AdminPayout> {
  return apiJson<AdminPayout>('POST', '/api/admin/payouts', body);
}

export function useRecordPayout() {
  return useAdminAction(recordPayout);
}
