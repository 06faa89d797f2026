import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '#db/client';
import { createTestDb } from '#tests/helpers/db';
import { AppError } from '../../errors';
import { hashToken } from '../tokens';
import { describePaymentProviderContract } from './payment-provider.contract';
import { TEST_CARD_ERRORS, type TestCard } from './test-cards';
import { createDbTestIntentStore } from './test-intent-db-store';
import { createMemoryTestIntentStore, type TestIntentStore } from './test-intent-store';
import { confirmTestPayment, createTestProcessor, isTestProcessor, type TestPaymentProcessor } from './test-processor';

const NOW = Date.UTC(2026, 2, 15, 12);
const GOOD: TestCard = { cardNumber: '4242 4242 4242 4242', expMonth: 3, expYear: 26, cvc: '123' };
const DECLINED: TestCard = { ...GOOD, cardNumber: '4000 0000 0000 0002' };

describePaymentProviderContract('test processor', async () => {
  const provider = createTestProcessor();
  return {
    provider,
    pay: async (intentId) => {
      await provider.confirm({ intentId, ...GOOD, now: NOW });
    },
    refunded: async (intentId) => {
      return (await provider.intents.find(intentId))?.refundedCents ?? 0;
    },
  };
});

// The intents live in the database in the app (every instance sees them) and in memory in unit
// uses; the processor behaves the same on both stores.
let database: DbHandle;
beforeAll(async () => {
  database = await createTestDb();
});
afterAll(() => database.close());

const stores: [string, () => TestIntentStore][] = [
  ['in memory', () => createMemoryTestIntentStore()],
  ['in the database', () => createDbTestIntentStore(database.db)],
];

describePaymentProviderContract('test processor with intents in the database', async () => {
  const provider = createTestProcessor({ intents: createDbTestIntentStore(database.db) });
  return {
    provider,
    pay: async (intentId) => {
      await provider.confirm({ intentId, ...GOOD, now: NOW });
    },
    refunded: async (intentId) => {
      return (await provider.intents.find(intentId))?.refundedCents ?? 0;
    },
  };
});

