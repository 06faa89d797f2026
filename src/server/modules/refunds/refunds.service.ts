import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#db/client';
import { certificates, enrollments, ledgerEntries, payments } from '#db/schema/index';
import { ErrorCode } from '#shared/errors';
import { formatDay } from '#shared/format';
import { isUuid } from '#shared/ids';
import type { RefundResult } from '#shared/schemas/enrollment';
import { AppError } from '../../errors';
import { readCourseProgress } from '../../lib/course-progress';
import type { JobQueue } from '../../lib/jobs/job-kinds';
import type { MetricsRecorder } from '../../lib/metrics/app-metrics';
import type { PaymentProvider } from '../../lib/payments/payment-provider';
import type { ReadCache } from '../../lib/read-cache/read-cache';
import { beginRefund, completeRefund } from '../../lib/refund-payment';
import { REFUND_MAX_PROGRESS, REFUND_WINDOW_MS } from '../../lib/refund-rules';

const refuse = (message: string) => new AppError(ErrorCode.CONFLICT, message);

/**
 * POST /api/courses/{id}/refund (docs/product.md, Refunds): the buyer's money back within 30 days,
 * while they never reached 30 % of the course and hold no certificate of it. The enrollment ends
 * (lib/end-enrollment.ts) in the transaction that marks the payment for refund (the ledger reverses
 * the sale there too, migration 0025); then the provider returns the money. If it refuses or cannot
 * be reached, the payment stays refund_pending and its job retries it (ADR 0041). The payment's row
 * lock makes a repeated or concurrent request refund once.
 */
export async function requestRefund({
  db,
  reads,
  provider,
  log,
  jobs,
  metrics,
  userId,
  courseId,
  now,
}: {
  db: Db;
  reads: ReadCache;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  jobs: JobQueue;
  metrics: MetricsRecorder;
  userId: string;
  courseId: string;
  now: number;
}): Promise<RefundResult> {
  if (!isUuid(courseId)) throw new AppError(ErrorCode.NOT_FOUND, 'Course not found');
  const [payment] = await db
    .select({
      id: payments.id,
      status: payments.status,
      amountCents: payments.amountCents,
      providerPaymentId: payments.providerPaymentId,
      checkoutId: payments.checkoutId,
    })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.courseId, courseId),
        eq(payments.provider, provider.name),
        inArray(payments.status, ['succeeded', 'refund_pending', 'refunded']),
      ),
    )
    // The succeeded payment is the one that bought the enrollment: newer ones of the course went back
    // (a second tab's payment for a course already owned), and only without one is there nothing to refund.
    .orderBy(sql`${payments.status} = 'succeeded' desc`, desc(payments.createdAt))
    .limit(1);
  if (!payment) throw refuse('You have no payment for this course to refund');
  if (payment.status !== 'succeeded') throw refuse('This payment has already been refunded');

  const [sale] = await db
    .select({ at: ledgerEntries.createdAt })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.paymentId, payment.id), eq(ledgerEntries.kind, 'sale'), eq(ledgerEntries.account, 'cash')))
    .limit(1);
  const boughtAt = sale?.at ?? new Date(now);
  if (now - boughtAt.getTime() > REFUND_WINDOW_MS) {
    throw refuse(
      `A refund can be asked within 30 days of buying; you bought this course on ${formatDay(boughtAt, { utc: true })}`,
    );
  }
  const [certificate] = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(eq(certificates.userId, userId), eq(certificates.courseId, courseId), isNull(certificates.revokedAt)))
    .limit(1);
  if (certificate) throw refuse('A refund cannot be asked once the certificate of the course has been issued');
  const percent = await mostProgressReached({ db, reads, userId, courseId });
  if (percent >= REFUND_MAX_PROGRESS * 100) {
    throw refuse(`A refund can be asked before 30 % of the course is done; you have done ${percent} %`);
  }

  const begun = await db.transaction((tx) => beginRefund(tx, { paymentId: payment.id, reason: 'requested', jobs }));
  if (!begun) throw refuse('This payment has already been refunded');
  return completeRefund({ db, provider, log, metrics, trigger: 'requested', payment });
}

/**
 * The most of the course the learner ever did: the peak their progress reached (kept by the writes
 * that raise it, lib/peak-progress.ts) or the percent they see now, whichever is higher. Undoing
 * slides, or the creator adding some, lowers the second but never the first.
 */
async function mostProgressReached({
  db,
  reads,
  userId,
  courseId,
}: {
  db: Db;
  reads: ReadCache;
  userId: string;
  courseId: string;
}): Promise<number> {
  const [enrollment] = await db
    .select({ peak: enrollments.peakProgress })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)));
  const progress = await readCourseProgress({ reads, userId, courseId });
  return Math.max(enrollment?.peak ?? 0, progress?.progress.percent ?? 0);
}
