import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '#db/client';
import { enrollments, payments } from '#db/schema/index';
import { centsToPrice } from '#shared/format';
import type { refundReasons } from '#shared/lists';
import type { RefundResult } from '#shared/schemas/enrollment';
import type { Mailer } from './mailer';
import type { PaymentProvider } from './payments/payment-provider';
import { movePayment } from './payments/payment-status';
import { type RefundablePayment, refundRecordedPayment } from './payments/refund-payment';
import { mailReceipt } from './purchases';

/*
 * Refunding one payment, for whoever decided it (DECISIONS §8 Refunds): the buyer under the 30-day and
 * 30 % rules (modules/refunds), an admin without them (modules/admin). In two steps: the decision in
 * a transaction, then the provider.
 */

/**
 * Marks a succeeded payment for refund and ends its enrollment, in the caller's transaction, under
 * the payment's row lock (the ledger reverses the sale in the same transaction, migration 0025): of
 * two requests at once, or one repeated, the second finds it no longer succeeded and gets false.
 */
export async function beginRefund(
  tx: DbOrTx,
  { paymentId, reason }: { paymentId: string; reason: (typeof refundReasons)[number] },
): Promise<boolean> {
  const [locked] = await tx
    .select({ status: payments.status, userId: payments.userId, courseId: payments.courseId })
    .from(payments)
    .where(eq(payments.id, paymentId))
    .for('update');
  if (locked?.status !== 'succeeded') return false;
  await movePayment(tx, paymentId, 'refund_pending');
  await tx.update(payments).set({ refundReason: reason }).where(eq(payments.id, paymentId));
  await tx.delete(enrollments).where(and(eq(enrollments.userId, locked.userId), eq(enrollments.courseId, locked.courseId)));
  return true;
}

/**
 * After beginRefund committed: the provider returns the money and the buyer gets the refund receipt.
 * If the provider cannot be reached, the payment stays refund_pending (`pending`) and the purge
 * schedule's retry finishes it.
 */
export async function completeRefund({
  db,
  provider,
  log,
  receipts,
  payment,
}: {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  receipts: { mailer: Mailer; publicUrl: string };
  payment: RefundablePayment;
}): Promise<RefundResult> {
  let status: RefundResult['status'] = 'refunded';
  try {
    // A course bought in a cart returns its own amount only; the cart's other courses stay paid.
    await refundRecordedPayment(provider, payment);
    await movePayment(db, payment.id, 'refunded');
  } catch (error) {
    log.error({ err: error, paymentId: payment.id }, 'refund failed: the payment stays refund_pending and is retried');
    status = 'pending';
  }
  await mailReceipt({ db, log, ...receipts, paymentId: payment.id, kind: 'refund' });
  return { status, amount: centsToPrice(payment.amountCents) };
}
