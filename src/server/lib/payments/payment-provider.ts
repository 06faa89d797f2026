import { z } from 'zod';
import { MIN_PAID_PRICE_CENTS } from '#shared/schemas/creator';

/*
 * The seam between the payment routes and whoever moves the money (docs/product.md, Checkout): Stripe when a key
 * is configured, the built-in test processor otherwise. Routes see only this interface; the amount
 * always comes from the server's course price, never from the client.
 */

export type PaymentProviderName = 'stripe' | 'test';

/**
 * The states the routes act on. Stripe's others map onto them: `requires_confirmation` and
 * `requires_action` (the customer is mid-flow) are `processing` to us; `requires_capture` cannot occur
 * because capture is automatic.
 */
export type PaymentIntentStatus = 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled';

/** Stripe's limits for USD, kept by the test processor too so both refuse the same amounts. */
export const MIN_AMOUNT_CENTS = MIN_PAID_PRICE_CENTS;
export const MAX_AMOUNT_CENTS = 99_999_999;

/**
 * Whose intent it is and for what: one course, or a cart checkout (ADR 0031), whose courses are the
 * payments recorded with its id. Compared with the recorded payments before anyone is enrolled.
 */
export const PaymentMetadataSchema = z.union([
  z.object({ userId: z.uuid(), courseId: z.uuid() }),
  z.object({ userId: z.uuid(), checkoutId: z.uuid() }),
]);
export type PaymentMetadata = z.infer<typeof PaymentMetadataSchema>;

export const CreateIntentInputSchema = z.object({
  amountCents: z.number().int().min(MIN_AMOUNT_CENTS).max(MAX_AMOUNT_CENTS),
  currency: z.literal('usd'),
  metadata: PaymentMetadataSchema,
});
export type CreateIntentInput = z.infer<typeof CreateIntentInputSchema>;

export type CreatedIntent = {
  id: string;
  /** Handed to the browser (Stripe.js confirms with it); never logged or stored in plain. */
  clientSecret: string;
  status: PaymentIntentStatus;
};

export type PaymentIntent = {
  id: string;
  /** Integer cents, as the provider holds it: confirm-payment compares it with the course price. */
  amountCents: number;
  currency: 'usd';
  status: PaymentIntentStatus;
  /** Compared with the caller and the course before enrolling. */
  metadata: PaymentMetadata;
  /** Why the last attempt failed, for the customer; null when none failed or the intent succeeded. */
  lastPaymentError: string | null;
};

/** Part of a paid intent to return: integer cents, and a key naming the part (a payment row's id). */
export type RefundPart = { amountCents: number; key: string };

export type PaymentWebhookEvent = {
  /** The provider's event id, for logs and de-duplication. */
  id: string;
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'payment_intent.canceled';
  intent: PaymentIntent;
};

/**
 * Money of a paid intent went back, whoever started it: this app (a refund it asked for) or someone
 * at the provider (Stripe's dashboard). Integer cents; `refundedCents` is the total returned so far.
 */
export type RefundWebhookEvent = {
  id: string;
  type: 'charge.refunded';
  intentId: string;
  amountCents: number;
  refundedCents: number;
};

/**
 * A Stripe Connect transfer to a creator's account was made (`transfer.created`, `transfer.updated`) or
 * sent back (`transfer.reversed`). `payoutId` is the metadata this app set (null on a transfer it did
 * not make); `reversed` is true once the whole amount came back.
 */
export type TransferWebhookEvent = {
  id: string;
  type: 'transfer.created' | 'transfer.updated' | 'transfer.reversed';
  transferId: string;
  payoutId: string | null;
  amountCents: number;
  destination: string;
  reversed: boolean;
  amountReversedCents: number;
};

/**
 * A creator's connected account changed at Stripe (`account.updated`, a Connect event): whether it can
 * receive transfers is read again from Stripe (`retrieveConnectAccount`), not taken from the event,
 * which may arrive late and out of order.
 */
export type AccountWebhookEvent = { id: string; type: 'account.updated'; accountId: string };

