import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#db/client';
import type { payments } from '#db/schema/index';
import type { EnrollmentResult } from '#shared/schemas/enrollment';
import type { JobQueue } from '../../../lib/jobs/job-kinds';
import type { MetricsRecorder } from '../../../lib/metrics/app-metrics';
import type { PaymentProvider } from '../../../lib/payments/payment-provider';

/** What settling a provider's report needs. */
export type Checkout = {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /**
   * Queues the buyer's receipt in the transaction that first enrolls them by a payment (issue 24 §5,
   * ADR 0037), and the retry of each refund in the transaction that decides it (ADR 0041).
   */
  jobs: JobQueue;
  /** Where settled payments and the refunds asked of the provider are counted (docs/performance.md, Metrics). */
  metrics: MetricsRecorder;
};

/** What settling one provider report did. */
export type Settled =
  /** The buyer is enrolled by this payment, in its course or every course of its cart (now, `firstTime`, or before). */
  | { kind: 'enrolled'; enrollments: EnrollmentResult[]; firstTime: boolean }
  /**
   * The payment arrived for a course its buyer already owned (or was cancelled), its coupon was used
   * up meanwhile, or a course of its cart could not be sold: returned to them, never counted.
   * `reason` says why when it is not the first; `enrollments` are what the buyer owns of it anyway.
   */
  | { kind: 'refunded'; enrollments: EnrollmentResult[]; reason?: string }
  /** Not paid (declined, mid-flow, cancelled), or a late report that changes nothing. */
  | { kind: 'unpaid' }
  /** A webhook event applied before. */
  | { kind: 'replayed' };

export type RecordedPayment = typeof payments.$inferSelect;

export const COUPON_USED_UP = 'Your code was used up by others before your payment arrived: the payment has been returned';
