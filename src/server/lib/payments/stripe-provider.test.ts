import { randomBytes, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type StandInPaymentIntent, type StripeStandIn, startStripeStandIn } from '#tests/helpers/stripe-stand-in';
import { type PaymentMetadata, WebhookSignatureError } from './payment-provider';
import { describePaymentProviderContract } from './payment-provider.contract';
import {
  createStripeProvider,
  isStripeProvider,
  redactSecrets,
  type StripePaymentProvider,
  StripeProviderError,
} from './stripe-provider';

const SECRET_KEY = `sk_test_${randomBytes(18).toString('hex')}`;
const PUBLISHABLE_KEY = `pk_test_${randomBytes(18).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64url').replace(/[-_]/g, 'x')}`;

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(() => standIn.close());

/** The real SDK, pointed at the stand-in; no retries, so a refused call fails at once. */
function stripeClient(key = SECRET_KEY, port = standIn.port) {
  return new Stripe(key, { host: standIn.host, port, protocol: 'http', maxNetworkRetries: 0, telemetry: false });
}

function makeProvider(stripe = stripeClient()) {
  return createStripeProvider({ secretKey: SECRET_KEY, publishableKey: PUBLISHABLE_KEY, webhookSecret: WEBHOOK_SECRET, stripe });
}

describePaymentProviderContract('Stripe provider', async () => ({
  provider: makeProvider(),
  pay: (intentId) => standIn.pay(intentId),
  refunded: async (intentId) => standIn.refunds(intentId).reduce((sum, refund) => sum + refund.amount, 0),
}));