export type ProviderWebhookEvent = PaymentWebhookEvent | RefundWebhookEvent | TransferWebhookEvent | AccountWebhookEvent;

export function isTransferEvent(event: ProviderWebhookEvent): event is TransferWebhookEvent {
  return event.type === 'transfer.created' || event.type === 'transfer.updated' || event.type === 'transfer.reversed';
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Sent to the browser with each new intent; Stripe only. */
  readonly publishableKey?: string;
  /** Refuses input outside `CreateIntentInputSchema` (a bug in the caller, never a customer error). */
  createIntent(input: CreateIntentInput): Promise<CreatedIntent>;
  /** Null when the provider knows no such intent. */
  retrieveIntent(id: string): Promise<PaymentIntent | null>;
  /**
   * Cancels an intent nobody has paid, so it can no longer be paid. Answers what became of it:
   * `canceled`, or `succeeded` when it was paid first (the caller refunds it if it must).
   */
  cancelIntent(id: string): Promise<'canceled' | 'succeeded'>;
  /**
   * Returns a succeeded intent's whole amount to the buyer (what is left of it after parts); once,
   * however often asked. With `part`, only that amount, once per `part.key` however often asked: one
   * course of a cart paid with the intent (ADR 0031). Throws for an unpaid intent or more than is left.
   */
  refundIntent(id: string, part?: RefundPart): Promise<void>;
  /**
   * Stripe only: verifies the signature over the exact raw body and answers the event, or null for
   * events the app does not act on. Throws `WebhookSignatureError` when the signature does not match.
   */
  parseWebhook?(rawBody: Buffer, signatureHeader: string | undefined): Promise<ProviderWebhookEvent | null>;
  /**
   * Stripe only: a creator's Express account for payouts (made once, with an idempotency key per
   * creator) and a Connect onboarding link for it (issue 24 §4).
   */
  connectOnboarding?(input: ConnectOnboardingInput): Promise<ConnectOnboarding>;
  /**
   * Stripe only: whether a creator's connected account can receive transfers now (its `transfers`
   * capability is active, which Stripe turns on when onboarding is finished). Null when Stripe knows no such account.
   */
  retrieveConnectAccount?(accountId: string): Promise<ConnectAccountStatus | null>;
  /**
   * Stripe only: sends a payout to a creator's connected account (issue 24 §4). One transfer per
   * payout however often asked (idempotency key `payout-<id>`, which Stripe keeps 24 hours). Throws
   * `TransferRefusedError` when Stripe refuses it for good, anything else when it may work later.
   */
  createTransfer?(input: CreateTransferInput): Promise<{ transferId: string }>;
  /** Stripe only: the transfer made for a payout (found by its transfer group), or null when none was. */
  findTransfer?(payoutId: string): Promise<{ transferId: string } | null>;
}

export type CreateTransferInput = {
  amountCents: number;
  currency: 'usd';
  /** The creator's connected account (`acct_…`). */
  destination: string;
  payoutId: string;
};

/** Stripe refused a transfer in a way a retry cannot change (a 4xx other than a rate limit or a conflict). */
export class TransferRefusedError extends Error {
  readonly code = 'TRANSFER_REFUSED';
}

/** Where Stripe sends a creator during and after Connect onboarding. */
export type ConnectOnboardingInput = {
  /** The creator's connected account, when one was made before: onboarding goes on with it. */
  accountId: string | null;
  creatorId: string;
  email: string;
  /** Where Stripe sends the creator back when the link has expired or was used: a new link is made there. */
  refreshUrl: string;
  /** Where Stripe sends the creator when they leave onboarding (done or not). */
  returnUrl: string;
};

/** What the app keeps of a connected account: whether transfers to it can be made. */
export type ConnectAccountStatus = { accountId: string; ready: boolean };

/** The connected account (new or the one given) and a single-use onboarding address for it. */
export type ConnectOnboarding = { accountId: string; url: string };

/** The webhook route answers 400 to it, so the provider retries nothing forged. */
export class WebhookSignatureError extends Error {
  readonly code = 'WEBHOOK_SIGNATURE';
}
