import { z } from 'zod';
import { payoutMethods, payoutStatuses } from '../lists';
import { multiLineText, singleLineText } from './text';

/*
 * Payouts (issue 24 §4, docs/product.md, Earnings and payouts): money sent to a creator out of their available
 * balance. Money is a string with two decimals; lists answer `{ items, nextCursor }`.
 */

export const PAYOUT_PAGE_MAX = 100;
/** The largest payout one request may record: far above any balance, well inside bigint cents. */
export const PAYOUT_MAX_CENTS = 100_000_000_00;
export const PAYOUT_REFERENCE_MAX = 200;

/** "12.34": more than 0, at most two decimals, no sign, exponent or spaces inside. Answers cents. */
export const PayoutAmountSchema = singleLineText({ max: 20 }).transform((text, ctx) => {
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(text)) {
    ctx.addIssue({ code: 'custom', message: 'Enter an amount such as 12.34' });
    return z.NEVER;
  }
  const [whole = '0', fraction = ''] = text.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (cents <= 0) {
    ctx.addIssue({ code: 'custom', message: 'The amount must be more than 0.00' });
    return z.NEVER;
  }
  if (cents > PAYOUT_MAX_CENTS) {
    ctx.addIssue({ code: 'custom', message: 'The amount is too large' });
    return z.NEVER;
  }
  return cents;
});

export const PayoutSchema = z.object({
  id: z.string(),
  amount: z.string(),
  currency: z.literal('usd'),
  method: z.enum(payoutMethods),
  status: z.enum(payoutStatuses),
  /** The bank transfer's reference, or the Stripe transfer's id. */
  reference: z.string().nullable(),
  createdAt: z.string(),
  /** When the money was sent; null until then. */
  paidAt: z.string().nullable(),
});
export type Payout = z.infer<typeof PayoutSchema>;

export const PayoutListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PAYOUT_PAGE_MAX).default(20),
  cursor: singleLineText({ max: 500 }).optional(),
});
export type PayoutListQuery = z.infer<typeof PayoutListQuerySchema>;

/** The caller's payouts, newest first. */
export const PayoutListSchema = z.object({ items: z.array(PayoutSchema), nextCursor: z.string().nullable() });
export type PayoutList = z.infer<typeof PayoutListSchema>;

/** Where to send the creator to connect (or finish connecting) their Stripe Express account; good once, for minutes. */
export const ConnectOnboardingSchema = z.object({ url: z.string() });
export type ConnectOnboardingLink = z.infer<typeof ConnectOnboardingSchema>;

/** Who pays creators on this platform: Stripe transfers to a connected account, or an admin by bank transfer. */
export const payoutChannels = ['stripe', 'admin'] as const;
/** A creator's Stripe Connect account: none yet, made but onboarding unfinished (no transfers yet), or able to receive transfers. */
export const connectAccountStates = ['not_connected', 'unfinished', 'ready'] as const;
export type ConnectAccountState = (typeof connectAccountStates)[number];

/**
 * GET /api/creator/payouts/connect: how the caller is paid. `account` is null when the platform does
 * not pay through Stripe (an admin records each bank transfer).
 */
export const ConnectStatusSchema = z.object({
  payoutsBy: z.enum(payoutChannels),
  account: z.enum(connectAccountStates).nullable(),
});
export type ConnectStatus = z.infer<typeof ConnectStatusSchema>;

export const PAYOUT_DETAILS_MAX = 1_000;

/**
 * GET/PUT /api/creator/payouts/details: where the creator asks to be paid by bank transfer (account
 * holder, IBAN or account number, bank), as plain text an admin reads when recording a payout. Line
 * breaks are kept; other control characters are refused. Empty or null clears it.
 */
export const PayoutDetailsSchema = z.object({ payoutDetails: z.string().nullable() });
export type PayoutDetails = z.infer<typeof PayoutDetailsSchema>;

export const PutPayoutDetailsBodySchema = z.object({
  payoutDetails: multiLineText({ max: PAYOUT_DETAILS_MAX })
    .nullable()
    .transform((text) => text || null),
});
export type PutPayoutDetailsBody = z.input<typeof PutPayoutDetailsBodySchema>;