describe('Stripe provider', () => {
  let provider: StripePaymentProvider;
  let metadata: PaymentMetadata;

  beforeEach(() => {
    provider = makeProvider();
    metadata = { userId: randomUUID(), courseId: randomUUID() };
  });

  const createIntent = (amountCents = 2_999) => provider.createIntent({ amountCents, currency: 'usd', metadata });

  it('is the provider named "stripe", with the publishable key and webhooks', () => {
    expect(provider.name).toBe('stripe');
    expect(provider.publishableKey).toBe(PUBLISHABLE_KEY);
    expect(provider.parseWebhook).toEqual(expect.any(Function));
    expect(isStripeProvider(provider)).toBe(true);
  });

  it('keeps the secret key and webhook secret out of the provider object', () => {
    const made = createStripeProvider({ secretKey: SECRET_KEY, publishableKey: PUBLISHABLE_KEY, webhookSecret: WEBHOOK_SECRET });
    const shown = JSON.stringify(made) + JSON.stringify(Object.values(made));
    expect(shown).not.toContain(SECRET_KEY);
    expect(shown).not.toContain(WEBHOOK_SECRET);
  });

  it('creates a USD PaymentIntent in cents with automatic payment methods, our metadata and an idempotency key', async () => {
    const before = standIn.requests.length;
    const created = await createIntent(4_250);
    const sent = standIn.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      body: {
        amount: '4250',
        currency: 'usd',
        automatic_payment_methods: { enabled: 'true' },
        metadata,
      },
    });
    expect(sent[0]?.idempotencyKey).toEqual(expect.stringMatching(/\S{16,}/));
    expect(created.id).toMatch(/^pi_[A-Za-z0-9]+$/);
    expect(created.clientSecret).toBe(standIn.intent(created.id)?.client_secret);
  });

  it('sends its calls to the host, port and protocol of STRIPE_API_URL when given one', async () => {
    const pointed = createStripeProvider({
      secretKey: SECRET_KEY,
      publishableKey: PUBLISHABLE_KEY,
      webhookSecret: WEBHOOK_SECRET,
      api: { host: standIn.host, port: standIn.port, protocol: 'http' },
    });
    const before = standIn.requests.length;
    const created = await pointed.createIntent({ amountCents: 1_500, currency: 'usd', metadata });
    expect(standIn.requests.slice(before)).toMatchObject([{ method: 'POST', path: '/v1/payment_intents' }]);
    expect(await pointed.retrieveIntent(created.id)).toMatchObject({ id: created.id, amountCents: 1_500 });
  });

  it('uses a new idempotency key for every create, so two purchases are two intents', async () => {
    const before = standIn.requests.length;
    await Promise.all([createIntent(), createIntent()]);
    const keys = standIn.requests.slice(before).map((request) => request.idempotencyKey);
    expect(new Set(keys).size).toBe(2);
  });

  it('passes on why a declined payment failed, and clears it once paid', async () => {
    const { id } = await createIntent();
    await standIn.decline(id, 'Your card has insufficient funds.');
    expect(await provider.retrieveIntent(id)).toMatchObject({
      status: 'requires_payment_method',
      lastPaymentError: 'Your card has insufficient funds.',
    });
    await standIn.pay(id);
    expect(await provider.retrieveIntent(id)).toMatchObject({ status: 'succeeded', lastPaymentError: null });
  });

  it.each([
    ['requires_confirmation', 'processing'],
    ['requires_action', 'processing'],
    ['processing', 'processing'],
    ['requires_capture', 'processing'],
    ['canceled', 'canceled'],
    ['succeeded', 'succeeded'],
    ['a_status_stripe_adds_later', 'processing'],
  ])("maps Stripe's %s to %s", async (stripeStatus, status) => {
    const { id } = await createIntent();
    await standIn.setStatus(id, stripeStatus);
    expect((await provider.retrieveIntent(id))?.status).toBe(status);
  });

  it.each([
    ['no metadata', {}],
    ['metadata of another app', { orderId: '1234' }],
    ['a user id that is not a uuid', { userId: '7', courseId: randomUUID() }],
  ])('treats an intent with %s as unknown', async (_, foreign) => {
    const intent = await stripeClient().paymentIntents.create({ amount: 1_000, currency: 'usd', metadata: foreign });
    expect(await provider.retrieveIntent(intent.id)).toBeNull();
  });

  it('treats an intent in another currency as unknown', async () => {
    const intent = await stripeClient().paymentIntents.create({ amount: 1_000, currency: 'eur', metadata });
    expect(await provider.retrieveIntent(intent.id)).toBeNull();
  });

  it.each(['../customers', 'pi_abc/../../v1/customers', 'pi_abc?expand[]=customer', 'cus_123', 'pi_', `pi_${'a'.repeat(300)}`])(
    'answers null for %j without asking Stripe',
    async (id) => {
      const before = standIn.requests.length;
      expect(await provider.retrieveIntent(id)).toBeNull();
      expect(standIn.requests.length).toBe(before);
    },
  );

  it('reports a refused key as a Stripe error that does not carry the key', async () => {
    const wrongKey = `sk_live_${randomBytes(18).toString('hex')}`;
    const refused = makeProvider(stripeClient(wrongKey));
    const error = await refused
      .createIntent({ amountCents: 1_000, currency: 'usd', metadata })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StripeProviderError);
    expect(error).toMatchObject({ statusCode: 401, message: expect.stringMatching(/create payment intent/) });
    expect(String((error as Error).message)).not.toContain(wrongKey);
    expect(String((error as Error).stack)).not.toContain(wrongKey);
    await expect(refused.retrieveIntent('pi_123')).rejects.toBeInstanceOf(StripeProviderError);
  });

  it('reports an unreachable Stripe as a Stripe error, not as an unknown intent', async () => {
    const closed = await startStripeStandIn();
    await closed.close();
    const unreachable = makeProvider(stripeClient(SECRET_KEY, closed.port));
    await expect(unreachable.retrieveIntent('pi_123')).rejects.toBeInstanceOf(StripeProviderError);
    await expect(unreachable.createIntent({ amountCents: 1_000, currency: 'usd', metadata })).rejects.toBeInstanceOf(
      StripeProviderError,
    );
  });

  it('redacts keys, webhook secrets and client secrets from messages', () => {
    expect(redactSecrets('key sk_test_abc123 and sk_live_****9f, rk_live_x')).toBe(
      'key sk_test_[redacted] and sk_live_[redacted], rk_live_[redacted]',
    );
    expect(redactSecrets('whsec_abc+/= pi_123_secret_456 pi_789')).toBe('whsec_[redacted] pi_123_secret_[redacted] pi_789');
  });
});

