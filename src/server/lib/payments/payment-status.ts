import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client';
import { type PaymentStatus, paymentStatuses } from '#db/schema/commerce';
import { payments } from '#db/schema/index';

export { type PaymentStatus, paymentStatuses };

/**
 * The one place that says how a recorded payment may change (ADR 0022). Payments only move
 * forward: open (awaiting a card or mid-flow) → succeeded → refunded. A payment that succeeds for a
 * course its buyer already owns goes to refund_pending, then refunded once the provider returns the
 * money; a cancelled one can only be found paid after all (the cancel lost a race), and then it is
 * refunded too. Nothing goes back: a late "failed" event for an earlier declined try cannot un-pay a
 * succeeded payment.
 */
const NEXT: Record<PaymentStatus, readonly PaymentStatus[]> = {
  requires_payment_method: ['requires_payment_method', 'processing', 'succeeded', 'canceled', 'refund_pending'],
  processing: ['requires_payment_method', 'processing', 'succeeded', 'canceled', 'refund_pending'],
  succeeded: ['refund_pending', 'refunded'],
  canceled: ['refund_pending'],
  refund_pending: ['refunded'],
  refunded: [],
};

/** Whether a payment in `from` may become `to`. */
export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return NEXT[from].includes(to);
}

/** The states a payment may be in to become `to`. */
function statesBefore(to: PaymentStatus): PaymentStatus[] {
  return paymentStatuses.filter((from) => canMovePayment(from, to));
}

/** Still payable: the buyer may yet complete it. */
export const OPEN_PAYMENT_STATUSES: readonly PaymentStatus[] = ['requires_payment_method', 'processing'];

/**
 * Moves a recorded payment to `to` if the machine allows it from the state it is in at that moment
 * (the check and the change are one statement, so racing writers cannot both move it). Answers
 * whether it moved.
 */
export async function movePayment(db: DbOrTx, paymentId: string, to: PaymentStatus): Promise<boolean> {
  const moved = await db
    .update(payments)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(payments.id, paymentId), inArray(payments.status, statesBefore(to))))
    .returning({ id: payments.id });
  return moved.length > 0;
}
