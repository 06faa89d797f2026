/*
 * The card rules of the test processor (docs/product.md, Checkout), modelled on Stripe's test mode and its
 * wording. Checks run in the order a card form validates: number, expiry, security code, and only
 * then the card's outcome, so an expired "declined" card reports the expiry.
 */

export const TEST_CARD_ERRORS = {
  invalidNumber: 'Your card number is invalid.',
  invalidExpMonth: "Your card's expiration month is invalid.",
  invalidExpYear: "Your card's expiration year is invalid.",
  expired: 'Your card has expired.',
  invalidCvc: "Your card's security code is invalid.",
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  notATestCard: 'Your card was declined. This checkout is in test mode: use a test card such as 4242 4242 4242 4242.',
} as const;

export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

const OUTCOMES: Record<string, string | null> = {
  [TEST_CARDS.succeeds]: null,
  [TEST_CARDS.declined]: TEST_CARD_ERRORS.declined,
  [TEST_CARDS.insufficientFunds]: TEST_CARD_ERRORS.insufficientFunds,
};

/** Stripe.js refuses expiry years further ahead than this. */
const MAX_YEARS_AHEAD = 50;

export type TestCard = {
  /** Spaces are ignored, nothing else is. */
  cardNumber: string;
  expMonth: number;
  /** Two digits (26 → 2026) or four. */
  expYear: number;
  cvc: string;
};

export type TestCardOutcome = { status: 'succeeded' } | { status: 'requires_payment_method'; error: string };

/** The Luhn checksum every real card number passes; catches a mistyped digit. */
export function passesLuhn(digits: string): boolean {
  if (!/^[0-9]+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** 0–99 are two-digit years of this century; other lengths are not years on a card. */
export function normalizeExpYear(expYear: number): number | null {
  if (!Number.isInteger(expYear)) return null;
  if (expYear >= 0 && expYear <= 99) return 2000 + expYear;
  if (expYear >= 1000 && expYear <= 9999) return expYear;
  return null;
}

/**
 * Decides a test payment. A card is valid through the last day of its expiry month, in UTC.
 * Valid numbers that are not test cards are declined, as in Stripe's test mode: whoever types a
 * real card into a test checkout must learn that nothing was charged, not see a purchase go through.
 */
export function checkTestCard({ cardNumber, expMonth, expYear, cvc, now }: TestCard & { now: number }): TestCardOutcome {
  const fail = (error: string): TestCardOutcome => ({ status: 'requires_payment_method', error });
  const digits = typeof cardNumber === 'string' ? cardNumber.replaceAll(' ', '') : '';
  // 12 to 19 digits is every length ISO/IEC 7812 allows for a card number.
  if (!/^[0-9]{12,19}$/.test(digits) || !passesLuhn(digits)) return fail(TEST_CARD_ERRORS.invalidNumber);
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12) return fail(TEST_CARD_ERRORS.invalidExpMonth);
  const today = new Date(now);
  const year = normalizeExpYear(expYear);
  if (year === null || year > today.getUTCFullYear() + MAX_YEARS_AHEAD) return fail(TEST_CARD_ERRORS.invalidExpYear);
  if (year * 12 + expMonth < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1) return fail(TEST_CARD_ERRORS.expired);
  if (typeof cvc !== 'string' || !/^[0-9]{3,4}$/.test(cvc)) return fail(TEST_CARD_ERRORS.invalidCvc);
  const outcome = OUTCOMES[digits];
  if (outcome === undefined) return fail(TEST_CARD_ERRORS.notATestCard);
  return outcome === null ? { status: 'succeeded' } : fail(outcome);
}