describe.each(stores)('test processor, intents %s', (_kind, makeStore) => {
  let intents: TestIntentStore;
  let processor: TestPaymentProcessor;
  let clock: number;
  let userId: string;
  let courseId: string;

  beforeEach(() => {
    intents = makeStore();
    clock = NOW;
    processor = createTestProcessor({ intents, now: () => clock });
    userId = randomUUID();
    courseId = randomUUID();
  });

  const createIntent = (amountCents = 2_999) =>
    processor.createIntent({ amountCents, currency: 'usd', metadata: { userId, courseId } });

  it('is the provider named "test", without a publishable key or webhooks', () => {
    expect(processor.name).toBe('test');
    expect(processor.publishableKey).toBeUndefined();
    expect(processor.parseWebhook).toBeUndefined();
    expect(isTestProcessor(processor)).toBe(true);
  });

  it('makes unguessable ids and random client secrets in Stripe’s shape', async () => {
    const created = await Promise.all(Array.from({ length: 200 }, () => createIntent()));
    for (const { id, clientSecret } of created) {
      expect(id).toMatch(/^tpi_[A-Za-z0-9_-]{24}$/);
      expect(clientSecret).toMatch(new RegExp(`^${id}_secret_[A-Za-z0-9_-]{32}$`));
    }
    expect(new Set(created.map((intent) => intent.id)).size).toBe(200);
    expect(new Set(created.map((intent) => intent.clientSecret.split('_secret_')[1])).size).toBe(200);
  });

  it('keeps only a hash of the client secret', async () => {
    const { id, clientSecret } = await createIntent();
    const kept = await intents.find(id);
    expect(kept?.clientSecretHash).toBe(hashToken(clientSecret));
    expect(JSON.stringify(kept)).not.toContain(clientSecret.split('_secret_')[1]);
  });

  it('keeps the amount as integer cents and the metadata as given', async () => {
    const { id } = await createIntent(1_999);
    await processor.confirm({ intentId: id, ...GOOD });
    const intent = await processor.retrieveIntent(id);
    expect(intent).toEqual({
      id,
      amountCents: 1_999,
      currency: 'usd',
      status: 'succeeded',
      metadata: { userId, courseId },
      lastPaymentError: null,
    });
    expect(Number.isInteger(intent?.amountCents)).toBe(true);
  });

  it('does not let a caller change a kept intent through a returned object', async () => {
    const { id } = await createIntent();
    const intent = await processor.retrieveIntent(id);
    if (intent) {
      intent.metadata.userId = randomUUID();
      intent.amountCents = 1;
    }
    expect(await processor.retrieveIntent(id)).toMatchObject({ amountCents: 2_999, metadata: { userId } });
  });

  describe('confirming', () => {
    it('succeeds with the success card and records the time', async () => {
      const { id } = await createIntent();
      clock = NOW + 60_000;
      expect(await processor.confirm({ intentId: id, ...GOOD })).toEqual({ status: 'succeeded' });
      expect((await intents.find(id))?.updatedAt).toEqual(new Date(NOW + 60_000));
    });

    it.each([
      ['a declined card', DECLINED, 'Your card was declined.'],
      ['insufficient funds', { ...GOOD, cardNumber: '4000 0000 0000 9995' }, 'Your card has insufficient funds.'],
      ['a number failing Luhn', { ...GOOD, cardNumber: '4242 4242 4242 4241' }, 'Your card number is invalid.'],
      ['a past expiry', { ...GOOD, expMonth: 2 }, 'Your card has expired.'],
      ['a card that is not a test card', { ...GOOD, cardNumber: '5555 5555 5555 4444' }, TEST_CARD_ERRORS.notATestCard],
    ])('answers requires_payment_method with the reason for %s, and stays payable', async (_, card, error) => {
      const { id } = await createIntent();
      expect(await processor.confirm({ intentId: id, ...card })).toEqual({ status: 'requires_payment_method', error });
      expect(await processor.retrieveIntent(id)).toMatchObject({ status: 'requires_payment_method', lastPaymentError: error });
      expect(await processor.confirm({ intentId: id, ...GOOD })).toEqual({ status: 'succeeded' });
      expect(await processor.retrieveIntent(id)).toMatchObject({ status: 'succeeded', lastPaymentError: null });
    });

    it('uses its clock for the expiry: the current month is still valid', async () => {
      const { id } = await createIntent();
      clock = Date.UTC(2026, 2, 31, 23, 59, 59);
      expect(await processor.confirm({ intentId: id, ...GOOD, expMonth: 3, expYear: 2026 })).toEqual({ status: 'succeeded' });
    });

    it('lets an explicit now override the clock', async () => {
      const { id } = await createIntent();
      expect(await processor.confirm({ intentId: id, ...GOOD, now: Date.UTC(2026, 3, 1) })).toEqual({
        status: 'requires_payment_method',
        error: 'Your card has expired.',
      });
    });

    it('is idempotent: a succeeded intent answers succeeded and does not change, whatever card follows', async () => {
      const { id } = await createIntent();
      await processor.confirm({ intentId: id, ...GOOD });
      const settled = await intents.find(id);
      clock = NOW + 3_600_000;
      expect(await processor.confirm({ intentId: id, ...GOOD })).toEqual({ status: 'succeeded' });
      expect(await processor.confirm({ intentId: id, ...DECLINED })).toEqual({ status: 'succeeded' });
      expect(await processor.confirm({ intentId: id, ...GOOD, cardNumber: 'not a card' })).toEqual({ status: 'succeeded' });
      expect(await intents.find(id)).toEqual(settled);
    });

    it('settles racing confirms once: a decline arriving with the payment cannot undo it', async () => {
      const { id } = await createIntent();
      const answers = await Promise.all([
        processor.confirm({ intentId: id, ...DECLINED }),
        processor.confirm({ intentId: id, ...GOOD }),
        processor.confirm({ intentId: id, ...DECLINED }),
      ]);
      expect(answers[1]).toEqual({ status: 'succeeded' });
      expect(await processor.retrieveIntent(id)).toMatchObject({ status: 'succeeded', lastPaymentError: null });
    });

    it('answers succeeded when another confirm succeeded between its read and its write', async () => {
      const { id } = await createIntent();
      // A store that lets another instance pay the intent just before this update lands.
      const racing: TestIntentStore = {
        ...intents,
        async update(input) {
          await confirmTestPayment({ intents, intentId: id, ...GOOD, now: NOW });
          return intents.update(input);
        },
      };
      expect(await confirmTestPayment({ intents: racing, intentId: id, ...DECLINED, now: NOW })).toEqual({ status: 'succeeded' });
      expect(await processor.retrieveIntent(id)).toMatchObject({ status: 'succeeded', lastPaymentError: null });
    });

    it.each([
      ['an unknown id', 'tpi_AAAAAAAAAAAAAAAAAAAAAAAA'],
      ['an id of the wrong shape', 'pi_123'],
      ['an empty id', ''],
      ['a traversal-looking id', '../tpi_AAAAAAAAAAAAAAAAAAAAAAAA'],
    ])('answers not found for %s', async (_, intentId) => {
      const error = await processor.confirm({ intentId, ...GOOD }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'NOT_FOUND', statusCode: 404 });
      expect(await processor.retrieveIntent(intentId)).toBeNull();
    });

    it("answers not found for another user's intent and leaves it unpaid", async () => {
      const { id } = await createIntent();
      await expect(processor.confirm({ intentId: id, userId: randomUUID(), ...GOOD })).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
      expect((await processor.retrieveIntent(id))?.status).toBe('requires_payment_method');
      expect(await processor.confirm({ intentId: id, userId, ...GOOD })).toEqual({ status: 'succeeded' });
    });

    it('refuses to pay a canceled intent', async () => {
      const { id } = await createIntent();
      await intents.update({
        id,
        from: 'requires_payment_method',
        status: 'canceled',
        lastPaymentError: null,
        updatedAt: new Date(NOW),
      });
      await expect(processor.confirm({ intentId: id, ...GOOD })).rejects.toMatchObject({ code: 'CONFLICT', statusCode: 409 });
      expect((await processor.retrieveIntent(id))?.status).toBe('canceled');
    });
  });
});

