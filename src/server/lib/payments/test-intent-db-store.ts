import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client';
import { testPaymentIntents } from '#db/schema/index';
import { batchedInsertInto } from '../batch';
import { isUniqueViolation } from '../db-errors';
import type { TestIntent, TestIntentStore } from './test-intent-store';

const ID_MAX_LENGTH = 64;

/** The test processor's intents in the database: every app instance on one database sees them all. */
export function createDbTestIntentStore(db: Db): TestIntentStore {
  // Intents made at the same moment share one INSERT and one commit.
  const insertIntents = batchedInsertInto(db, testPaymentIntents);
  return {
    async insert(intent) {
      try {
        await insertIntents([intent]);
      } catch (error) {
        if (isUniqueViolation(error)) throw new Error(`test intent ${intent.id} exists`);
        throw error;
      }
    },
    async find(id) {
      if (id.length > ID_MAX_LENGTH) return null;
      const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, id)).limit(1);
      return row ? toIntent(row) : null;
    },
    async update({ id, from, status, lastPaymentError, updatedAt }) {
      const [row] = await db
        .update(testPaymentIntents)
        .set({ status, lastPaymentError, updatedAt })
        .where(and(eq(testPaymentIntents.id, id), eq(testPaymentIntents.status, from)))
        .returning();
      return row ? toIntent(row) : null;
    },
    async refund({ id, key, amountCents, updatedAt }) {
      if (id.length > ID_MAX_LENGTH) return null;
      const t = testPaymentIntents;
      const part = amountCents === null ? sql`(${t.amountCents} - ${t.refundedCents})` : sql`${amountCents}::integer`;
      // One statement under the row's lock: concurrent parts of one intent never return more than it.
      const [row] = await db
        .update(t)
        .set({
          refundedCents: sql`${t.refundedCents} + ${part}`,
          refundKeys: sql`${t.refundKeys} || jsonb_build_array(${key}::text)`,
          status: sql`case when ${t.refundedCents} + ${part} = ${t.amountCents} then 'refunded' else ${t.status} end`,
          updatedAt,
        })
        .where(
          and(
            eq(t.id, id),
            eq(t.status, 'succeeded'),
            sql`not ${t.refundKeys} @> jsonb_build_array(${key}::text)`,
            sql`${part} > 0 and ${t.refundedCents} + ${part} <= ${t.amountCents}`,
          ),
        )
        .returning();
      return row ? toIntent(row) : null;
    },
  };
}

function toIntent(row: typeof testPaymentIntents.$inferSelect): TestIntent {
  const { metadata } = row;
  return {
    ...row,
    metadata:
      'checkoutId' in metadata
        ? { userId: metadata.userId, checkoutId: metadata.checkoutId }
        : { userId: metadata.userId, courseId: metadata.courseId },
  };
}
