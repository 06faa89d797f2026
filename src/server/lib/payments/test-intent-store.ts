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
  /** Returned so far; the intent is `refunded` once this is its whole amount. */
  refundedCents: number;
  /** The parts returned, by key, so each is returned once. */
  refundKeys: string[];
  createdAt: Date;
  updatedAt: Date;
};

export type RefundTestIntentInput = {
  id: string;
  /** Names the part, so asking again returns nothing more. */
  key: string;
  /** Null for what is left of the amount. */
  amountCents: number | null;
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
  /**
   * Returns a part of a succeeded intent in one step: the intent after it, or null when it is missing,
   * not succeeded, the key was returned before, or the part is more than is left.
   */
  refund(input: RefundTestIntentInput): Promise<TestIntent | null>;
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
    async refund({ id, key, amountCents, updatedAt }) {
      const intent = intents.get(id);
      if (intent?.status !== 'succeeded' || intent.refundKeys.includes(key)) return null;
      const part = amountCents ?? intent.amountCents - intent.refundedCents;
      const refundedCents = intent.refundedCents + part;
      if (part <= 0 || refundedCents > intent.amountCents) return null;
      const status = refundedCents === intent.amountCents ? 'refunded' : 'succeeded';
      const updated = { ...intent, refundedCents, refundKeys: [...intent.refundKeys, key], status, updatedAt } as TestIntent;
      intents.set(id, updated);
      return structuredClone(updated);
    },
  };
}
