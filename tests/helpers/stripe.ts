import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { createStripeProvider, type StripePaymentProvider } from '#server/lib/payments/stripe-provider';
import type { TestApp } from './app';
import { type StripeStandIn, startStripeStandIn } from './stripe-stand-in';

export type StripeForTests = {
  standIn: StripeStandIn;
  /** The app's Stripe provider, speaking to the stand-in through the official SDK. */
  provider: StripePaymentProvider;
  webhookSecret: string;
};

/**
 * The official Stripe SDK pointed at a local stand-in of Stripe's API (stripe-stand-in.ts), and the
 * app's provider on it: the provider is tested through the real SDK, never a mock of it.
 */
export async function startStripeForTests({
  publishableKey = 'pk_test_1',
}: {
  publishableKey?: string;
} = {}): Promise<StripeForTests> {
  const standIn = await startStripeStandIn();
  const secretKey = `sk_test_${randomBytes(18).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(24).toString('hex')}`;
  const stripe = new Stripe(secretKey, {
    host: standIn.host,
    port: standIn.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
  return { standIn, provider: createStripeProvider({ secretKey, publishableKey, webhookSecret, stripe }), webhookSecret };
}

/** An event as Stripe sends it now, around `object`. */
export function stripeEvent(type: string, object: unknown, id = `evt_${randomBytes(8).toString('hex')}`): string {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object },
  });
}

/** Posts `payload` to the app's webhook, signed with `secret` as Stripe signs it. */
export function postStripeWebhook(t: TestApp, payload: string, secret: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
}
