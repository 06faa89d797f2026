import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { StripeApiAddress } from '../../env';
import {
  type ConnectAccountStatus,
  type ConnectOnboarding,
  type ConnectOnboardingInput,
  CreateIntentInputSchema,
  type CreateTransferInput,
  type PaymentIntent,
  type PaymentIntentStatus,
  PaymentMetadataSchema,
  type PaymentProvider,
  type PaymentWebhookEvent,
  type ProviderWebhookEvent,
  type RefundWebhookEvent,
  TransferRefusedError,
  type TransferWebhookEvent,
  WebhookSignatureError,
} from './payment-provider';

/*
 * The Stripe provider (docs/product.md, Checkout): PaymentIntents through the official SDK, confirmed in the
 * browser by Stripe.js with the client secret, verified here by retrieving the intent, and reported
 * by signed webhooks. Intents whose metadata is not ours (another app on the same account) are
 * treated as unknown, so they can never enroll anyone.
 */

export type StripeProviderOptions = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /**
   * The Connect endpoint's secret: Stripe signs Connect events (a connected account's `account.updated`)
   * with the secret of the endpoint that listens to connected accounts, which may be another one.
   */
  connectWebhookSecret?: string | undefined;
  /** STRIPE_API_URL's host, port and protocol (stripe-mock, a stand-in); unset means api.stripe.com. */
  api?: StripeApiAddress | undefined;
  /** A ready client, e.g. pointed at the test stand-in; by default one is made from `secretKey` and `api`. */
  stripe?: Stripe;
};

export type StripePaymentProvider = PaymentProvider & {
  readonly name: 'stripe';
  readonly publishableKey: string;
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): Promise<ProviderWebhookEvent | null>;
  connectOnboarding(input: ConnectOnboardingInput): Promise<ConnectOnboarding>;
  retrieveConnectAccount(accountId: string): Promise<ConnectAccountStatus | null>;
  createTransfer(input: CreateTransferInput): Promise<{ transferId: string }>;
  findTransfer(payoutId: string): Promise<{ transferId: string } | null>;
};

/** Stripe's ids are a prefix and letters and digits; anything else is not worth a request. */
const INTENT_ID_PATTERN = /^pi_[A-Za-z0-9]{1,250}$/;
const ACCOUNT_ID_PATTERN = /^acct_[A-Za-z0-9]{1,250}$/;
const TRANSFER_ID_PATTERN = /^tr_[A-Za-z0-9]{1,250}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const TRANSFER_EVENT_TYPES = new Set<TransferWebhookEvent['type']>(['transfer.created', 'transfer.updated', 'transfer.reversed']);

/**
 * A refusal a retry cannot change: a 4xx other than a rate limit (429), a conflict (409: the same key
 * in use by a request still running), a bad API key (401: the server's configuration, not the payout)
 * or an idempotency error (the original request may have been made).
 */
function isRefusedForGood(error: unknown) {
  if (!(error instanceof Stripe.errors.StripeError)) return false;
  const status = error.statusCode ?? 0;
  return (
    status >= 400 && status < 500 && ![401, 409, 429].includes(status) && !(error instanceof Stripe.errors.StripeIdempotencyError)
  );
}

const STATUSES: Record<string, PaymentIntentStatus> = {
  requires_payment_method: 'requires_payment_method',
  // The customer is mid-flow (3-D Secure, a redirect): not paid yet, not failed either.
  requires_confirmation: 'processing',
  requires_action: 'processing',
  processing: 'processing',
  // Cannot occur with automatic capture; if it ever does, the money is not captured: not succeeded.
  requires_capture: 'processing',
  succeeded: 'succeeded',
  canceled: 'canceled',
};

const WEBHOOK_TYPES = new Set<PaymentWebhookEvent['type']>([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
]);

/**
 * What a failed Stripe call throws: the operation, Stripe's error type, code, status and request id
 * (enough to find it in the dashboard), never the SDK's error itself, whose `raw` and `headers` are
 * more than a log needs, and never a key or client secret.
 */
