import { and, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client';
import { payments, quizAnswers, quizAttempts, testPaymentIntents } from '#db/schema/index';

/** Payment states from which no money was taken; 'canceled' is final, the others may still succeed. */
const NEVER_SUCCEEDED = ['requires_payment_method', 'processing', 'canceled'] as const;

/**
 * What learners and buyers started and left: quiz attempts in progress that nobody touched for
 * `attemptAfterMs` (no start and no answer since), and payments that never succeeded, untouched for
 * `paymentAfterMs`, with the test processor's intents of that age.
 *
 * A payment row is what lets a late success enroll its buyer (settlePayment refuses an intent it has
 * no record of), so it goes only once its intent can no longer succeed: a test-processor intent is
 * deleted first (its confirm then answers 404), and a Stripe payment only when it was canceled.
 */
export async function purgeAbandoned({
  db,
  now,
  attemptAfterMs,
  paymentAfterMs,
}: {
  db: DbOrTx;
  now: number;
  attemptAfterMs: number;
  paymentAfterMs: number;
}) {
  const attemptCutoff = new Date(now - attemptAfterMs);
  const deletedAttempts = await db
    .delete(quizAttempts)
    .where(
      and(
        eq(quizAttempts.status, 'in_progress'),
        lt(quizAttempts.startedAt, attemptCutoff),
        sql`not exists (select 1 from ${quizAnswers} where ${quizAnswers.attemptId} = ${quizAttempts.id} and ${quizAnswers.answeredAt} >= ${attemptCutoff})`,
      ),
    )
    .returning({ id: quizAttempts.id });

  const paymentCutoff = new Date(now - paymentAfterMs);
  const deletedIntents = await db
    .delete(testPaymentIntents)
    .where(and(ne(testPaymentIntents.status, 'succeeded'), lt(testPaymentIntents.updatedAt, paymentCutoff)))
    .returning({ id: testPaymentIntents.id });
  const deletedPayments = await db
    .delete(payments)
    .where(
      and(
        // Named, not "anything but succeeded": a refund under way is a payment that did succeed.
        inArray(payments.status, [...NEVER_SUCCEEDED]),
        lt(payments.updatedAt, paymentCutoff),
        or(
          eq(payments.status, 'canceled'),
          and(
            eq(payments.provider, 'test'),
            sql`not exists (select 1 from ${testPaymentIntents} where ${testPaymentIntents.id} = ${payments.providerPaymentId})`,
          ),
        ),
      ),
    )
    .returning({ id: payments.id });
  return { quizAttempts: deletedAttempts.length, testIntents: deletedIntents.length, payments: deletedPayments.length };
}
