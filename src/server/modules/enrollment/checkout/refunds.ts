import { and, eq, inArray } from 'drizzle-orm';
import { payments } from '#db/schema/index';
import { attemptRefund } from '../../../lib/payments/refund-retry';
import type { Checkout, RecordedPayment } from './settled';

/**
 * Returns at once the payments of a settlement that must not be kept (those refund_pending). One the
 * provider does not take now stays refund_pending (never counted as revenue), and its job, queued when
 * it was marked, tries again with backoff (ADR 0041).
 */
export async function refundReturned({ payments: candidates, ...checkout }: Checkout & { payments: RecordedPayment[] }) {
  const ids = candidates.map((payment) => payment.id);
  const pending = await checkout.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(inArray(payments.id, ids), eq(payments.status, 'refund_pending')));
  const isPending = new Set(pending.map((row) => row.id));
  for (const payment of candidates) {
    if (isPending.has(payment.id)) await attemptRefund({ ...checkout, payment, trigger: 'returned' });
  }
}