export class StripeProviderError extends Error {
  readonly code = 'STRIPE_ERROR';
  readonly statusCode: number | undefined;

  constructor(operation: string, error: unknown) {
    const stripeError = error instanceof Stripe.errors.StripeError ? error : undefined;
    const details = stripeError
      ? [stripeError.type, stripeError.code, stripeError.statusCode, stripeError.requestId && `request ${stripeError.requestId}`]
      : [error instanceof Error ? error.name : typeof error];
    super(redactSecrets(`Stripe ${operation} failed (${details.filter(Boolean).join(', ')}): ${messageOf(error)}`));
    this.name = 'StripeProviderError';
    this.statusCode = stripeError?.statusCode;
  }
}

function messageOf(error: unknown) {
  return error instanceof Error ? error.message : 'unknown error';
}

/** API keys, webhook secrets and client secrets, should Stripe or a proxy ever echo one. */
export function redactSecrets(text: string): string {
  return text
    .replace(/\b(sk|rk)_(test|live)_[A-Za-z0-9*]+/g, '$1_$2_[redacted]')
    .replace(/\bwhsec_[A-Za-z0-9+/=]+/g, 'whsec_[redacted]')
    .replace(/\b(pi_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+/g, '$1_secret_[redacted]');
}

export function createStripeProvider({
  secretKey,
  publishableKey,
  webhookSecret,
  connectWebhookSecret,
  api,
  stripe = new Stripe(secretKey, { appInfo: { name: 'Gradient Academy' }, timeout: 20_000, ...api }),
}: StripeProviderOptions): StripePaymentProvider {
  return {
    name: 'stripe',
    publishableKey,

    async createIntent(input) {
      const { amountCents, currency, metadata } = CreateIntentInputSchema.parse(input);
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency,
            automatic_payment_methods: { enabled: true },
            metadata: { ...metadata },
          },
          // The SDK retries network failures; the key makes a retried create one intent, not two.
          { idempotencyKey: `create-intent-${randomUUID()}` },
        );
      } catch (error) {
        throw new StripeProviderError('create payment intent', error);
      }
      if (!intent.client_secret) throw new StripeProviderError('create payment intent', new Error('no client secret'));
      return { id: intent.id, clientSecret: intent.client_secret, status: toStatus(intent.status) };
    },

    async connectOnboarding({ accountId, creatorId, email, refreshUrl, returnUrl }) {
      let account = accountId;
      if (account === null) {
        try {
          const created = await stripe.accounts.create(
            {
              type: 'express',
              email,
              capabilities: { transfers: { requested: true } },
              metadata: { creatorId },
            },
            // One account per creator, however many clicks or retries arrive at once (Stripe keeps a key 24 hours).
            { idempotencyKey: `connect-account-${creatorId}` },
          );
          account = created.id;
        } catch (error) {
          throw new StripeProviderError('create connected account', error);
        }
      }
      if (!ACCOUNT_ID_PATTERN.test(account)) {
        throw new StripeProviderError('create connected account', new Error('not an account id'));
      }
      try {
        const link = await stripe.accountLinks.create({
          account,
          refresh_url: refreshUrl,
          return_url: returnUrl,
          type: 'account_onboarding',
        });
        return { accountId: account, url: link.url };
      } catch (error) {
        throw new StripeProviderError('create account link', error);
      }
    },

    async retrieveConnectAccount(accountId) {
      if (!ACCOUNT_ID_PATTERN.test(accountId)) return null;
      let account: Stripe.Account;
      try {
        account = await stripe.accounts.retrieve(accountId);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return null;
        throw new StripeProviderError('retrieve connected account', error);
      }
      if (account.object !== 'account' || account.id !== accountId) return null;
      return toAccountStatus(account);
    },

    async createTransfer({ amountCents, currency, destination, payoutId }) {
      if (!ACCOUNT_ID_PATTERN.test(destination)) throw new TransferRefusedError('not a connected account id');
      try {
        const transfer = await stripe.transfers.create(
          {
            amount: amountCents,
            currency,
            destination,
            transfer_group: `payout-${payoutId}`,
            metadata: { payoutId },
          },
          // One transfer per payout, however often the schedule (on any instance) asks.
          { idempotencyKey: `payout-${payoutId}` },
        );
        if (!TRANSFER_ID_PATTERN.test(transfer.id)) throw new Error('not a transfer id');
        return { transferId: transfer.id };
      } catch (error) {
        const failure = new StripeProviderError('create transfer', error);
        if (isRefusedForGood(error)) throw new TransferRefusedError(failure.message);
        throw failure;
      }
    },

    async findTransfer(payoutId) {
      try {
        const list = await stripe.transfers.list({ transfer_group: `payout-${payoutId}`, limit: 1 });
        const transfer = list.data.find((item) => item.metadata?.payoutId === payoutId);
        return transfer && TRANSFER_ID_PATTERN.test(transfer.id) ? { transferId: transfer.id } : null;
      } catch (error) {
        throw new StripeProviderError('list transfers', error);
      }
    },

    async retrieveIntent(id) {
      if (!INTENT_ID_PATTERN.test(id)) return null;
      try {
        return toPaymentIntent(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return null;
        throw new StripeProviderError('retrieve payment intent', error);
      }
    },

    async cancelIntent(id) {
      try {
        const intent = await stripe.paymentIntents.cancel(id);
        return toStatus(intent.status) === 'succeeded' ? 'succeeded' : 'canceled';
      } catch (error) {
        // Stripe refuses to cancel an intent that is paid (or already cancelled): ask what it is.
        if (error instanceof Stripe.errors.StripeError && error.code === 'payment_intent_unexpected_state') {
          const intent = await this.retrieveIntent(id);
          if (intent?.status === 'succeeded') return 'succeeded';
          if (intent?.status === 'canceled') return 'canceled';
        }
        throw new StripeProviderError('cancel payment intent', error);
      }
    },

    async refundIntent(id, part) {
      try {
        // One refund per intent, or per part of it, however often asked: Stripe replays the first answer to the same key.
        await stripe.refunds.create(
          { payment_intent: id, ...(part ? { amount: part.amountCents } : {}) },
          { idempotencyKey: part ? `refund-${id}-${part.key}` : `refund-${id}` },
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError && error.code === 'charge_already_refunded') return;
        throw new StripeProviderError('refund payment intent', error);
      }
    },

    async parseWebhook(rawBody, signatureHeader) {
      // The payments endpoint's secret, then the Connect endpoint's (when it is another).
      const constructEvent = async (body: Buffer, header: string): Promise<Stripe.Event> => {
        try {
          return await stripe.webhooks.constructEventAsync(body, header, webhookSecret);
        } catch (error) {
          if (!connectWebhookSecret || !(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw error;
          return stripe.webhooks.constructEventAsync(body, header, connectWebhookSecret);
        }
      };
      if (!signatureHeader) throw new WebhookSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = await constructEvent(rawBody, signatureHeader);
      } catch (error) {
        // A bad signature, an old timestamp, or a body that is not the JSON Stripe signed.
        throw new WebhookSignatureError(
          error instanceof Stripe.errors.StripeSignatureVerificationError
            ? 'Stripe webhook signature does not match'
            : 'Stripe webhook body is not a valid event',
        );
      }
      if (event.type === 'charge.refunded') return toRefundEvent(event.id, event.data.object);
      if (event.type === 'account.updated') {
        const account = event.data.object;
        // A Connect event names the account it is about; a platform's own account update has no `account`.
        if (account.object !== 'account' || !ACCOUNT_ID_PATTERN.test(account.id)) return null;
        if (event.account !== undefined && event.account !== account.id) return null;
        return { id: event.id, type: 'account.updated', accountId: account.id };
      }
      if (TRANSFER_EVENT_TYPES.has(event.type as TransferWebhookEvent['type'])) {
        return toTransferEvent(event.id, event.type as TransferWebhookEvent['type'], event.data.object as Stripe.Transfer);
      }
      if (!WEBHOOK_TYPES.has(event.type as PaymentWebhookEvent['type'])) return null;
      const intent = toPaymentIntent(event.data.object as Stripe.PaymentIntent);
      return intent ? { id: event.id, type: event.type as PaymentWebhookEvent['type'], intent } : null;
    },
  };
}

