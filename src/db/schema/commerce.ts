import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { type PaymentStatus, paymentStatuses, payoutMethods, payoutStatuses, refundReasons } from '#shared/lists';
import { courses } from './catalog';
import { users } from './users';

export { type PaymentStatus, paymentStatuses, refundReasons };

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    // The course's price when the payment was made, before a coupon (the receipt shows both).
    listPriceCents: integer('list_price_cents'),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: paymentStatuses }).notNull(),
    // The coupon that set amountCents, redeemed when the payment enrolls (coupons.service.ts).
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'restrict' }),
    // PLATFORM_FEE_PERCENT when the payment was made: the ledger's fee for it (migration 0025).
    platformFeePercent: integer('platform_fee_percent').notNull().default(20),
    // A cart checkout (ADR 0031): its courses' rows share one provider payment and this id, which the
    // intent's metadata carries; null for a payment of one course. Each row is refunded on its own.
    checkoutId: uuid('checkout_id'),
    // Why a payment went back (refundReasons).
    refundReason: text('refund_reason', { enum: refundReasons }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One row per course of a provider payment: a cart's courses share its intent (ADR 0031).
    uniqueIndex('payments_provider_id_course_unique').on(t.provider, t.providerPaymentId, t.courseId),
    index('payments_user_idx').on(t.userId),
    index('payments_course_idx').on(t.courseId),
  ],
);

export const ledgerKinds = ['sale', 'refund', 'payout'] as const;
export const ledgerAccounts = ['cash', 'creator', 'platform_fees'] as const;

/**
 * Double-entry ledger (issue 24 §4): each money event is entries that sum to zero under one
 * transactionId. A sale debits cash (+) and credits the creator (what they keep) and the platform's
 * fees; a refund reverses its sale; a payout moves the creator's balance out of cash. Written by a
 * trigger on payments in the transaction that settles them (migration 0025), never by the app.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: uuid('transaction_id').notNull(),
    kind: text('kind', { enum: ledgerKinds }).notNull(),
    account: text('account', { enum: ledgerAccounts }).notNull(),
    // Cents, debit positive and credit negative.
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'restrict' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    // A payout's entries (kind 'payout'), written by the trigger on payouts (migration 0030).
    payoutId: uuid('payout_id').references((): AnyPgColumn => payouts.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_creator_idx').on(t.creatorId, t.createdAt),
    index('ledger_payment_idx').on(t.paymentId),
    index('ledger_payout_idx').on(t.payoutId),
    index('ledger_transaction_idx').on(t.transactionId),
  ],
);

/**
 * Money sent to a creator out of their available balance (issue 24 §4, ADR 0032): a bank transfer an
 * admin records as done ('manual'), or a Stripe Connect transfer ('stripe'). Becoming 'paid' writes the
 * ledger's payout (the creator debited, cash credited) and 'reversed' its exact reverse, by a trigger
 * (migration 0030), never by the app. Recorded under a lock of the creator's user row, after checking
 * the amount against what is available (lib/payouts.ts).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: ['usd'] })
      .notNull()
      .default('usd'),
    method: text('method', { enum: payoutMethods }).notNull(),
    status: text('status', { enum: payoutStatuses }).notNull(),
    // The bank transfer's reference an admin typed, or the Stripe transfer's id.
    reference: text('reference'),
    note: text('note'),
    // The admin who recorded it; null for a transfer the schedule made.
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('payouts_creator_idx').on(t.creatorId, t.createdAt),
    index('payouts_created_idx').on(t.createdAt),
    // One payout per Stripe transfer.
    uniqueIndex('payouts_stripe_reference_unique')
      .on(t.reference)
      .where(sql`${t.method} = 'stripe' and ${t.reference} is not null`),
    check('payouts_amount_positive', sql`${t.amountCents} > 0`),
    check('payouts_method_known', sql`${t.method} in ('manual', 'stripe')`),
    check('payouts_status_known', sql`${t.status} in ('pending', 'paid', 'failed', 'reversed')`),
    check('payouts_reference_length', sql`char_length(${t.reference}) between 1 and 200`),
    check('payouts_note_length', sql`char_length(${t.note}) <= 2000`),
    check('payouts_paid_at', sql`(${t.status} = 'paid') <= (${t.paidAt} is not null)`),
  ],
);

/**
 * A discount code (docs/product.md, Prices, coupons and the cart): a creator's for one of their courses, or
 * site-wide (courseId null, an admin's). Deleting one sets deletedAt, so a payment made with it still settles
 * at its price.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    maxRedemptions: integer('max_redemptions'),
    // Kept by the redeeming transaction, under the coupon's row lock: never past maxRedemptions.
    redemptionCount: integer('redemption_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // A code names one live coupon of a course, or one live site-wide coupon.
    uniqueIndex('coupons_course_code_unique')
      .on(t.courseId, t.code)
      .where(sql`${t.deletedAt} is null and ${t.courseId} is not null`),
    uniqueIndex('coupons_site_code_unique').on(t.code).where(sql`${t.deletedAt} is null and ${t.courseId} is null`),
    index('coupons_created_by_idx').on(t.createdBy),
    check('coupons_one_discount', sql`(${t.percentOff} is null) <> (${t.amountOffCents} is null)`),
    check('coupons_percent_range', sql`${t.percentOff} between 1 and 100`),
    check('coupons_amount_positive', sql`${t.amountOffCents} > 0`),
    check('coupons_limit_positive', sql`${t.maxRedemptions} > 0`),
    check('coupons_within_limit', sql`${t.redemptionCount} <= coalesce(${t.maxRedemptions}, ${t.redemptionCount})`),
  ],
);

/** One use of a coupon by one student: at most one each (the primary key), made with the enrollment. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.userId] })],
);

/**
 * A signed-in student's cart (docs/product.md, Prices, coupons and the cart), kept across devices: the
 * courses they mean to buy in one payment, each with the code they typed for it. A guest's cart lives in the
 * browser and is put here at sign-in. Prices are never stored: the server prices the cart each time it is
 * read.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    couponCode: text('coupon_code'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] }), index('cart_items_course_idx').on(t.courseId)],
);

/**
 * The provider's webhook events applied, by id: a redelivered or replayed event is acknowledged and
 * changes nothing. Recorded in the transaction that applies it.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider', { enum: ['stripe', 'test'] }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] }), index('payment_events_received_idx').on(t.receivedAt)],
);

/**
 * A revocation list of credentials (a W3C Bitstring Status List): each certificate's credential holds one
 * bit of one list, set when the certificate is revoked. `credential` is the list as a signed
 * BitstringStatusListCredential, signed again whenever a bit changes and served as stored.
 */
