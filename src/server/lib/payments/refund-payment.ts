import type { PaymentProvider } from './payment-provider';

/** What returning one recorded payment needs to know of it. */
export type RefundablePayment = {
  id: string;
  providerPaymentId: string;
  amountCents: number;
  /** Set for a course of a cart, whose provider payment it shares with the cart's other courses. */
  checkoutId: string | null;
};

/**
 * Returns one recorded payment's money through its provider (ADR 0031): a course bought alone is its
 * intent's whole amount; a course of a cart is its own part of the shared intent, keyed by the
 * payment's id, so a retry or a second request returns it once and the cart's other courses stay paid.
 */
export function refundRecordedPayment(provider: PaymentProvider, payment: RefundablePayment): Promise<void> {
  return payment.checkoutId === null
    ? provider.refundIntent(payment.providerPaymentId)
    : provider.refundIntent(payment.providerPaymentId, { amountCents: payment.amountCents, key: payment.id });
}