describe('database test intent store', () => {
  it('lets every app instance on one database confirm the intents another created', async () => {
    const created = createTestProcessor({ intents: createDbTestIntentStore(database.db) });
    const other = createTestProcessor({ intents: createDbTestIntentStore(database.db) });
    const { id } = await created.createIntent({
      amountCents: 1_500,
      currency: 'usd',
      metadata: { userId: randomUUID(), courseId: randomUUID() },
    });
    expect(await other.confirm({ intentId: id, ...GOOD, now: NOW })).toEqual({ status: 'succeeded' });
    expect((await created.retrieveIntent(id))?.status).toBe('succeeded');
  });

  it('refuses a second intent with the same id, and an absurd id finds nothing', async () => {
    const intents = createDbTestIntentStore(database.db);
    const at = new Date(NOW);
    const intent = {
      id: 'tpi_CCCCCCCCCCCCCCCCCCCCCCCC',
      clientSecretHash: 'h',
      amountCents: 500,
      currency: 'usd' as const,
      status: 'requires_payment_method' as const,
      metadata: { userId: randomUUID(), courseId: randomUUID() },
      lastPaymentError: null,
      refundedCents: 0,
      refundKeys: [],
      createdAt: at,
      updatedAt: at,
    };
    await intents.insert(intent);
    await expect(intents.insert(intent)).rejects.toThrow(/exists/);
    expect(await intents.find('x'.repeat(10_000))).toBeNull();
    expect(await intents.find(intent.id)).toEqual(intent);
  });
});

describe('memory test intent store', () => {
  it('forgets the oldest intents beyond its limit', async () => {
    const intents = createMemoryTestIntentStore({ maxIntents: 3 });
    const processor = createTestProcessor({ intents });
    const metadata = { userId: randomUUID(), courseId: randomUUID() };
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) {
      ids.push((await processor.createIntent({ amountCents: 500, currency: 'usd', metadata })).id);
    }
    const kept = await Promise.all(ids.map((id) => processor.retrieveIntent(id)));
    expect(kept.map((intent) => intent !== null)).toEqual([false, false, true, true, true]);
  });

  it('updates only from the expected state', async () => {
    const intents = createMemoryTestIntentStore();
    const at = new Date(NOW);
    const intent = {
      id: 'tpi_BBBBBBBBBBBBBBBBBBBBBBBB',
      clientSecretHash: 'h',
      amountCents: 500,
      currency: 'usd' as const,
      status: 'requires_payment_method' as const,
      metadata: { userId: randomUUID(), courseId: randomUUID() },
      lastPaymentError: null,
      refundedCents: 0,
      refundKeys: [],
      createdAt: at,
      updatedAt: at,
    };
    await intents.insert(intent);
    await expect(intents.insert(intent)).rejects.toThrow(/exists/);
    expect(
      await intents.update({ id: intent.id, from: 'processing', status: 'succeeded', lastPaymentError: null, updatedAt: at }),
    ).toBeNull();
    expect(
      await intents.update({
        id: intent.id,
        from: 'requires_payment_method',
        status: 'succeeded',
        lastPaymentError: null,
        updatedAt: at,
      }),
    ).toMatchObject({
      status: 'succeeded',
    });
    expect(
      await intents.update({ id: 'missing', from: 'succeeded', status: 'canceled', lastPaymentError: null, updatedAt: at }),
    ).toBeNull();
  });
});