export const credentialStatusLists = pgTable(
  'credential_status_lists',
  {
    id: text('id').primaryKey(),
    /** Bits in the list (the standard's minimum is 131,072, so one entry says nothing of its holder). */
    size: integer('size').notNull(),
    /** Bits handed out so far. */
    used: integer('used').notNull().default(0),
    credential: jsonb('credential').$type<Record<string, unknown>>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('credential_status_lists_used_range', sql`${t.used} between 0 and ${t.size}`)],
);

export const certificates = pgTable(
  'certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    // Names as they were on the day of issue, so the certificate never changes.
    studentName: text('student_name').notNull(),
    courseTitle: text('course_title').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    // A revoked certificate stays stored, and its verify page says it was revoked and why (a refund, an admin).
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    /** The signed Open Badges 3.0 credential (docs/product.md, Credentials), made once and served as stored. */
    credential: jsonb('credential').$type<Record<string, unknown>>(),
    /** Its entry in a revocation status list: the list and the bit's place. */
    statusListId: text('status_list_id').references(() => credentialStatusLists.id, { onDelete: 'restrict' }),
    statusIndex: integer('status_index'),
  },
  (t) => [
    uniqueIndex('certificates_user_course_unique').on(t.userId, t.courseId),
    uniqueIndex('certificates_status_entry_unique').on(t.statusListId, t.statusIndex),
    check('certificates_status_entry_both', sql`(${t.statusListId} is null) = (${t.statusIndex} is null)`),
    check('certificates_revoked_both', sql`(${t.revokedAt} is null) = (${t.revokedReason} is null)`),
    check('certificates_revoked_reason_length', sql`char_length(${t.revokedReason}) between 1 and 500`),
  ],
);

/**
 * A named hold on background work, kept in the database so every instance sees it: a backup holds
 * `backup` while it copies objects, and the upload purge deletes nothing while the hold is current.
 */
export const operationHolds = pgTable('operation_holds', {
  name: text('name').primaryKey(),
  heldUntil: timestamp('held_until', { withTimezone: true }),
});

export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['image', 'video', 'notebook', 'captions'] }).notNull(),
    // SHA-256 of the signed grant in the upload URL; single use.
    grantHash: text('grant_hash').notNull(),
    objectKey: text('object_key').notNull(),
    contentType: text('content_type'),
    sizeBytes: integer('size_bytes'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // Set by the one PUT that may use the grant, before any byte is stored; a failed PUT leaves it set.
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('uploads_grant_hash_unique').on(t.grantHash),
    uniqueIndex('uploads_object_key_unique').on(t.objectKey),
    index('uploads_user_expires_idx').on(t.userId, t.expiresAt),
  ],
);

/** Secrets every app instance on this database shares, made once (e.g. the media-address key). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Intents of the built-in test processor (used when no Stripe key is set), in the database so every
 * app instance sees the intents the others created. The client secret is kept only as a hash.
 */
export const testPaymentIntents = pgTable(
  'test_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecretHash: text('client_secret_hash').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency', { enum: ['usd'] }).notNull(),
    // 'refunded' is the processor's own: its intent stays succeeded to the app, as a Stripe intent does.
    status: text('status', { enum: ['requires_payment_method', 'processing', 'succeeded', 'canceled', 'refunded'] }).notNull(),
    // A course's intent names the course; a cart's, its checkout (payment-provider.ts PaymentMetadata).
    metadata: jsonb('metadata').$type<{ userId: string; courseId: string } | { userId: string; checkoutId: string }>().notNull(),
    lastPaymentError: text('last_payment_error'),
    // Returned so far, in parts (one per course of a cart) or whole; each part once, by its key.
    refundedCents: integer('refunded_cents').notNull().default(0),
    refundKeys: jsonb('refund_keys').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('test_payment_intents_created_idx').on(t.createdAt),
    check('test_payment_intents_refunded_range', sql`${t.refundedCents} between 0 and ${t.amountCents}`),
  ],
);
