import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { userRoles } from '#shared/lists';

export { userRoles };

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Stored lowercase so uniqueness and login are case-insensitive.
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: userRoles }).notNull().default('student'),
    passwordHash: text('password_hash').notNull(),
    // A creator's public profile (/instructors/{id}); the avatar is an object path from an image upload.
    headline: text('headline'),
    bio: text('bio'),
    avatar: text('avatar'),
    // Set by an admin: every session is revoked with it, no new one is made, and every instance refuses the tokens.
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    // A creator's Stripe Connect (Express) account, made at their first onboarding: where payouts go with Stripe.
    stripeAccountId: text('stripe_account_id'),
    // Whether that account can receive transfers (its `transfers` capability is active), as Stripe last
    // told (a status read or an `account.updated` webhook): only then do scheduled transfers pay it (ADR 0032).
    stripePayoutsReady: boolean('stripe_payouts_ready').notNull().default(false),
    // When the app last asked Stripe about the account: an older answer, arriving later, never overwrites a newer one.
    stripeAccountCheckedAt: timestamp('stripe_account_checked_at', { withTimezone: true }),
    // Where a creator without Stripe wants to be paid by bank transfer (account holder, bank, IBAN or
    // account number), as they typed it; shown to admins who record a payout.
    payoutDetails: text('payout_details'),
    // The interface language they chose (en, es, de, ar), for pages when no cookie says, and for the
    // mails, receipts and certificates written to them; null: never chosen (docs/product.md, Languages).
    locale: text('locale'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_stripe_account_unique').on(t.stripeAccountId),
    check('users_payout_details_length', sql`char_length(${t.payoutDetails}) <= 1000`),
    check('users_locale_known', sql`${t.locale} in ('en', 'es', 'de', 'ar')`),
    check('users_role_known', sql`${t.role} in ('student', 'creator', 'admin')`),
    check('users_stripe_ready_has_account', sql`not ${t.stripePayoutsReady} or ${t.stripeAccountId} is not null`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // SHA-256 of the bearer token; the token itself is never stored.
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    // The browser's User-Agent at sign-in (cut to 300 characters), so the account page can name the device.
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * When a session was last used, kept apart from `sessions`: an update of a session row announces
 * itself and drops the session from every read cache, which a stamp written on use must not do.
 * Written at most every few minutes per session (modules/account/session-activity.ts).
 */
export const sessionActivity = pgTable('session_activity', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
});

/** A requested change of email: it happens only when the link mailed to the new address is used. */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Stored lowercase, like users.email.
    newEmail: text('new_email').notNull(),
    // SHA-256 of the mailed token, like reset tokens.
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('email_changes_token_hash_unique').on(t.tokenHash), index('email_changes_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('password_resets_token_hash_unique').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
);

export const creatorInvites = pgTable(
  'creator_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
    // An admin withdrew it before it was used: the code no longer signs anyone up.
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('creator_invites_code_hash_unique').on(t.codeHash)],
);

/**
 * Addresses a user signed in from with the right password (an IPv4 address, or an IPv6 client's
 * /64): a right password from one of them is never refused by the per-email ceiling that strangers'
 * guesses fill. Only the newest few per user are kept, and none unseen for long.
 */
export const signInAddresses = pgTable(
  'sign_in_addresses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] }), index('sign_in_addresses_last_sign_in_idx').on(t.lastSignInAt)],
);

/** Fixed-window counters shared by every app instance. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_window_idx').on(t.windowStart)],
);
