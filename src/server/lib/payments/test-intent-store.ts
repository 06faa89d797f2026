import type { PaymentIntentStatus, PaymentMetadata } from './payment-provider';

/** An intent's state as the processor keeps it: a refunded intent is still succeeded to the app, as at Stripe. */
export type TestIntentStatus = PaymentIntentStatus | 'refunded';

/** A test processor's intent as kept; the client secret only as a hash, like session tokens. */
export type TestIntent = {
  id: string;
  clientSecretHash: string;
  amountCents: number;
  currency: 'usd';
  status: TestIntentStatus;
  metadata: PaymentMetadata;
  lastPaymentError: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export type UpdateTestIntentInput = {
  id: string;
  /** Applied only while the intent is still in this state, so racing confirms settle once. */
  from: TestIntentStatus;
  status: TestIntentStatus;
  lastPaymentError: string | null;
  updatedAt: Date;
};

/**
 * Where the test processor keeps its intents: the app uses the database (test-intent-db-store.ts),
 * so every instance sees the others' intents; unit uses may keep them in memory.
 */
export interface TestIntentStore {
  insert(intent: TestIntent): Promise<void>;
  find(id: string): Promise<TestIntent | null>;
  /** The intent after the change, or null when it is missing or no longer in state `from`. */
  update(input: UpdateTestIntentInput): Promise<TestIntent | null>;
}

export type MemoryTestIntentStoreOptions = {
  /** The oldest intents are forgotten beyond this, so endless checkouts cannot exhaust memory. */
  maxIntents?: number;
};

export function createMemoryTestIntentStore({ maxIntents = 10_000 }: MemoryTestIntentStoreOptions = {}): TestIntentStore {
  // Insertion order is creation order, so the first key is always the oldest intent.
  const intents = new Map<string, TestIntent>();
  return {
    async insert(intent) {
      if (intents.has(intent.id)) throw new Error(`test intent ${intent.id} exists`);
      intents.set(intent.id, structuredClone(intent));
      for (const oldest of intents.keys()) {
        if (intents.size <= maxIntents) break;
        intents.delete(oldest);
      }
    },
    async find(id) {
      const intent = intents.get(id);
      return intent ? structuredClone(intent) : null;
    },
    async update({ id, from, status, lastPaymentError, updatedAt }) {
      const intent = intents.get(id);
      if (!intent || intent.status !== from) return null;
      const updated = { ...intent, status, lastPaymentError, updatedAt };
      intents.set(id, updated);
      return structuredClone(updated);
    },
  };
}
