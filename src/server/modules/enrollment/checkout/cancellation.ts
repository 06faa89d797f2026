import { and, eq, inArray, sql } from 'drizzle-orm';
import { payments } from '#db/schema/index';
import type { PaymentIntent } from '../../../lib/payments/payment-provider';
import { movePayment, OPEN_PAYMENT_STATUSES } from '../../../lib/payments/payment-status';
import type { Checkout } from './settled';

/**
 * Once a (user, course) is enrolled, the pair's other open intents can only charge twice (ADR 0022):
 * each is cancelled with the provider, with every course of it when it is a cart's (whose
 * other courses stay in the cart). One paid meanwhile is settled by `settle` (settlement.ts's
 * settlePayment, which refunds it); passed in, because settling an enrolling payment cancels through here.
 */
export async function cancelOpenIntents({
  userId,
  courseId,
  exceptIntentId,
  settle,
  ...checkout
}: Checkout & {
  userId: string;
  courseId: string;
  exceptIntentId?: string;
  settle: (report: Checkout & { intent: PaymentIntent }) => Promise<unknown>;
}): Promise<void> {
  const { db, provider, log } = checkout;
  const open = await db
    .selectDistinct({ intentId: payments.providerPaymentId })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.courseId, courseId),
        eq(payments.provider, provider.name),
        inArray(payments.status, [...OPEN_PAYMENT_STATUSES]),
        exceptIntentId === undefined ? sql`true` : sql`${payments.providerPaymentId} <> ${exceptIntentId}`,
      ),
    );
  for (const { intentId } of open) {
    try {
      if ((await provider.cancelIntent(intentId)) === 'canceled') {
        const rows = await db
          .select({ id: payments.id })
          .from(payments)
          .where(and(eq(payments.provider, provider.name), eq(payments.providerPaymentId, intentId)));
        for (const row of rows) await movePayment(db, row.id, 'canceled');
        continue;
      }
      const intent = await provider.retrieveIntent(intentId);
      if (intent) await settle({ ...checkout, intent });
    } catch (error) {
      log.warn({ err: error, intentId }, 'an open payment of an enrolled course could not be cancelled');
    }
  }
}
