import { randomBytes } from 'node:crypto';
import { ErrorCode } from '#shared/errors';
import { AppError } from '../../errors';
import { hashToken } from '../tokens';
import { CreateIntentInputSchema, type PaymentIntent, type PaymentProvider } from './payment-provider';
import { checkTestCard, type TestCard, type TestCardOutcome } from './test-cards';
import { createMemoryTestIntentStore, type TestIntent, type TestIntentStore } from './test-intent-store';

/*
 * The built-in processor used when no Stripe key is configured (docs/product.md, Checkout). It behaves like a
 * provider, not like a shortcut: intents are created by the server with the course price, and the
 * checkout confirms one with a test card through `POST /api/test-payments/{id}/confirm`.
 */

/** 144 random bits; the id is all the confirm route needs, so it must be unguessable. */
const ID_PATTERN = /^tpi_[A-Za-z0-9_-]{24}$/;

export type TestPaymentProcessor = PaymentProvider & {
  readonly name: 'test';
  readonly intents: TestIntentStore;
  /** `confirmTestPayment` with this processor's store and clock. */
  confirm(input: Omit<ConfirmTestPaymentInput, 'intents'>): Promise<TestCardOutcome>;
};

export type TestProcessorOptions = {
  intents?: TestIntentStore;
  now?: () => number;
};

export function createTestProcessor({
  intents = createMemoryTestIntentStore(),
  now = Date.now,
}: TestProcessorOptions = {}): TestPaymentProcessor {
  return {
    name: 'test',
    intents,

    async createIntent(input) {
      const { amountCents, currency, metadata } = CreateIntentInputSchema.parse(input);
      const id = `tpi_${randomBytes(18).toString('base64url')}`;
      // Stripe's shape, so the web code handles both providers' secrets alike.
      const clientSecret = `${id}_secret_${randomBytes(24).toString('base64url')}`;
      const createdAt = new Date(now());
      await intents.insert({
        id,
        clientSecretHash: hashToken(clientSecret),
        amountCents,
        currency,
        status: 'requires_payment_method',
        metadata,
        lastPaymentError: null,
        refundedCents: 0,
        refundKeys: [],
        createdAt,
        updatedAt: createdAt,
      });
      return { id, clientSecret, status: 'requires_payment_method' };
    },

    async retrieveIntent(id) {
      const intent = ID_PATTERN.test(id) ? await intents.find(id) : null;
      return intent ? toPaymentIntent(intent) : null;
    },

    confirm(input) {
      return confirmTestPayment({ now: now(), ...input, intents });
    },

    async cancelIntent(id) {
      for (;;) {
        const intent = ID_PATTERN.test(id) ? await intents.find(id) : null;
        if (!intent) throw new Error(`test intent ${id} does not exist`);
        if (intent.status === 'succeeded' || intent.status === 'refunded') return 'succeeded';
        if (intent.status === 'canceled') return 'canceled';
        const updatedAt = new Date(now());
        // A confirm racing the cancel: whichever changes the intent first wins, and the loop reads the outcome.
        if (await intents.update({ id, from: intent.status, status: 'canceled', lastPaymentError: null, updatedAt })) {
          return 'canceled';
        }
      }
    },

    async refundIntent(id, part) {
      // As Stripe: the whole (what is left) once; a part once per key; never more than was paid.
      const key = part ? `part:${part.key}` : 'whole';
      const isDone = (intent: TestIntent | null) => intent?.status === 'refunded' || Boolean(intent?.refundKeys.includes(key));
      const intent = ID_PATTERN.test(id) ? await intents.find(id) : null;
      if (isDone(intent)) return;
      if (intent?.status !== 'succeeded') throw new Error(`test intent ${id} is not paid, so it cannot be refunded`);
      if (part && (!Number.isSafeInteger(part.amountCents) || part.amountCents <= 0)) {
        throw new Error(`a refund of test intent ${id} must be a positive whole number of cents`);
      }
      const updated = await intents.refund({ id, key, amountCents: part?.amountCents ?? null, updatedAt: new Date(now()) });
      if (updated || isDone(await intents.find(id))) return;
      throw new Error(`test intent ${id} has less left than the refund asks`);
    },
  };
}

export function isTestProcessor(provider: PaymentProvider): provider is TestPaymentProcessor {
  return provider.name === 'test' && 'confirm' in provider;
}

export type ConfirmTestPaymentInput = TestCard & {
  intents: TestIntentStore;
  intentId: string;
  /** When given, another user's intent answers not found, as if it did not exist. */
  userId?: string;
  now?: number;
};

/**
 * Pays a test intent with a test card. Idempotent: once succeeded, any further confirm answers
 * succeeded and changes nothing, so a double click or a retried request cannot charge twice or fail
 * a payment that went through. A failed attempt leaves the intent payable with another card.
 */
export async function confirmTestPayment({
  intents,
  intentId,
  userId,
  now = Date.now(),
  ...card
}: ConfirmTestPaymentInput): Promise<TestCardOutcome> {
  const intent = ID_PATTERN.test(intentId) ? await intents.find(intentId) : null;
  if (!intent || (userId !== undefined && intent.metadata.userId !== userId)) {
    throw new AppError(ErrorCode.NOT_FOUND, 'Payment not found');
  }
  if (intent.status === 'succeeded' || intent.status === 'refunded') return { status: 'succeeded' };
  if (intent.status === 'canceled') {
    throw new AppError(
      ErrorCode.CONFLICT,
      'This checkout was closed: if you bought the course in another tab, it is yours already',
    );
  }
  if (intent.status !== 'requires_payment_method') throw new AppError(ErrorCode.CONFLICT, 'This payment can no longer be paid');

  const outcome = checkTestCard({ ...card, now });
  const updated = await intents.update({
    id: intentId,
    from: 'requires_payment_method',
    status: outcome.status,
    lastPaymentError: outcome.status === 'succeeded' ? null : outcome.error,
    updatedAt: new Date(now),
  });
  // Another confirm settled it first: answer with the state it left.
  if (!updated) return confirmTestPayment({ intents, intentId, userId, now, ...card });
  return outcome;
}

function toPaymentIntent(intent: TestIntent): PaymentIntent {
  const { id, amountCents, currency, status, metadata, lastPaymentError } = intent;
  return { id, amountCents, currency, status: status === 'refunded' ? 'succeeded' : status, metadata, lastPaymentError };
}