describe('Stripe provider webhooks', () => {
  let provider: StripePaymentProvider;
  let metadata: PaymentMetadata;

  beforeEach(() => {
    provider = makeProvider();
    metadata = { userId: randomUUID(), courseId: randomUUID() };
  });

  async function stripeIntent(): Promise<StandInPaymentIntent> {
    const { id } = await provider.createIntent({ amountCents: 1_999, currency: 'usd', metadata });
    const intent = standIn.intent(id);
    if (!intent) throw new Error('the stand-in lost the intent');
    return intent;
  }

  function eventJson(type: string, object: unknown) {
    return JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      type,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
  }

  function sign(payload: string, { secret = WEBHOOK_SECRET, timestamp }: { secret?: string; timestamp?: number } = {}) {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
  }

  it('answers a signed payment_intent.succeeded as the paid intent', async () => {
    const intent = await stripeIntent();
    await standIn.pay(intent.id);
    const payload = eventJson('payment_intent.succeeded', standIn.intent(intent.id));
    expect(await provider.parseWebhook(Buffer.from(payload), sign(payload))).toEqual({
      id: JSON.parse(payload).id,
      type: 'payment_intent.succeeded',
      intent: { id: intent.id, amountCents: 1_999, currency: 'usd', status: 'succeeded', metadata, lastPaymentError: null },
    });
  });

  it('answers a payment_intent.payment_failed with the reason', async () => {
    const intent = await stripeIntent();
    await standIn.decline(intent.id, 'Your card was declined.');
    const payload = eventJson('payment_intent.payment_failed', standIn.intent(intent.id));
    expect(await provider.parseWebhook(Buffer.from(payload), sign(payload))).toMatchObject({
      type: 'payment_intent.payment_failed',
      intent: { id: intent.id, status: 'requires_payment_method', lastPaymentError: 'Your card was declined.' },
    });
  });

  it('answers a payment_intent.canceled', async () => {
    const intent = await stripeIntent();
    await standIn.setStatus(intent.id, 'canceled');
    const payload = eventJson('payment_intent.canceled', standIn.intent(intent.id));
    expect(await provider.parseWebhook(Buffer.from(payload), sign(payload))).toMatchObject({
      type: 'payment_intent.canceled',
      intent: { id: intent.id, status: 'canceled' },
    });
  });

  it('refuses a body changed after signing', async () => {
    const intent = await stripeIntent();
    const payload = eventJson('payment_intent.succeeded', { ...intent, status: 'requires_payment_method' });
    const header = sign(payload);
    const tampered = payload.replace('"requires_payment_method"', '"succeeded"');
    expect(tampered).not.toBe(payload);
    await expect(provider.parseWebhook(Buffer.from(tampered), header)).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it('refuses a signature made with another secret', async () => {
    const payload = eventJson('payment_intent.succeeded', await stripeIntent());
    const header = sign(payload, { secret: `whsec_${randomBytes(24).toString('hex')}` });
    await expect(provider.parseWebhook(Buffer.from(payload), header)).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['not a signature', 'nonsense'],
    ['without a v1 signature', `t=${Math.floor(Date.now() / 1000)}`],
  ])('refuses a signature header that is %s', async (_, header) => {
    const payload = eventJson('payment_intent.succeeded', await stripeIntent());
    const error = await provider.parseWebhook(Buffer.from(payload), header).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WebhookSignatureError);
    expect(error).toMatchObject({ code: 'WEBHOOK_SIGNATURE' });
  });

  it('refuses a replayed event signed more than five minutes ago', async () => {
    const payload = eventJson('payment_intent.succeeded', await stripeIntent());
    const header = sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 });
    await expect(provider.parseWebhook(Buffer.from(payload), header)).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it('refuses a signed body that is not an event', async () => {
    const payload = 'not json';
    await expect(provider.parseWebhook(Buffer.from(payload), sign(payload))).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it.each(['payment_intent.created', 'payment_intent.processing', 'charge.succeeded', 'customer.created'])(
    'answers null for a %s event',
    async (type) => {
      const payload = eventJson(type, await stripeIntent());
      expect(await provider.parseWebhook(Buffer.from(payload), sign(payload))).toBeNull();
    },
  );

  it('answers null for an intent whose metadata is not ours', async () => {
    const foreign = await stripeClient().paymentIntents.create({ amount: 1_000, currency: 'usd', metadata: { orderId: '1' } });
    await standIn.pay(foreign.id);
    const payload = eventJson('payment_intent.succeeded', standIn.intent(foreign.id));
    expect(await provider.parseWebhook(Buffer.from(payload), sign(payload))).toBeNull();
  });
});
