import type { TestCardBody } from '#shared/schemas/enrollment';
import { t } from '#web/lib/i18n/t';

/**
 * The expiry as the customer types it, with the "/" put in for them: "1" "12/" "12/3"; "4" is "04/"
 * (no month starts with 4). Deleting never puts the "/" back, so backspace walks through it.
 */
export function formatExpiryInput(next: string, previous: string): string {
  const digits = next.replace(/\D/g, '').slice(0, 6);
  const isDeleting = next.length < previous.length;
  if (digits.length === 0) return '';
  if (digits.length === 1) {
    const isMonthDone = /[2-9]/.test(digits) || next.endsWith('/');
    return !isDeleting && isMonthDone ? `0${digits}/` : digits;
  }
  if (digits.length === 2) return isDeleting ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** Groups of four as the customer types, like every card field. */
export const formatCardNumber = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export type CardFields = { cardNumber: string; expiry: string; cvc: string };
export type CardErrors = Partial<Record<keyof CardFields, string>>;

/**
 * Every field's problem at once (not the browser's one bubble at a time), or the card to charge. The
 * processor still decides; this only saves a round trip for what is plainly wrong.
 */
export function checkCard(fields: CardFields, now = new Date()): { errors: CardErrors } | { card: TestCardBody } {
  const errors: CardErrors = {};
  const digits = fields.cardNumber.replace(/\D/g, '');
  if (!digits) errors.cardNumber = t('enrollment.enterCardNumber');
  else if (digits.length < 12) errors.cardNumber = t('enrollment.enterFullCardNumber');
  else if (!passesLuhn(digits)) errors.cardNumber = t('enrollment.cardNumberInvalid');

  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(fields.expiry);
  const expMonth = Number(match?.[1]);
  const year = Number(match?.[2]);
  const expYear = year < 100 ? 2000 + year : year;
  if (!fields.expiry.trim()) errors.expiry = t('enrollment.enterExpiry');
  else if (!match) errors.expiry = t('enrollment.expiryFormat');
  else if (expMonth < 1 || expMonth > 12) errors.expiry = t('enrollment.expiryMonth');
  else if (expYear * 12 + expMonth < now.getFullYear() * 12 + now.getMonth() + 1) errors.expiry = t('enrollment.cardExpired');

  if (!fields.cvc) errors.cvc = t('enrollment.enterCvc');
  else if (!/^\d{3,4}$/.test(fields.cvc)) errors.cvc = t('enrollment.cvcDigits');

  if (Object.keys(errors).length > 0) return { errors };
  return { card: { cardNumber: digits, expMonth, expYear, cvc: fields.cvc } };
}