/**
 * What Stripe.js needs in the page's Content-Security-Policy: its script, its iframes (the card fields
 * and 3-D Secure) and its API. The browser always talks to Stripe itself, whatever STRIPE_API_URL says.
 */
export const STRIPE_JS_SOURCES = {
  scriptSrc: ['https://js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
};

export function isStripeProvider(provider: PaymentProvider): provider is StripePaymentProvider {
  return provider.name === 'stripe' && typeof provider.parseWebhook === 'function';
}

function toStatus(status: string): PaymentIntentStatus {
  // A status newer than this code is not a payment we may act on.
  return STATUSES[status] ?? 'processing';
}

/** Transfers to a connected account need its `transfers` capability active: that is "ready". */
function toAccountStatus(account: Stripe.Account): ConnectAccountStatus {
  return { accountId: account.id, ready: account.capabilities?.transfers === 'active' };
}

/** Null for a charge of no intent (this app only makes intents) or in another currency. */
function toRefundEvent(eventId: string, charge: Stripe.Charge): RefundWebhookEvent | null {
  const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (charge.object !== 'charge' || !intentId || charge.currency !== 'usd') return null;
  if (!Number.isSafeInteger(charge.amount) || !Number.isSafeInteger(charge.amount_refunded)) return null;
  return { id: eventId, type: 'charge.refunded', intentId, amountCents: charge.amount, refundedCents: charge.amount_refunded };
}

/** Null for what is not a USD transfer to a connected account; `payoutId` null when the metadata is not ours. */
function toTransferEvent(
  eventId: string,
  type: TransferWebhookEvent['type'],
  transfer: Stripe.Transfer,
): TransferWebhookEvent | null {
  const destination = typeof transfer.destination === 'string' ? transfer.destination : transfer.destination?.id;
  if (transfer.object !== 'transfer' || !TRANSFER_ID_PATTERN.test(transfer.id) || transfer.currency !== 'usd') return null;
  if (!destination || !Number.isSafeInteger(transfer.amount) || !Number.isSafeInteger(transfer.amount_reversed)) return null;
  const payoutId = transfer.metadata?.payoutId;
  return {
    id: eventId,
    type,
    transferId: transfer.id,
    payoutId: typeof payoutId === 'string' && UUID_PATTERN.test(payoutId) ? payoutId.toLowerCase() : null,
    amountCents: transfer.amount,
    destination,
    reversed: transfer.reversed === true,
    amountReversedCents: transfer.amount_reversed,
  };
}

/** Null for an intent this app did not create: foreign metadata, another currency, not an intent. */
function toPaymentIntent(intent: Stripe.PaymentIntent | undefined): PaymentIntent | null {
  if (intent?.object !== 'payment_intent') return null;
  const metadata = PaymentMetadataSchema.safeParse(intent.metadata);
  if (!metadata.success || intent.currency !== 'usd' || !Number.isSafeInteger(intent.amount)) return null;
  const status = toStatus(intent.status);
  const failure = intent.last_payment_error;
  return {
    id: intent.id,
    amountCents: intent.amount,
    currency: 'usd',
    status,
    metadata: metadata.data,
    lastPaymentError: status === 'succeeded' || !failure ? null : (failure.message ?? 'The payment failed.'),
  };
}
